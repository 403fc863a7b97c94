//! `/analyse` and `/stats` on real SQLite files and the real GNU Backgammon at 0 ply: the
//! figures equal what gnubg itself prints for the same `.mat` (differential), the worst
//! decisions are decisions of the match and their pictures decode, the job queue (one job
//! for two requests, a job interrupted by a restart completes, the time limit), and the
//! refusals (gnubg missing, a Welsh match under way, chouettes).

use std::collections::HashSet;
use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use club::AnalysisRefusal;
use club::Refusal;
use club::{
    Actor, AnalysisEvent, AnalysisSettings, ChallengeOp, ChallengeSpec, Chart, Club, ClubError,
    Command, Entry, Look, MAX_ATTEMPTS, MatchOp, MatchRef, Review, RngDice, SystemClock,
};
use engine::{Event, Match, MatchRules, Side, format_play, position_id};
use gammonbot::console::parse_line;
use store::{AnalysisStatus, Store};

use clubkit::{match_log, run};
use testkit::{Rng, gnubg, scratch, store_url};

fn settings(name: &str) -> AnalysisSettings {
    AnalysisSettings {
        plies: 0,
        work_dir: scratch(&format!("{name}-work")),
        ..AnalysisSettings::default()
    }
}

async fn club_on(store: &Store, settings: AnalysisSettings) -> Arc<Club> {
    Arc::new(
        Club::new(
            store.clone(),
            Arc::new(RngDice::seeded(7)),
            Arc::new(SystemClock),
        )
        .with_analysis(settings),
    )
}

fn line(text: &str) -> (String, Command) {
    parse_line(text).unwrap().unwrap()
}

/// A seeded match of `length` points between ann and bob, played to its end: random legal
/// plays, a double now and then, mostly taken.
async fn play_match(club: &Club, length: u32, seed: u64) -> i64 {
    play_match_on(club, ChallengeSpec::standard(Some(length)), seed).await
}

/// [`play_match`] on the terms `spec`.
async fn play_match_on(club: &Club, spec: ChallengeSpec, seed: u64) -> i64 {
    let out = run(
        club,
        "ann",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let m = MatchRef::id(id);
    let mut out = run(club, "bob", Command::Challenge(ChallengeOp::Accept(m))).await;
    let mut rng = Rng::new(seed);
    let mut doubles = 0;
    for _ in 0..5000 {
        let Some(next) = out.next.clone() else {
            return id;
        };
        let what = next.what.as_str();
        let cmd = if what.starts_with("move") {
            let moves = club
                .legal_moves(&Actor::local(&next.name), m)
                .await
                .unwrap();
            Command::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone()))
        } else if what == "roll or double" && doubles < 2 && rng.chance(6) {
            // A live cube or two (gnubg itself fails on a cube turned eight times).
            doubles += 1;
            Command::Match(m, MatchOp::Double)
        } else if what.starts_with("take") {
            if rng.chance(75) {
                Command::Match(m, MatchOp::Take)
            } else {
                Command::Match(m, MatchOp::Drop)
            }
        } else if what.starts_with("roll") {
            Command::Match(m, MatchOp::Roll)
        } else {
            panic!("unexpected decision `{what}`");
        };
        out = match club.execute(&Actor::local(&next.name), cmd.clone()).await {
            Ok(o) => o,
            // A match may not end on a dropped cube: take instead.
            Err(_) if cmd == Command::Match(m, MatchOp::Drop) => {
                run(club, &next.name, Command::Match(m, MatchOp::Take)).await
            }
            Err(e) => panic!("{cmd:?} refused: {e}"),
        };
    }
    panic!("match #{id} did not end");
}

