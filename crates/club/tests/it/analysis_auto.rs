//! Every finished match analysed by itself (issue 49): a match's end queues exactly one
//! automatic job, a server set to off queues none, `league` only league matches, the
//! queue outlives a restart, and automatic jobs count against no quota and run after the
//! jobs players asked for. No gnubg run here: the jobs are looked at, not run.

use std::sync::Arc;

use club::{
    AutoAnalysis, ChallengeSpec, Club, Command, Format, LeagueCommand, LeagueOp, Look, MatchOp,
    MatchRef, RngDice,
};
use clubkit::{Fixture, accepted, run};
use engine::ResignLevel;
use store::{AnalysisOrigin, AnalysisStatus, Store};
use testkit::{scratch, store_url};

/// A one-point match of `a` against `b` on `spec`'s terms, ended by a resignation
/// accepted: its id.
async fn finished(at: &Fixture, a: &str, b: &str, spec: ChallengeSpec) -> i64 {
    let (id, out) = accepted(at, a, b, spec).await;
    end_by_resigning(at, id.get(), &out.next.expect("someone acts").name, a, b).await;
    id.get()
}

/// `loser` (one of `a`, `b`) resigns match `id` and the other accepts.
async fn end_by_resigning(at: &Fixture, id: i64, loser: &str, a: &str, b: &str) {
    let m = MatchRef::id(id);
    let winner = if loser == a { b } else { a };
    run(
        at,
        loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(at, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    let row = at.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, store::MatchStatus::Finished, "match #{id}");
}

fn set(mode: AutoAnalysis) -> Command {
    Command::ServerAnalysis(Some(mode))
}

#[tokio::test]
async fn a_match_ending_queues_exactly_one_automatic_job() {
    // Given a rated one-point match played to its end
    let at = Fixture::seeded(&store_url("auto_one").await, 3).await;
    let id = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    // When the finished matches are looked at, twice
    let first = at.club.queue_finished_analyses().await.unwrap();
    let second = at.club.queue_finished_analyses().await.unwrap();
    // Then one job was queued, the first time only: automatic, its one game, the match's
    // channel, the default depth
    assert_eq!((first, second), (1, 0));
    let job = at.store.analysis_of(id, 1).await.unwrap().expect("a job");
    assert_eq!(job.status, AnalysisStatus::Queued);
    assert_eq!(job.origin, AnalysisOrigin::Automatic);
    assert_eq!(job.plies, 2);
    assert_eq!(job.channel, "local");
    // And it counts against neither player's /analyse quota
    for p in [job.requested_by] {
        assert_eq!(at.store.analyses_waiting_of(p).await.unwrap(), 0);
    }
}

#[tokio::test]
async fn a_server_set_to_off_queues_none_and_analyse_still_asks() {
    // Given a server that turned automatic analysis off
    let at = Fixture::seeded(&store_url("auto_off").await, 3).await;
    let out = run(&at, "alice", set(AutoAnalysis::Off)).await;
    assert!(
        out.lines[0].starts_with("No match here is analysed by itself"),
        "{:?}",
        out.lines
    );
    // When a rated match ends there and the finished matches are looked at
    let id = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    assert_eq!(at.club.queue_finished_analyses().await.unwrap(), 0);
    // Then no job was queued, and looking again finds the match no longer due
    assert_eq!(at.store.analysis_of(id, 1).await.unwrap(), None);
    assert!(at.store.matches_due_analysis(10).await.unwrap().is_empty());
    // And /analyse still queues one, asked for
    run(&at, "alice", Command::Analyse(MatchRef::id(id))).await;
    let job = at.store.analysis_of(id, 1).await.unwrap().expect("a job");
    assert_eq!(job.origin, AnalysisOrigin::Asked);
}

#[tokio::test]
async fn a_friendly_match_is_not_analysed_by_itself() {
    // Given an unrated match of two people, ended
    let at = Fixture::seeded(&store_url("auto_kinds").await, 5).await;
    let mut friendly = ChallengeSpec::standard(Some(1));
    friendly.rated = false;
    let f = finished(&at, "alice", "bob", friendly).await;
    // When the finished matches are looked at
    at.club.queue_finished_analyses().await.unwrap();
    // Then the friendly match has no job
    assert_eq!(at.store.analysis_of(f, 1).await.unwrap(), None);
}

#[tokio::test]
async fn league_mode_queues_only_league_matches() {
    // Given a server analysing league matches only, a league of three started
    let at = Fixture::seeded(&store_url("auto_league").await, 9).await;
    run(&at, "org", set(AutoAnalysis::League)).await;
    let league = |op| Command::League(LeagueCommand::local(Some("Evening"), op));
    run(
        &at,
        "org",
        league(LeagueOp::Create {
            name: "Evening".into(),
            format: Format::RoundRobin,
            spec: ChallengeSpec::standard(Some(1)),
        }),
    )
    .await;
    for p in ["ann", "ben", "cal"] {
        run(&at, p, league(LeagueOp::Join)).await;
    }
    run(&at, "org", league(LeagueOp::Start { order: None })).await;
    let lm = clubkit::match_of(&at, "Evening", "ann", "ben").await;
    // When the league match and a rated match outside the league end
    let board = run(&at, "ann", Command::Look(Look::Board(MatchRef::id(lm)))).await;
    let on_roll = board.next.map_or("ann".to_string(), |n| n.name);
    end_by_resigning(&at, lm, &on_roll, "ann", "ben").await;
    let other = finished(&at, "ann", "ben", ChallengeSpec::standard(Some(1))).await;
    // Then only the league match is queued
    assert_eq!(at.club.queue_finished_analyses().await.unwrap(), 1);
    assert!(at.store.analysis_of(lm, 1).await.unwrap().is_some());
    assert_eq!(at.store.analysis_of(other, 1).await.unwrap(), None);
}

#[tokio::test]
async fn a_restart_keeps_the_queue() {
    // Given a match ended on a SQLite file, the bot stopped before looking at it
    let path = scratch("auto_restart").join("club.db");
    let url = format!("sqlite://{}", path.display());
    let at = Fixture::seeded(&url, 4).await;
    let id = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    at.store.close().await;
    drop(at);
    // When the bot starts again and looks
    let store = Store::open(&url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(4)),
        Arc::new(club::SystemClock),
    );
    // Then the match is still due, and gets its one job
    assert_eq!(club.queue_finished_analyses().await.unwrap(), 1);
    store.close().await;
    // And after another restart the job is still queued, and nothing more is
    let store = Store::open(&url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(4)),
        Arc::new(club::SystemClock),
    );
    assert_eq!(club.queue_finished_analyses().await.unwrap(), 0);
    let job = store.analysis_of(id, 1).await.unwrap().expect("the job");
    assert_eq!(
        (job.status, job.origin),
        (AnalysisStatus::Queued, AnalysisOrigin::Automatic)
    );
}

