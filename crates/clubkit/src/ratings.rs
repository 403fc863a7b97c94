//! The ratings suites' set-ups (the club's `club_ratings`, the program's
//! `club_ratings_chat`): a club on a store whose address is kept, players of a community,
//! matches started and resigned, and the rating tables read back as stored. The suites
//! name their stores with `testkit::store_url` themselves: `scripts/test.sh` runs the
//! suites that call it again on PostgreSQL.

use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, ManualClock, MatchNo, MatchOp, MatchRef,
    Outcome, RngDice,
};
use engine::ResignLevel;
use store::Store;
use testkit::raw_pool;

use crate::START;

/// A club on a test's store whose address is kept: the rating tables are read from it.
pub struct Fixture {
    /// The club.
    pub club: Arc<Club>,
    /// Its clock, which stands still until the test moves it.
    pub clock: Arc<ManualClock>,
    /// Its store.
    pub store: Store,
    /// The store's address (`store_url`).
    pub path: String,
}

impl Fixture {
    /// A club on the store at `url` (as `testkit::store_url` gives it) with dice seeded by
    /// `seed`, its clock at [`START`].
    pub async fn open(url: &str, seed: u64) -> Fixture {
        let path = url.to_string();
        let store = Store::open(&path).await.unwrap();
        let clock = Arc::new(ManualClock::new(START));
        let club = Arc::new(Club::new(
            store.clone(),
            Arc::new(RngDice::seeded(seed)),
            clock.clone(),
        ));
        Fixture {
            club,
            clock,
            store,
            path,
        }
    }
}

/// A player of the local chat in a community of its own (`local` is the default one).
pub fn at(name: &str, community: &str) -> Actor {
    let mut a = Actor::local(name);
    if community != "local" {
        a.community_id = community.into();
        a.community_name = format!("server {community}");
    }
    a
}

/// Runs `cmd` as `who`; panics, saying the command, when it is refused.
pub async fn run_at(f: &Fixture, who: &Actor, cmd: Command) -> Outcome {
    match f.club.execute(who, cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{}: {cmd:?} refused: {e}", who.display_name),
    }
}

/// Runs `cmd` as the local player `name` of the `local` community.
pub async fn run(f: &Fixture, name: &str, cmd: Command) -> Outcome {
    run_at(f, &Actor::local(name), cmd).await
}

/// `challenger` challenges `opponent` on these terms and `opponent` accepts.
pub async fn start(
    f: &Fixture,
    community: &str,
    challenger: &str,
    opponent: &str,
    spec: ChallengeSpec,
) -> (MatchNo, Outcome) {
    let out = run_at(
        f,
        &at(challenger, community),
        Command::Challenge(ChallengeOp::New {
            opponent: opponent.into(),
            spec,
        }),
    )
    .await;
    let id = out.match_id.unwrap();
    let out = run_at(
        f,
        &at(opponent, community),
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    (id, out)
}

/// `loser` resigns at `level` and `winner` accepts: the outcome of the acceptance.
pub async fn resign(
    f: &Fixture,
    community: &str,
    id: impl Into<MatchNo>,
    loser: &str,
    winner: &str,
    level: ResignLevel,
) -> Outcome {
    let m = MatchRef::id(id);
    run_at(
        f,
        &at(loser, community),
        Command::Match(m, MatchOp::Resign(level)),
    )
    .await;
    run_at(
        f,
        &at(winner, community),
        Command::Match(m, MatchOp::AcceptResign),
    )
    .await
}

/// Every row of the rating tables, with the values as stored (full precision).
pub async fn rating_tables(path: &str) -> (Vec<String>, Vec<(i64, f64, f64, f64)>) {
    let pool = raw_pool(path).await;
    use sqlx::Row;
    let ratings = sqlx::query(
        "SELECT community_id, ruleset, player_id, value, experience, won, lost FROM ratings
         ORDER BY community_id, ruleset, player_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .iter()
    .map(|r| {
        let value: f64 = r.get(3);
        format!(
            "{} {} {} {:?} {} {} {}",
            r.get::<i64, _>(0),
            r.get::<String, _>(1),
            r.get::<i64, _>(2),
            value.to_bits(),
            r.get::<i64, _>(4),
            r.get::<i64, _>(5),
            r.get::<i64, _>(6)
        )
    })
    .collect();
    let changes = sqlx::query(
        "SELECT id, match_id, player_id, opponent_id, won, rating_before, rating_after, delta,
             experience_before, length, forfeit, at, community_id, ruleset
         FROM rating_changes ORDER BY id",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .iter()
    .map(|r| {
        (
            r.get::<i64, _>(1) * 1000 + r.get::<i64, _>(2),
            r.get::<f64, _>(5),
            r.get::<f64, _>(6),
            r.get::<f64, _>(7),
        )
    })
    .collect();
    pool.close().await;
    (ratings, changes)
}