/// gnubg's own text statistics of a `.mat` analysed at 0 ply: for each label, the two
/// players' columns (the `.mat` file's left player first).
fn gnubg_by_hand(dir: &Path, mat: &str) -> Vec<(String, [String; 2])> {
    let path = dir.join("by-hand.mat");
    std::fs::write(&path, mat).unwrap();
    let commands = format!(
        "set threads 1\nset analysis chequerplay evaluation plies 0\n\
         set analysis cubedecision evaluation plies 0\nimport mat {}\nanalyse match\n\
         show statistics match\n",
        path.display()
    );
    let mut child = std::process::Command::new(gnubg())
        .args(["-t", "-q", "-r"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(commands.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let header = text
        .lines()
        .find(|l| l.starts_with("Player "))
        .unwrap_or_else(|| panic!("no statistics in gnubg's output:\n{text}"));
    // The first player's column starts at his name, the second's at the next name.
    let col1 = 6 + header[6..].find(|c: char| !c.is_whitespace()).unwrap();
    let gap = col1 + header[col1..].find(char::is_whitespace).unwrap();
    let split = gap + header[gap..].find(|c: char| !c.is_whitespace()).unwrap();
    let mut rows = Vec::new();
    let mut section = String::new();
    for l in text.lines() {
        if l.ends_with("statistics") && !l.starts_with(' ') {
            section = l.to_string();
            continue;
        }
        if l.len() <= col1 || !l.is_char_boundary(col1) || !l.is_char_boundary(split.min(l.len())) {
            continue;
        }
        let label = l[..col1].trim();
        if label.is_empty() {
            continue;
        }
        let a = l[col1..split.min(l.len())].trim().to_string();
        let b = l[split.min(l.len())..].trim().to_string();
        rows.push((format!("{section}: {label}"), [a, b]));
    }
    rows
}

fn field<'a>(rows: &'a [(String, [String; 2])], key: &str) -> &'a [String; 2] {
    &rows
        .iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("gnubg printed no `{key}`: {rows:#?}"))
        .1
}

/// The first number of a cell (`-2.3   ( -0.085%)` is -2.3; `+6.39%` is 6.39).
fn number(cell: &str) -> f64 {
    let first = cell.split_whitespace().next().unwrap_or("");
    first
        .trim_end_matches('%')
        .parse()
        .unwrap_or_else(|_| panic!("`{cell}` is not a number"))
}

async fn review_of(store: &Store, id: i64) -> Review {
    let (row, _) = store
        .analyses_done_in(1)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.match_id == id)
        .map(|r| (r.clone(), r.status))
        .next()
        .expect("a stored analysis");
    serde_json::from_str(row.result.as_deref().unwrap()).unwrap()
}