#[tokio::test]
async fn automatic_jobs_run_after_the_ones_players_ask_for() {
    // Given an automatic job queued for a match that ended first
    let at = Fixture::seeded(&store_url("auto_order").await, 6).await;
    let early = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    at.club.queue_finished_analyses().await.unwrap();
    // And a later match, on a server set to off meanwhile, that carol asks about
    run(&at, "carol", set(AutoAnalysis::Off)).await;
    let late = finished(&at, "carol", "dave", ChallengeSpec::standard(Some(1))).await;
    at.club.queue_finished_analyses().await.unwrap();
    let out = run(&at, "carol", Command::Analyse(MatchRef::id(late))).await;
    // Then carol's job is first in the queue, and runs first
    assert!(
        out.lines[0].contains("position 1 in the queue"),
        "{:?}",
        out.lines
    );
    let auto = at.store.analysis_of(early, 1).await.unwrap().unwrap();
    assert_eq!(at.store.analyses_ahead(auto.id).await.unwrap(), 1);
    let claimed = at.store.claim_analysis(1).await.unwrap().unwrap();
    assert_eq!(claimed.match_id, late);
    let next = at.store.claim_analysis(2).await.unwrap().unwrap();
    assert_eq!(next.match_id, early);
}

#[tokio::test]
async fn analyse_makes_a_waiting_automatic_job_the_askers() {
    // Given an automatic job queued for alice's match
    let at = Fixture::seeded(&store_url("auto_promote").await, 8).await;
    let id = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    at.club.queue_finished_analyses().await.unwrap();
    // When bob asks for its analysis
    let out = run(&at, "bob", Command::Analyse(MatchRef::id(id))).await;
    // Then the same job is now his, asked for, and counts against his quota
    assert!(out.lines[0].contains("is queued"), "{:?}", out.lines);
    let job = at.store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!(job.origin, AnalysisOrigin::Asked);
    assert_eq!(
        at.store
            .analyses_waiting_of(job.requested_by)
            .await
            .unwrap(),
        1
    );
}

