//! How many SQL statements one `roll` and one `move` cost: the statements sqlx logs
//! (target `sqlx::query`) while the club runs the command on a real SQLite file (or a
//! PostgreSQL database, with `GAMMONBOT_TEST_PG`). The transaction's own `BEGIN` and
//! `COMMIT` come on top: sqlx logs neither on SQLite and the `COMMIT` alone on PostgreSQL,
//! so neither is counted.

use std::sync::{Arc, Mutex, OnceLock};

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, ManualClock, MatchOp, MatchRef, RngDice,
};
use store::Store;
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};

use testkit::store_url;

/// The statements logged so far, one string each (whitespace squeezed).
fn statements() -> &'static Mutex<Vec<String>> {
    static LOG: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    LOG.get_or_init(|| Mutex::new(Vec::new()))
}

struct Statements;

#[derive(Default)]
struct Sql {
    summary: String,
    statement: String,
}

impl Visit for Sql {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "summary" => self.summary = value.to_string(),
            "db.statement" => self.statement = value.to_string(),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let text = format!("{value:?}");
        let text = text.trim_matches('"').replace("\\n", "\n");
        match field.name() {
            "summary" => self.summary = text,
            "db.statement" => self.statement = text,
            _ => {}
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        let mut sql = Sql::default();
        event.record(&mut sql);
        let text = if sql.statement.trim().is_empty() {
            sql.summary
        } else {
            sql.statement
        };
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // A connection the pool opens mid-command runs its set-up PRAGMAs once; they
        // belong to the connection, not to the command, so they are not counted.
        if text.starts_with("PRAGMA ") || matches!(text.as_str(), "BEGIN" | "COMMIT") {
            return;
        }
        statements().lock().unwrap().push(text);
    }
}

fn install() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let filter = tracing_subscriber::EnvFilter::new("sqlx::query=debug");
        let subscriber = tracing_subscriber::registry().with(Statements.with_filter(filter));
        tracing::subscriber::set_global_default(subscriber).unwrap();
    });
}

/// Runs one command and answers the statements it executed.
async fn counted(club: &Club, name: &str, cmd: Command) -> (Vec<String>, club::Outcome) {
    statements().lock().unwrap().clear();
    let out = club.execute(&Actor::local(name), cmd.clone()).await;
    let out = out.unwrap_or_else(|e| panic!("{name}: {cmd:?} refused: {e}"));
    let seen = std::mem::take(&mut *statements().lock().unwrap());
    (seen, out)
}

#[tokio::test]
async fn a_roll_and_a_move_each_read_once_and_write_once() {
    install();
    // Given an accepted 3-point match between alice and bob, with seeded dice
    let store = Store::open(&store_url("round_trips").await).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        Arc::new(ManualClock::new(1_800_000_000)),
    );
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: "bob".into(),
        spec: ChallengeSpec::standard(Some(3)),
    });
    let id = counted(&club, "alice", challenge).await.1.match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = counted(&club, "bob", Command::Challenge(ChallengeOp::Accept(m)))
        .await
        .1;
    let (mut roll, mut play) = (None, None);
    // When the players roll and move until one of each has been seen after the opening
    for _ in 0..40 {
        let next = out.next.clone().expect("the match goes on");
        let name = next.name.clone();
        let (cmd, is_roll) = if next.what.starts_with("move") {
            let moves = club.legal_moves(&Actor::local(&name), m).await.unwrap();
            (Command::Match(m, MatchOp::Move(moves[0].clone())), false)
        } else if next.what.starts_with("roll") || next.what.starts_with("throw") {
            (
                Command::Match(m, MatchOp::Roll),
                !next.what.starts_with("throw"),
            )
        } else {
            panic!("unexpected decision `{}`", next.what);
        };
        let (seen, o) = counted(&club, &name, cmd.clone()).await;
        out = o;
        match cmd {
            Command::Match(_, MatchOp::Roll) if is_roll && roll.is_none() => roll = Some(seen),
            Command::Match(_, MatchOp::Move(..)) if roll.is_some() && play.is_none() => {
                play = Some(seen)
            }
            _ => {}
        }
        if roll.is_some() && play.is_some() {
            break;
        }
    }
    let (roll, play) = (roll.unwrap(), play.unwrap());
    eprintln!("roll: {} statements", roll.len());
    for s in &roll {
        eprintln!("  {s}");
    }
    eprintln!("move: {} statements", play.len());
    for s in &play {
        eprintln!("  {s}");
    }
    // Then each reads twice (the player with the community; the match with its players)
    // and writes twice in one transaction (the versioned UPDATE; one INSERT for the log),
    // BEGIN and COMMIT around the writes not counted here. Before: 8 (the player, the
    // community, the match and each player apart, and a read of the log's last entry).
    assert_eq!(roll.len(), ROLL_STATEMENTS, "{roll:#?}");
    assert_eq!(play.len(), MOVE_STATEMENTS, "{play:#?}");
}

const ROLL_STATEMENTS: usize = 4;
const MOVE_STATEMENTS: usize = 4;
