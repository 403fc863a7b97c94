//! The club end to end on a real SQLite file: whole seeded matches in both rulesets,
//! rebuilding from the action log, restart mid-match, a race on one action, clocks across
//! days, the scoop-pot and ledger, and refusals that change nothing.

use std::sync::Arc;

use club::{
    Actor, ChallengeSpec, Club, ClubError, Command, DAY, Entry, ManualClock, MatchRef, Outcome,
    RngDice, Snapshot, Starter,
};
use engine::welsh::{GameEnd, MatchEnd, NominateFor, Parity, WelshEvent};
use engine::{AnyMatch, Event, GameResult, ResignLevel, Side};
use store::Store;

use testkit::{assert_match_rebuilds, match_log, store_url};

const START: i64 = 1_800_000_000;

struct Fixture {
    club: Arc<Club>,
    clock: Arc<ManualClock>,
    store: Store,
}

async fn open(url: &str, seed: u64) -> Fixture {
    let store = Store::open(url).await.unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(seed)),
        clock.clone(),
    ));
    Fixture { club, clock, store }
}

fn who(name: &str) -> Actor {
    Actor::local(name)
}

async fn run(f: &Fixture, name: &str, cmd: Command) -> Outcome {
    match f.club.execute(&who(name), cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{name}: {cmd:?} refused: {e}"),
    }
}

async fn refused(f: &Fixture, name: &str, cmd: Command) -> ClubError {
    match f.club.execute(&who(name), cmd.clone()).await {
        Ok(o) => panic!("{name}: {cmd:?} was accepted: {:?}", o.lines),
        Err(e) => e,
    }
}

/// A small deterministic chooser for the players' decisions.
struct Policy(u64);

impl Policy {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % n as u64).unwrap()
    }
}

/// Plays match `id` from its current state until it ends or `limit` commands have been
/// sent, answering whatever the club says the player to act must do. Returns the last
/// outcome and the number of commands sent.
async fn play_on(
    f: &Fixture,
    id: i64,
    mut last: Outcome,
    p: &mut Policy,
    limit: usize,
) -> (Outcome, usize) {
    let m = MatchRef::id(id);
    for sent in 0..limit {
        let Some(next) = last.next.clone() else {
            return (last, sent);
        };
        let name = next.name.as_str();
        let what = next.what.as_str();
        let cmd = if what.starts_with("move") {
            let moves = f.club.legal_moves(&who(name), m).await.unwrap();
            assert!(!moves.is_empty(), "no legal play listed for `{what}`");
            Command::Move(m, moves[p.next(moves.len())].clone())
        } else if what.contains("double") && p.next(6) == 0 {
            Command::Double(m)
        } else if what.starts_with("take") {
            if p.next(4) == 0 {
                Command::Drop(m)
            } else {
                Command::Take(m)
            }
        } else if what.starts_with("call") {
            Command::Call(
                m,
                if p.next(2) == 0 {
                    Parity::Odd
                } else {
                    Parity::Even
                },
            )
        } else if what.starts_with("choose") {
            Command::Choose(m, Starter::Me)
        } else if what.starts_with("accept or reject the offer") {
            Command::AcceptConcede(m)
        } else if what.starts_with("accept or reject the resign") {
            Command::AcceptResign(m)
        } else if what.starts_with("throw") || what.starts_with("roll") {
            Command::Roll(m)
        } else {
            panic!("unexpected decision `{what}`");
        };
        last = run(f, name, cmd).await;
    }
    (last, limit)
}

