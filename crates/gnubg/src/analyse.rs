//! GNU Backgammon's review of a whole match: one gnubg subprocess running the analysis
//! script (`analyse.py`, embedded) on a `.mat` file, with a time limit, on the calling
//! thread (a blocking one), and its JSON answer read into a [`MatchAnalysis`]: gnubg's
//! own figures, in gnubg's terms (its players are `X` and `O`).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// The script gnubg runs, embedded so the binary needs no files.
const SCRIPT: &str = include_str!("analyse.py");

/// Why gnubg gave no review.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// It ran past the run's time limit and was killed.
    #[error("GNU Backgammon ran past the time limit and was stopped")]
    TimedOut,
    /// It could not be started (or its files written).
    #[error("GNU Backgammon could not be run ({0})")]
    Spawn(String),
    /// It failed, or wrote no JSON: its exit status and the last lines it said.
    #[error("GNU Backgammon failed: {0}")]
    Failed(String),
    /// It answered, but not with the figures a [`MatchAnalysis`] holds.
    #[error("GNU Backgammon's answer could not be read ({0})")]
    Unreadable(String),
    /// The run was told to stop (the bot is stopping) and gnubg was killed.
    #[error("the bot is stopping; the analysis is queued again")]
    Stopped,
}

/// How gnubg runs one analysis.
pub struct AnalysisRun<'a> {
    /// Evaluation depth for chequer plays and cube decisions (0, 1, 2...).
    pub plies: u32,
    /// gnubg's threads.
    pub threads: u32,
    /// gnubg is killed after this long.
    pub limit: Duration,
    /// Asked now and then: when it says yes (the bot is stopping), gnubg is killed.
    pub stopped: &'a (dyn Fn() -> bool + Sync),
}

/// Runs `gnubg` on the match `mat` (a `.mat` file's text) in `dir` (created), calling
/// `progress(game, games)` as each game is analysed (first `(0, games)`); kills it after
/// the run's limit, or when the run says it is stopped. `dir` is removed once gnubg has
/// answered, and kept when it failed, for the admin to look at. Blocks: call it on a
/// blocking thread.
///
/// # Errors
/// Why gnubg gave no review ([`AnalysisError`]).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use gnubg::{AnalysisError, AnalysisRun, analyse_match};
///
/// let run = AnalysisRun {
///     plies: 0,
///     threads: 1,
///     limit: Duration::from_secs(60),
///     stopped: &|| false,
/// };
/// let dir = std::env::temp_dir().join("gnubg-analyse-example");
/// let mut seen = Vec::new();
/// // No gnubg at this path: the run says it could not start it.
/// let answer = analyse_match(
///     "/nonexistent/gnubg".as_ref(),
///     &dir,
///     " 1 point match\n",
///     &run,
///     &mut |game, games| seen.push((game, games)),
/// );
/// assert!(matches!(answer, Err(AnalysisError::Spawn(_))));
/// assert!(seen.is_empty());
/// ```
pub fn analyse_match(
    gnubg: &Path,
    dir: &Path,
    mat: &str,
    run: &AnalysisRun<'_>,
    progress: &mut (dyn FnMut(u32, u32) + Send),
) -> Result<MatchAnalysis, AnalysisError> {
    let AnalysisRun {
        plies,
        threads,
        limit,
        stopped,
    } = *run;
    let io = |e: std::io::Error| AnalysisError::Spawn(e.to_string());
    std::fs::create_dir_all(dir).map_err(io)?;
    let (script, mat_path, out, log) = (
        dir.join("analyse.py"),
        dir.join("match.mat"),
        dir.join("result.json"),
        dir.join("gnubg.log"),
    );
    std::fs::write(&script, SCRIPT).map_err(io)?;
    std::fs::write(&mat_path, mat).map_err(io)?;
    let mut child = Command::new(gnubg)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script)
        .env("GAMMONBOT_MAT", &mat_path)
        .env("GAMMONBOT_OUT", &out)
        .env("GAMMONBOT_PLIES", plies.to_string())
        .env("GAMMONBOT_THREADS", threads.to_string())
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).map_err(io)?)
        .spawn()
        .map_err(io)?;
    let stdout = child.stdout.take();
    let status = std::thread::scope(|s| {
        let reader = s.spawn(move || {
            let Some(stdout) = stdout else { return };
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.trim().strip_prefix("gammonbot-progress ") {
                    let mut w = rest.split_whitespace().map(str::parse::<u32>);
                    if let (Some(Ok(g)), Some(Ok(n))) = (w.next(), w.next()) {
                        progress(g, n);
                    }
                }
            }
        });
        let deadline = Instant::now() + limit;
        let ended = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Ok(status),
                Ok(None) if Instant::now() >= deadline || stopped() => {
                    break Err(if stopped() {
                        AnalysisError::Stopped
                    } else {
                        AnalysisError::TimedOut
                    });
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => break Err(io(e)),
            }
        };
        if ended.is_err() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = reader.join();
        ended
    })?;
    let text = std::fs::read_to_string(&out).ok();
    let json: serde_json::Value = match text {
        Some(t) if status.success() => {
            serde_json::from_str(&t).map_err(|e| AnalysisError::Failed(e.to_string()))?
        }
        _ => {
            let said = std::fs::read_to_string(&log).unwrap_or_default();
            let tail: String = said
                .lines()
                .rev()
                .take(3)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<Vec<_>>()
                .join(" / ");
            return Err(AnalysisError::Failed(format!("exit {status}: {tail}")));
        }
    };
    // gnubg answered: its files are no longer needed.
    let _ = std::fs::remove_dir_all(dir);
    MatchAnalysis::from_json(json)
}

