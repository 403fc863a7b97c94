//! Ratings through the club on real SQLite files: the FIBS update in the transaction that
//! finishes a match (worked example, upset, newcomer against veteran, time-out forfeit),
//! what is not rated (rated:off, money play), communities kept apart, `/rating` and
//! `/leaderboard`, the rebuild from the finished matches, and refusals.

use std::sync::Arc;

use club::{
    Actor, ChallengeSpec, Chart, Club, ClubError, Command, DAY, ManualClock, MatchRef, Outcome,
    RngDice, TimeControl,
};
use engine::ResignLevel;
use engine::rating::{format_change, upset_probability};
use gammonbot::console::parse_line;
use store::Store;

use testkit::{Rng, raw_pool, scratch, store_url};

const START: i64 = 1_800_000_000;

struct Fixture {
    club: Arc<Club>,
    clock: Arc<ManualClock>,
    store: Store,
    /// The store's address (`store_url`).
    path: String,
}

async fn open(name: &str, seed: u64) -> Fixture {
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
fn at(name: &str, community: &str) -> Actor {
    let mut a = Actor::local(name);
    if community != "local" {
        a.community_id = community.into();
        a.community_name = format!("server {community}");
    }
    a
}

async fn run_at(f: &Fixture, who: &Actor, cmd: Command) -> Outcome {
    match f.club.execute(who, cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{}: {cmd:?} refused: {e}", who.display_name),
    }
}

async fn run(f: &Fixture, name: &str, cmd: Command) -> Outcome {
    run_at(f, &Actor::local(name), cmd).await
}

/// `challenger` challenges `opponent` on these terms and `opponent` accepts.
async fn start(
    f: &Fixture,
    community: &str,
    challenger: &str,
    opponent: &str,
    spec: ChallengeSpec,
) -> (i64, Outcome) {
    let out = run_at(
        f,
        &at(challenger, community),
        Command::Challenge {
            opponent: opponent.into(),
            spec,
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let out = run_at(
        f,
        &at(opponent, community),
        Command::Accept(MatchRef::id(id)),
    )
    .await;
    (id, out)
}

/// `loser` resigns at `level` and `winner` accepts: the outcome of the acceptance.
async fn resign(
    f: &Fixture,
    community: &str,
    id: i64,
    loser: &str,
    winner: &str,
    level: ResignLevel,
) -> Outcome {
    let m = MatchRef::id(id);
    run_at(f, &at(loser, community), Command::Resign(m, level)).await;
    run_at(f, &at(winner, community), Command::AcceptResign(m)).await
}

/// Plays on (first legal play, doubling whenever allowed, always taking) until the cube
/// has been turned twice and taken (it stands at 4).
async fn double_twice(f: &Fixture, id: i64, mut out: Outcome) {
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
            Command::Move(m, moves[0].clone())
        } else if what == "roll or double" {
            Command::Double(m)
        } else if what.starts_with("take") {
            takes += 1;
            Command::Take(m)
        } else if what.starts_with("roll") {
            Command::Roll(m)
        } else {
            panic!("unexpected decision `{what}`");
        };
        out = run(f, &next.name, cmd).await;
    }
    panic!("the cube was not turned twice");
}

async fn community_id(f: &Fixture, community: &str) -> i64 {
    f.store
        .find_community("local", community)
        .await
        .unwrap()
        .unwrap()
}

async fn player_id(f: &Fixture, name: &str) -> i64 {
    f.store
        .find_player("local", name)
        .await
        .unwrap()
        .unwrap()
        .id
}

/// Sets a player's standing in the standard pool of the `local` community directly in the
/// database (a veteran takes hundreds of matches to make).
async fn plant_rating(f: &Fixture, name: &str, value: f64, experience: i64) {
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

fn has_line(out: &Outcome, line: &str) -> bool {
    out.lines.iter().any(|l| l == line)
}

async fn rating_lines(f: &Fixture, who: &Actor, player: Option<&str>, welsh: bool) -> Vec<String> {
    run_at(
        f,
        who,
        Command::Rating {
            player: player.map(str::to_string),
            ruleset: Some(if welsh {
                engine::Ruleset::Welsh
            } else {
                engine::Ruleset::Standard
            }),
        },
    )
    .await
    .lines
}

#[tokio::test]
async fn worked_example_two_veterans_at_1500_in_a_7_point_match_move_5_29_each_way() {
    // Given alice and bob at 1500 with K = 1 (experience 400 and 1000)
    let f = open("rating_worked", 3).await;
    let out = run(
        &f,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(7)),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    plant_rating(&f, "alice", 1500.0, 400).await;
    plant_rating(&f, "bob", 1500.0, 1000).await;
    let out = run(&f, "bob", Command::Accept(MatchRef::id(id))).await;
    // When the cube reaches 4 and bob resigns a gammon (8 points: the match)
    double_twice(&f, id, out).await;
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Gammon).await;
    // Then the outcome says both changes
    assert!(
        has_line(&out, "alice 1500.00 -> 1505.29 (+5.29)"),
        "{:?}",
        out.lines
    );
    assert!(
        has_line(&out, "bob 1500.00 -> 1494.71 (-5.29)"),
        "{:?}",
        out.lines
    );
    // And /rating reads them back, first line exactly as scripts expect
    let lines = rating_lines(&f, &Actor::local("bob"), Some("alice"), false).await;
    assert_eq!(
        lines[0],
        "Rating for alice (standard): 1505.29, experience 407"
    );
    assert_eq!(
        lines[1],
        "Rank 1 of 2 in local chat; rated matches won 1, lost 0"
    );
    assert!(
        lines.iter().any(|l| l.contains(&format!(
            "match #{id}, won against bob (7 points, bob resigned)"
        )) && l.ends_with("1500.00 -> 1505.29 (+5.29)")),
        "{lines:?}"
    );
    let lines = rating_lines(&f, &Actor::local("bob"), None, false).await;
    assert_eq!(
        lines[0],
        "Rating for bob (standard): 1494.71, experience 1007"
    );
}

#[tokio::test]
async fn an_upset_moves_the_underdog_more_than_a_favourites_win_would() {
    // Given alice at 1400 and bob at 1600, both veterans
    let f = open("rating_upset", 5).await;
    let out = run(
        &f,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    plant_rating(&f, "alice", 1400.0, 500).await;
    plant_rating(&f, "bob", 1600.0, 500).await;
    run(&f, "bob", Command::Accept(MatchRef::id(id))).await;
    // When the underdog wins the 3-point match (bob resigns a backgammon: 3 points)
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Backgammon).await;
    // Then the change is 4 * sqrt(3) * (1 - P_upset), P_upset = 1 / (10^(200 sqrt 3 / 2000) + 1)
    let p_upset = 1.0 / (10f64.powf(200.0 * 3f64.sqrt() / 2000.0) + 1.0);
    assert!((p_upset - upset_probability(200.0, 3)).abs() < 1e-12);
    let gain = 4.0 * 3f64.sqrt() * (1.0 - p_upset);
    assert_eq!(format_change(gain), "+4.15");
    assert!(
        has_line(&out, "alice 1400.00 -> 1404.15 (+4.15)"),
        "{:?}",
        out.lines
    );
    assert!(
        has_line(&out, "bob 1600.00 -> 1595.85 (-4.15)"),
        "{:?}",
        out.lines
    );
    // Had the favourite won, he would have gained only 4 * sqrt(3) * P_upset = 2.78
    assert_eq!(format_change(4.0 * 3f64.sqrt() * p_upset), "+2.78");
}

#[tokio::test]
async fn a_newcomer_with_k_5_gains_five_times_what_a_veteran_with_k_1_loses() {
    // Given bob a veteran at 1500 (experience 400) and alice new
    let f = open("rating_newcomer", 7).await;
    let out = run(
        &f,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    plant_rating(&f, "bob", 1500.0, 400).await;
    run(&f, "bob", Command::Accept(MatchRef::id(id))).await;
    // When alice wins the 3-point match
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Backgammon).await;
    // Then she gains 4 * 5 * sqrt(3) / 2 = 17.32 and he loses 4 * 1 * sqrt(3) / 2 = 3.46
    assert!(
        has_line(&out, "alice 1500.00 -> 1517.32 (+17.32)"),
        "{:?}",
        out.lines
    );
    assert!(
        has_line(&out, "bob 1500.00 -> 1496.54 (-3.46)"),
        "{:?}",
        out.lines
    );
    let lines = rating_lines(&f, &Actor::local("alice"), None, false).await;
    assert_eq!(
        lines[0],
        "Rating for alice (standard): 1517.32, experience 3"
    );
}

#[tokio::test]
async fn a_time_out_is_rated_as_a_loss_for_the_player_out_of_time_and_marked_forfeit() {
    // Given a 5-point match between newcomers
    let f = open("rating_forfeit", 4).await;
    let (id, out) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(5)),
    )
    .await;
    let late = out.next.unwrap().name;
    let winner = if late == "alice" { "bob" } else { "alice" };
    // When the player to act lets the deadline pass (2 days + 5 days bank)
    f.clock.advance(7 * DAY + 1);
    let notices = f.club.sweep().await.unwrap();
    // Then both are told the result with both changes: K = 5, n = 5, P = 1/2: 22.36
    let text = &notices[0].text;
    assert!(text.contains("ran out of time"), "{text}");
    assert!(
        text.contains(&format!("{winner} 1500.00 -> 1522.36 (+22.36)")),
        "{text}"
    );
    assert!(
        text.contains(&format!("{late} 1500.00 -> 1477.64 (-22.36)")),
        "{text}"
    );
    // And the history marks the forfeit for both
    let lines = rating_lines(&f, &Actor::local(&late), None, false).await;
    assert_eq!(
        lines[0],
        format!("Rating for {late} (standard): 1477.64, experience 5")
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("match #{id}, lost to {winner}"))
                && l.contains("forfeit: out of time")),
        "{lines:?}"
    );
    let lines = rating_lines(&f, &Actor::local(winner), None, false).await;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("forfeit: opponent out of time")),
        "{lines:?}"
    );
    let changes = f
        .store
        .rating_changes(
            community_id(&f, "local").await,
            engine::Ruleset::Standard,
            player_id(&f, &late).await,
            10,
        )
        .await
        .unwrap();
    assert!(changes[0].forfeit && !changes[0].won);
}

