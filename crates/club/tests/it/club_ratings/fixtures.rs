//! The ratings suite's shared set-ups: a club on a store, matches started, resigned and
//! doubled (the set-ups the program's `club_ratings_chat` shares are `clubkit::ratings`),
//! ratings planted and read.

use club::{Actor, Command, Look, MatchOp, MatchRef, Outcome};
pub(super) use clubkit::START;
pub(super) use clubkit::ratings::{Fixture, at, resign, run, run_at, start};
use testkit::{raw_pool, store_url};

/// A club on the test's store `name` (`store_url`) with dice seeded by `seed`.
pub(super) async fn open(name: &str, seed: u64) -> Fixture {
    Fixture::open(&store_url(name).await, seed).await
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
