//! Running GNU Backgammon: finding the program, the subprocess with its time limit (on
//! the calling thread, which must be a blocking one), and reading its JSON answer into a
//! [`Review`].

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::analysis::review::{Decision, PlayerFigures, Review, rating_band, steps_text};
use engine::Side;

/// The script gnubg runs (`scripts/analyse.py`), embedded so the binary needs no files.
const SCRIPT: &str = include_str!("../../../../scripts/analyse.py");

/// Why gnubg gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum GnubgError {
    #[error("GNU Backgammon ran past the time limit and was stopped")]
    TimedOut,
    #[error("GNU Backgammon could not be run ({0})")]
    Spawn(String),
    #[error("GNU Backgammon failed: {0}")]
    Failed(String),
    #[error("the bot is stopping; the analysis is queued again")]
    Stopped,
}

/// The `gnubg` program in a `PATH`-like list of directories (the bot's gnubg crate's,
/// shared).
pub use gnubg::find_gnubg;

/// How gnubg runs one analysis.
pub(crate) struct Run<'a> {
    pub(crate) plies: u32,
    pub(crate) threads: u32,
    /// gnubg is killed after this long.
    pub(crate) limit: Duration,
    /// Asked now and then: when it says yes (the bot is stopping), gnubg is killed.
    pub(crate) stopped: &'a (dyn Fn() -> bool + Sync),
}

