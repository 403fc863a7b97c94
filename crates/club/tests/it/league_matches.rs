//! A league's matches are matches like any other: inserted the one way every match is
//! (provably fair dice committed before the first throw), their whole story in their own
//! action log (an organiser's ruling too), and a knockout seeded by rating.

use std::path::PathBuf;
use std::process::Command as Process;
use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, FairOp, FairRef, Format, LeagueCommand,
    LeagueOp, Look, ManualClock, MatchOp, MatchRef, Outcome, RngDice,
};
use store::{MatchStatus, Store};

use clubkit::{assert_match_rebuilds, refused, run};
use testkit::{scratch, store_url};

const START: i64 = 1_800_000_000;
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/verify_dice.py");

async fn open(url: &str, dice: RngDice) -> (Arc<Club>, Store) {
    let store = Store::open(url).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(dice),
        Arc::new(ManualClock::new(START)),
    ));
    (club, store)
}

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

/// A league `name` of `format` created by `org` with `players` joined.
async fn league_of(club: &Club, name: &str, format: Format, spec: ChallengeSpec, players: &[&str]) {
    run(
        club,
        "org",
        league(
            name,
            LeagueOp::Create {
                name: name.into(),
                format,
                spec,
            },
        ),
    )
    .await;
    for p in players {
        run(club, p, league(name, LeagueOp::Join)).await;
    }
}

/// The match numbers a start announces ("Match #12: a v b ...").
fn started_ids(out: &Outcome) -> Vec<i64> {
    out.lines
        .iter()
        .filter_map(|l| l.strip_prefix("Match #"))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect()
}

/// The two players' names of match `id`.
async fn names_of(store: &Store, id: i64) -> [String; 2] {
    let row = store.load_match(id).await.unwrap().unwrap();
    [
        store
            .player_by_id(row.players[0])
            .await
            .unwrap()
            .display_name,
        store
            .player_by_id(row.players[1])
            .await
            .unwrap()
            .display_name,
    ]
}

