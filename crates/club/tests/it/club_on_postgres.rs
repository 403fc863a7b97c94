//! The club on a real PostgreSQL server: a throwaway cluster per test
//! (`testkit::PgCluster`, which installs the Debian package when it is missing). A match
//! and a money session played through the club, and two club processes on one database.
//! A machine where PostgreSQL cannot start fails these tests; they never skip.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, Stdio};
use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Look, ManualClock, MatchOp, MatchRef, NextUp,
    RngDice, SystemClock,
};
use engine::ResignLevel;
use store::{MatchStatus, Store};

use clubkit::{assert_match_rebuilds, run};
use testkit::{PgCluster, Rng};

/// The command for the decision `next` of match `m`: a random legal play, a take, a roll,
/// or, `double_percent` of the times the cube may be turned, a double.
async fn decide(
    club: &Club,
    m: MatchRef,
    next: &NextUp,
    rng: &mut Rng,
    double_percent: usize,
) -> Command {
    let what = next.what.as_str();
    if what.starts_with("move") {
        let moves = club
            .legal_moves(&Actor::local(&next.name), m)
            .await
            .unwrap();
        Command::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone()))
    } else if double_percent > 0 && what == "roll or double" && rng.chance(double_percent) {
        Command::Match(m, MatchOp::Double)
    } else if what.starts_with("take") {
        Command::Match(m, MatchOp::Take)
    } else if what.starts_with("roll") {
        Command::Match(m, MatchOp::Roll)
    } else {
        panic!("unexpected decision `{what}`");
    }
}

#[tokio::test]
async fn a_rated_match_is_played_to_its_end_through_the_club_on_postgresql() {
    // Given the club on a PostgreSQL database
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::fair_seeded(3)),
        Arc::new(SystemClock),
    ));
    // When ann and bob play a 3-point match to its end (random legal plays, a double now
    // and then, taken)
    let out = run(
        &club,
        "ann",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let m = MatchRef::id(id);
    let mut out = run(&club, "bob", Command::Challenge(ChallengeOp::Accept(m))).await;
    let mut rng = Rng::new(11);
    let mut commands = 2;
    while let Some(next) = out.next.clone() {
        let cmd = decide(&club, m, &next, &mut rng, 5).await;
        out = run(&club, &next.name, cmd).await;
        commands += 1;
        assert!(commands < 5000, "the match never ended");
    }
    // Then the match is finished, rebuilds from its log alone, and both ratings moved
    let row = store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Finished);
    assert_match_rebuilds(&store, id).await;
    for name in ["ann", "bob"] {
        let rating = run(
            &club,
            name,
            Command::Look(Look::Rating {
                player: None,
                ruleset: None,
                vs: None,
            }),
        )
        .await;
        assert!(
            rating.lines[0].starts_with(&format!("Rating for {name} (standard): "))
                && !rating.lines[0].contains(": 1500.00,"),
            "{:?}",
            rating.lines
        );
    }
    // And a stale version is refused there as on SQLite: nothing written
    let version = row.version;
    let stale = club
        .execute(
            &Actor::local("ann"),
            Command::Look(Look::Board(MatchRef {
                id: Some(id.into()),
                version: Some(version + 5),
            })),
        )
        .await;
    assert!(stale.is_err());
    store.close().await;
}

#[tokio::test]
async fn a_money_session_settles_its_games_in_the_ledger_on_postgresql() {
    // Given the club on a PostgreSQL database and a money session at 1.50 a point
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        Arc::new(SystemClock),
    );
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 150;
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: "bob".into(),
        spec,
    });
    let id = run(&club, "ann", challenge).await.match_id.unwrap().get();
    let m = MatchRef::id(id);
    let mut out = run(&club, "bob", Command::Challenge(ChallengeOp::Accept(m))).await;
    // When they play until the first game is settled, then stop the session
    let community = store
        .community("local", "local", "local chat")
        .await
        .unwrap();
    let ann = store.find_player("local", "ann").await.unwrap().unwrap().id;
    let mut rng = Rng::new(5);
    for _ in 0..2000 {
        if store.balance(community, ann).await.unwrap() != 0 {
            break;
        }
        let next = out.next.clone().expect("a money session goes on");
        let cmd = decide(&club, m, &next, &mut rng, 0).await;
        out = run(&club, &next.name, cmd).await;
    }
    let stopped = run(&club, "bob", Command::Match(m, MatchOp::Stop)).await;
    // Then the balances are opposite, a whole number of points at the stake, and the
    // session rebuilds from its log
    let bob = store.find_player("local", "bob").await.unwrap().unwrap().id;
    let (a, b) = (
        store.balance(community, ann).await.unwrap(),
        store.balance(community, bob).await.unwrap(),
    );
    assert!(
        a != 0 && a == -b && a % 150 == 0,
        "{a} {b} {:?}",
        stopped.lines
    );
    assert_match_rebuilds(&store, id).await;
    store.close().await;
}

