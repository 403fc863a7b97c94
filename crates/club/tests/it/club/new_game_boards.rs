//! A new game's board shows no play of the game before (issue 30, item 10).

use super::fixtures::{
    assert_new_game_shows_no_last_play, challenge, open_scripted, plant_welsh, snapshot_step,
    welsh_play_where,
};
use club::{ChallengeSpec, Command, MatchOp, MatchRef, Snapshot, Starter};
use clubkit::{assert_match_rebuilds, run};
use engine::welsh::Parity;
use engine::{AnyMatch, Side};
use testkit::store_url;

#[tokio::test]
async fn issue_30_10_after_a_welsh_wash_by_snakes_game_2_shows_no_last_play() {
    // Concealed throw 1-2 (odds: bob chooses alice to start), alice 1-1, bob 1-1.
    let f = open_scripted(&store_url("wash_fresh_board").await, &[1, 2, 1, 1, 1, 1]).await;
    let (id, _) = challenge(&f, ChallengeSpec::welsh(25)).await;
    let m = MatchRef::id(id);
    run(&f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    run(
        &f,
        "bob",
        Command::Match(m, MatchOp::Choose(Starter::Opponent)),
    )
    .await;
    // Given alice has thrown 1-1 and played it
    run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    let out = welsh_play_where(&f, id, "alice", Side::X, |_| true).await;
    assert!(out.board.unwrap().last_play.is_some());
    // When bob's 1-1 washes the game (snakes)
    let out = run(&f, "bob", Command::Match(m, MatchOp::Roll)).await;
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
    )
    .unwrap();
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
    run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    welsh_play_where(&f, id, "alice", Side::X, |_| true).await;
    // When bob's 6-5 is thrown again (rule 6) and comes 1-1: a wash by snakes
    let out = run(&f, "bob", Command::Match(m, MatchOp::Roll)).await;
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
    let game = WelshMatch::at_parked(
        WelshRules::default(),
        testkit::position(&[(7, 5), (8, 1), (6, 9)], &[(6, 6), (1, 9)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    // When alice throws 1-2 and makes her full spike: a wash by sticks
    run(&f, "alice", Command::Match(MatchRef::id(id), MatchOp::Roll)).await;
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
    let game = WelshMatch::at_parked(
        WelshRules::default(),
        testkit::position(&[(1, 1)], &[(6, 14)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    // When she throws and checks out: she wins game 1, bob (mugs away) starts game 2
    run(&f, "alice", Command::Match(MatchRef::id(id), MatchOp::Roll)).await;
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
    let game = WelshMatch::at_parked(
        WelshRules::default(),
        testkit::position(&[(2, 1), (9, 1)], &[(25, 1), (13, 14)]),
        Side::X,
        [0, 0],
    );
    plant_welsh(&path, id, game).await;
    run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    welsh_play_where(&f, id, "alice", Side::X, |b| {
        (7..=25).all(|p| b.mine(p) == 0)
    })
    .await;
    // When bob offers to concede 1 game and alice accepts
    run(
        &f,
        "bob",
        Command::Match(
            m,
            MatchOp::Concede {
                games: 1,
                payment: false,
            },
        ),
    )
    .await;
    let out = run(&f, "alice", Command::Match(m, MatchOp::AcceptConcede)).await;
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
        tutor: None,
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
