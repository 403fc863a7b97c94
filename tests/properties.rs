//! Property tests: legality is membership in the generated set; notations round-trip.

mod common;

use common::Rng;
use gammonbot::engine::{
    Action, Dice, GameStatus, Match, MatchId, MatchRules, Phase, Play, Position, RuleError, Setup,
    Side, Step, Xgid, XgidDice, apply_steps, board_from_position_id, format_play, legal_plays,
    position_id, resolve_play,
};
use proptest::prelude::*;

/// An arbitrary legal layout: up to 15 checkers a side anywhere they may stand.
fn random_position(seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut p = [0i8; 26];
    let nx = rng.below(16);
    for _ in 0..nx {
        let i = 1 + rng.below(25);
        p[i] += 1;
    }
    let no = rng.below(16);
    let mut placed = 0;
    while placed < no {
        let i = rng.below(25);
        if p[i] <= 0 {
            p[i] -= 1;
            placed += 1;
        }
    }
    Position::new(p).unwrap()
}

fn match_at(position: Position, side: Side, dice: Dice) -> Option<Match> {
    if Side::BOTH.iter().any(|&s| position.off(s) == 15) {
        return None;
    }
    let m = Match::from_setup(Setup::new(MatchRules::money(), position, side)).ok()?;
    let (m, _) = m.apply(side, &Action::Roll(dice)).ok()?;
    matches!(m.phase(), Phase::ToPlay { .. }).then_some(m)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_generated_play_applies_cleanly(seed: u64, a in 1u8..=6, b in 1u8..=6, o in any::<bool>()) {
        let side = if o { Side::O } else { Side::X };
        let position = random_position(seed);
        let dice = Dice::new(a, b).unwrap();
        let board = position.view(side);
        for l in legal_plays(&board, dice) {
            prop_assert_eq!(apply_steps(&board, l.play.steps()).unwrap(), l.board);
            // Its text reads back as the same play.
            let text = format_play(&board, &l.play);
            if !l.play.is_empty() {
                prop_assert_eq!(resolve_play(&board, dice, &text).unwrap().board, l.board, "{}", text);
            }
            if let Some(m) = match_at(position, side, dice) {
                let (next, _) = m.apply(side, &Action::Play(l.play)).unwrap();
                if l.board.mine_off() < 15 {
                    prop_assert_eq!(next.position().view(side), l.board);
                } else {
                    prop_assert_eq!(next.game_number(), 2, "the game ended");
                }
            }
        }
    }

    #[test]
    fn a_play_not_in_the_set_is_refused_and_changes_nothing(
        seed: u64, a in 1u8..=6, b in 1u8..=6, steps in prop::collection::vec((0u8..=25, 0u8..=25), 0..=4),
    ) {
        let position = random_position(seed);
        let dice = Dice::new(a, b).unwrap();
        let Some(m) = match_at(position, Side::X, dice) else { return Ok(()) };
        let board = position.view(Side::X);
        let play = Play::new(&steps.iter().map(|&(from, to)| Step { from, to }).collect::<Vec<_>>());
        let legal = legal_plays(&board, dice);
        let after = apply_steps(&board, play.steps()).ok();
        let in_set = legal.iter().any(|l| Some(l.board) == after);
        let before = m.clone();
        match m.apply(Side::X, &Action::Play(play)) {
            Ok((next, _)) => {
                prop_assert!(in_set);
                if after.is_some_and(|b| b.mine_off() < 15) {
                    prop_assert_eq!(Some(next.position().view(Side::X)), after);
                }
            }
            Err(e) => {
                prop_assert!(!in_set);
                prop_assert!(matches!(e, RuleError::IllegalPlay(_)), "{:?}", e);
                prop_assert_eq!(&m, &before);
            }
        }
    }

    #[test]
    fn position_id_round_trips(seed: u64, o in any::<bool>()) {
        let side = if o { Side::O } else { Side::X };
        let board = random_position(seed).view(side);
        prop_assert_eq!(board_from_position_id(&position_id(&board)).unwrap(), board);
    }

    #[test]
    fn match_id_round_trips(
        cube in 0u32..=15, owner in 0u8..3, roll in any::<bool>(), turn in any::<bool>(),
        crawford in any::<bool>(), status in 0u8..5, doubled in any::<bool>(), resign in 0u8..4,
        dice in prop::option::of((1u8..=6, 1u8..=6)), length in 0u32..32768,
        s0 in 0u32..32768, s1 in 0u32..32768, jacoby in any::<bool>(),
    ) {
        let side = |b: bool| if b { Side::O } else { Side::X };
        let id = MatchId {
            cube: 1 << cube,
            cube_owner: match owner { 0 => None, 1 => Some(Side::X), _ => Some(Side::O) },
            on_roll: side(roll),
            crawford,
            status: [GameStatus::NoGame, GameStatus::Playing, GameStatus::Over, GameStatus::Resigned, GameStatus::Dropped][status as usize],
            turn: side(turn),
            double_offered: doubled,
            resign_offered: resign,
            dice: dice.map(|(a, b)| (a.max(b), a.min(b))),
            match_length: length,
            score: [s0, s1],
            jacoby,
        };
        let text = id.encode();
        prop_assert_eq!(text.len(), 12);
        prop_assert_eq!(MatchId::decode(&text).unwrap(), id);
    }

    #[test]
    fn xgid_round_trips(seed: u64, cube in 0u8..=12, turn in any::<bool>(), roll in prop::option::of((1u8..=6, 1u8..=6)), sx in 0u32..50, so in 0u32..50) {
        let x = Xgid {
            position: random_position(seed),
            cube_log2: cube,
            cube_owner: if cube == 0 { None } else { Some(Side::X) },
            turn: if turn { Side::O } else { Side::X },
            dice: roll.map_or(XgidDice::ToRoll, |(a, b)| XgidDice::Rolled(Dice::new(a, b).unwrap())),
            score: [sx, so],
            crawford_jacoby: 0,
            match_length: 0,
            max_cube_log2: 10,
        };
        prop_assert_eq!(x.to_string().parse::<Xgid>().unwrap(), x);
    }
}
