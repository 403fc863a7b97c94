//! The ratings suite's shared set-ups: a club on a store, matches started, resigned and
//! doubled, ratings planted and read.

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Look, ManualClock, MatchOp, MatchRef,
    Outcome, RngDice,
};
use engine::ResignLevel;
use std::sync::Arc;
use store::Store;
use testkit::{raw_pool, store_url};

pub(super) const START: i64 = 1_800_000_000;

pub(super) struct Fixture {
    pub(super) club: Arc<Club>,
    pub(super) clock: Arc<ManualClock>,
    pub(super) store: Store,
    /// The store's address (`store_url`).
    pub(super) path: String,
}

pub(super) async fn open(name: &str, seed: u64) -> Fixture {
    let path = store_url(name).await;
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

/// A player of the local chat in a community of its own (`local` is the default one).
pub(super) fn at(name: &str, community: &str) -> Actor {
    let mut a = Actor::local(name);
    if community != "local" {
        a.community_id = community.into();
        a.community_name = format!("server {community}");
    }
    a
}

pub(super) async fn run_at(f: &Fixture, who: &Actor, cmd: Command) -> Outcome {
    match f.club.execute(who, cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{}: {cmd:?} refused: {e}", who.display_name),
    }
}

pub(super) async fn run(f: &Fixture, name: &str, cmd: Command) -> Outcome {
    run_at(f, &Actor::local(name), cmd).await
}

/// `challenger` challenges `opponent` on these terms and `opponent` accepts.
pub(super) async fn start(
    f: &Fixture,
    community: &str,
    challenger: &str,
    opponent: &str,
    spec: ChallengeSpec,
) -> (i64, Outcome) {
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
pub(super) async fn resign(
    f: &Fixture,
    community: &str,
    id: i64,
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

/// Plays on (first legal play, doubling whenever allowed, always taking) until the cube
/// has been turned twice and taken (it stands at 4).
pub(super) async fn double_twice(f: &Fixture, id: i64, mut out: Outcome) {
    let m = MatchRef::id(id);
    let mut takes = 0;
    for _ in 0..60 {
        if takes == 2 {
            return;
        }
        let next = out.next.clone().expect("the match goes on");
        let what = next.what.as_str();
        let cmd = if what.starts_with("move") {
            let moves = f
                .club
                .legal_moves(&Actor::local(&next.name), m)
                .await
                .unwrap();
            Command::Match(m, MatchOp::Move(moves[0].clone()))
        } else if what == "roll or double" {
            Command::Match(m, MatchOp::Double)
        } else if what.starts_with("take") {
            takes += 1;
            Command::Match(m, MatchOp::Take)
        } else if what.starts_with("roll") {
            Command::Match(m, MatchOp::Roll)
        } else {
            panic!("unexpected decision `{what}`");
        };
        out = run(f, &next.name, cmd).await;
    }
    panic!("the cube was not turned twice");
}

pub(super) async fn community_id(f: &Fixture, community: &str) -> i64 {
    f.store
        .find_community("local", community)
        .await
        .unwrap()
        .unwrap()
}

pub(super) async fn player_id(f: &Fixture, name: &str) -> i64 {
    f.store
        .find_player("local", name)
        .await
        .unwrap()
        .unwrap()
        .id
}

/// Sets a player's standing in the standard pool of the `local` community directly in the
/// database (a veteran takes hundreds of matches to make).
pub(super) async fn plant_rating(f: &Fixture, name: &str, value: f64, experience: i64) {
    let community = community_id(f, "local").await;
    let player = player_id(f, name).await;
    let pool = raw_pool(&f.path).await;
    sqlx::query(
        "INSERT INTO ratings (community_id, ruleset, player_id, value, experience, won, lost)
         VALUES ($1, 'standard', $2, $3, $4, 0, 0)",
    )
    .bind(community)
    .bind(player)
    .bind(value)
    .bind(experience)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

pub(super) fn has_line(out: &Outcome, line: &str) -> bool {
    out.lines.iter().any(|l| l == line)
}

pub(super) async fn rating_lines(
    f: &Fixture,
    who: &Actor,
    player: Option<&str>,
    welsh: bool,
) -> Vec<String> {
    run_at(
        f,
        who,
        Command::Look(Look::Rating {
            player: player.map(str::to_string),
            ruleset: Some(if welsh {
                engine::Ruleset::Welsh
            } else {
                engine::Ruleset::Standard
            }),
            vs: None,
        }),
    )
    .await
    .lines
}

/// Every row of the rating tables, with the values as stored (full precision).
pub(super) async fn rating_tables(path: &str) -> (Vec<String>, Vec<(i64, f64, f64, f64)>) {
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