/// gnubg's review of a match, as its analysis script reports it: each player's statistics
/// over the games analysed, and every decision that lost equity. gnubg names its player 0
/// (the `.mat` file's left column) `X` and its player 1 `O`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchAnalysis {
    /// Player 0's (`X`) figures.
    pub x: AnalysedPlayer,
    /// Player 1's (`O`) figures.
    pub o: AnalysedPlayer,
    /// Points to win (0: money play).
    pub length: u32,
    /// Games analysed.
    pub games: u32,
    /// The evaluation depth it ran at.
    pub plies: u32,
    /// Every decision that lost equity, in the order played.
    pub decisions: Vec<CostlyDecision>,
}

/// The script's JSON as it comes: the players by gnubg's name.
#[derive(Deserialize)]
struct Raw {
    players: HashMap<String, AnalysedPlayer>,
    length: u32,
    games: u32,
    plies: u32,
    decisions: Vec<CostlyDecision>,
}

impl MatchAnalysis {
    /// The review from the script's JSON.
    ///
    /// # Errors
    /// [`AnalysisError::Unreadable`]: a figure missing or of the wrong kind, or a player
    /// without figures.
    pub fn from_json(json: serde_json::Value) -> Result<MatchAnalysis, AnalysisError> {
        let unreadable = AnalysisError::Unreadable;
        let mut raw: Raw = serde_json::from_value(json).map_err(|e| unreadable(e.to_string()))?;
        let mut player = |name: &str| {
            raw.players
                .remove(name)
                .ok_or_else(|| unreadable(format!("no figures for player {name}")))
        };
        let o = player("O")?;
        let x = player("X")?;
        Ok(MatchAnalysis {
            x,
            o,
            length: raw.length,
            games: raw.games,
            plies: raw.plies,
            decisions: raw.decisions,
        })
    }
}

/// One player's name and gnubg's statistics of his play (`gnubg.match()['stats']`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct AnalysedPlayer {
    /// As the `.mat` file names him.
    pub name: String,
    /// gnubg's statistics.
    pub stats: PlayerStats,
}

/// gnubg's statistics of one player over the games analysed.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct PlayerStats {
    /// Chequer play.
    pub moves: MoveStats,
    /// Cube decisions.
    pub cube: CubeStats,
    /// Luck.
    pub dice: DiceStats,
}

/// gnubg's chequer-play statistics of one player.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct MoveStats {
    /// Moves with a choice of play.
    #[serde(rename = "unforced-moves")]
    pub unforced: u32,
    /// All moves.
    #[serde(rename = "total-moves")]
    pub total: u32,
    /// The equity lost over the unforced moves (EMG).
    #[serde(rename = "error-skill")]
    pub error: f64,
    /// How many plays gnubg marked each way (`doubtful`, `bad`, `very bad`...).
    pub marked: HashMap<String, u32>,
}