/// The clock every club of the two-process tests starts at.
const START: i64 = 1_800_000_000;
/// What starts each line a club process answers with.
const MARK: &str = "club> ";
/// The settings a club process is started with.
const CHILD_DB: &str = "GAMMONBOT_CLUB_PROCESS_DB";
const CHILD_SEED: &str = "GAMMONBOT_CLUB_PROCESS_SEED";

/// A club in an operating-system process of its own: this test binary run again with
/// [`club_process_serving_stdin`] alone selected. It takes one command a line on its
/// standard input and answers with lines marked [`MARK`], the last one `end`.
struct ClubProcess {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl ClubProcess {
    /// Starts the process on the database `url` with dice seeded by `seed`, and waits until
    /// its store is open.
    fn start(url: &str, seed: u64) -> ClubProcess {
        // The test's full name in this binary: its module path without the crate's name.
        let module = module_path!().split_once("::").map_or("", |(_, m)| m);
        let name = format!("{module}::club_process_serving_stdin");
        let mut child = Process::new(std::env::current_exe().expect("the test binary"))
            .args([
                name.as_str(),
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_DB, url)
            .env(CHILD_SEED, seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the test binary starts again");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut p = ClubProcess {
            child,
            input,
            output,
        };
        assert_eq!(p.reply(), vec!["ready".to_string()]);
        p
    }

    /// Sends one command line.
    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the club process reads");
        self.input.flush().unwrap();
    }

    /// The answer to the last command: its marked lines up to `end`, without the marks.
    fn reply(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).unwrap();
            assert!(n > 0, "the club process ended; answered so far: {lines:?}");
            // (The test harness starts its own line, `test ... `, without ending it.)
            if let Some((_, l)) = line.trim_end().split_once(MARK) {
                if l == "end" {
                    return lines;
                }
                lines.push(l.to_string());
            }
        }
    }
}

impl Drop for ClubProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `line` to both processes before reading either answer, so that they act at once.
fn to_both(processes: &mut [ClubProcess; 2], line: &str) -> [Vec<String>; 2] {
    for p in processes.iter_mut() {
        p.send(line);
    }
    let [a, b] = processes;
    [a.reply(), b.reply()]
}

/// The club of a [`ClubProcess`]: serves commands read from standard input until it ends.
/// `roll <match> <version> <player>` answers `applied <version>` or `refused <reason>`;
/// `sweep <seconds>` moves the clock on and answers a `notice <match> <text>` line for
/// each notice of the deadline sweep; `accept_resigns <match>:<player> ...` accepts those
/// resignations one after the other and answers `ended <match>` for each;
/// `claim_analyses` claims queued analysis jobs until none is left, answering `claimed <job>
/// <attempts>` for each. Selected by name only, by the tests that start it;
/// run otherwise, it has no database to serve and returns.
#[test]
#[ignore = "a club in a process of its own, started by the two-process tests"]
fn club_process_serving_stdin() {
    let Ok(url) = std::env::var(CHILD_DB) else {
        return;
    };
    let seed: u64 = std::env::var(CHILD_SEED).unwrap().parse().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = rt.block_on(Store::open(&url)).unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(seed)),
        clock.clone(),
    );
    println!("{MARK}ready\n{MARK}end");
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["roll", id, version, name] => {
                let at = MatchRef {
                    id: Some(id.parse::<i64>().unwrap().into()),
                    version: Some(version.parse().unwrap()),
                };
                match rt
                    .block_on(club.execute(&Actor::local(name), Command::Match(at, MatchOp::Roll)))
                {
                    Ok(o) => println!("{MARK}applied {}", o.version.unwrap()),
                    Err(e) => println!("{MARK}refused {e}"),
                }
            }
            ["sweep", seconds] => {
                clock.advance(seconds.parse().unwrap());
                for n in rt.block_on(club.sweep()).unwrap() {
                    println!("{MARK}notice {} {}", n.match_id, n.text.replace('\n', " "));
                }
            }
            ["accept_resigns", list @ ..] => {
                for item in list {
                    let (id, name) = item.split_once(':').unwrap();
                    let m = MatchRef::id(id.parse::<i64>().unwrap());
                    match rt.block_on(club.execute(
                        &Actor::local(name),
                        Command::Match(m, MatchOp::AcceptResign),
                    )) {
                        Ok(_) => println!("{MARK}ended {id}"),
                        Err(e) => println!("{MARK}refused {id} {e}"),
                    }
                }
            }
            ["claim_analyses"] => {
                while let Some(job) = rt.block_on(store.claim_analysis(1)).unwrap() {
                    println!("{MARK}claimed {} {}", job.id, job.attempts);
                }
            }
            other => panic!("the club process got `{other:?}`"),
        }
        println!("{MARK}end");
    }
}