#[tokio::test]
async fn a_finished_3_point_match_gets_the_figures_gnubg_prints_for_its_mat() {
    // Given a seeded 3-point match played to its end
    let store = Store::open(&store_url("analysis_diff").await)
        .await
        .unwrap();
    let club = club_on(&store, settings("analysis_diff")).await;
    let id = play_match(&club, 3, 11).await;
    // When ann asks for its analysis, and the worker runs it at 0 ply
    let out = run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
    assert!(
        out.lines[0].contains("queued (position 1 in the queue)"),
        "{:?}",
        out.lines
    );
    let mut events = club.analysis_events();
    let report = club.run_next_analysis().await.unwrap().expect("a job ran");
    assert!(!report.failed, "{:?}", report.lines);
    assert!(report.lines[0].starts_with("ann bob: the analysis of match #"));
    assert_eq!(report.mentions, vec!["ann".to_string(), "bob".to_string()]);
    let mut progress = Vec::new();
    while let Ok(e) = events.try_recv() {
        if let club::AnalysisEvent::Progress { game, games, .. } = e {
            progress.push((game, games));
        }
    }
    assert!(!progress.is_empty() && progress.iter().all(|&(g, n)| g >= 1 && g <= n));
    let review = review_of(&store, id).await;

    // Then each player's figures are those gnubg prints for the same .mat analysed by hand
    let export = run(&club, "ann", Command::Look(Look::Export(MatchRef::id(id)))).await;
    let mat = export.attachment.unwrap().text;
    let rows = gnubg_by_hand(&scratch("analysis_diff_hand"), &mat);
    // The .mat file's left column is O (gnubg's player 0): bob accepted, so bob is O.
    for (col, side) in [(0, Side::O), (1, Side::X)] {
        let p = &review.players[side.index()];
        let cell = |k: &str| field(&rows, k)[col].clone();
        assert_eq!(
            format!("{:.1}", -p.error_rate),
            format!(
                "{:.1}",
                number(&cell("Overall statistics: Error rate mEMG (MWC)"))
            ),
            "{} overall error rate",
            p.name
        );
        assert_eq!(p.rating, cell("Overall statistics: Overall rating"));
        assert_eq!(
            format!("{:.1}", -p.cube_rate),
            format!(
                "{:.1}",
                number(&cell("Cube statistics: Error rate mEMG (MWC)"))
            )
        );
        assert_eq!(
            format!("{:.1}", -p.chequer_rate),
            format!(
                "{:.1}",
                number(&cell("Chequerplay statistics: Error rate mEMG (MWC)"))
            )
        );
        assert_eq!(
            format!("{:.1}", p.luck_rate),
            format!(
                "{:.1}",
                number(&cell("Luck statistics: Luck rate mEMG (MWC)"))
            )
        );
        assert_eq!(
            format!("{:.2}", 100.0 * p.luck_adjusted),
            format!(
                "{:.2}",
                number(&cell("Overall statistics: Luck adjusted result"))
            )
        );
        for (i, label) in [
            "Moves marked doubtful",
            "Moves marked bad",
            "Moves marked very bad",
        ]
        .iter()
        .enumerate()
        {
            let key = format!("Chequerplay statistics: {label}");
            assert_eq!(f64::from(p.chequer_marks[i]), number(&cell(&key)), "{key}");
        }
        let missed = number(&cell(
            "Cube statistics: Missed doubles below CP (EMG (MWC))",
        )) + number(&cell(
            "Cube statistics: Missed doubles above CP (EMG (MWC))",
        ));
        assert_eq!(f64::from(p.missed_doubles), missed);
        let wrong = number(&cell("Cube statistics: Wrong doubles below DP (EMG (MWC))"))
            + number(&cell("Cube statistics: Wrong doubles above TG (EMG (MWC))"));
        assert_eq!(f64::from(p.wrong_doubles), wrong);
        assert_eq!(
            f64::from(p.wrong_takes),
            number(&cell("Cube statistics: Wrong takes (EMG (MWC))"))
        );
        assert_eq!(
            f64::from(p.wrong_drops),
            number(&cell("Cube statistics: Wrong passes (EMG (MWC))"))
        );
        assert!((p.pr - p.error_rate / 2.0).abs() < 1e-9);
    }

    // And the three worst decisions are decisions of this match, worst first
    assert_eq!(review.worst.len(), 3, "{:?}", review.worst);
    assert!(review.worst.windows(2).all(|w| w[0].loss >= w[1].loss));
    let mut seen = HashSet::new();
    let mut m = Match::new(MatchRules::match_to(3)).unwrap();
    for e in match_log(&store, id).await {
        if let Entry::Standard { side, action, .. } = e {
            let before = m.clone();
            let (next, events) = m.apply(side, &action).unwrap();
            for ev in events {
                if let Event::Played { by, dice, play } = ev {
                    let board = before.position().view(by);
                    seen.insert((
                        position_id(&board),
                        [dice.high(), dice.low()],
                        format_play(&board, &play),
                    ));
                }
            }
            m = next;
        }
    }
    for d in &review.worst {
        if d.kind == "chequer" {
            let [a, b] = d.dice.unwrap();
            let key = (d.board.clone(), [a.max(b), a.min(b)], d.played.clone());
            assert!(seen.contains(&key), "{key:?} is not a play of the match");
            assert_ne!(d.played, d.best);
        }
    }
    // And their pictures decode, one per decision
    let dir = scratch("analysis_pictures");
    assert_eq!(report.boards.len(), 3);
    for (i, b) in report.boards.iter().enumerate() {
        let png = render::blunder_png(b).unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!(img.width(), render::WIDTH);
        std::fs::write(dir.join(format!("worst-{}.png", i + 1)), png).unwrap();
    }

    // And asking again answers from the stored analysis at once, with the pictures
    let again = run(&club, "bob", Command::Analyse(MatchRef::id(id))).await;
    assert!(
        again.lines[0].starts_with("Analysis of match #"),
        "{:?}",
        again.lines
    );
    assert!(matches!(&again.chart, Some(Chart::Blunders(b)) if b.len() == 3));
    assert!(club.run_next_analysis().await.unwrap().is_none());

    // And /stats averages the analysed matches here
    let stats = run(&club, "ann", line("ann: /stats bob").1).await;
    assert_eq!(
        stats.lines[0],
        "Analysis stats for bob in local chat: 1 analysed match"
    );
    let bob = &review.players[Side::O.index()];
    assert!(
        stats.lines[1].starts_with(&format!(
            "Average error rate {:.1} mEMG ({}), PR {:.1}",
            bob.error_rate, bob.rating, bob.pr
        )),
        "{:?}",
        stats.lines
    );
}

