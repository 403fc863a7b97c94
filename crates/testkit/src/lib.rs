//! Helpers shared by the integration tests of the engine, the store and every crate above
//! them: seeded randomness, self-play, running gnubg, scratch directories and stores
//! (SQLite, or PostgreSQL when `GAMMONBOT_TEST_PG` is set), throwaway PostgreSQL servers.
//!
//! It depends on no crate above the store (the gnubg crate, beside it, finds gnubg), so
//! that an edit of the club relinks none of the lower crates' tests; the club's helpers
//! are in `clubkit`.
//!
//! A test binary now holds many suites, so the scratch names carry a number unique in the
//! process as well as the process id: two suites that pick the same name do not share a
//! directory or a database.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use engine::{Action, Board, Dice, Match, Phase, Position, Side, legal_plays};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

pub mod source;
pub mod welsh;

/// A position from X's men and O's men, each listed in their own numbering (25 = their bar).
pub fn position(x: &[(usize, i8)], o: &[(usize, i8)]) -> Position {
    let mut p = [0i8; 26];
    for &(pt, n) in x {
        p[pt] += n;
    }
    for &(pt, n) in o {
        p[25 - pt] -= n;
    }
    Position::new(p).unwrap()
}

/// A small seeded generator for reproducible self-play and test data: rand's
/// Xoshiro256++ (named, not `SmallRng`, whose algorithm may differ between platforms and
/// versions), with the draws the tests and the fuzz harness make.
#[derive(Clone, Debug)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        rand::Rng::next_u64(&mut self.0)
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
    /// One die, 1 to 6.
    pub fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }
    /// A throw of two dice.
    pub fn dice(&mut self) -> Dice {
        Dice::new(self.die(), self.die()).expect("dice in range")
    }
    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    /// One of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Plays whole games with random legal plays and returns every position met, from the view
/// of the player about to roll.
pub fn self_play_boards(rng: &mut Rng, games: usize) -> Vec<Board> {
    let mut boards = Vec::new();
    for _ in 0..games {
        let mut m = Match::new(engine::MatchRules::money()).expect("rules");
        let (x, o) = loop {
            let (x, o) = (rng.die(), rng.die());
            if x != o {
                break (x, o);
            }
        };
        m = m
            .apply(Side::X, &Action::OpeningRoll { x, o })
            .expect("opening")
            .0;
        let start_game = m.game_number();
        while m.game_number() == start_game {
            match m.phase() {
                Phase::ToRoll(s) => {
                    boards.push(m.position().view(s));
                    m = m.apply(s, &Action::Roll(rng.dice())).expect("roll").0;
                }
                Phase::ToPlay { side, .. } => {
                    let plays = m.legal_plays();
                    let pick = plays[rng.below(plays.len())].play;
                    m = m.apply(side, &Action::Play(pick)).expect("legal play").0;
                }
                other => panic!("unexpected phase in self-play: {other:?}"),
            }
        }
    }
    boards
}

/// The legal plays of a board as a sorted list of resulting boards.
pub fn result_boards(board: &Board, dice: Dice) -> Vec<[i8; 26]> {
    let mut v: Vec<[i8; 26]> = legal_plays(board, dice)
        .iter()
        .map(|l| *l.board.points())
        .collect();
    v.sort_unstable();
    v
}

/// The gnubg binary: on PATH, or where Debian puts it (found as the bot finds it,
/// [`gnubg::find_gnubg`]).
pub fn gnubg() -> PathBuf {
    let path = std::env::var("PATH").unwrap_or_default();
    gnubg::find_gnubg(&format!("{path}:/usr/games")).unwrap_or_else(|| {
        panic!(
            "GNU Backgammon is needed for this test and was not found: install it with \
             `apt-get install -y gnubg` (scripts/test.sh does so)"
        )
    })
}