/// The same roll sent at once to two clubs in two processes on one PostgreSQL database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_roll_sent_to_two_processes_on_one_database_applies_exactly_once_500_times() {
    // Given this test's club, which brings matches to a roll, and two club processes, all
    // on one PostgreSQL database
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(9)),
        Arc::new(ManualClock::new(START)),
    );
    let mut processes = [
        ClubProcess::start(&pg.url, 10),
        ClubProcess::start(&pg.url, 11),
    ];
    let mut rng = Rng::new(4);
    let mut current: Option<MatchRef> = None;
    let mut matches = BTreeSet::new();
    for round in 0..500 {
        // Bring a match to a moment where a player must roll (a new match when one ends)
        let (m, mut out) = match current.take() {
            Some(m) => (m, run(&club, "ann", Command::Look(Look::Board(m))).await),
            None => {
                let challenge = Command::Challenge(ChallengeOp::New {
                    opponent: "bob".into(),
                    spec: ChallengeSpec::standard(Some(3)),
                });
                let id = run(&club, "ann", challenge).await.match_id.unwrap().get();
                matches.insert(id);
                let m = MatchRef::id(id);
                (
                    m,
                    run(&club, "bob", Command::Challenge(ChallengeOp::Accept(m))).await,
                )
            }
        };
        let mut ended = false;
        loop {
            let Some(next) = out.next.clone() else {
                ended = true;
                break;
            };
            if next.what.starts_with("roll") {
                break;
            }
            let cmd = decide(&club, m, &next, &mut rng, 0).await;
            out = run(&club, &next.name, cmd).await;
        }
        if ended {
            continue;
        }
        // When the player's roll at the version he saw goes to both processes at once
        let name = out.next.as_ref().unwrap().name.clone();
        let id = m.id.unwrap().get();
        let version = out.version.unwrap();
        let log_before = store.actions(id).await.unwrap().len();
        let answers = to_both(&mut processes, &format!("roll {id} {version} {name}"));
        // Then exactly one applies, the other is told the board moved on, and the log
        // grew by the one roll's entries only
        let applied: Vec<i64> = answers
            .iter()
            .filter_map(|a| a[0].strip_prefix("applied ")?.parse().ok())
            .collect();
        assert_eq!(applied.len(), 1, "round {round}: {answers:?}");
        assert!(
            answers
                .iter()
                .any(|a| a[0].starts_with("refused the board moved on")),
            "round {round}: {answers:?}"
        );
        let row = store.load_match(id).await.unwrap().unwrap();
        assert_eq!(row.version, applied[0], "round {round}");
        let log_after = store.actions(id).await.unwrap().len();
        assert!(log_after > log_before, "round {round}");
        current = Some(m);
    }
    for id in matches {
        assert_match_rebuilds(&store, id).await;
    }
}

/// The deadline sweep run at once by two club processes on one PostgreSQL database: every
/// reminder and every time-out happens once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_sweeping_one_database_remind_and_forfeit_each_match_exactly_once() {
    // Given 20 accepted matches (2 days a move, a reminder 12 hours before the deadline)
    // and two club processes on the same database, their clocks where this test's is
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(1)),
        Arc::new(ManualClock::new(START)),
    );
    let mut ids = Vec::new();
    for i in 0..20 {
        let challenge = Command::Challenge(ChallengeOp::New {
            opponent: format!("o{i}"),
            spec: ChallengeSpec::standard(Some(5)),
        });
        let id = run(&club, &format!("p{i}"), challenge)
            .await
            .match_id
            .unwrap()
            .get();
        run(
            &club,
            &format!("o{i}"),
            Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
        )
        .await;
        ids.push(id);
    }
    let mut processes = [
        ClubProcess::start(&pg.url, 2),
        ClubProcess::start(&pg.url, 3),
    ];
    // When both sweep 6.5 days on, then again at the deadline
    let reminders = to_both(&mut processes, &format!("sweep {}", 6 * 86_400 + 43_200));
    let time_outs = to_both(&mut processes, "sweep 43200");
    // Then each match was reminded once and timed out once, between the two processes
    for (answers, words) in [(&reminders, "Reminder:"), (&time_outs, "ran out of time")] {
        let mut per_match = Vec::new();
        for line in answers.iter().flatten() {
            let (id, text) = line
                .strip_prefix("notice ")
                .and_then(|l| l.split_once(' '))
                .unwrap_or_else(|| panic!("not a notice: {line}"));
            assert!(text.contains(words), "{text}");
            per_match.push(id.parse::<i64>().unwrap());
        }
        per_match.sort_unstable();
        assert_eq!(per_match, ids, "{words}: {answers:?}");
    }
    for id in &ids {
        let row = store.load_match(*id).await.unwrap().unwrap();
        assert_eq!(row.status, MatchStatus::Finished);
    }
}

