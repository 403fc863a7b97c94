//! Whole seeded matches and sessions through the club, rebuilt from their logs; a restart
//! mid-match; the same action sent twice at once; a stale button.

use super::fixtures::{challenge, open, play_on, standard_results, welsh_replay, who};
use club::Refusal;
use club::{ChallengeSpec, ClubError, Command, Entry, Look, MatchOp, MatchRef, Snapshot};
use clubkit::{assert_match_rebuilds, match_log, refused, run};
use engine::welsh::MatchEnd;
use testkit::{Rng, store_url};

#[tokio::test]
async fn a_seeded_standard_match_is_played_to_its_end_and_rebuilds_from_its_log() {
    // Given a 3-point match between alice and bob with seeded dice
    let f = open(&store_url("standard_match").await, 11).await;
    let (id, out) = challenge(&f, ChallengeSpec::standard(Some(3))).await;
    // When both play whatever the club asks until the match ends
    let (last, sent) = play_on(&f, id, out, &mut Rng::new(5), 5000).await;
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
    let exp = run(&f, "alice", Command::Look(Look::Export(MatchRef::id(id)))).await;
    let mat = exp.attachment.unwrap().text;
    assert!(mat.contains("3 point match"), "{mat}");
    // Nothing more can be played
    let e = refused(&f, "alice", Command::Match(MatchRef::id(id), MatchOp::Roll)).await;
    assert!(e.to_string().contains("finished"), "{e}");
}

#[tokio::test]
async fn a_money_session_settles_every_game_in_the_ledger_at_the_stake() {
    let f = open(&store_url("money").await, 3).await;
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 150;
    let (id, out) = challenge(&f, spec).await;
    let mut p = Rng::new(9);
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
    let shown = run(&f, "alice", Command::Look(Look::Ledger)).await;
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
    let (last, sent) = play_on(&f, id, out, &mut Rng::new(77), 8000).await;
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
    let (mid, _) = play_on(&f, id, out, &mut Rng::new(3), 15).await;
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
    let board = run(&g, "alice", Command::Look(Look::Board(MatchRef::id(id)))).await;
    assert_eq!(
        board.next.as_ref().map(|n| &n.what),
        mid.next.as_ref().map(|n| &n.what)
    );
    let (last, _) = play_on(&g, id, board, &mut Rng::new(4), 3000).await;
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
            let (o, _) = play_on(&f, id, out, &mut Rng::new(round + 1), 1).await;
            out = o;
        }
        let name = out.next.as_ref().unwrap().name.clone();
        let version = out.version;
        let log_len = f.store.actions(id).await.unwrap().len();
        let m = MatchRef {
            id: Some(id.into()),
            version,
        };
        let (a, b) = tokio::join!(
            tokio::spawn({
                let club = f.club.clone();
                let name = name.clone();
                async move {
                    club.execute(&who(&name), Command::Match(m, MatchOp::Roll))
                        .await
                }
            }),
            tokio::spawn({
                let club = f.club.clone();
                let name = name.clone();
                async move {
                    club.execute(&who(&name), Command::Match(m, MatchOp::Roll))
                        .await
                }
            }),
        );
        let results = [a.unwrap(), b.unwrap()];
        let ok = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(ok, 1, "round {round}: exactly one roll applies");
        let loser = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(
            matches!(loser, ClubError::Refused(Refusal::Stale(..))),
            "{loser}"
        );
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
        Command::Match(
            MatchRef {
                id: Some(id.into()),
                version: Some(old),
            },
            MatchOp::Roll,
        ),
    )
    .await;
    assert!(e.to_string().starts_with("the board moved on"), "{e}");
    assert_eq!(before, f.store.fingerprint().await.unwrap());
}
