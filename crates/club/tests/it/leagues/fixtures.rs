//! The leagues suite's shared set-ups: a club on a store, league commands, matches found
//! and ended.

use club::{
    ChallengeSpec, Command, LeagueCommand, LeagueOp, Look, MatchOp, MatchRef, Outcome, RngDice,
};
use clubkit::{Fixture, run};
pub(super) use clubkit::{match_of, who};
use engine::ResignLevel;
use std::sync::Arc;

pub(super) const START: i64 = 1_800_000_000;

/// Name, played, won, lost, forfeit wins, forfeit losses, points, head to head,
/// Sonneborn-Berger, difference, withdrawn.
pub(super) type TableRow<'a> = (&'a str, u32, u32, u32, u32, u32, i64, i64, i64, i64, bool);

pub(super) async fn open(url: &str, seed: u64, at: i64) -> Fixture {
    open_with(url, RngDice::seeded(seed), at).await
}

pub(super) async fn open_with(url: &str, dice: RngDice, at: i64) -> Fixture {
    Fixture::open(url, Arc::new(dice), at).await
}

pub(super) fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

/// A standard league match ended by the loser resigning and the winner accepting.
pub(super) async fn resign(f: &Fixture, m: i64, winner: &str, loser: &str) -> Outcome {
    run(
        f,
        loser,
        Command::Match(MatchRef::id(m), MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(
        f,
        winner,
        Command::Match(MatchRef::id(m), MatchOp::AcceptResign),
    )
    .await
}

/// Plays on in match `m` until `name` must act (the other plays his first legal play).
pub(super) async fn until_to_act(f: &Fixture, m: i64, name: &str) {
    for _ in 0..20 {
        let out = run(f, name, Command::Look(Look::Board(MatchRef::id(m)))).await;
        let next = out.next.expect("someone must act");
        if next.name == name {
            return;
        }
        let cmd = if next.what.starts_with("move") {
            let moves = f
                .club
                .legal_moves(&who(&next.name), MatchRef::id(m))
                .await
                .unwrap();
            Command::Match(MatchRef::id(m), MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(MatchRef::id(m), MatchOp::Roll)
        };
        run(f, &next.name, cmd).await;
    }
    panic!("{name} never came to act in #{m}");
}

pub(super) fn one_point() -> ChallengeSpec {
    ChallengeSpec::standard(Some(1))
}
