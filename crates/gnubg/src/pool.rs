//! A small pool of long-lived gnubg processes, each answering one request at a time; the
//! callers block (run them on a blocking thread: [`Bot::run`] does).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use super::error::BotError;
use super::find_gnubg;
use super::process::{Process, SCRIPT};

/// How the bot runs gnubg: handed over by whoever starts it.
#[derive(Clone, Debug)]
pub struct BotSettings {
    /// Where to look for `gnubg`: a `PATH`-like list (default: the usual program folders,
    /// then `/usr/games`, where Debian puts it).
    pub search_path: String,
    /// gnubg processes kept running (default 2: the machine's cores); more requests wait.
    pub processes: usize,
    /// A decision taking longer is stopped with [`BotError::TimedOut`] (default 30 s).
    pub time_limit: Duration,
    /// Where the script is written for gnubg to read (default: the system's temporary
    /// directory).
    pub work_dir: PathBuf,
    /// gnubg runs this much below the bot's own scheduling priority (`nice -n`, default
    /// 10), so that on a busy machine the players' commands go first and a bot thinking
    /// hard (world class) slows them down less; `None` runs it at the bot's priority (as
    /// does a system without the `nice` program).
    pub nice: Option<u8>,
}

impl Default for BotSettings {
    fn default() -> BotSettings {
        BotSettings {
            search_path: "/usr/local/bin:/usr/bin:/bin:/usr/games".into(),
            processes: 2,
            time_limit: Duration::from_secs(30),
            work_dir: std::env::temp_dir().join("gammonbot-bot"),
            nice: Some(10),
        }
    }
}

struct Slots {
    idle: Vec<Process>,
    /// Processes running, idle or lent out.
    live: usize,
}

/// The gnubg processes: started when first needed, kept while they work, replaced when
/// one fails or runs past the time limit.
pub struct Pool {
    settings: BotSettings,
    slots: Mutex<Slots>,
    freed: Condvar,
}

impl Pool {
    /// A pool with nothing started yet.
    #[must_use]
    pub fn new(settings: BotSettings) -> Pool {
        Pool {
            settings,
            slots: Mutex::new(Slots {
                idle: Vec::new(),
                live: 0,
            }),
            freed: Condvar::new(),
        }
    }

    /// The settings it runs with.
    #[must_use]
    pub fn settings(&self) -> &BotSettings {
        &self.settings
    }

    /// Sends one request to a free process (starting one if there is room, waiting
    /// otherwise) and returns its answer. Blocks. A process reused from the pool that
    /// turns out to have died is replaced and the request sent once more.
    pub(crate) fn ask(&self, request: &serde_json::Value) -> Result<serde_json::Value, BotError> {
        let (mut process, reused) = self.take()?;
        let mut answer = process.ask(request, self.settings.time_limit);
        if let Err(f) = &answer {
            if reused && !f.healthy && !matches!(f.error, BotError::TimedOut(_)) {
                drop(process);
                process = self.start().inspect_err(|_| self.forget())?;
                answer = process.ask(request, self.settings.time_limit);
            }
        }
        match answer {
            Ok(v) => {
                self.give_back(process);
                Ok(v)
            }
            Err(f) if f.healthy => {
                self.give_back(process);
                Err(f.error)
            }
            Err(f) => {
                drop(process);
                self.forget();
                Err(f.error)
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Slots> {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A process to use, and whether it was idle in the pool (rather than new).
    fn take(&self) -> Result<(Process, bool), BotError> {
        let mut slots = self.lock();
        loop {
            if let Some(p) = slots.idle.pop() {
                return Ok((p, true));
            }
            if slots.live < self.settings.processes.max(1) {
                slots.live += 1;
                drop(slots);
                return self
                    .start()
                    .map(|p| (p, false))
                    .inspect_err(|_| self.forget());
            }
            slots = self
                .freed
                .wait(slots)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn give_back(&self, p: Process) {
        self.lock().idle.push(p);
        self.freed.notify_one();
    }

    /// One process fewer (it failed or could not start).
    fn forget(&self) {
        let mut slots = self.lock();
        slots.live = slots.live.saturating_sub(1);
        drop(slots);
        self.freed.notify_one();
    }

    fn start(&self) -> Result<Process, BotError> {
        let gnubg = find_gnubg(&self.settings.search_path)
            .ok_or_else(|| BotError::Missing(self.settings.search_path.clone()))?;
        let script = self.script()?;
        Process::start(&gnubg, &script, self.settings.nice)
    }

    /// The script on disk (written when missing or different).
    fn script(&self) -> Result<PathBuf, BotError> {
        let dir = &self.settings.work_dir;
        let path = dir.join("bot.py");
        if std::fs::read_to_string(&path).ok().as_deref() != Some(SCRIPT) {
            let io = |e: std::io::Error| BotError::Spawn(format!("{}: {e}", path.display()));
            std::fs::create_dir_all(dir).map_err(io)?;
            // Written aside and renamed, so a process starting meanwhile never reads half
            // (the name apart for every writer, threads of this process included).
            static WRITES: AtomicU64 = AtomicU64::new(0);
            let n = WRITES.fetch_add(1, Ordering::Relaxed);
            let part = dir.join(format!("bot.py.{}.{n}", std::process::id()));
            std::fs::write(&part, SCRIPT).map_err(io)?;
            std::fs::rename(&part, &path).map_err(io)?;
        }
        Ok(path)
    }
}

/// The pool shared by the async side: [`Bot::run`] makes a decision on a blocking thread,
/// never on the runtime's workers.
#[derive(Clone)]
pub struct Bot {
    pool: Arc<Pool>,
}

impl Bot {
    /// A bot with these settings (no process started yet).
    #[must_use]
    pub fn new(settings: BotSettings) -> Bot {
        Bot {
            pool: Arc::new(Pool::new(settings)),
        }
    }

    /// The pool, for callers already on a blocking thread.
    #[must_use]
    pub fn pool(&self) -> &Arc<Pool> {
        &self.pool
    }

    /// Runs `decide` (one or more of the [`Pool`]'s decisions) on a blocking thread.
    ///
    /// # Errors
    /// What `decide` returns; [`BotError::Failed`] if the thread panicked.
    pub async fn run<T, F>(&self, decide: F) -> Result<T, BotError>
    where
        T: Send + 'static,
        F: FnOnce(&Pool) -> Result<T, BotError> + Send + 'static,
    {
        let pool = Arc::clone(&self.pool);
        tokio::task::spawn_blocking(move || decide(&pool))
            .await
            .map_err(|e| BotError::Failed(format!("the decision's thread failed: {e}")))?
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}
