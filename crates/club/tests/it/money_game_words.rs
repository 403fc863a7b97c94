//! What the players read when a money game ends: the game's result and payment come
//! before the next game, which then waits for its opening throw.

use club::{ChallengeSpec, Command, MatchOp, MatchRef};
use engine::ResignLevel;

use clubkit::{Fixture, run};
use testkit::store_url;

#[tokio::test]
async fn a_money_game_s_payment_is_said_before_the_next_game_which_waits_for_its_opening_throw() {
    // Given a money session at 1.00 a point, its first game under way
    let f = Fixture::seeded(&store_url("money-game-words").await, 11).await;
    let mut spec = ChallengeSpec::standard(None);
    spec.stake = 100;
    let (id, _) = clubkit::accepted(&f, "alice", "bob", spec).await;
    let m = MatchRef::id(id);
    run(&f, "alice", Command::Match(m, MatchOp::Roll)).await;
    // When bob resigns it and alice accepts
    run(
        &f,
        "bob",
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    let out = run(&f, "alice", Command::Match(m, MatchOp::AcceptResign)).await;
    // Then the lines say game 1's payment, then game 2, waiting for its opening throw
    let at = |prefix: &str| {
        out.lines
            .iter()
            .position(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line {prefix:?}: {:#?}", out.lines))
    };
    let paid = at("bob pays alice 1.00");
    let begins = at("Game 2 begins");
    let waits = at("Game 2 waits for its opening throw");
    assert!(paid < begins && begins < waits, "{:#?}", out.lines);
}