/// Runs a gnubg Python script with environment variables; panics with its output on failure.
pub fn run_gnubg(script: &Path, env: &[(&str, &Path)]) -> String {
    let mut cmd = Command::new(gnubg());
    cmd.args(["-t", "-q", "-p"]).arg(script);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("gnubg runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "gnubg failed:\n{text}");
    text
}

/// A number not given before in this process.
fn unique() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gammonbot-{name}-{}-{}",
        std::process::id(),
        unique()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Positions met in seeded Welsh self-play (random legal plays), from the view of the side
/// about to throw.
pub fn welsh_self_play_boards(rng: &mut Rng, games: usize) -> Vec<Board> {
    use engine::welsh::{Parity, WelshAction, WelshError, WelshMatch, WelshPhase, WelshRules};
    let mut boards = Vec::new();
    let mut m = WelshMatch::new(WelshRules {
        target: 10_000,
        ..WelshRules::default()
    });
    while (m.game_number() as usize) <= games {
        let (side, a) = match m.phase() {
            WelshPhase::Call { caller } => (
                caller,
                WelshAction::Call {
                    shaker_dice: (rng.die(), rng.die()),
                    call: Parity::Even,
                },
            ),
            WelshPhase::Choose { chooser } => (chooser, WelshAction::Choose(chooser)),
            WelshPhase::ToRoll(s) => {
                boards.push(m.position().view(s));
                (s, WelshAction::Roll(rng.die(), rng.die()))
            }
            WelshPhase::ToPlay { side, .. } => {
                let plays = m.legal_plays();
                (side, WelshAction::Play(plays[rng.below(plays.len())].play))
            }
            WelshPhase::MatchOver { .. } => break,
        };
        match m.apply(side, &a) {
            Ok((next, _)) => m = next,
            Err(WelshError::ThirdIdenticalThrow) => {}
            Err(_) if m.concede().1.is_some() => {
                m = m
                    .apply(side.opponent(), &WelshAction::AcceptConcede)
                    .expect("accept")
                    .0;
            }
            Err(e) => panic!("{a:?} by {side}: {e}"),
        }
    }
    boards
}

/// A fresh SQLite file in its own scratch directory.
pub fn scratch_db(name: &str) -> PathBuf {
    scratch(name).join("gammonbot.db")
}

/// Where a test's store lives: a fresh SQLite file, or, when `GAMMONBOT_TEST_PG` names a
/// PostgreSQL server (`scripts/test.sh` sets it for the suites it runs there too), a fresh
/// database on it.
pub async fn store_url(name: &str) -> String {
    let Ok(server) = std::env::var("GAMMONBOT_TEST_PG") else {
        return scratch_db(name).to_str().expect("a UTF-8 path").to_string();
    };
    let db: String = format!("t{}_{}_{name}", unique(), std::process::id())
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let admin = sqlx::PgPool::connect(&server)
        .await
        .expect("the test server");
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {db}")))
        .execute(&admin)
        .await
        .expect("drop");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
        .execute(&admin)
        .await
        .expect("create");
    admin.close().await;
    let (base, _) = server.rsplit_once('/').expect("a database in the URL");
    format!("{base}/{db}")
}

/// A pool on the test's store (as [`store_url`] gave it) for planting rows directly.
pub async fn raw_pool(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    let url = if url.starts_with("postgres") {
        url.to_string()
    } else {
        format!("sqlite://{url}")
    };
    sqlx::AnyPool::connect(&url)
        .await
        .expect("a pool on the test's store")
}

/// A PostgreSQL server of its own (`scripts/postgres.sh`, which installs the Debian
/// package when it is missing), stopped and its directory removed when dropped.
pub struct PgCluster {
    /// The URL of its database.
    pub url: String,
    dir: String,
}

/// The script that starts and stops the throwaway servers.
const POSTGRES_SH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/postgres.sh");

/// One start at a time: the first may install PostgreSQL.
static STARTING: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl PgCluster {
    /// Starts a server; panics (the test fails, never skips) when it cannot start.
    pub fn start() -> PgCluster {
        let _one = STARTING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let out = Command::new("bash")
            .args([POSTGRES_SH, "start"])
            .output()
            .expect("bash runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "PostgreSQL did not start:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let value = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .unwrap_or_else(|| panic!("postgres.sh printed no {name}: {text}"))
                .to_string()
        };
        PgCluster {
            url: value("DATABASE_URL"),
            dir: value("GAMMONBOT_PG_DIR"),
        }
    }

    /// A program of the server's PostgreSQL version (`pg_dump`, `pg_restore`, ...), from
    /// the directory `scripts/postgres.sh` started it from.
    pub fn program(&self, name: &str) -> PathBuf {
        let bin = std::fs::read_to_string(Path::new(&self.dir).join("bindir"))
            .expect("postgres.sh wrote the server's bindir");
        Path::new(bin.trim()).join(name)
    }
}

impl PgCluster {
    /// Restarts the server (fast: its sessions are cut), on the same port; returns once it
    /// takes connections again. Panics when it does not come back.
    pub fn restart(&self) {
        let out = Command::new("bash")
            .args([POSTGRES_SH, "restart", &self.dir])
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "PostgreSQL did not restart:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .args([POSTGRES_SH, "stop", &self.dir])
            .output();
    }
}