async fn challenge(f: &Fixture, spec: ChallengeSpec) -> (i64, Outcome) {
    let out = run(
        f,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec,
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let out = run(f, "bob", Command::Accept(MatchRef::id(id))).await;
    (id, out)
}

#[tokio::test]
async fn a_seeded_standard_match_is_played_to_its_end_and_rebuilds_from_its_log() {
    // Given a 3-point match between alice and bob with seeded dice
    let f = open(&store_url("standard_match").await, 11).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    // When both play whatever the club asks until the match ends
    let (last, sent) = play_on(&f, id, out, &mut Policy(5), 5000).await;
    // Then it is finished with a winner at 3 or more, and the log alone gives the state
    assert!(last.next.is_none(), "still running after {sent} commands");
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    assert!(
        snap.game.score().iter().any(|&s| s >= 3),
        "{:?}",
        snap.game.score()
    );
    assert!(row.winner.is_some() && row.deadline_at.is_none());
    assert_match_rebuilds(&f.store, id).await;
    // And the .mat export reads the log
    let exp = run(&f, "alice", Command::Export(MatchRef::id(id))).await;
    let mat = exp.attachment.unwrap().text;
    assert!(mat.contains("3 point match"), "{mat}");
    // Nothing more can be played
    let e = refused(&f, "alice", Command::Roll(MatchRef::id(id))).await;
    assert!(e.to_string().contains("finished"), "{e}");
}

#[tokio::test]
async fn a_money_session_settles_every_game_in_the_ledger_at_the_stake() {
    let f = open(&store_url("money").await, 3).await;
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 150;
    let (id, out) = challenge(&f, spec).await;
    let mut p = Policy(9);
    let mut out = out;
    // Play until two games have been scored.
    for _ in 0..4000 {
        let (o, _) = play_on(&f, id, out, &mut p, 1).await;
        out = o;
        if f.store.ledger(1, 1).await.unwrap().len() >= 2 {
            break;
        }
    }
    let lines = f.store.ledger(1, 1).await.unwrap();
    assert_eq!(lines.len(), 2);
    // Each line is the points the engine scored for that game times the stake, paid by
    // the loser to the winner (the ledger lists the newest first).
    let results = standard_results(&match_log(&f.store, id).await);
    assert_eq!(results.len(), 2, "{results:?}");
    let names = ["alice", "bob"];
    let mut alice_expected = 0;
    for (l, r) in lines.iter().rev().zip(&results) {
        let points = i64::try_from(r.points).unwrap();
        assert!(points >= 1, "{r:?}");
        assert_eq!(l.amount, points * 150, "{l:?} for {r:?}");
        let plural = if points == 1 { "" } else { "s" };
        assert_eq!(l.reason, format!("money game: {points} point{plural}"));
        assert_eq!(l.payee, names[r.winner.index()], "{l:?}");
        assert_eq!(l.payer, names[r.winner.opponent().index()], "{l:?}");
        let sign = if r.winner.index() == 0 { 1 } else { -1 };
        alice_expected += sign * points * 150;
    }
    let alice = f.store.balance(1, 1).await.unwrap();
    let bob = f.store.balance(1, 2).await.unwrap();
    assert_eq!(alice, alice_expected);
    assert_eq!(alice, -bob);
    let shown = run(&f, "alice", Command::Ledger).await;
    assert!(
        shown.lines[0].starts_with("Balance for alice:"),
        "{:?}",
        shown.lines
    );
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn a_seeded_welsh_match_is_played_to_its_end_with_rule_23_prize_and_scoop_pot() {
    let f = open(&store_url("welsh_match").await, 21).await;
    let (id, out) = challenge(&f, ChallengeSpec::welsh(3)).await;
    assert!(out.next.as_ref().unwrap().what.contains("odds or evens"));
    let (last, sent) = play_on(&f, id, out, &mut Policy(77), 8000).await;
    assert!(last.next.is_none(), "still running after {sent} commands");
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let score = snap.game.score();
    assert!(score.iter().any(|&s| s >= 3), "{score:?}");
    // Rule 23: the loser pays the match prize, in the ledger.
    let ledger = f.store.ledger(1, 1).await.unwrap();
    let prize = ledger
        .iter()
        .find(|l| l.reason.starts_with("Welsh match prize"))
        .unwrap();
    // The prize follows from the games-score (UK friendly rates): 10.00 and 0.25 a game of
    // difference, 25.00 more for a match to nil; a rectangle 7.50, timed out 20.00.
    let replay = welsh_replay(&match_log(&f.store, id).await);
    let (winner, how) = replay.match_over.expect("the engine ended the match");
    let (w, l) = (score[winner.index()], score[winner.opponent().index()]);
    let base = match how {
        MatchEnd::Games => 1000 + 25 * i64::from(w - l),
        MatchEnd::Rectangle => 750,
        MatchEnd::TimedOut => 2000,
    };
    // "A match to nil": the loser won no game (points from washes do not count).
    let nil = if replay.won[winner.opponent().index()] == 0 {
        2500
    } else {
        0
    };
    assert_eq!(prize.amount, base + nil, "{prize:?} for {w}-{l} ({how:?})");
    assert_eq!(prize.reason, format!("Welsh match prize {w}-{l}"));
    let names = ["alice", "bob"];
    assert_eq!(prize.payee, names[winner.index()], "{prize:?}");
    // The scoop-pot: every game the engine ended counted, a backgammon collecting the pot
    // (that game included) and starting the tally again.
    let (games, collected) = f.store.pot(1, 1, 2).await.unwrap();
    let mut tally = 0;
    let mut pots = Vec::new();
    for &backgammon in &replay.games {
        tally += 1;
        if backgammon {
            pots.push(tally * 100);
            tally = 0;
        }
    }
    assert!(replay.games.len() >= 3, "{} games", replay.games.len());
    assert_eq!(
        (games, collected),
        (tally, i64::try_from(pots.len()).unwrap()),
        "pot after {:?}",
        replay.games
    );
    let mut paid: Vec<i64> = ledger
        .iter()
        .filter(|l| l.reason.starts_with("scoop-pot"))
        .map(|l| l.amount)
        .collect();
    paid.reverse();
    assert_eq!(paid, pots);
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn a_restart_mid_match_loses_nothing_and_play_continues() {
    let path = store_url("restart").await;
    let f = open(&path, 5).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(1))).await;
    let (mid, _) = play_on(&f, id, out, &mut Policy(3), 15).await;
    let before = f.store.load_match(id).await.unwrap().unwrap();
    let log_before = match_log(&f.store, id).await;
    // The bot stops: the pool is closed.
    f.store.close().await;
    drop(f);
    // And starts again on the same file.
    let g = open(&path, 6).await;
    let after = g.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(before, after);
    assert_eq!(log_before, match_log(&g.store, id).await);
    let board = run(&g, "alice", Command::Board(MatchRef::id(id))).await;
    assert_eq!(
        board.next.as_ref().map(|n| &n.what),
        mid.next.as_ref().map(|n| &n.what)
    );
    let (last, _) = play_on(&g, id, board, &mut Policy(4), 3000).await;
    assert!(last.next.is_none());
    assert_match_rebuilds(&g.store, id).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tasks_sending_the_same_action_at_once_apply_it_exactly_once() {
    let f = open(&store_url("race").await, 8).await;
    for round in 0..10 {
        let mut spec = ChallengeSpec::standard(Some(5));
        spec.crawford = true;
        let (id, out) = challenge(&f, spec).await;
        // Bring the match to a moment where one player must roll or double.
        let mut out = out;
        while !out.next.as_ref().unwrap().what.starts_with("roll") {
            let (o, _) = play_on(&f, id, out, &mut Policy(round + 1), 1).await;
            out = o;
        }
        let name = out.next.as_ref().unwrap().name.clone();
        let version = out.version;
        let log_len = f.store.actions(id).await.unwrap().len();
        let m = MatchRef {
            id: Some(id),
            version,
        };
        let (a, b) = tokio::join!(
            tokio::spawn({
                let club = f.club.clone();
                let name = name.clone();
                async move { club.execute(&who(&name), Command::Roll(m)).await }
            }),
            tokio::spawn({
                let club = f.club.clone();
                let name = name.clone();
                async move { club.execute(&who(&name), Command::Roll(m)).await }
            }),
        );
        let results = [a.unwrap(), b.unwrap()];
        let ok = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(ok, 1, "round {round}: exactly one roll applies");
        let loser = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(matches!(loser, ClubError::Stale(..)), "{loser}");
        assert!(loser.to_string().contains("the board moved on"));
        let row = f.store.load_match(id).await.unwrap().unwrap();
        assert_eq!(
            Some(row.version),
            results
                .iter()
                .find_map(|r| r.as_ref().ok())
                .unwrap()
                .version
        );
        let new: Vec<Entry> = match_log(&f.store, id).await.split_off(log_len);
        let rolls = new
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Entry::Standard {
                        action: engine::Action::Roll(_),
                        auto: false,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(rolls, 1, "round {round}: {new:?}");
    }
}

#[tokio::test]
async fn a_stale_button_is_refused_politely_and_changes_nothing() {
    let f = open(&store_url("stale").await, 2).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    let old = out.version.unwrap() - 1;
    let before = f.store.fingerprint().await.unwrap();
    let e = refused(
        &f,
        "alice",
        Command::Roll(MatchRef {
            id: Some(id),
            version: Some(old),
        }),
    )
    .await;
    assert!(e.to_string().starts_with("the board moved on"), "{e}");
    assert_eq!(before, f.store.fingerprint().await.unwrap());
}

#[tokio::test]
async fn correspondence_clock_reminds_before_the_deadline_then_forfeits_across_days() {
    // Given a standard match (2 days a move, 5 days bank, reminder 12 hours before)
    let f = open(&store_url("clock").await, 4).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    let late = out.next.clone().unwrap();
    assert_eq!(late.deadline, Some(START + 7 * DAY));
    // When six days pass: nothing is due
    f.clock.advance(6 * DAY);
    assert!(f.club.sweep().await.unwrap().is_empty());
    // Then after 6.5 days the player to act is reminded, once
    f.clock.advance(DAY / 2);
    let n = f.club.sweep().await.unwrap();
    assert_eq!(n.len(), 1, "{n:?}");
    assert_eq!(n[0].user_id, late.user_id);
    assert!(
        n[0].text.starts_with("Reminder:") && n[0].text.contains("12 hours left"),
        "{}",
        n[0].text
    );
    assert!(f.club.sweep().await.unwrap().is_empty(), "reminded twice");
    // And at the deadline he forfeits: the other player wins, told once in the channel
    f.clock.advance(DAY / 2);
    let n = f.club.sweep().await.unwrap();
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(n[0].text.contains("ran out of time"), "{}", n[0].text);
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    let loser = f
        .store
        .find_player("local", &late.user_id)
        .await
        .unwrap()
        .unwrap();
    assert!(row.winner.is_some() && row.winner != Some(loser.id));
    assert!(row.deadline_at.is_none() && row.reminder_at.is_none());
    assert!(f.club.sweep().await.unwrap().is_empty());
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn time_beyond_the_move_allowance_comes_out_of_the_bank() {
    let f = open(&store_url("bank").await, 4).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(5))).await;
    let first = out.next.unwrap();
    let side = usize::from(first.name == "bob");
    f.clock.advance(3 * DAY);
    let m = MatchRef::id(id);
    let moves = f.club.legal_moves(&who(&first.name), m).await.unwrap();
    run(&f, &first.name, Command::Move(m, moves[0].clone())).await;
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(
        row.bank[side],
        4 * DAY,
        "one day over the two-day allowance"
    );
    assert_eq!(row.bank[1 - side], 5 * DAY);
}

#[tokio::test]
async fn rule_12a_a_welsh_player_out_of_time_loses_the_match_and_pays_20_00() {
    let f = open(&store_url("welsh_clock").await, 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    let (id, out) = challenge(&f, spec).await;
    let caller = out.next.unwrap();
    f.clock.advance(71 * 60);
    let n = f.club.sweep().await.unwrap();
    assert!(n.iter().any(|n| n.text.contains("wins the match")), "{n:?}");
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    assert!(
        row.result.as_deref().unwrap().contains("on time"),
        "{:?}",
        row.result
    );
    let ledger = f.store.ledger(1, 1).await.unwrap();
    assert_eq!(ledger.len(), 1);
    // 20.00 for the time-out and 25.00 more: the loser won no game.
    assert_eq!(ledger[0].amount, 2000 + 2500, "{ledger:?}");
    assert_eq!(ledger[0].payer, caller.name);
}

#[tokio::test]
async fn auto_roll_and_forced_plays_are_announced() {
    let f = open(&store_url("auto").await, 13).await;
    run(
        &f,
        "bob",
        Command::Settings {
            auto_roll: Some(true),
            notify_dm: None,
        },
    )
    .await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    play_on(&f, id, out, &mut Policy(1), 400).await;
    let log = match_log(&f.store, id).await;
    let auto_rolls = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Standard {
                    side: Side::O,
                    action: engine::Action::Roll(_),
                    auto: true,
                    ..
                }
            )
        })
        .count();
    let bob_rolls = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Standard {
                    side: Side::O,
                    action: engine::Action::Roll(_),
                    ..
                }
            )
        })
        .count();
    assert!(
        bob_rolls > 0 && auto_rolls == bob_rolls,
        "{auto_rolls} of {bob_rolls}"
    );
    // (Had the club asked bob to roll, the policy would have sent /roll, logged as his.)
    // Forced plays were made by the club, and the history shows them as plays.
    let forced = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Standard {
                    action: engine::Action::Play(_),
                    auto: true,
                    ..
                }
            )
        })
        .count();
    assert!(forced > 0, "no forced play in {} entries", log.len());
    let hist = run(&f, "alice", Command::History(MatchRef::id(id))).await;
    assert!(
        hist.lines.iter().any(|l| l.contains("bob rolls")),
        "{:?}",
        hist.lines
    );
}