/// Figures, not a check (run by hand: `cargo test -p gammonbot-club --test it
/// analysis_auto -- --ignored --nocapture`): five 5-point matches played to their end
/// with pseudo-random legal plays and no cube, analysed one after the other at the
/// default depth (`ANALYSIS_PLIES` 2, one gnubg thread, one worker) as the worker runs
/// automatic jobs; the throughput in matches an hour, and the delay of a league's 32
/// matches ending in one evening worked out from it.
#[tokio::test]
#[ignore = "a measurement: minutes of gnubg at 2 plies"]
async fn throughput_of_automatic_analysis_at_the_default_depth() {
    let at = Fixture::seeded(&store_url("auto_throughput").await, 17).await;
    let club = Arc::new(
        Club::new(
            at.store.clone(),
            Arc::new(RngDice::seeded(17)),
            at.clock.clone(),
        )
        .with_analysis(club::AnalysisSettings {
            work_dir: scratch("auto_throughput-work"),
            ..club::AnalysisSettings::default()
        }),
    );
    let mut rng = testkit::Rng::new(5);
    for i in 0..5 {
        let (a, b) = (format!("p{i}a"), format!("p{i}b"));
        let spec = ChallengeSpec::standard(Some(5));
        let challenge = Command::Challenge(club::ChallengeOp::New {
            opponent: b.clone(),
            spec,
        });
        let id = club
            .execute(&club::Actor::local(&a), challenge)
            .await
            .unwrap()
            .match_id
            .unwrap();
        let mut out = club
            .execute(
                &club::Actor::local(&b),
                Command::Challenge(club::ChallengeOp::Accept(MatchRef::id(id))),
            )
            .await
            .unwrap();
        while let Some(up) = out.next.clone() {
            let cmd = clubkit::load::answer(&club, &up, rng.next_u64() as usize).await;
            out = club
                .execute(&club::Actor::local(&up.name), cmd)
                .await
                .unwrap();
        }
    }
    assert_eq!(club.queue_finished_analyses().await.unwrap(), 5);
    let started = std::time::Instant::now();
    let (mut games, mut each) = (0, Vec::new());
    while let Some(report) = {
        let t = std::time::Instant::now();
        let r = club.run_next_analysis().await.unwrap();
        each.push(t.elapsed().as_secs_f64());
        r
    } {
        assert!(!report.failed, "{:?}", report.lines);
        let job = at.store.analysis(report.job).await.unwrap().unwrap();
        games += job.games;
    }
    let seconds = started.elapsed().as_secs_f64();
    let per_hour = 5.0 * 3600.0 / seconds;
    let per_match = seconds / 5.0;
    println!(
        "5 matches ({games} games) analysed in {seconds:.1} s at 2 plies: {per_match:.1} s a \
         match, {:.1} s a game, {per_hour:.1} matches an hour; each: {each:.1?}",
        seconds / games as f64
    );
    println!(
        "a league's 32 matches ending at once: the last verdict after {:.1} min (one \
         worker), the median after {:.1} min",
        32.0 * per_match / 60.0,
        16.0 * per_match / 60.0
    );
}

#[tokio::test]
async fn a_money_session_is_analysed_when_it_stops_over_its_finished_games() {
    // Given a money session whose first game ended by a resignation
    let at = Fixture::seeded(&store_url("auto_money").await, 2).await;
    let (id, out) = accepted(&at, "alice", "bob", ChallengeSpec::standard(None)).await;
    let m = MatchRef::id(id);
    let mut next = out.next.expect("someone acts");
    if next.what.starts_with("roll") {
        // The opening roll first: a game begins with it
        let rolled = run(&at, &next.name, Command::Match(m, MatchOp::Roll)).await;
        next = rolled.next.expect("someone acts");
    }
    let loser = next.name;
    let winner = if loser == "alice" { "bob" } else { "alice" };
    run(
        &at,
        &loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(&at, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    // While it goes on nothing is queued
    assert_eq!(at.club.queue_finished_analyses().await.unwrap(), 0);
    // When it stops
    run(&at, "bob", Command::Match(m, MatchOp::Stop)).await;
    // Then its one finished game is queued, once
    assert_eq!(at.club.queue_finished_analyses().await.unwrap(), 1);
    let job = at
        .store
        .analysis_of(id.get(), 1)
        .await
        .unwrap()
        .expect("a job");
    assert_eq!(job.origin, AnalysisOrigin::Automatic);
    // And a session stopped before any game has nothing to analyse
    let (empty, _) = accepted(&at, "carol", "dave", ChallengeSpec::standard(None)).await;
    run(
        &at,
        "carol",
        Command::Match(MatchRef::id(empty), MatchOp::Stop),
    )
    .await;
    assert_eq!(at.club.queue_finished_analyses().await.unwrap(), 0);
    assert!(at.store.matches_due_analysis(10).await.unwrap().is_empty());
}

#[tokio::test]
async fn at_her_quota_analyse_leaves_an_automatic_job_in_its_place_and_says_where() {
    // Given alice with her two analyses asked for waiting (the server off meanwhile)
    let at = Fixture::seeded(&store_url("auto_quota").await, 10).await;
    run(&at, "alice", set(AutoAnalysis::Off)).await;
    for _ in 0..2 {
        let id = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
        run(&at, "alice", Command::Analyse(MatchRef::id(id))).await;
    }
    at.club.queue_finished_analyses().await.unwrap();
    // And a third match, ended with the server back on auto, queued by itself
    run(&at, "alice", set(AutoAnalysis::Auto)).await;
    let third = finished(&at, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    assert_eq!(at.club.queue_finished_analyses().await.unwrap(), 1);
    // When alice asks for the third
    let out = run(&at, "alice", Command::Analyse(MatchRef::id(third))).await;
    // Then she is told where it stands, not refused, and it stays automatic
    assert!(
        out.lines[0].contains("queued by itself (position 3 in the queue)"),
        "{:?}",
        out.lines
    );
    let job = at.store.analysis_of(third, 1).await.unwrap().unwrap();
    assert_eq!(job.origin, AnalysisOrigin::Automatic);
}