fn verify_path(path: &PathBuf) -> (bool, String) {
    let out = Process::new("python3")
        .arg(SCRIPT)
        .arg(path)
        .output()
        .expect("python3 runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[tokio::test]
async fn a_league_match_gets_fair_dice_whose_throws_verify() {
    // Given a round robin of three on fair dice
    let (club, store) = open(&store_url("league_fair").await, RngDice::fair_seeded(7)).await;
    league_of(
        &club,
        "Fair",
        Format::RoundRobin,
        ChallengeSpec::standard(Some(3)),
        &["ann", "ben", "cat"],
    )
    .await;
    // When the organiser starts it
    let out = run(
        &club,
        "org",
        league("Fair", LeagueOp::Start { order: None }),
    )
    .await;
    let ids = started_ids(&out);
    assert_eq!(ids.len(), 3, "{:?}", out.lines);
    for id in ids {
        let [x, o] = names_of(&store, id).await;
        // Then each match is active, accepted like a challenge, its anchor announced, and
        // no throw made: the first waits for a player, who may set a seed until then
        let row = store.load_match(id).await.unwrap().unwrap();
        assert_eq!(row.status, MatchStatus::Active);
        assert_eq!(row.expires_at, None);
        let chain = store.load_fair(&id.to_string()).await.unwrap().unwrap();
        assert!(
            out.lines
                .iter()
                .any(|l| l.starts_with(&format!("Match #{id}:"))
                    && l.contains(&chain.chains[0].anchor)),
            "{:?}",
            out.lines
        );
        assert!(store.fair_throws(&id.to_string()).await.unwrap().is_empty());
        let m = MatchRef::id(id);
        run(
            &club,
            &o,
            Command::Fair(FairRef::Match(m), FairOp::Seed(format!("{o}'s seed"))),
        )
        .await;
        // And /fair shows its anchor and, once a player rolls, the opening throw with its s_k
        run(&club, &x, Command::Match(m, MatchOp::Roll)).await;
        let shown = run(&club, &x, Command::Fair(FairRef::Match(m), FairOp::Show))
            .await
            .lines
            .join("\n");
        assert!(shown.contains(&chain.chains[0].anchor), "{shown}");
        assert!(shown.contains(&format!("`{o}'s seed`")), "{shown}");
        let throws = store.fair_throws(&id.to_string()).await.unwrap();
        assert!(!throws.is_empty(), "match #{id}: no throw after the roll");
        assert!(shown.contains(&throws[0].s), "{shown}");
        // And after a few moves its export verifies with the independent checker
        for _ in 0..6 {
            let out = run(&club, &x, Command::Look(Look::Board(m))).await;
            let Some(next) = out.next else { break };
            let cmd = if next.what.starts_with("move") {
                let moves = club
                    .legal_moves(&Actor::local(&next.name), m)
                    .await
                    .unwrap();
                Command::Match(m, MatchOp::Move(moves[0].clone()))
            } else if next.what.starts_with("roll") {
                Command::Match(m, MatchOp::Roll)
            } else {
                break;
            };
            run(&club, &next.name, cmd).await;
        }
        let file = run(&club, &o, Command::Fair(FairRef::Match(m), FairOp::Export))
            .await
            .attachment
            .unwrap();
        let path = scratch(&format!("league_fair_{id}")).join(&file.name);
        std::fs::write(&path, &file.text).unwrap();
        let (ok, text) = verify_path(&path);
        assert!(ok, "match #{id}: {text}");
        assert_match_rebuilds(&store, id).await;
        // And the seeds were fixed by the first throw, as in a challenge
        let e = refused(
            &club,
            &o,
            Command::Fair(FairRef::Match(m), FairOp::Seed("late".into())),
        )
        .await;
        assert!(e.to_string().contains("fixed"), "{e}");
    }
}

#[tokio::test]
async fn a_ruled_league_match_rebuilds_from_its_log_as_finished() {
    use club::{Entry, rebuild};
    // Given a round robin of four under way
    let (club, store) = open(&store_url("league_ruled").await, RngDice::seeded(3)).await;
    league_of(
        &club,
        "Rules",
        Format::RoundRobin,
        ChallengeSpec::standard(Some(3)),
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let out = run(
        &club,
        "org",
        league("Rules", LeagueOp::Start { order: None }),
    )
    .await;
    let ids = started_ids(&out);
    assert_eq!(ids.len(), 6, "{:?}", out.lines);
    // When the organiser adjudicates one match and awards another by forfeit
    let [a, b] = names_of(&store, ids[0]).await;
    run(
        &club,
        "org",
        league(
            "Rules",
            LeagueOp::Result {
                match_id: ids[0],
                winner: b.clone(),
                reason: "ahead 2-0 at the deadline".into(),
            },
        ),
    )
    .await;
    let [c, _] = names_of(&store, ids[1]).await;
    run(
        &club,
        "org",
        league(
            "Rules",
            LeagueOp::Forfeit {
                match_id: ids[1],
                loser: c.clone(),
                reason: "no reply for a week".into(),
            },
        ),
    )
    .await;
    // Then each match's own log ends with the ruling, and folding the log alone gives the
    // finished match with its winner, equal to what is stored
    for (id, forfeit, reason) in [
        (ids[0], false, "ahead 2-0 at the deadline"),
        (ids[1], true, "no reply for a week"),
    ] {
        let log = clubkit::match_log(&store, id).await;
        assert!(
            matches!(log.last(), Some(Entry::Ruling { forfeit: f, reason: r, .. }) if *f == forfeit && r == reason),
            "match #{id}: {:?}",
            log.last()
        );
        let names = names_of(&store, id).await;
        let (status, snap) = rebuild(&log, &names).unwrap();
        assert_eq!(status, MatchStatus::Finished, "match #{id}");
        let row = store.load_match(id).await.unwrap().unwrap();
        let (w, text) = snap.unwrap().result(&names).unwrap();
        assert_eq!(Some(row.players[w.index()]), row.winner, "match #{id}");
        assert_eq!(row.result.as_deref(), Some(text.as_str()));
        assert!(text.contains(reason), "{text}");
        assert_match_rebuilds(&store, id).await;
    }
    assert!(
        store
            .load_match(ids[0])
            .await
            .unwrap()
            .unwrap()
            .result
            .unwrap()
            .starts_with(&format!("{b} won by the organiser's adjudication")),
        "{a} v {b}"
    );
    // And a withdrawal's forfeits are rulings in their matches' logs too
    let out = run(&club, "dan", league("Rules", LeagueOp::Withdraw)).await;
    assert!(out.lines[0].contains("forfeited"), "{:?}", out.lines);
    for id in &ids {
        let row = store.load_match(*id).await.unwrap().unwrap();
        if names_of(&store, *id).await.contains(&"dan".to_string()) {
            assert_ne!(row.status, MatchStatus::Active, "match #{id} still active");
        }
        assert_match_rebuilds(&store, *id).await;
    }
    // And a ruled match cannot be ruled again
    let e = refused(
        &club,
        "org",
        league(
            "Rules",
            LeagueOp::Result {
                match_id: ids[0],
                winner: a.clone(),
                reason: "changed my mind".into(),
            },
        ),
    )
    .await;
    assert!(e.to_string().contains("already decided"), "{e}");
}

/// A rated 1-point match that `winner` wins by `loser`'s resignation.
async fn beat(club: &Club, winner: &str, loser: &str) {
    use engine::ResignLevel;
    let out = run(
        club,
        winner,
        Command::Challenge(ChallengeOp::New {
            opponent: loser.into(),
            spec: ChallengeSpec::standard(Some(1)),
        }),
    )
    .await;
    let m = MatchRef::id(out.match_id.unwrap());
    let mut out = run(club, loser, Command::Challenge(ChallengeOp::Accept(m))).await;
    // The loser resigns when it is his turn (the winner plays on until it is).
    for _ in 0..20 {
        let next = out.next.clone().expect("someone acts");
        if next.name == loser {
            break;
        }
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&Actor::local(winner), m).await.unwrap();
            Command::Match(m, MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(club, winner, cmd).await;
    }
    run(
        club,
        loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(club, winner, Command::Match(m, MatchOp::AcceptResign)).await;
}

#[tokio::test]
async fn a_knockout_seeded_by_rating_gives_the_top_seeds_and_the_byes_to_the_highest_rated() {
    // Given six players rated in this order by their results: fay beat everyone, eve all
    // but fay, and so on down to al, who beat nobody
    let (club, store) = open(&store_url("league_rated_seeds").await, RngDice::seeded(11)).await;
    let players = ["al", "bo", "cal", "dee", "eve", "fay"];
    for (i, w) in players.iter().enumerate() {
        for l in &players[..i] {
            beat(&club, w, l).await;
        }
    }
    let community = store.load_match(1).await.unwrap().unwrap().community_id;
    let ratings: Vec<f64> = {
        let mut v = Vec::new();
        for p in players {
            let id = store.find_player("local", p).await.unwrap().unwrap().id;
            let pool = store
                .pool_ratings(community, engine::Ruleset::Standard)
                .await
                .unwrap();
            v.push(*pool.get(&id).unwrap_or_else(|| panic!("{p} has no rating")));
        }
        v
    };
    assert!(
        ratings.windows(2).all(|w| w[0] < w[1]),
        "ratings rise from al to fay: {ratings:?}"
    );
    // And a knockout they joined lowest rated first, seeded by rating
    league_of(
        &club,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &players,
    )
    .await;
    run(
        &club,
        "org",
        league(
            "Cup",
            LeagueOp::Set {
                key: "seeding".into(),
                value: "rating".into(),
            },
        ),
    )
    .await;
    // When it starts
    run(&club, "org", league("Cup", LeagueOp::Start { order: None })).await;
    // Then the two byes of a field of six go to fay and eve (seeds 1 and 2), and round 1
    // pairs seed 3 with 6 (dee v al) and 4 with 5 (cal v bo)
    let lines = club
        .league_bracket(&Actor::local("al"), Some("Cup"))
        .await
        .unwrap();
    let first: Vec<_> = lines.iter().filter(|l| l.round == 1).collect();
    let mut byes: Vec<&str> = first
        .iter()
        .filter(|l| l.status == "bye")
        .filter_map(|l| l.winner.as_deref())
        .collect();
    byes.sort_unstable();
    assert_eq!(byes, ["eve", "fay"], "{first:?}");
    let mut pairs: Vec<Vec<&str>> = first
        .iter()
        .filter(|l| l.status == "playing")
        .map(|l| {
            let mut p: Vec<&str> = l.names.iter().flatten().map(String::as_str).collect();
            p.sort_unstable();
            p
        })
        .collect();
    pairs.sort();
    assert_eq!(pairs, [vec!["al", "dee"], vec!["bo", "cal"]], "{first:?}");
    // And a seeding the league does not know is refused with the ones it does
    let e = refused(
        &club,
        "org",
        league(
            "Cup",
            LeagueOp::Set {
                key: "seeding".into(),
                value: "elo".into(),
            },
        ),
    )
    .await;
    assert!(
        e.to_string().contains("cannot change") || e.to_string().contains("rating"),
        "{e}"
    );
}