#[tokio::test]
async fn a_money_session_is_analysed_over_its_finished_games_and_only_by_its_players() {
    // Given a money session whose second game has just ended (random legal plays, no cube)
    let store = Store::open(&store_url("analysis_money").await)
        .await
        .unwrap();
    let club = club_on(&store, settings("analysis_money")).await;
    let out = run(
        &club,
        "ann",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(None),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let m = MatchRef::id(id);
    let mut out = run(&club, "bob", Command::Challenge(ChallengeOp::Accept(m))).await;
    let mut rng = Rng::new(17);
    let mut ended = 0;
    while ended < 2 {
        let next = out.next.clone().expect("the session goes on");
        let cmd = if next.what.starts_with("move") {
            let moves = club
                .legal_moves(&Actor::local(&next.name), m)
                .await
                .unwrap();
            Command::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(&club, &next.name, cmd).await;
        ended += out.lines.iter().filter(|l| l.contains(" wins ")).count();
    }
    // When a stranger asks for its analysis, then one of its players
    let e = club
        .execute(&Actor::local("carl"), Command::Analyse(m))
        .await
        .unwrap_err();
    assert!(
        matches!(e, ClubError::Refused(Refusal::NotAParticipant(..))),
        "{e}"
    );
    assert!(store.analysis_of(id, 1).await.unwrap().is_none());
    run(&club, "bob", Command::Analyse(m)).await;
    let report = club.run_next_analysis().await.unwrap().expect("a job");
    // Then gnubg reviewed the two finished games of the session, in money play
    assert!(!report.failed, "{:?}", report.lines);
    let review = review_of(&store, id).await;
    assert_eq!((review.games, review.length), (2, 0));
    assert!(
        report.lines[1].contains(&format!("money session #{id} (2 games)")),
        "{:?}",
        report.lines
    );
}

#[tokio::test]
async fn stats_leave_out_the_matches_where_hints_were_allowed() {
    // Given two finished 1-point matches of ann and bob, analysed: one rated, one opened
    // for practice (where /hint gives gnubg's own plays)
    let store = Store::open(&store_url("analysis_stats_practice").await)
        .await
        .unwrap();
    let club = club_on(&store, settings("analysis_stats_practice")).await;
    let practice = ChallengeSpec {
        practice: true,
        rated: false,
        ..ChallengeSpec::standard(Some(1))
    };
    for id in [
        play_match(&club, 1, 5).await,
        play_match_on(&club, practice, 6).await,
    ] {
        run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
        let report = club.run_next_analysis().await.unwrap().expect("a job ran");
        assert!(!report.failed, "{:?}", report.lines);
    }
    // When bob asks for his stats
    let stats = run(&club, "bob", line("bob: /stats").1).await;
    // Then the average is over the rated match only, and the practice match is told
    // apart, not counted
    assert_eq!(
        stats.lines[0], "Analysis stats for bob in local chat: 1 analysed match",
        "{:?}",
        stats.lines
    );
    assert!(
        stats.lines[2].starts_with(
            "Not counted: 1 analysed match where /hint was allowed (against the bot or practice)"
        ),
        "{:?}",
        stats.lines
    );
}

#[tokio::test]
async fn analyses_past_the_players_limit_are_refused_and_the_queue_takes_players_in_turn() {
    // Given four finished 1-point matches of ann and bob
    let store = Store::open(&store_url("analysis_quota").await)
        .await
        .unwrap();
    let club = club_on(&store, settings("analysis_quota")).await;
    let mut ids = Vec::new();
    for seed in 11..15 {
        ids.push(play_match(&club, 1, seed).await);
    }
    // When ann asks for three analyses (2 may wait at once)
    for &id in &ids[..2] {
        run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
    }
    let e = club
        .execute(&Actor::local("ann"), Command::Analyse(MatchRef::id(ids[2])))
        .await
        .unwrap_err()
        .to_string();
    // Then the third is refused, saying the limit, and asking again after a queued one
    // only says where it stands
    assert!(
        e.contains("you have 2 analyses waiting or under way, the most at once (2)"),
        "{e}"
    );
    run(&club, "ann", Command::Analyse(MatchRef::id(ids[0]))).await;
    // When bob asks for one after hers
    run(&club, "bob", Command::Analyse(MatchRef::id(ids[3]))).await;
    // Then the workers take players in turn: ann's first, bob's, then ann's second
    let mut order = Vec::new();
    for now in [10, 20, 30] {
        order.push(store.claim_analysis(now).await.unwrap().unwrap().match_id);
    }
    assert_eq!(order, vec![ids[0], ids[3], ids[1]]);
}

#[tokio::test]
async fn two_requests_give_one_job_and_a_job_cut_by_a_restart_completes() {
    // Given a finished 1-point match
    let path = store_url("analysis_queue").await;
    let store = Store::open(&path).await.unwrap();
    let club = club_on(&store, settings("analysis_queue")).await;
    let id = play_match(&club, 1, 5).await;
    // When both players ask for its analysis
    let a = run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
    let b = run(&club, "bob", Command::Analyse(MatchRef::id(id))).await;
    // Then there is one job, and both are told where it stands
    assert!(
        a.lines[0].contains("position 1 in the queue"),
        "{:?}",
        a.lines
    );
    assert!(
        b.lines[0].contains("position 1 in the queue"),
        "{:?}",
        b.lines
    );
    let job = store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!(job.status, AnalysisStatus::Queued);
    assert_eq!(job.id, 1);
    // When a worker claims it and the bot stops before it ends
    let claimed = store.claim_analysis(0).await.unwrap().unwrap();
    assert_eq!(claimed.id, job.id);
    drop(club);
    store.close().await;
    // Then at restart it is queued again and runs to its end
    let store = Store::open(&path).await.unwrap();
    let club = club_on(&store, settings("analysis_queue2")).await;
    assert_eq!(club.requeue_analyses().await.unwrap(), 1);
    let report = club
        .run_next_analysis()
        .await
        .unwrap()
        .expect("the job runs");
    assert!(!report.failed, "{:?}", report.lines);
    let done = store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!(done.status, AnalysisStatus::Done);
    assert_eq!(done.attempts, 2);
    assert!(done.result.is_some());
}

#[tokio::test]
async fn at_start_the_workers_run_the_job_a_stopped_bot_left_running() {
    // Given a job a worker had claimed when the bot stopped
    let path = store_url("analysis_start").await;
    let store = Store::open(&path).await.unwrap();
    let club = club_on(&store, settings("analysis_start")).await;
    let id = play_match(&club, 1, 9).await;
    run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
    store.claim_analysis(0).await.unwrap().unwrap();
    drop(club);
    store.close().await;
    // When the bot starts again with its analysis workers
    let store = Store::open(&path).await.unwrap();
    let club = club_on(&store, settings("analysis_start2")).await;
    let mut events = club.analysis_events();
    let workers = Arc::clone(&club).spawn_analysis();
    // Then the job is queued again and runs to its end without being asked for again
    let report = tokio::time::timeout(Duration::from_secs(120), async {
        loop {
            if let Ok(AnalysisEvent::Finished(r)) = events.recv().await {
                break r;
            }
        }
    })
    .await
    .expect("the job ran");
    assert_eq!(report.match_id, id);
    assert!(!report.failed, "{:?}", report.lines);
    let done = store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!((done.status, done.attempts), (AnalysisStatus::Done, 2));
    for w in workers {
        w.abort();
    }
}

#[tokio::test]
async fn a_job_under_way_at_three_stops_is_given_up_and_asking_again_queues_it_afresh() {
    // Given a job that was running when the bot stopped, three times over
    let store = Store::open(&store_url("analysis_attempts").await)
        .await
        .unwrap();
    let club = club_on(&store, settings("analysis_attempts")).await;
    let id = play_match(&club, 1, 5).await;
    run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
    for _ in 0..MAX_ATTEMPTS {
        store.claim_analysis(0).await.unwrap().unwrap();
        assert_eq!(club.requeue_analyses().await.unwrap(), 1);
    }
    // When a worker claims it once more
    let started = std::time::Instant::now();
    let report = club.run_next_analysis().await.unwrap().unwrap();
    // Then it fails without running gnubg, and both players are told why
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(report.failed);
    assert!(
        report.lines[0].contains("under way 3 times when the bot stopped"),
        "{:?}",
        report.lines
    );
    let row = store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!((row.status, row.attempts), (AnalysisStatus::Failed, 4));
    // And asking again queues it with its count of attempts begun afresh
    run(&club, "bob", Command::Analyse(MatchRef::id(id))).await;
    let row = store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!((row.status, row.attempts), (AnalysisStatus::Queued, 0));
}

#[tokio::test]
async fn a_job_past_its_time_limit_is_stopped_and_the_players_told() {
    // Given a club whose analyses may take 50 ms (gnubg needs longer to start)
    let store = Store::open(&store_url("analysis_limit").await)
        .await
        .unwrap();
    let mut s = settings("analysis_limit");
    s.time_limit = Duration::from_millis(50);
    let club = club_on(&store, s).await;
    let id = play_match(&club, 1, 5).await;
    run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
    // When the job runs
    let started = std::time::Instant::now();
    let report = club.run_next_analysis().await.unwrap().unwrap();
    // Then gnubg is stopped at the limit and both players are told
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(report.failed);
    assert_eq!(report.mentions, vec!["ann".to_string(), "bob".to_string()]);
    assert!(
        report.lines[0].contains("took longer than") && report.lines[0].contains("was stopped"),
        "{:?}",
        report.lines
    );
    let row = store.analysis_of(id, 1).await.unwrap().unwrap();
    assert_eq!(row.status, AnalysisStatus::Failed);
}

#[tokio::test]
async fn without_gnubg_the_command_says_how_to_install_it_and_queues_nothing() {
    // Given a club that finds no gnubg on its PATH
    let store = Store::open(&store_url("analysis_missing").await)
        .await
        .unwrap();
    let mut s = settings("analysis_missing");
    s.search_path = scratch("analysis_empty_path").display().to_string();
    let club = club_on(&store, s).await;
    let id = play_match(&club, 1, 5).await;
    // When ann asks for an analysis
    let refused = club
        .execute(&Actor::local("ann"), Command::Analyse(MatchRef::id(id)))
        .await
        .unwrap_err();
    // Then she is told how to install it, and nothing is queued
    let text = refused.to_string();
    assert!(
        text.contains("not installed") && text.contains("apt-get install gnubg"),
        "{text}"
    );
    assert!(store.analysis_of(id, 1).await.unwrap().is_none());
    // And the bot keeps answering
    run(&club, "ann", Command::Look(Look::Games)).await;
}

#[tokio::test]
async fn chouettes_and_a_welsh_match_still_being_played_are_refused_with_the_reason() {
    let store = Store::open(&store_url("analysis_refusals").await)
        .await
        .unwrap();
    let club = club_on(&store, settings("analysis_refusals")).await;
    // A chouette (session #1; there is no match #1)
    let (who, create) = line("ann: /chouette create");
    run(&club, &who, create).await;
    let e = club
        .execute(&Actor::local("ann"), Command::Analyse(MatchRef::id(1)))
        .await
        .unwrap_err();
    assert!(matches!(
        e,
        ClubError::Refused(Refusal::Analysis(AnalysisRefusal::Chouette { .. }))
    ));
    assert!(e.to_string().contains("chouette"), "{e}");
    // A Welsh match under way
    let out = run(
        &club,
        "ann",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::welsh(3),
        }),
    )
    .await;
    let id = out.match_id.unwrap();
    run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    let e = club
        .execute(&Actor::local("ann"), Command::Analyse(MatchRef::id(id)))
        .await
        .unwrap_err();
    // (a Welsh match is analysed by gammonbot's own Welsh player once it is over, issue
    // 33: this one is still being played)
    assert!(e.to_string().contains("still being played"), "{e}");
    // A standard match still being played
    let out = run(
        &club,
        "ann",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let id = out.match_id.unwrap();
    run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    let e = club
        .execute(&Actor::local("bob"), Command::Analyse(MatchRef::id(id)))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("once it is over"), "{e}");
}

/// The time to analyse a seeded 7-point match at 0 and 2 plies (run by hand:
/// `cargo test --test it analysis:: -- --ignored --nocapture`).
#[tokio::test]
#[ignore = "a measurement, not a check"]
async fn time_to_analyse_a_7_point_match() {
    for plies in [0, 2] {
        let store = Store::open(&store_url(&format!("analysis_perf{plies}")).await)
            .await
            .unwrap();
        let mut s = settings(&format!("analysis_perf{plies}"));
        s.plies = plies;
        let club = club_on(&store, s).await;
        let id = play_match(&club, 7, 21).await;
        run(&club, "ann", Command::Analyse(MatchRef::id(id))).await;
        let report = club.run_next_analysis().await.unwrap().unwrap();
        assert!(!report.failed, "{:?}", report.lines);
        let review = review_of(&store, id).await;
        println!(
            "7-point match #{id}: {} games, {plies} plies: {:.1} s",
            review.games, review.seconds
        );
    }
}
