//! One gnubg process running the bot's script (`bot.py`): a request written on its stdin,
//! the answer read from its stdout within a time limit.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::error::BotError;
use super::find_program;

/// The script gnubg runs, embedded so the binary needs no files.
pub(crate) const SCRIPT: &str = include_str!("bot.py");

/// The prefix of the script's answer lines (gnubg prints its own lines too).
const ANSWER: &str = "gammonbot-answer ";

/// Where the `nice` program is looked for.
const NICE_PATH: &str = "/usr/bin:/bin";

/// The lines of gnubg's standard error kept for an error message.
const TAIL: usize = 4;

/// How a request went wrong, and whether the process may serve another.
pub(crate) struct Failure {
    pub(crate) error: BotError,
    /// The process answered (with an error of the script's): it can be used again.
    pub(crate) healthy: bool,
}

/// A running gnubg reading the bot's requests.
pub(crate) struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    answers: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread reading standard error (joined once the process has ended, so that
    /// its last words are in `stderr`).
    stderr_reader: Option<JoinHandle<()>>,
}

impl Process {
    /// Starts `gnubg -t -q -r -p script`, through `nice -n N` when `nice` is given and
    /// the `nice` program is found (otherwise at the caller's priority).
    pub(crate) fn start(
        gnubg: &Path,
        script: &Path,
        nice: Option<u8>,
    ) -> Result<Process, BotError> {
        let nice = nice.and_then(|n| Some((n, find_program("nice", NICE_PATH)?)));
        let mut command = match &nice {
            Some((n, program)) => {
                let mut c = Command::new(program);
                c.arg("-n").arg(n.to_string()).arg(gnubg);
                c
            }
            None => Command::new(gnubg),
        };
        let mut child = command
            .args(["-t", "-q", "-r", "-p"])
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| BotError::Spawn(format!("{}: {e}", gnubg.display())))?;
        let (tx, answers) = channel();
        let stdout = child.stdout.take();
        std::thread::spawn(move || {
            let Some(stdout) = stdout else { return };
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.strip_prefix(ANSWER) {
                    if tx.send(rest.to_string()).is_err() {
                        break;
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let err = child.stderr.take();
        let stderr_reader = std::thread::spawn(move || {
            let Some(err) = err else { return };
            for line in BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                let mut t = tail
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if t.len() == TAIL {
                    t.pop_front();
                }
                t.push_back(line);
            }
        });
        Ok(Process {
            stdin: child.stdin.take(),
            child,
            answers,
            stderr,
            stderr_reader: Some(stderr_reader),
        })
    }

    /// Sends `request` and waits up to `limit` for its answer. A process that failed
    /// otherwise than by the script's own error is stopped (see [`Failure::healthy`]).
    pub(crate) fn ask(
        &mut self,
        request: &serde_json::Value,
        limit: Duration,
    ) -> Result<serde_json::Value, Failure> {
        let dead = |error| Failure {
            error,
            healthy: false,
        };
        let written = self
            .stdin
            .as_mut()
            .map(|s| writeln!(s, "{request}").and_then(|()| s.flush()));
        if !matches!(written, Some(Ok(()))) {
            return Err(dead(BotError::Failed(self.exit_story())));
        }
        match self.answers.recv_timeout(limit) {
            Ok(line) => {
                let value: serde_json::Value = serde_json::from_str(&line)
                    .map_err(|e| dead(BotError::Failed(format!("unreadable answer: {e}"))))?;
                match value.get("error").and_then(serde_json::Value::as_str) {
                    Some(e) => Err(Failure {
                        error: BotError::Failed(e.to_string()),
                        healthy: true,
                    }),
                    None => Ok(value),
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                self.stop();
                Err(dead(BotError::TimedOut(limit)))
            }
            Err(RecvTimeoutError::Disconnected) => Err(dead(BotError::Failed(self.exit_story()))),
        }
    }

    /// How the process ended, with the last lines it wrote on standard error.
    fn exit_story(&mut self) -> String {
        self.stop();
        let status = self
            .child
            .wait()
            .map_or_else(|e| e.to_string(), |s| s.to_string());
        if let Some(reader) = self.stderr_reader.take() {
            let _ = reader.join();
        }
        let tail = self
            .stderr
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .cloned()
            .collect::<Vec<_>>()
            .join(" / ");
        if tail.is_empty() {
            format!("gnubg stopped: {status}")
        } else {
            format!("gnubg stopped: {status}: {tail}")
        }
    }

    fn stop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stop();
    }
}
