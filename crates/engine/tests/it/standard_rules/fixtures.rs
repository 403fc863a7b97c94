//! The standard rules tests' shared set-ups: dice, legal actions applied, positions.

use engine::{Action, Dice, Event, Match, MatchRules, Position, ResultKind, Setup, Side};
use testkit::position;

pub(super) fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

pub(super) fn act(m: &Match, side: Side, a: Action) -> (Match, Vec<Event>) {
    m.apply(side, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {side} refused: {e}"))
}

pub(super) fn play(m: &Match, side: Side, text: &str) -> (Match, Vec<Event>) {
    let p = m
        .resolve_play(side, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    act(m, side, Action::Play(p))
}

pub(super) fn game_over(events: &[Event]) -> (Side, u64, ResultKind) {
    events
        .iter()
        .find_map(|e| match e {
            Event::GameOver(r) => Some((r.winner, r.points, r.kind)),
            _ => None,
        })
        .expect("the game ended")
}

/// A race where X bears off his last checker with any roll: X has one checker on his 1.
pub(super) fn x_about_to_win(o: &[(usize, i8)]) -> Position {
    position(&[(1, 1)], o)
}

pub(super) fn money_setup(position: Position, to_roll: Side) -> Setup {
    Setup::new(MatchRules::money(), position, to_roll)
}

/// Money play with beavers and raccoons agreed.
pub(super) fn beaver_rules() -> MatchRules {
    MatchRules {
        beavers: true,
        raccoons: true,
        ..MatchRules::money()
    }
}