/// Runs gnubg on `mat` in `dir` (created), sending `(game, games)` as each game is
/// analysed; kills it after the run's limit, or when the run says it is stopped. Blocks:
/// call it on a blocking thread.
pub(crate) fn run_gnubg(
    gnubg: &Path,
    dir: &Path,
    mat: &str,
    run: &Run<'_>,
    progress: &tokio::sync::mpsc::UnboundedSender<(u32, u32)>,
) -> Result<serde_json::Value, GnubgError> {
    let Run {
        plies,
        threads,
        limit,
        stopped,
    } = *run;
    let io = |e: std::io::Error| GnubgError::Spawn(e.to_string());
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
    let tx = progress.clone();
    let reader = std::thread::spawn(move || {
        let Some(stdout) = stdout else { return };
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(rest) = line.trim().strip_prefix("gammonbot-progress ") {
                let mut w = rest.split_whitespace().map(str::parse::<u32>);
                if let (Some(Ok(g)), Some(Ok(n))) = (w.next(), w.next()) {
                    let _ = tx.send((g, n));
                }
            }
        }
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait().map_err(io)? {
            Some(status) => break status,
            None if Instant::now() >= deadline || stopped() => {
                let _ = child.kill();
                let _ = child.wait();
                let _ = reader.join();
                return Err(if stopped() {
                    GnubgError::Stopped
                } else {
                    GnubgError::TimedOut
                });
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let _ = reader.join();
    let text = std::fs::read_to_string(&out).ok();
    match text {
        Some(t) if status.success() => {
            serde_json::from_str(&t).map_err(|e| GnubgError::Failed(e.to_string()))
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
            Err(GnubgError::Failed(format!("exit {status}: {tail}")))
        }
    }
}

#[derive(Deserialize)]
struct Raw {
    players: HashMap<String, RawPlayer>,
    length: u32,
    games: u32,
    plies: u32,
    decisions: Vec<RawDecision>,
}

#[derive(Deserialize)]
struct RawPlayer {
    name: String,
    stats: RawStats,
}

#[derive(Deserialize)]
struct RawStats {
    moves: RawMoves,
    cube: RawCube,
    dice: RawDice,
}

#[derive(Deserialize)]
struct RawMoves {
    #[serde(rename = "unforced-moves")]
    unforced: u32,
    #[serde(rename = "total-moves")]
    total: u32,
    #[serde(rename = "error-skill")]
    error: f64,
    marked: HashMap<String, u32>,
}

#[derive(Deserialize)]
struct RawCube {
    #[serde(rename = "close-cube")]
    close: u32,
    // gnubg's Python gives the cube's `error-skill` per close decision; the total is the
    // sum of the six kinds of error, as its text statistics print it.
    #[serde(rename = "err-missed-double-below-cp-skill")]
    err_missed_below: f64,
    #[serde(rename = "err-missed-double-above-cp-skill")]
    err_missed_above: f64,
    #[serde(rename = "err-wrong-double-below-dp-skill")]
    err_wrong_below: f64,
    #[serde(rename = "err-wrong-double-above-tg-skill")]
    err_wrong_above: f64,
    #[serde(rename = "err-wrong-take-skill")]
    err_wrong_take: f64,
    #[serde(rename = "err-wrong-drop-skill")]
    err_wrong_drop: f64,
    #[serde(rename = "missed-double-below-cp")]
    missed_below: u32,
    #[serde(rename = "missed-double-above-cp")]
    missed_above: u32,
    #[serde(rename = "wrong-double-below-dp")]
    wrong_below: u32,
    #[serde(rename = "wrong-double-above-tg")]
    wrong_above: u32,
    #[serde(rename = "wrong-take")]
    wrong_take: u32,
    #[serde(rename = "wrong-drop")]
    wrong_drop: u32,
}

#[derive(Deserialize)]
struct RawDice {
    luck: f64,
    #[serde(rename = "actual-result")]
    actual: f64,
    #[serde(rename = "luck-adjusted-result")]
    adjusted: f64,
}

#[derive(Deserialize)]
struct RawDecision {
    game: u32,
    player: String,
    cube: u64,
    owner: Option<String>,
    score: [u32; 2],
    kind: String,
    board: Option<String>,
    dice: Option<[u8; 2]>,
    #[serde(rename = "move")]
    steps: Option<Vec<[u8; 2]>>,
    best_move: Option<Vec<[u8; 2]>>,
    loss: f64,
    played: Option<String>,
    best: Option<String>,
    doubler: Option<String>,
}

/// gnubg's player names in its Python: "X" is player 0, the `.mat` file's left column,
/// which the engine's export gives to O.
fn side_of(gnubg_player: &str) -> Option<Side> {
    match gnubg_player {
        "X" => Some(Side::O),
        "O" => Some(Side::X),
        _ => None,
    }
}

/// Thousandths of `total / count` (0 when there is nothing to divide).
fn rate(total: f64, count: u32) -> f64 {
    if count == 0 {
        0.0
    } else {
        1000.0 * total / f64::from(count)
    }
}

impl RawCube {
    fn error(&self) -> f64 {
        self.err_missed_below
            + self.err_missed_above
            + self.err_wrong_below
            + self.err_wrong_above
            + self.err_wrong_take
            + self.err_wrong_drop
    }
}

fn figures(p: &RawPlayer, cube_marks: [u32; 3]) -> PlayerFigures {
    let s = &p.stats;
    let decisions = s.moves.unforced + s.cube.close;
    let error = s.moves.error + s.cube.error();
    let error_rate = rate(error, decisions);
    let mark = |k: &str| s.moves.marked.get(k).copied().unwrap_or(0);
    PlayerFigures {
        name: p.name.clone(),
        error_rate,
        rating: rating_band(error_rate / 1000.0).to_string(),
        pr: error_rate / 2.0,
        chequer_rate: rate(s.moves.error, s.moves.unforced),
        cube_rate: rate(s.cube.error(), s.cube.close),
        unforced_moves: s.moves.unforced,
        close_cube: s.cube.close,
        chequer_marks: [mark("doubtful"), mark("bad"), mark("very bad")],
        cube_marks,
        missed_doubles: s.cube.missed_below + s.cube.missed_above,
        wrong_doubles: s.cube.wrong_below + s.cube.wrong_above,
        wrong_takes: s.cube.wrong_take,
        wrong_drops: s.cube.wrong_drop,
        luck_rate: rate(s.dice.luck, s.moves.total),
        luck_adjusted: s.dice.adjusted,
        actual: s.dice.actual,
    }
}

/// gnubg's thresholds for marking a decision doubtful, bad, very bad (EMG).
const MARKS: [f64; 3] = [0.04, 0.08, 0.16];

/// The review from the script's JSON.
pub(crate) fn review(
    raw: &serde_json::Value,
    match_id: i64,
    player_ids: [i64; 2],
) -> Result<Review, String> {
    let raw: Raw = serde_json::from_value(raw.clone()).map_err(|e| e.to_string())?;
    let mut decisions: Vec<Decision> = Vec::new();
    let mut cube_marks = [[0u32; 3]; 2];
    for d in &raw.decisions {
        let Some(side) = side_of(&d.player) else {
            continue;
        };
        let Some(board) = d.board.clone() else {
            continue;
        };
        let board_side = d.doubler.as_deref().and_then(side_of).unwrap_or(side);
        let steps = d.steps.clone().unwrap_or_default();
        let best_steps = d.best_move.clone().unwrap_or_default();
        let chequer = d.kind == "chequer";
        if !chequer {
            for (k, &limit) in MARKS.iter().enumerate() {
                if d.loss >= limit && MARKS.get(k + 1).is_none_or(|&next| d.loss < next) {
                    cube_marks[side.index()][k] += 1;
                }
            }
        }
        let (played, best) = if chequer {
            (steps_text(&board, &steps), steps_text(&board, &best_steps))
        } else {
            (
                d.played.clone().unwrap_or_default(),
                d.best.clone().unwrap_or_default(),
            )
        };
        // gnubg's score is [player 0 ("X"), player 1 ("O")]: by Side index, O then X...
        let mut score = [0; 2];
        score[Side::O.index()] = d.score[0];
        score[Side::X.index()] = d.score[1];
        decisions.push(Decision {
            side,
            kind: d.kind.clone(),
            game: d.game,
            board,
            board_side,
            dice: d.dice,
            steps,
            best_steps,
            played,
            best,
            loss: d.loss,
            cube: d.cube,
            owner: d.owner.as_deref().and_then(side_of),
            score,
        });
    }
    decisions.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    decisions.truncate(3);
    let player = |s: Side| {
        let key = if s == Side::O { "X" } else { "O" };
        raw.players
            .get(key)
            .map(|p| figures(p, cube_marks[s.index()]))
            .ok_or_else(|| format!("no figures for player {key}"))
    };
    let mut players = [player(Side::X)?, player(Side::O)?];
    // By Side index whatever order Side::X and Side::O have.
    if Side::X.index() != 0 {
        players.swap(0, 1);
    }
    Ok(Review {
        match_id,
        games: raw.games,
        length: raw.length,
        plies: raw.plies,
        player_ids,
        players,
        worst: decisions,
        seconds: 0.0,
    })
}