#[tokio::test]
async fn a_welsh_match_is_rated_in_its_own_pool_at_its_effective_length() {
    // Given a Welsh match to 25 games on the live clock
    let f = open("rating_welsh", 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = TimeControl::welsh_live();
    let (_, out) = start(&f, "local", "alice", "bob", spec).await;
    let late = out.next.unwrap().name;
    let winner = if late == "alice" { "bob" } else { "alice" };
    // When the caller's clock runs out (rule 12a)
    f.clock.advance(71 * 60);
    let notices = f.club.sweep().await.unwrap();
    // Then it is rated as a 7-point match between newcomers: 4 * 5 * sqrt(7) / 2 = 26.46
    assert!(
        notices[0]
            .text
            .contains(&format!("{winner} 1500.00 -> 1526.46 (+26.46)")),
        "{}",
        notices[0].text
    );
    let lines = rating_lines(&f, &Actor::local(winner), None, true).await;
    assert_eq!(
        lines[0],
        format!("Rating for {winner} (welsh): 1526.46, experience 7")
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(rated as 7 points, forfeit")),
        "{lines:?}"
    );
    // And the standard pool is untouched
    let lines = rating_lines(&f, &Actor::local(winner), None, false).await;
    assert_eq!(
        lines[0],
        format!("Rating for {winner} (standard): 1500.00, experience 0")
    );
}

#[tokio::test]
async fn a_rated_off_challenge_leaves_the_ratings_alone() {
    let f = open("rating_unrated", 2).await;
    let spec = ChallengeSpec {
        rated: false,
        ..ChallengeSpec::standard(Some(1))
    };
    let out = run(
        &f,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec,
        },
    )
    .await;
    assert!(out.lines[0].ends_with(", unrated"), "{:?}", out.lines);
    let id = out.match_id.unwrap();
    run(&f, "bob", Command::Accept(MatchRef::id(id))).await;
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    assert!(
        out.lines.iter().any(|l| l.contains("won the match")),
        "{:?}",
        out.lines
    );
    assert!(
        !out.lines.iter().any(|l| l.contains(" -> ")),
        "{:?}",
        out.lines
    );
    let lines = rating_lines(&f, &Actor::local("alice"), None, false).await;
    assert_eq!(
        lines[0],
        "Rating for alice (standard): 1500.00, experience 0"
    );
    assert!(lines[1].starts_with("No rated standard match"), "{lines:?}");
    // The same terms rated (the default) do move them
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    let out = resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    assert!(
        has_line(&out, "alice 1500.00 -> 1510.00 (+10.00)"),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn a_money_session_is_never_rated() {
    // Given money play, ended by a time-out (the only way a session ends with a winner)
    let f = open("rating_money", 2).await;
    let (id, _) = start(&f, "local", "alice", "bob", ChallengeSpec::standard(None)).await;
    f.clock.advance(7 * DAY + 1);
    let notices = f.club.sweep().await.unwrap();
    assert!(notices[0].text.contains("ran out of time"), "{notices:?}");
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    assert!(!notices[0].text.contains(" -> "), "{}", notices[0].text);
    let board = run(&f, "alice", Command::Leaderboard { ruleset: None }).await;
    assert!(
        board.lines.iter().any(|l| l == "No rated matches yet."),
        "{:?}",
        board.lines
    );
}

#[tokio::test]
async fn two_servers_keep_their_ratings_apart() {
    let f = open("rating_servers", 6).await;
    // alice beats bob on server one
    let (id, _) = start(&f, "one", "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    let out = resign(&f, "one", id, "bob", "alice", ResignLevel::Single).await;
    assert!(
        has_line(&out, "alice 1500.00 -> 1510.00 (+10.00)"),
        "{:?}",
        out.lines
    );
    // and loses to him on server two
    let (id, _) = start(&f, "two", "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    let out = resign(&f, "two", id, "alice", "bob", ResignLevel::Single).await;
    assert!(
        has_line(&out, "alice 1500.00 -> 1490.00 (-10.00)"),
        "{:?}",
        out.lines
    );
    let one = rating_lines(&f, &at("carl", "one"), Some("alice"), false).await;
    assert_eq!(one[0], "Rating for alice (standard): 1510.00, experience 1");
    let two = rating_lines(&f, &at("carl", "two"), Some("alice"), false).await;
    assert_eq!(two[0], "Rating for alice (standard): 1490.00, experience 1");
    // A third server has seen nothing
    let three = rating_lines(&f, &at("carl", "three"), Some("alice"), false).await;
    assert_eq!(
        three[0],
        "Rating for alice (standard): 1500.00, experience 0"
    );
    let board = run_at(
        &f,
        &at("carl", "two"),
        Command::Leaderboard { ruleset: None },
    )
    .await;
    assert_eq!(board.lines[0], "server two: Standard ratings");
    assert!(board.lines[2].contains("bob") && board.lines[2].contains("1510.00"));
    assert!(board.lines[3].contains("alice") && board.lines[3].contains("1490.00"));
    let Some(Chart::Leaderboard(table)) = board.chart else {
        panic!("no leaderboard table");
    };
    assert_eq!(table.rows.len(), 2);
}

#[tokio::test]
async fn the_leaderboard_leaves_out_players_below_the_minimum_experience() {
    let path = store_url("rating_min_exp").await;
    let store = Store::open(&path).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(1)),
        Arc::new(ManualClock::new(START)),
    )
    .with_leaderboard_min_experience(2);
    let f = Fixture {
        club: Arc::new(club),
        clock: Arc::new(ManualClock::new(START)),
        store,
        path,
    };
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "carl",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    resign(&f, "local", id, "carl", "alice", ResignLevel::Single).await;
    let board = run(&f, "bob", Command::Leaderboard { ruleset: None }).await;
    let Some(Chart::Leaderboard(table)) = &board.chart else {
        panic!("no leaderboard table");
    };
    let names: Vec<&str> = table.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["alice"], "{:?}", board.lines);
    assert!(
        board
            .lines
            .iter()
            .any(|l| l.contains("experience 2 or more"))
    );
}

/// Every row of the rating tables, with the values as stored (full precision).
async fn rating_tables(path: &str) -> (Vec<String>, Vec<(i64, f64, f64, f64)>) {
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

#[tokio::test]
async fn rebuilding_from_the_finished_matches_gives_the_stored_ratings_after_300_matches() {
    // Given 300 seeded matches among six players on two servers: 1- to 3-point matches
    // ended by resignation, some unrated, and now and then a batch of Welsh matches and
    // standard matches lost on time
    let f = open("rating_rebuild", 9).await;
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let mut rng = Rng::new(17);
    let mut finished = 0;
    let mut timed = Vec::new();
    while finished < 300 {
        let a = rng.below(names.len());
        let b = (a + 1 + rng.below(names.len() - 1)) % names.len();
        let community = if rng.chance(25) { "two" } else { "local" };
        if rng.chance(4) {
            // Left to time out at the next batch
            let spec = if rng.chance(50) {
                let mut s = ChallengeSpec::welsh(13 + 12 * u32::from(rng.chance(50)));
                s.time = TimeControl::welsh_live();
                s
            } else {
                ChallengeSpec::standard(Some(5))
            };
            let (id, _) = start(&f, community, names[a], names[b], spec).await;
            timed.push(id);
            finished += 1;
            continue;
        }
        let length = 1 + u32::try_from(rng.below(3)).unwrap();
        let mut spec = ChallengeSpec::standard(Some(length));
        spec.rated = !rng.chance(10);
        let (id, _) = start(&f, community, names[a], names[b], spec).await;
        let level = match length {
            1 => ResignLevel::Single,
            2 => ResignLevel::Gammon,
            _ => ResignLevel::Backgammon,
        };
        resign(&f, community, id, names[b], names[a], level).await;
        finished += 1;
        if finished % 60 == 0 {
            f.clock.advance(8 * DAY);
            f.club.sweep().await.unwrap();
        }
    }
    f.clock.advance(8 * DAY);
    f.club.sweep().await.unwrap();
    for id in &timed {
        let row = f.store.load_match(*id).await.unwrap().unwrap();
        assert_eq!(row.status, "finished", "match #{id} timed out");
    }
    let stored = rating_tables(&f.path).await;
    assert!(stored.1.len() > 400, "{} rating changes", stored.1.len());
    let fingerprint = f.store.fingerprint().await.unwrap();
    // When every rating is rebuilt from the finished matches in order
    let done = f.store.rebuild_ratings().await.unwrap();
    // Then the tables are exactly as they were kept match by match
    assert_eq!(done.matches as usize * 2, stored.1.len());
    assert_eq!(done.ratings as usize, stored.0.len());
    assert_eq!(rating_tables(&f.path).await, stored);
    assert_eq!(f.store.fingerprint().await.unwrap(), fingerprint);
    // And so does the operator's command
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["ratings", "--rebuild", "--db", &f.path])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with(&format!(
            "rebuilt {} ratings from {} rated matches",
            done.ratings, done.matches
        )),
        "{said}"
    );
    assert_eq!(rating_tables(&f.path).await, stored);

    // The charts /rating and /leaderboard attach, written where they can be looked at
    let out = run(
        &f,
        "ann",
        Command::Rating {
            player: None,
            ruleset: None,
        },
    )
    .await;
    let Some(Chart::History(history)) = &out.chart else {
        panic!("no history chart");
    };
    assert!(history.ratings.len() > 20, "{}", history.ratings.len());
    let png = render::history_png(history).unwrap();
    let pictures = scratch("rating-pictures");
    std::fs::write(pictures.join("rating-history.png"), &png).unwrap();
    let board = run(&f, "ann", Command::Leaderboard { ruleset: None }).await;
    let Some(Chart::Leaderboard(table)) = &board.chart else {
        panic!("no leaderboard");
    };
    assert_eq!(table.rows.len(), names.len());
    let png = render::leaderboard_png(table).unwrap();
    std::fs::write(pictures.join("leaderboard.png"), &png).unwrap();
}

#[tokio::test]
async fn bad_input_is_refused_clearly_and_changes_nothing() {
    let f = open("rating_bad", 1).await;
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    let before = f.store.fingerprint().await.unwrap();
    // /rating of a player nobody has seen: refused, and no player is made up
    let e = f
        .club
        .execute(
            &Actor::local("alice"),
            Command::Rating {
                player: Some("zed".into()),
                ruleset: None,
            },
        )
        .await
        .unwrap_err();
    assert!(matches!(e, ClubError::Refused(_)), "{e}");
    assert!(e.to_string().contains("no player called `zed`"), "{e}");
    assert!(e.to_string().contains("/leaderboard"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    assert!(f.store.find_player("local", "zed").await.unwrap().is_none());
    // rules: nonsense, in /rating and /leaderboard
    for line in [
        "alice: /rating bob rules:chess",
        "alice: /leaderboard rules:chess",
    ] {
        let e = parse_line(line).unwrap_err();
        assert!(
            e.to_string()
                .contains("rules: standard or welsh, not `chess`"),
            "{line}: {e}"
        );
    }
    // rated:maybe
    let e = parse_line("alice: /challenge bob rated:maybe").unwrap_err();
    assert!(e.to_string().contains("rated: on"), "{e}");
    assert!(e.to_string().contains("off"), "{e}");
    assert!(e.to_string().contains("not `maybe`"), "{e}");
    // The well-formed lines read as they should
    assert_eq!(
        parse_line("alice: /challenge bob length:5 rated:off")
            .unwrap()
            .unwrap()
            .1,
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec {
                rated: false,
                ..ChallengeSpec::standard(Some(5))
            },
        }
    );
    assert_eq!(
        parse_line("carl: /rating alice rules:welsh")
            .unwrap()
            .unwrap()
            .1,
        Command::Rating {
            player: Some("alice".into()),
            ruleset: Some(engine::Ruleset::Welsh),
        }
    );
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}