/// gnubg's cube statistics of one player: the errors (EMG) and their counts, by kind.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CubeStats {
    /// Close or actual cube decisions.
    #[serde(rename = "close-cube")]
    pub close: u32,
    // gnubg's Python gives the cube's `error-skill` per close decision; the total is the
    // sum of the six kinds of error, as its text statistics print it ([`CubeStats::error`]).
    /// Missed doubles below the cash point.
    #[serde(rename = "err-missed-double-below-cp-skill")]
    pub err_missed_below: f64,
    /// Missed doubles above the cash point.
    #[serde(rename = "err-missed-double-above-cp-skill")]
    pub err_missed_above: f64,
    /// Wrong doubles below the double point.
    #[serde(rename = "err-wrong-double-below-dp-skill")]
    pub err_wrong_below: f64,
    /// Wrong doubles above too good.
    #[serde(rename = "err-wrong-double-above-tg-skill")]
    pub err_wrong_above: f64,
    /// Wrong takes.
    #[serde(rename = "err-wrong-take-skill")]
    pub err_wrong_take: f64,
    /// Wrong drops.
    #[serde(rename = "err-wrong-drop-skill")]
    pub err_wrong_drop: f64,
    /// How many doubles were missed below the cash point.
    #[serde(rename = "missed-double-below-cp")]
    pub missed_below: u32,
    /// How many doubles were missed above the cash point.
    #[serde(rename = "missed-double-above-cp")]
    pub missed_above: u32,
    /// How many wrong doubles below the double point.
    #[serde(rename = "wrong-double-below-dp")]
    pub wrong_below: u32,
    /// How many wrong doubles above too good.
    #[serde(rename = "wrong-double-above-tg")]
    pub wrong_above: u32,
    /// How many wrong takes.
    #[serde(rename = "wrong-take")]
    pub wrong_take: u32,
    /// How many wrong drops.
    #[serde(rename = "wrong-drop")]
    pub wrong_drop: u32,
}

impl CubeStats {
    /// The equity lost on the cube (EMG): the six kinds of error together.
    #[must_use]
    pub fn error(&self) -> f64 {
        self.err_missed_below
            + self.err_missed_above
            + self.err_wrong_below
            + self.err_wrong_above
            + self.err_wrong_take
            + self.err_wrong_drop
    }
}

/// gnubg's luck statistics of one player.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct DiceStats {
    /// The luck total (EMG).
    pub luck: f64,
    /// The result: match winning chance (match play) or points (money).
    #[serde(rename = "actual-result")]
    pub actual: f64,
    /// The luck-adjusted result, in the same unit.
    #[serde(rename = "luck-adjusted-result")]
    pub adjusted: f64,
}

/// One decision that lost equity, as the script reports it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CostlyDecision {
    /// 1 for the first game.
    pub game: u32,
    /// Who made it, by gnubg's name (`X` or `O`).
    pub player: String,
    /// The cube's value.
    pub cube: u64,
    /// Who holds the cube, by gnubg's name (none: centred).
    pub owner: Option<String>,
    /// The score at the start of the game: `[X, O]`.
    pub score: [u32; 2],
    /// `chequer`, `missed double`, `wrong double`, `wrong take`, `wrong drop`.
    pub kind: String,
    /// The board before it (gnubg's Position ID, from the side of the player on roll).
    pub board: Option<String>,
    /// The dice of a chequer play.
    pub dice: Option<[u8; 2]>,
    /// The play made, as steps `[from, to]` (the mover's numbering, 25 the bar, 0 off).
    #[serde(rename = "move")]
    pub steps: Option<Vec<[u8; 2]>>,
    /// gnubg's best play, as steps.
    pub best_move: Option<Vec<[u8; 2]>>,
    /// Equity lost (EMG).
    pub loss: f64,
    /// A cube decision made, in words (`no double`, `double`, `take`...).
    pub played: Option<String>,
    /// The best cube decision, in words (`double, take`, `drop`...).
    pub best: Option<String>,
    /// For a take or a drop: who doubled, by gnubg's name (the board is from his side).
    pub doubler: Option<String>,
    /// The record's number in its game (gnubg's move list, from 0).
    #[serde(default)]
    pub index: u32,
    /// The choices gnubg valued, with their equities from the decider's side (EMG): a
    /// chequer play's best few plays and the play made; a cube decision's two answers.
    #[serde(default)]
    pub choices: Vec<ValuedChoice>,
}

/// One choice of a decision as gnubg valued it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ValuedChoice {
    /// A chequer play, as steps `[from, to]`.
    #[serde(rename = "move")]
    pub steps: Option<Vec<[u8; 2]>>,
    /// A cube answer in words (`no double`, `double`, `take`, `drop`).
    pub cube: Option<String>,
    /// Its equity (EMG) from the side of the player deciding.
    pub equity: f64,
}