#[tokio::test]
async fn rule_21_nominate_through_the_club_sets_the_opponents_next_throw() {
    let f = open(&store_url("nominate").await, 30).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(5)).await;
    let m = MatchRef::id(id);
    run(&f, "bob", Command::Call(m, Parity::Odd)).await;
    // Whoever won the call starts himself.
    let board = run(&f, "alice", Command::Board(m)).await;
    let chooser = board.next.unwrap().name;
    let out = run(&f, &chooser, Command::Choose(m, Starter::Me)).await;
    assert_eq!(out.next.as_ref().unwrap().name, chooser);
    let out = run(&f, &chooser, Command::Roll(m)).await;
    let next = out.next.unwrap();
    assert_eq!(next.name, chooser, "he must play his throw: {}", next.what);
    // During his own turn he nominates 2-1 for his opponent; once only.
    run(
        &f,
        &chooser,
        Command::Nominate(m, NominateFor::Opponent, (2, 1)),
    )
    .await;
    let e = refused(
        &f,
        &chooser,
        Command::Nominate(m, NominateFor::Opponent, (6, 6)),
    )
    .await;
    assert!(e.to_string().contains("used your nominate"), "{e}");
    // He plays; his opponent's next throw is the 2-1.
    let moves = f.club.legal_moves(&who(&chooser), m).await.unwrap();
    let out = run(&f, &chooser, Command::Move(m, moves[0].clone())).await;
    let other = out.next.unwrap().name;
    assert_ne!(other, chooser);
    let out = run(&f, &other, Command::Roll(m)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("plays the nominated 2-1")),
        "{:?}",
        out.lines
    );
}

/// Each refusal: who, what, a phrase the message must contain.
#[tokio::test]
async fn bad_input_catalogue_each_refused_clearly_with_the_database_unchanged() {
    let f = open(&store_url("bad_input").await, 1).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    let (wid, _) = challenge(&f, ChallengeSpec::welsh(5)).await;
    let m = MatchRef::id(id);
    let w = MatchRef::id(wid);
    let on_turn = out.next.unwrap().name;
    let other = if on_turn == "alice" { "bob" } else { "alice" };
    let long = "x".repeat(10_000);
    let mut bad_spec = ChallengeSpec::standard(Some(0));
    let cases: Vec<(&str, Command, &str)> = vec![
        (
            "alice",
            Command::Roll(MatchRef::id(999)),
            "there is no match #999",
        ),
        ("carol", Command::Roll(m), "only they can act on it"),
        (other, Command::Move(m, "13/7".into()), "turn"),
        (&on_turn, Command::Double(m), "make your move"),
        (
            &on_turn,
            Command::Move(m, "24/30".into()),
            "cannot read `24/30`",
        ),
        (
            &on_turn,
            Command::Move(m, "banana".into()),
            "cannot read `banana`",
        ),
        (&on_turn, Command::Move(m, long.clone()), "too long"),
        (
            &on_turn,
            Command::Move(m, "13/7 \u{1F3B2}\u{0301}".into()),
            "cannot read `\u{1F3B2}\u{0301}`",
        ),
        (&on_turn, Command::Take(m), "no double is waiting"),
        (&on_turn, Command::Reroll(m), "is a Welsh command"),
        (
            &on_turn,
            Command::Call(m, Parity::Odd),
            "is a Welsh command",
        ),
        ("bob", Command::Take(w), "is a standard command"),
        (
            "bob",
            Command::Resign(w, ResignLevel::Single),
            "is a standard command",
        ),
        ("alice", Command::Call(w, Parity::Odd), "bob's turn"),
        ("bob", Command::Roll(w), "call odds or evens"),
        ("alice", Command::Accept(m), "only a challenge waiting"),
        (
            "alice",
            Command::Challenge {
                opponent: "alice".into(),
                spec: ChallengeSpec::standard(Some(3)),
            },
            "yourself",
        ),
        (
            "alice",
            Command::Challenge {
                opponent: "bob".into(),
                spec: bad_spec,
            },
            "1 to 64 points",
        ),
        (
            "alice",
            Command::Challenge {
                opponent: long.clone(),
                spec: ChallengeSpec::standard(Some(3)),
            },
            "too long",
        ),
        ("dave", Command::Roll(MatchRef::default()), "no open match"),
        (
            "alice",
            Command::Nominate(w, NominateFor::Me, (7, 1)),
            "bob must call odds or evens",
        ),
        (
            "bob",
            Command::Concede(w, 3, false),
            "no offer-to-concede occasion",
        ),
    ];
    bad_spec.length = Some(10_000);
    let cases = cases.into_iter().chain([
        (
            "alice",
            Command::Challenge {
                opponent: "bob".into(),
                spec: bad_spec,
            },
            "1 to 64 points",
        ),
        (
            "alice",
            Command::Challenge {
                opponent: "bob".into(),
                spec: {
                    let mut s = ChallengeSpec::welsh(5);
                    s.beavers = true;
                    s
                },
            },
            "Welsh backgammon has its own rules",
        ),
        (
            "alice",
            Command::Challenge {
                opponent: "bob".into(),
                spec: {
                    let mut s = ChallengeSpec::standard(None);
                    s.raccoons = true;
                    s
                },
            },
            "raccoons need beavers",
        ),
        (
            "alice",
            Command::Challenge {
                opponent: "bob".into(),
                spec: {
                    let mut s = ChallengeSpec::standard(Some(5));
                    s.time.bank = -5;
                    s
                },
            },
            "time bank",
        ),
    ]);
    // A player is recorded when he first speaks: let every speaker speak once first.
    for name in ["alice", "bob", "carol", "dave"] {
        run(&f, name, Command::Games).await;
    }
    let before = f.store.fingerprint().await.unwrap();
    for (name, cmd, phrase) in cases {
        let e = refused(&f, name, cmd.clone()).await;
        let msg = e.to_string();
        assert!(!msg.is_empty() && msg.len() < 300, "{cmd:?}: {msg}");
        assert!(msg.contains(phrase), "{cmd:?}: `{msg}` lacks `{phrase}`");
        assert!(
            !matches!(e, ClubError::Store(_) | ClubError::Corrupt(..)),
            "{cmd:?}: {msg}"
        );
        assert_eq!(
            before,
            f.store.fingerprint().await.unwrap(),
            "{cmd:?} changed the database"
        );
    }
}

