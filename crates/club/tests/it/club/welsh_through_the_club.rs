//! Welsh rules through the club: nominations, offers to concede, the payment and the pony,
//! the first game's start, a 1-2 with no legal play.

use super::fixtures::{challenge, open, open_scripted, plant_welsh, who};
use club::{ChallengeSpec, Command, Look, MatchOp, MatchRef, Starter};
use clubkit::{refused, run};
use engine::Side;
use engine::welsh::{NominateFor, Parity};
use testkit::store_url;

#[tokio::test]
async fn rule_21_nominate_through_the_club_sets_the_opponents_next_throw() {
    let f = open(&store_url("nominate").await, 30).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(5)).await;
    let m = MatchRef::id(id);
    run(&f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    // Whoever won the call starts himself.
    let board = run(&f, "alice", Command::Look(Look::Board(m))).await;
    let chooser = board.next.unwrap().name;
    let out = run(
        &f,
        &chooser,
        Command::Match(m, MatchOp::Choose(Starter::Me)),
    )
    .await;
    assert_eq!(out.next.as_ref().unwrap().name, chooser);
    let out = run(&f, &chooser, Command::Match(m, MatchOp::Roll)).await;
    let next = out.next.unwrap();
    assert_eq!(next.name, chooser, "he must play his throw: {}", next.what);
    // During his own turn he nominates 2-1 for his opponent; once only.
    run(
        &f,
        &chooser,
        Command::Match(m, MatchOp::Nominate(NominateFor::Opponent, (2, 1))),
    )
    .await;
    let e = refused(
        &f,
        &chooser,
        Command::Match(m, MatchOp::Nominate(NominateFor::Opponent, (6, 6))),
    )
    .await;
    assert!(e.to_string().contains("used your nominate"), "{e}");
    // He plays; his opponent's next throw is the 2-1.
    let moves = f.club.legal_moves(&who(&chooser), m).await.unwrap();
    let out = run(
        &f,
        &chooser,
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
    let other = out.next.unwrap().name;
    assert_ne!(other, chooser);
    let out = run(&f, &other, Command::Match(m, MatchOp::Roll)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("plays the nominated 2-1")),
        "{:?}",
        out.lines
    );
}

#[test]
fn rule_21_the_prompt_offers_no_nominate_while_a_nominated_throw_waits() {
    use engine::welsh::{WelshAction, WelshMatch, WelshRules};
    use engine::{AnyMatch, Position};
    // Given alice (X) nominated 6-6 for bob's next throw during her turn
    let m = WelshMatch::at(WelshRules::default(), Position::start(), Side::X, [0, 0]).unwrap();
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
    let game = WelshMatch::at_parked(
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
    run(
        &f,
        "bob",
        Command::Match(
            m,
            MatchOp::Concede {
                games: 2,
                payment: true,
            },
        ),
    )
    .await;
    let e = refused(&f, "alice", Command::Match(m, MatchOp::RejectConcede)).await;
    assert!(e.to_string().contains("must be accepted"), "{e}");
    let out = run(&f, "alice", Command::Match(m, MatchOp::AcceptConcede)).await;
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
    let game = WelshMatch::at_parked(
        rules,
        testkit::position(&[(1, 1)], &[(6, 14)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    let out = run(
        &f,
        "alice",
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
    assert!(
        out.lines.iter().any(|l| l.contains("score 1-0")),
        "{:?}",
        out.lines
    );
    // When the second game is a wash by snakes: 2-1, bob's game only from the wash
    run(&f, "bob", Command::Match(m, MatchOp::Roll)).await;
    let moves = f.club.legal_moves(&who("bob"), m).await.unwrap();
    run(
        &f,
        "bob",
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
    let out = run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
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
async fn rule_13_the_club_waits_for_the_choice_to_throw_a_1_2_with_no_legal_play_again() {
    use engine::welsh::{WelshMatch, WelshRules};
    // alice throws 2-1, then 5-3 when she throws the 1-2 again.
    let path = store_url("acey_no_play").await;
    let f = open_scripted(&path, &[2, 1, 5, 3]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    // Given alice (X) has two men on the roof and bob covers his 1 and 2 points
    let game = WelshMatch::at_parked(
        WelshRules::default(),
        testkit::position(&[(25, 2), (6, 13)], &[(1, 2), (2, 2), (6, 11)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    // When alice throws 2-1, which cannot enter
    let out = run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
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
    let out = run(&f, "alice", Command::Match(m, MatchOp::Reroll)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("throws the 1-2 again")),
        "{:?}",
        out.lines
    );
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    assert!(moves.iter().all(|t| t.starts_with("roof/")), "{moves:?}");
    run(
        &f,
        "alice",
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
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
    let game = WelshMatch::at_parked(
        WelshRules::default(),
        testkit::position(&[(2, 1), (9, 1)], &[(6, 14)]),
        Side::X,
        [23, 3],
    );
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    let out = run(
        &f,
        "alice",
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
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
    let e = refused(
        &f,
        "bob",
        Command::Match(
            m,
            MatchOp::Concede {
                games: 1,
                payment: true,
            },
        ),
    )
    .await;
    assert!(e.to_string().contains("only 1 game"), "{e}");
}