/// Rated matches ending at once in two processes, with players in common: the ratings
/// kept are those a rebuild from the matches in the order they ended gives.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_ending_at_once_in_two_processes_rate_as_a_rebuild_does() {
    // Given 60 rated 1-point matches among 4 players, each with a resignation offered
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(5)),
        Arc::new(ManualClock::new(START)),
    );
    let names = ["ann", "bob", "cat", "dan"];
    let mut rng = Rng::new(21);
    let mut halves = [Vec::new(), Vec::new()];
    for i in 0..60 {
        let a = names[rng.below(4)];
        let b = names
            .iter()
            .copied()
            .filter(|n| *n != a)
            .nth(rng.below(3))
            .unwrap();
        let challenge = Command::Challenge(ChallengeOp::New {
            opponent: b.into(),
            spec: ChallengeSpec::standard(Some(1)),
        });
        let id = run(&club, a, challenge).await.match_id.unwrap().get();
        let m = MatchRef::id(id);
        run(&club, b, Command::Challenge(ChallengeOp::Accept(m))).await;
        run(
            &club,
            a,
            Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
        )
        .await;
        halves[i % 2].push(format!("{id}:{b}"));
    }
    // When one process accepts the odd resignations and the other the even ones, at once
    let mut processes = [
        ClubProcess::start(&pg.url, 6),
        ClubProcess::start(&pg.url, 7),
    ];
    for (p, half) in processes.iter_mut().zip(&halves) {
        p.send(&format!("accept_resigns {}", half.join(" ")));
    }
    let [a, b] = &mut processes;
    let answers = [a.reply(), b.reply()];
    for (answer, half) in answers.iter().zip(&halves) {
        assert_eq!(answer.len(), half.len());
        assert!(answer.iter().all(|l| l.starts_with("ended ")), "{answer:?}");
    }
    // Then the 60 matches ended in 60 distinct places of the order
    let pool = testkit::raw_pool(&pg.url).await;
    let places: Vec<i64> = sqlx::query_scalar("SELECT ended_seq FROM matches ORDER BY ended_seq")
        .fetch_all(&pool)
        .await
        .unwrap();
    let distinct: BTreeSet<i64> = places.iter().copied().collect();
    assert_eq!((places.len(), distinct.len()), (60, 60), "{places:?}");
    // And rebuilding every rating from them in that order changes nothing
    let kept = store.fingerprint().await.unwrap();
    let rebuilt = store.rebuild_ratings().await.unwrap();
    assert_eq!(rebuilt.matches, 60);
    assert_eq!(store.fingerprint().await.unwrap(), kept);
}

/// Analysis workers of two processes on one PostgreSQL database claiming from one queue:
/// each job is claimed by one of them only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_claiming_analysis_jobs_from_one_queue_never_claim_one_twice() {
    // Given 30 queued jobs (for 30 challenges)
    let pg = PgCluster::start();
    let store = Store::open(&pg.url).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(1)),
        Arc::new(SystemClock),
    );
    let community = store
        .community("local", "local", "local chat")
        .await
        .unwrap();
    for i in 0..30 {
        let challenge = Command::Challenge(ChallengeOp::New {
            opponent: format!("o{i}"),
            spec: ChallengeSpec::standard(Some(1)),
        });
        let id = run(&club, "ann", challenge).await.match_id.unwrap().get();
        let ann = store.find_player("local", "ann").await.unwrap().unwrap();
        store
            .request_analysis(&store::NewAnalysis {
                match_id: id,
                games: 1,
                community_id: community,
                requested_by: ann.id,
                channel: "local",
                plies: 0,
                now: 0,
            })
            .await
            .unwrap();
    }
    // When two processes claim at once until the queue is empty
    let mut processes = [
        ClubProcess::start(&pg.url, 1),
        ClubProcess::start(&pg.url, 2),
    ];
    let answers = to_both(&mut processes, "claim_analyses");
    // Then every job was claimed exactly once, on its first attempt
    let mut ids = Vec::new();
    for line in answers.iter().flatten() {
        let rest = line
            .strip_prefix("claimed ")
            .unwrap_or_else(|| panic!("{line}"));
        let (id, attempts) = rest.split_once(' ').unwrap();
        assert_eq!(attempts, "1", "job {id}");
        ids.push(id.parse::<i64>().unwrap());
    }
    ids.sort_unstable();
    assert_eq!(ids, (1..=30).collect::<Vec<i64>>(), "{answers:?}");
    eprintln!(
        "claimed by each process: {} and {}",
        answers[0].len(),
        answers[1].len()
    );
}