#[tokio::test]
async fn rule_12b_live_welsh_clocks_are_reported_to_the_engine_before_each_action() {
    // Given a Welsh match on the 70-minute play clock
    let f = open(&store_url("welsh_live").await, 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    let (id, _) = challenge(&f, spec).await;
    // When bob (O) takes 30 minutes over his call
    f.clock.advance(30 * 60);
    run(&f, "bob", Command::Call(MatchRef::id(id), Parity::Odd)).await;
    // Then the engine was told alice's 70 minutes and bob's 40 before the call
    let log = match_log(&f.store, id).await;
    assert!(
        log.iter().any(|e| matches!(
            e,
            Entry::Welsh {
                action: engine::welsh::WelshAction::Clocks([4200, 2400]),
                ..
            }
        )),
        "{log:?}"
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank, [4200, 2400]);
    assert_match_rebuilds(&f.store, id).await;
}

/// X (named eve) bears off his last checker with any roll; O has none off.
fn eve_about_to_win(length: u32, score: [u32; 2], cube: u64, crawford_game: bool) -> Snapshot {
    use engine::{Cube, Match, MatchRules, Setup};
    let mut s = Setup::new(
        MatchRules::match_to(length),
        testkit::position(&[(1, 1)], &[(12, 15)]),
        Side::X,
    );
    s.score = score;
    s.crawford_game = crawford_game;
    s.cube = Cube {
        value: cube,
        owner: (cube > 1).then_some(Side::X),
    };
    Snapshot {
        game: engine::AnyMatch::Standard(Match::from_setup(s).unwrap()),
        last: None,
        forfeit: None,
        break_due: None,
        break_until: None,
        stopped: None,
        ruling: None,
    }
}

fn snapshot_step(snap: &mut Snapshot, action: engine::Action) -> Vec<String> {
    let names = ["eve".to_string(), "fay".to_string()];
    let mut lines = Vec::new();
    snap.apply(
        &Entry::Standard {
            side: Side::X,
            action,
            auto: false,
        },
        &names,
        &mut lines,
        &mut Vec::new(),
    )
    .unwrap();
    lines
}

fn eve_bears_off(snap: &mut Snapshot) -> Vec<String> {
    use engine::{Action, AnyMatch, Dice};
    let mut lines = snapshot_step(snap, Action::Roll(Dice::new(2, 1).unwrap()));
    let AnyMatch::Standard(m) = &snap.game else {
        unreachable!()
    };
    let play = m.resolve_play(Side::X, "1/off").unwrap();
    lines.extend(snapshot_step(snap, Action::Play(play)));
    lines
}

#[test]
fn match_over_says_the_score_capped_at_the_length_and_the_board_shows_it() {
    // Given a 5-point match at 0-0 and eve's gammon at a cube of 8
    let mut snap = eve_about_to_win(5, [0, 0], 8, false);
    let lines = eve_bears_off(&mut snap);
    // Then the game's 16 points are said, and the match score is 5-0 (FIBS's way)
    assert!(
        lines
            .iter()
            .any(|l| l == "eve wins 16 points with a gammon"),
        "{lines:?}"
    );
    let names = ["eve".to_string(), "fay".to_string()];
    let (_, words) = snap.result(&names).unwrap();
    assert_eq!(words, "eve won the match 5-0");
    let scene = snap.scene(&names, None, 0);
    assert_eq!(scene.score.score, [5, 0]);
    assert!(
        render::render_text(&scene).contains("score 5"),
        "{}",
        render::render_text(&scene)
    );
}

#[test]
fn crawford_rule_games_after_the_crawford_game_are_labelled_post_crawford() {
    // Given the Crawford game of a 5-point match at 4-2, eve about to win it
    let mut snap = eve_about_to_win(5, [2, 4], 1, true);
    let names = ["eve".to_string(), "fay".to_string()];
    assert!(render::render_text(&snap.scene(&names, None, 0)).contains("Crawford game"));
    // When she wins it with a gammon (4-4)
    let lines = eve_bears_off(&mut snap);
    // Then the next game is announced and shown as post-Crawford
    assert!(
        lines.iter().any(|l| l == "Game 2 begins (post-Crawford)"),
        "{lines:?}"
    );
    let scene = snap.scene(&names, None, 0);
    let words = render::render_text(&scene);
    assert!(words.contains("post-Crawford"), "{words}");
    assert!(!words.contains("Crawford game"), "{words}");
}

#[test]
fn a_new_game_board_shows_no_last_play_of_the_previous_game() {
    // Given eve about to win game 1 of a 3-point match
    let mut snap = eve_about_to_win(3, [0, 0], 1, false);
    let lines = eve_bears_off(&mut snap);
    assert!(
        lines.iter().any(|l| l.starts_with("Game 2 begins")),
        "{lines:?}"
    );
    // Then game 2's first board has no last play
    let names = ["eve".to_string(), "fay".to_string()];
    assert!(snap.last.is_none());
    assert_eq!(snap.scene(&names, None, 0).last_play, None);
}

#[tokio::test]
async fn holland_rule_is_a_challenge_option_of_match_play_only() {
    // The option reaches the engine's rules, and the terms say so
    let Some((_, Command::Challenge { spec, .. })) =
        gammonbot::console::parse_line("ann: /challenge bob length:5 holland:on").unwrap()
    else {
        panic!("a challenge")
    };
    assert!(spec.holland);
    assert!(club::standard_rules(&spec).holland);
    assert!(
        club::spec_words(&spec).contains("Holland"),
        "{}",
        club::spec_words(&spec)
    );
    assert!(
        !ChallengeSpec::standard(Some(5)).holland,
        "off unless asked"
    );
    // Money play refuses it, saying why
    let f = open(&store_url("holland-money").await, 1).await;
    let spec = ChallengeSpec {
        holland: true,
        ..ChallengeSpec::standard(None)
    };
    let e = f
        .club
        .execute(
            &Actor::local("ann"),
            Command::Challenge {
                opponent: "bob".into(),
                spec,
            },
        )
        .await
        .expect_err("money play has no Crawford game");
    assert!(matches!(e, ClubError::BadOption(_)), "{e}");
    assert!(e.to_string().contains("Holland"), "{e}");
    assert!(e.to_string().contains("match"), "{e}");
}

/// The results the engine gave for the games of standard match log `log`, in order.
fn standard_results(log: &[Entry]) -> Vec<GameResult> {
    let Some(Entry::Challenge { spec }) = log.first() else {
        panic!("a match log starts with its challenge")
    };
    let AnyMatch::Standard(mut m) = Snapshot::start(spec).unwrap().game else {
        panic!("a standard match")
    };
    let mut results = Vec::new();
    for e in log {
        if let Entry::Standard { side, action, .. } = e {
            let (next, events) = m.apply(*side, action).unwrap();
            results.extend(events.iter().filter_map(|e| match e {
                Event::GameOver(r) => Some(*r),
                _ => None,
            }));
            m = next;
        }
    }
    results
}

/// What the engine said while replaying a Welsh match log.
struct WelshReplay {
    /// One entry a game ended (washes included): whether it was a backgammon.
    games: Vec<bool>,
    /// Games each side won outright (washes are nobody's win).
    won: [u32; 2],
    match_over: Option<(Side, MatchEnd)>,
}

fn welsh_replay(log: &[Entry]) -> WelshReplay {
    let Some(Entry::Challenge { spec }) = log.first() else {
        panic!("a match log starts with its challenge")
    };
    let AnyMatch::Welsh(mut m) = Snapshot::start(spec).unwrap().game else {
        panic!("a Welsh match")
    };
    let mut r = WelshReplay {
        games: Vec::new(),
        won: [0, 0],
        match_over: None,
    };
    for e in log {
        if let Entry::Welsh { side, action, .. } = e {
            let (next, events) = m.apply(*side, action).unwrap();
            for e in events {
                match e {
                    WelshEvent::GameOver { how, winner, .. } => {
                        r.games.push(how == GameEnd::Backgammon);
                        if let Some(w) = winner {
                            r.won[w.index()] += 1;
                        }
                    }
                    WelshEvent::MatchOver { winner, how } => r.match_over = Some((winner, how)),
                    _ => {}
                }
            }
            m = next;
        }
    }
    r
}

/// Dice in a given order (then 4s), for club tests that need particular throws.
struct ScriptDice(std::sync::Mutex<std::collections::VecDeque<u8>>);

impl club::DiceSource for ScriptDice {
    fn die(&self) -> u8 {
        self.0.lock().unwrap().pop_front().unwrap_or(4)
    }
    fn pick(&self, _n: usize) -> usize {
        0
    }
}

async fn open_scripted(url: &str, dice: &[u8]) -> Fixture {
    let store = Store::open(url).await.unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(ScriptDice(std::sync::Mutex::new(
            dice.iter().copied().collect(),
        ))),
        clock.clone(),
    ));
    Fixture { club, clock, store }
}

/// Sets the Welsh game of match `id` to `game` directly in the database (a position the
/// dice would take long to reach). The log no longer folds into it: no rebuild check.
async fn plant_welsh(url: &str, id: i64, game: engine::welsh::WelshMatch) {
    let pool = testkit::raw_pool(url).await;
    let state: String = sqlx::query_scalar("SELECT state FROM matches WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut snap: Snapshot = serde_json::from_str(&state).unwrap();
    snap.game = engine::AnyMatch::Welsh(game);
    sqlx::query("UPDATE matches SET state = $1 WHERE id = $2")
        .bind(serde_json::to_string(&snap).unwrap())
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

#[test]
fn rule_21_the_prompt_offers_no_nominate_while_a_nominated_throw_waits() {
    use engine::welsh::{WelshAction, WelshMatch, WelshRules};
    use engine::{AnyMatch, Position};
    // Given alice (X) nominated 6-6 for bob's next throw during her turn
    let m = WelshMatch::at(WelshRules::default(), Position::start(), Side::X, [0, 0]);
    let (m, _) = m.apply(Side::X, &WelshAction::Roll(4, 3)).unwrap();
    let nominate = WelshAction::Nominate {
        whose: NominateFor::Opponent,
        dice: (6, 6),
    };
    let (m, _) = m.apply(Side::X, &nominate).unwrap();
    let play = m.legal_plays()[0].play;
    let (m, _) = m.apply(Side::X, &WelshAction::Play(play)).unwrap();
    // When bob, who still has his card, is asked to act
    assert!(m.nominate_left(Side::O));
    let words = club::next_words(&AnyMatch::Welsh(m));
    // Then nominating is not offered: his throw is already set
    assert!(!words.split([',', ' ']).any(|w| w == "nominate"), "{words}");
    assert!(words.contains("6-6"), "{words}");
}

#[tokio::test]
async fn rule_18_the_payment_with_an_offer_to_24_reaches_the_ledger_on_acceptance() {
    use engine::welsh::{WelshAction, WelshMatch, WelshRules};
    let path = store_url("concede_payment").await;
    let f = open(&path, 7).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    // Given alice (X) on 22 has just brought her last two men home: a one-throw win
    let game = WelshMatch::at(
        WelshRules::default(),
        testkit::position(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
        Side::X,
        [22, 3],
    );
    let (game, _) = game.apply(Side::X, &WelshAction::Roll(6, 1)).unwrap();
    let home = game
        .legal_plays()
        .into_iter()
        .find(|l| (7..=25).all(|p| l.board.mine(p) == 0))
        .unwrap();
    let (game, _) = game.apply(Side::X, &WelshAction::Play(home.play)).unwrap();
    plant_welsh(&path, id, game).await;
    // When bob offers 2 games (to 24) with the payment, and alice accepts (she must)
    run(&f, "bob", Command::Concede(m, 2, true)).await;
    let e = refused(&f, "alice", Command::RejectConcede(m)).await;
    assert!(e.to_string().contains("must be accepted"), "{e}");
    let out = run(&f, "alice", Command::AcceptConcede(m)).await;
    // Then bob pays alice the 5.00 in the same transaction
    let ledger = f.store.ledger(1, 1).await.unwrap();
    assert_eq!(ledger.len(), 1, "{ledger:?}");
    assert_eq!(
        (
            ledger[0].payer.as_str(),
            ledger[0].payee.as_str(),
            ledger[0].amount
        ),
        ("bob", "alice", 500),
        "{ledger:?}"
    );
    assert_eq!(ledger[0].match_id, Some(id));
    assert!(
        out.lines.iter().any(|l| l.contains("5.00")),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn rule_23_a_loser_whose_only_games_came_from_washes_pays_the_pony() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 1-1, bob 1-1, alice 1-1.
    let path = store_url("pony_washes").await;
    let f = open_scripted(&path, &[1, 1, 1, 1, 1, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(2)).await;
    let m = MatchRef::id(id);
    // Given a match to 2 where alice (X) checks out her last man with any throw
    let rules = WelshRules {
        target: 2,
        ..WelshRules::default()
    };
    let game = WelshMatch::at(
        rules,
        testkit::position(&[(1, 1)], &[(6, 14)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Roll(m)).await;
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    let out = run(&f, "alice", Command::Move(m, moves[0].clone())).await;
    assert!(
        out.lines.iter().any(|l| l.contains("score 1-0")),
        "{:?}",
        out.lines
    );
    // When the second game is a wash by snakes: 2-1, bob's game only from the wash
    run(&f, "bob", Command::Roll(m)).await;
    let moves = f.club.legal_moves(&who("bob"), m).await.unwrap();
    run(&f, "bob", Command::Move(m, moves[0].clone())).await;
    let out = run(&f, "alice", Command::Roll(m)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("won the match 2-1")),
        "{:?}",
        out.lines
    );
    // Then bob, who won no game, pays 10.00 + 0.25 + a pony (25.00)
    let ledger = f.store.ledger(1, 1).await.unwrap();
    assert_eq!(ledger.len(), 1, "{ledger:?}");
    assert_eq!(ledger[0].amount, 1000 + 25 + 2500, "{ledger:?}");
    assert_eq!(ledger[0].payer, "bob");
}

#[tokio::test]
async fn rule_24_i_the_challenged_guest_chooses_to_shake_or_call_in_the_first_game() {
    let f = open(&store_url("guest_shakes").await, 3).await;
    let challenge_bob = |spec| Command::Challenge {
        opponent: "bob".into(),
        spec,
    };
    // Given alice challenges bob (the guest) to a Welsh match
    let id = run(&f, "alice", challenge_bob(ChallengeSpec::welsh(5)))
        .await
        .match_id
        .unwrap();
    // When bob accepts as the shaker
    let out = run(
        &f,
        "bob",
        Command::AcceptShaking(MatchRef::id(id), Starter::Me),
    )
    .await;
    // Then alice calls odds or evens on his concealed throw
    let next = out.next.unwrap();
    assert_eq!(next.name, "alice");
    assert!(next.what.starts_with("call"), "{}", next.what);
    assert!(
        out.lines.iter().any(|l| l.contains("bob shakes")),
        "{:?}",
        out.lines
    );
    assert_match_rebuilds(&f.store, id).await;
    // And choosing to call, or saying nothing, bob calls (the challenger shakes)
    for cmd in [
        Command::AcceptShaking as fn(MatchRef, Starter) -> Command,
        |m, _| Command::Accept(m),
    ] {
        let id = run(&f, "alice", challenge_bob(ChallengeSpec::welsh(5)))
            .await
            .match_id
            .unwrap();
        let out = run(&f, "bob", cmd(MatchRef::id(id), Starter::Opponent)).await;
        let next = out.next.unwrap();
        assert_eq!(
            (next.name.as_str(), next.what.starts_with("call")),
            ("bob", true)
        );
        assert_match_rebuilds(&f.store, id).await;
    }
    // The choice belongs to Welsh matches only
    let id = run(&f, "alice", challenge_bob(ChallengeSpec::standard(Some(3))))
        .await
        .match_id
        .unwrap();
    let e = refused(
        &f,
        "bob",
        Command::AcceptShaking(MatchRef::id(id), Starter::Me),
    )
    .await;
    assert!(e.to_string().contains("Welsh"), "{e}");
    // The local chat reads the choice
    use gammonbot::console::parse_line;
    for (line, who) in [
        ("bob: /accept shaker:me", Starter::Me),
        ("bob: /accept role:shake", Starter::Me),
        ("bob: /accept shaker:opponent", Starter::Opponent),
        ("bob: /accept role:call", Starter::Opponent),
    ] {
        let (_, cmd) = parse_line(line).unwrap().unwrap();
        assert_eq!(
            cmd,
            Command::AcceptShaking(MatchRef::default(), who),
            "{line}"
        );
    }
    assert!(parse_line("bob: /accept shaker:maybe").is_err());
}

/// A live-clock Welsh match brought to a break due: bob (who calls) uses 69 of his 70
/// minutes, alice 36, and the first game is a wash by snakes, the first time both clocks
/// are under 35 minutes. Returns the match id; bob must call next, with 60 seconds left.
async fn welsh_break_due(f: &Fixture) -> i64 {
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    let (id, _) = challenge(f, spec).await;
    let m = MatchRef::id(id);
    // No break is due at the start
    let e = refused(f, "alice", Command::Break(m)).await;
    assert!(e.to_string().contains("no break is due"), "{e}");
    f.clock.advance(69 * 60);
    run(f, "bob", Command::Call(m, Parity::Odd)).await;
    run(f, "bob", Command::Choose(m, Starter::Opponent)).await;
    f.clock.advance(36 * 60);
    run(f, "alice", Command::Roll(m)).await;
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    run(f, "alice", Command::Move(m, moves[0].clone())).await;
    let out = run(f, "bob", Command::Roll(m)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("wash by snakes"))
            && out.lines.iter().any(|l| l.contains("ten-minute break")),
        "{:?}",
        out.lines
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank, [70 * 60 - 36 * 60, 60]);
    assert_eq!(out.next.unwrap().name, "bob");
    id
}

#[tokio::test]
async fn regulation_d_an_entitled_break_pauses_both_clocks_until_resume() {
    // Concealed throw 1-2 (odds: bob chooses), alice 1-1, bob 1-1.
    let path = store_url("break_resume").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1]).await;
    let id = welsh_break_due(&f).await;
    let m = MatchRef::id(id);
    // When alice takes the break (bob is to act, with 60 seconds left)
    f.clock.advance(20);
    let out = run(&f, "alice", Command::Break(m)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("takes a ten-minute break")),
        "{:?}",
        out.lines
    );
    // Then bob's 20 seconds so far are his, and his clock stops for the break
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank[1], 40);
    assert_eq!(row.deadline_at, Some(f.club.now() + 10 * 60 + 40));
    let e = refused(&f, "bob", Command::Break(m)).await;
    assert!(e.to_string().contains("a break is under way"), "{e}");
    // And five minutes on, the sweep does not time bob out
    f.clock.advance(5 * 60);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().all(|n| !n.text.contains("ran out of time")),
        "{notices:?}"
    );
    assert_eq!(
        f.store.load_match(id).await.unwrap().unwrap().status,
        "active"
    );
    assert!(
        match_log(&f.store, id)
            .await
            .iter()
            .any(|e| matches!(e, Entry::Break { .. }))
    );
    assert_match_rebuilds(&f.store, id).await;
    // When bob resumes, after a restart (a new club on the same database)
    let club = Club::new(
        Store::open(&path).await.unwrap(),
        Arc::new(RngDice::seeded(1)),
        f.clock.clone(),
    );
    let out = club.execute(&who("bob"), Command::Resume(m)).await.unwrap();
    assert!(
        out.lines.iter().any(|l| l.contains("resumes play")),
        "{:?}",
        out.lines
    );
    // Then his clock runs again from his 40 seconds
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.bank[1], 40);
    assert_eq!(row.deadline_at, Some(f.club.now() + 40));
    let e = refused(&f, "bob", Command::Resume(m)).await;
    assert!(e.to_string().contains("no break under way"), "{e}");
    let e = refused(&f, "bob", Command::Break(m)).await;
    assert!(e.to_string().contains("no break is due"), "{e}");
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn regulation_d_a_break_ends_by_itself_after_ten_minutes() {
    let path = store_url("break_lapses").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1]).await;
    let id = welsh_break_due(&f).await;
    let m = MatchRef::id(id);
    // Given bob takes the break himself, with his 60 seconds left
    run(&f, "bob", Command::Break(m)).await;
    // When the ten minutes and 59 of his seconds have gone, he is still in time
    f.clock.advance(10 * 60 + 59);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().all(|n| !n.text.contains("ran out of time")),
        "{notices:?}"
    );
    // Then his clock ran again after the ten minutes: one second more and he is out
    f.clock.advance(1);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().any(|n| n.text.contains("ran out of time")),
        "{notices:?}"
    );
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
}

#[tokio::test]
async fn rule_13_the_club_waits_for_the_choice_to_throw_a_1_2_with_no_legal_play_again() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 2-1, then 5-3 when she throws the 1-2 again.
    let path = store_url("acey_no_play").await;
    let f = open_scripted(&path, &[2, 1, 5, 3]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    // Given alice (X) has two men on the roof and bob covers his 1 and 2 points
    let game = WelshMatch::at(
        WelshRules::default(),
        testkit::position(&[(25, 2), (6, 13)], &[(1, 2), (2, 2), (6, 11)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    // When alice throws 2-1, which cannot enter
    let out = run(&f, "alice", Command::Roll(m)).await;
    // Then her turn is not passed for her: no dance, and she is asked to choose
    assert!(
        !out.lines.iter().any(|l| l.contains("dances")),
        "{:?}",
        out.lines
    );
    let next = out.next.unwrap();
    assert_eq!(next.name, "alice");
    assert!(
        next.what.contains("/move pass") && next.what.contains("throw the 1-2 again"),
        "{}",
        next.what
    );
    // And /reroll throws again: 5-3 enters both men
    let out = run(&f, "alice", Command::Reroll(m)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("throws the 1-2 again")),
        "{:?}",
        out.lines
    );
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    assert!(moves.iter().all(|t| t.starts_with("roof/")), "{moves:?}");
    run(&f, "alice", Command::Move(m, moves[0].clone())).await;
}

#[tokio::test]
async fn regulation_12b_ten_for_two_in_the_first_game_with_live_clocks_of_9_minutes() {
    // Given a Welsh match on live clocks with 9 minutes each (clock:live bank:9m)
    let f = open(&store_url("ten_for_two_first").await, 4).await;
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    spec.time.bank = 9 * 60;
    let (id, _) = challenge(&f, spec).await;
    // When bob calls and the winner of the call chooses who starts
    let out = run(&f, "bob", Command::Call(MatchRef::id(id), Parity::Odd)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l == "Game 1 begins with the doubling die at 2"),
        "{:?}",
        out.lines
    );
    let chooser = out.next.unwrap().name;
    run(&f, &chooser, Command::Choose(MatchRef::id(id), Starter::Me)).await;
    // Then the first game is played with the doubling die at 2, centred
    let row = f.store.load_match(id).await.unwrap().unwrap();
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let AnyMatch::Welsh(game) = snap.game else {
        panic!("a Welsh match")
    };
    assert_eq!((game.cube().value, game.cube().right), (2, None));
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn rule_18_at_one_game_the_occasion_and_the_prompt_say_no_offer_is_possible() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 6-1.
    let path = store_url("concede_at_one").await;
    let f = open_scripted(&path, &[6, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    // Given alice (X) on 23 brings her last man home (a one-throw win), the die at 1, and
    // bob has checked out a man (no gammon at stake)
    let game = WelshMatch::at(
        WelshRules::default(),
        testkit::position(&[(2, 1), (9, 1)], &[(6, 14)]),
        Side::X,
        [23, 3],
    );
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Roll(m)).await;
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    let out = run(&f, "alice", Command::Move(m, moves[0].clone())).await;
    // Then the occasion line and bob's prompt say that no offer is possible, and why
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("bob has the occasion") && l.contains("not even one to 24")),
        "{:?}",
        out.lines
    );
    let next = out.next.unwrap();
    assert_eq!(next.name, "bob");
    assert!(next.what.contains("no offer to concede"), "{}", next.what);
    // And an offer to 24 with the payment is refused with that reason
    let e = refused(&f, "bob", Command::Concede(m, 1, true)).await;
    assert!(e.to_string().contains("only 1 game"), "{e}");
}

/// The Welsh game of match `id` as stored.
async fn welsh_game(f: &Fixture, id: i64) -> engine::welsh::WelshMatch {
    let row = f.store.load_match(id).await.unwrap().unwrap();
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let AnyMatch::Welsh(m) = snap.game else {
        panic!("a Welsh match")
    };
    m
}

/// `name` (playing `side`) plays the first legal play of the throw in hand whose board
/// satisfies `want`, typed as the player would.
async fn welsh_play_where(
    f: &Fixture,
    id: i64,
    name: &str,
    side: Side,
    want: impl Fn(&engine::Board) -> bool,
) -> Outcome {
    let m = welsh_game(f, id).await;
    let l = m
        .legal_plays()
        .into_iter()
        .find(|l| want(&l.board))
        .expect("a play of that kind");
    let text = engine::welsh::format_welsh_play(&m.position().view(side), &l.play);
    run(f, name, Command::Move(MatchRef::id(id), text)).await
}

/// Issue 30 item 10: the first board of a new game shows nothing of the game before: the
/// announcement "Game N begins" is followed by a board with no last play (no "Last play"
/// in its words, no rings for the picture), and so is the board asked for afterwards.
async fn assert_new_game_shows_no_last_play(f: &Fixture, id: i64, out: &Outcome, game: u32) {
    let begins = format!("Game {game} begins");
    assert!(
        out.lines.iter().any(|l| l.starts_with(&begins)),
        "{:?}",
        out.lines
    );
    let board = run(f, "alice", Command::Board(MatchRef::id(id))).await;
    for scene in [out.board.as_ref(), board.board.as_ref()] {
        let scene = scene.expect("a board");
        assert_eq!(scene.last_play, None, "the old game's last play is drawn");
        let words = render::render_text(scene);
        assert!(!words.contains("Last play"), "{words}");
        let alt = render::alt_text(scene);
        assert!(!alt.contains("Last play"), "{alt}");
    }
    let snap: Snapshot = serde_json::from_str(
        f.store
            .load_match(id)
            .await
            .unwrap()
            .unwrap()
            .state
            .as_deref()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(snap.last, None);
}

#[tokio::test]
async fn issue_30_10_after_a_welsh_wash_by_snakes_game_2_shows_no_last_play() {
    // Concealed throw 1-2 (odds: bob chooses alice to start), alice 1-1, bob 1-1.
    let f = open_scripted(&store_url("wash_fresh_board").await, &[1, 2, 1, 1, 1, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    run(&f, "bob", Command::Call(m, Parity::Odd)).await;
    run(&f, "bob", Command::Choose(m, Starter::Opponent)).await;
    // Given alice has thrown 1-1 and played it
    run(&f, "alice", Command::Roll(m)).await;
    let out = welsh_play_where(&f, id, "alice", Side::X, |_| true).await;
    assert!(out.board.unwrap().last_play.is_some());
    // When bob's 1-1 washes the game (snakes)
    let out = run(&f, "bob", Command::Roll(m)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("wash by snakes")),
        "{:?}",
        out.lines
    );
    // Then game 2's board has no last play of game 1
    assert_new_game_shows_no_last_play(&f, id, &out, 2).await;
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn issue_30_10_a_wash_by_snakes_after_a_throw_thrown_again_under_rule_6_shows_no_last_play() {
    use engine::welsh::{WelshAction, WelshMatch, WelshRules};
    // alice 1-1; bob 6-5 (his third in a row: thrown again), then 1-1.
    let path = store_url("wash_rule_6").await;
    let f = open_scripted(&path, &[1, 1, 6, 5, 1, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    // Given bob's last two turns were 6-5, and alice is to throw
    let mut game = WelshMatch::at(
        WelshRules::default(),
        engine::Position::start(),
        Side::X,
        [0, 0],
    );
    for (side, dice) in [
        (Side::X, (4, 2)),
        (Side::O, (6, 5)),
        (Side::X, (4, 2)),
        (Side::O, (6, 5)),
    ] {
        let (next, _) = game
            .apply(side, &WelshAction::Roll(dice.0, dice.1))
            .unwrap();
        let play = next.legal_plays()[0].play;
        (game, _) = next.apply(side, &WelshAction::Play(play)).unwrap();
    }
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Roll(m)).await;
    welsh_play_where(&f, id, "alice", Side::X, |_| true).await;
    // When bob's 6-5 is thrown again (rule 6) and comes 1-1: a wash by snakes
    let out = run(&f, "bob", Command::Roll(m)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("thrown again (rule 6)"))
            && out.lines.iter().any(|l| l.contains("wash by snakes")),
        "{:?}",
        out.lines
    );
    // Then game 2's board has no last play of game 1
    assert_new_game_shows_no_last_play(&f, id, &out, 2).await;
}

#[tokio::test]
async fn issue_30_10_after_a_wash_by_sticks_the_next_game_shows_no_last_play() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 1-2.
    let path = store_url("wash_sticks_fresh").await;
    let f = open_scripted(&path, &[1, 2]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    // Given bob holds a full spike and alice can make one
    let game = WelshMatch::at(
        WelshRules::default(),
        testkit::position(&[(7, 5), (8, 1), (6, 9)], &[(6, 6), (1, 9)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    // When alice throws 1-2 and makes her full spike: a wash by sticks
    run(&f, "alice", Command::Roll(MatchRef::id(id))).await;
    let out = welsh_play_where(&f, id, "alice", Side::X, |b| b.points()[7] == 6).await;
    assert!(
        out.lines.iter().any(|l| l.contains("wash by sticks")),
        "{:?}",
        out.lines
    );
    // Then the next game's board has no last play of the game washed
    assert_new_game_shows_no_last_play(&f, id, &out, 2).await;
}

#[tokio::test]
async fn issue_30_10_after_a_welsh_game_won_the_next_game_shows_no_last_play() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 2-1.
    let path = store_url("won_fresh_board").await;
    let f = open_scripted(&path, &[2, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    // Given alice checks out her last man with any throw
    let game = WelshMatch::at(
        WelshRules::default(),
        testkit::position(&[(1, 1)], &[(6, 14)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    // When she throws and checks out: she wins game 1, bob (mugs away) starts game 2
    run(&f, "alice", Command::Roll(MatchRef::id(id))).await;
    let out = welsh_play_where(&f, id, "alice", Side::X, |b| b.mine_off() == 15).await;
    assert_eq!(out.next.as_ref().unwrap().name, "bob");
    // Then game 2's board has no last play of game 1
    assert_new_game_shows_no_last_play(&f, id, &out, 2).await;
}

#[tokio::test]
async fn issue_30_10_after_an_accepted_offer_to_concede_the_next_game_shows_no_last_play() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 6-1.
    let path = store_url("conceded_fresh_board").await;
    let f = open_scripted(&path, &[6, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    // Given alice brings her last two men home with 6-1: a one-throw win
    let game = WelshMatch::at(
        WelshRules::default(),
        testkit::position(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Roll(m)).await;
    welsh_play_where(&f, id, "alice", Side::X, |b| {
        (7..=25).all(|p| b.mine(p) == 0)
    })
    .await;
    // When bob offers to concede 1 game and alice accepts
    run(&f, "bob", Command::Concede(m, 1, false)).await;
    let out = run(&f, "alice", Command::AcceptConcede(m)).await;
    // Then game 2's board has no last play of game 1
    assert_new_game_shows_no_last_play(&f, id, &out, 2).await;
}

#[test]
fn issue_30_10_a_new_money_game_board_shows_no_last_play_of_the_previous_game() {
    use engine::{Action, Dice, Match, MatchRules, Setup};
    // Given eve about to win a money game
    let s = Setup::new(
        MatchRules::money(),
        testkit::position(&[(1, 1)], &[(12, 15)]),
        Side::X,
    );
    let mut snap = Snapshot {
        game: AnyMatch::Standard(Match::from_setup(s).unwrap()),
        last: None,
        forfeit: None,
        break_due: None,
        break_until: None,
        stopped: None,
        ruling: None,
    };
    snapshot_step(&mut snap, Action::Roll(Dice::new(2, 1).unwrap()));
    let AnyMatch::Standard(m) = &snap.game else {
        unreachable!()
    };
    let play = m.resolve_play(Side::X, "1/off").unwrap();
    // When she bears off: the next game of the session begins
    let lines = snapshot_step(&mut snap, Action::Play(play));
    assert!(
        lines.iter().any(|l| l.starts_with("Game 2 begins")),
        "{lines:?}"
    );
    // Then its board has no last play of the game before
    let names = ["eve".to_string(), "fay".to_string()];
    assert_eq!(snap.scene(&names, None, 0).last_play, None);
}

/// The match's version now.
async fn version_of(f: &Fixture, id: i64) -> i64 {
    f.store.load_match(id).await.unwrap().unwrap().version
}

#[tokio::test]
async fn regulation_d_during_a_break_game_actions_wait_for_its_end_or_resume() {
    let path = store_url("break_waits").await;
    // Concealed throw 1-2 (odds: bob chooses), alice 1-1, bob 1-1; then the next call's
    // concealed throw 3-1.
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1, 3, 1]).await;
    let id = welsh_break_due(&f).await;
    let m = MatchRef::id(id);
    // Given alice takes the break at 09:45:20 UTC (bob is to call)
    f.clock.advance(20);
    let out = run(&f, "alice", Command::Break(m)).await;
    let until = "until 2027-01-15 09:55 UTC";
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("both clocks stop until 2027-01-15 09:55 UTC")),
        "{:?}",
        out.lines
    );
    // Then the prompt says the break runs, until when, and how to end it sooner
    let next = out.next.clone().expect("who acts after the break");
    assert_eq!(next.name, "bob");
    assert!(
        next.what.contains("break") && next.what.contains(until) && next.what.contains("/resume"),
        "{}",
        next.what
    );
    assert_eq!(
        next.choices,
        [club::Choice::Resume],
        "no call is offered during the break, only its end"
    );
    let hint = gammonbot::console::outcome_text(&out, f.club.now());
    assert!(hint.contains(until), "{hint}");
    let prompt = out
        .board
        .as_ref()
        .unwrap()
        .prompt
        .clone()
        .unwrap_or_default();
    assert!(
        prompt.contains("break") && prompt.contains("2027-01-15 09:55 UTC"),
        "{prompt}"
    );
    // And every game action, by either player, is refused naming the break; nothing changes
    let version = version_of(&f, id).await;
    for (who, cmd) in [
        ("bob", Command::Call(m, Parity::Odd)),
        ("alice", Command::Call(m, Parity::Even)),
        ("bob", Command::Choose(m, Starter::Me)),
        ("bob", Command::Roll(m)),
        ("alice", Command::Roll(m)),
        ("bob", Command::Double(m)),
        ("bob", Command::Nominate(m, NominateFor::Me, (6, 6))),
        ("alice", Command::Concede(m, 1, false)),
    ] {
        let e = refused(&f, who, cmd.clone()).await;
        let e = e.to_string();
        assert!(
            e.contains("break") && e.contains(until) && e.contains("/resume"),
            "{who}: {cmd:?}: {e}"
        );
    }
    assert_eq!(version_of(&f, id).await, version);
    // And the board asked for says it too
    let board = run(&f, "bob", Command::Board(m)).await;
    assert!(board.next.unwrap().what.contains(until));
    // When bob resumes, the call is his again
    run(&f, "bob", Command::Resume(m)).await;
    let out = run(&f, "bob", Command::Call(m, Parity::Odd)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("bob calls odds")),
        "{:?}",
        out.lines
    );
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn regulation_d_after_a_break_runs_out_game_actions_are_accepted_again() {
    let path = store_url("break_runs_out").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1, 3, 1]).await;
    let id = welsh_break_due(&f).await;
    let m = MatchRef::id(id);
    // Given bob takes the break at 09:45 UTC
    run(&f, "bob", Command::Break(m)).await;
    // When nine minutes and 59 seconds have gone, his call still waits
    f.clock.advance(10 * 60 - 1);
    let e = refused(&f, "bob", Command::Call(m, Parity::Odd)).await;
    assert!(e.to_string().contains("until 2027-01-15 09:55 UTC"), "{e}");
    // Then at the end of the ten minutes the prompt no longer speaks of a break, and the
    // call is accepted
    f.clock.advance(1);
    let board = run(&f, "bob", Command::Board(m)).await;
    let what = board.next.unwrap().what;
    assert!(
        !what.contains("break") && what.starts_with("call"),
        "{what}"
    );
    let out = run(&f, "bob", Command::Call(m, Parity::Odd)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("bob calls odds")),
        "{:?}",
        out.lines
    );
    assert_match_rebuilds(&f.store, id).await;
}

#[tokio::test]
async fn regulation_d_a_reminder_during_a_break_says_the_turn_waits_for_its_end() {
    let path = store_url("break_reminder").await;
    let f = open_scripted(&path, &[1, 2, 1, 1, 1, 1]).await;
    let id = welsh_break_due(&f).await;
    // Given alice takes the break at 09:45 UTC while bob, to call, has 60 seconds left
    run(&f, "alice", Command::Break(MatchRef::id(id))).await;
    // When the sweep reminds bob during the break, five minutes before his deadline
    f.clock.advance(6 * 60);
    let notices = f.club.sweep().await.unwrap();
    let r = notices
        .iter()
        .find(|n| n.text.starts_with("Reminder"))
        .expect("a reminder");
    // Then it says that the call waits for the end of the break, and when that is
    assert!(
        r.text.contains("once the break ends") && r.text.contains("until 2027-01-15 09:55 UTC"),
        "{}",
        r.text
    );
}
