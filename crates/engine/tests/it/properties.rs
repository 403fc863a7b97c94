//! Property tests: legality is membership in the generated set; notations round-trip.

use engine::{
    Action, Dice, GameStatus, LegalPlay, Match, MatchId, MatchRules, Phase, Play, Position,
    RuleError, Setup, Side, Step, Xgid, XgidDice, apply_steps, board_from_position_id, format_play,
    legal_plays, position_id, resolve_play,
};
use proptest::prelude::*;
use testkit::Rng;

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

/// A legal play made slightly wrong, in a match waiting for X to play.
struct NearMiss {
    m: Match,
    legal: Vec<LegalPlay>,
    from: LegalPlay,
    miss: Play,
}

/// A near miss of one of X's legal plays in a random position: `kind` 0 moves one step a
/// pip too far or short, 1 plays one step with the other die, 2 leaves a step out, 3 moves
/// the checker behind or in front with the same die, 4 adds a step. `None` when X has no
/// play to miss or the change makes no play.
fn near_miss_case(seed: u64, dice: Dice, pick: usize, kind: u8, which: usize) -> Option<NearMiss> {
    let position = random_position(seed);
    let m = match_at(position, Side::X, dice)?;
    let legal = legal_plays(&position.view(Side::X), dice);
    let from = legal[pick % legal.len()];
    let mut steps = from.play.steps().to_vec();
    if steps.is_empty() {
        return None;
    }
    let i = which % steps.len();
    let up = which / steps.len() % 2 == 0;
    let s = steps[i];
    let pips = s.from - s.to;
    let [d1, d2] = dice.values();
    match kind {
        0 => {
            let to = if up { s.to.checked_sub(1)? } else { s.to + 1 };
            if to >= s.from {
                return None;
            }
            steps[i].to = to;
        }
        1 => {
            let other = if dice.is_double() {
                d1 % 6 + 1
            } else if pips == d1 {
                d2
            } else {
                d1
            };
            steps[i].to = s.from.saturating_sub(other);
        }
        2 => {
            steps.remove(i);
        }
        3 => {
            let f = if up {
                s.from.checked_sub(1)?
            } else {
                s.from + 1
            };
            if f == 0 || f > 25 {
                return None;
            }
            steps[i] = Step {
                from: f,
                to: f.saturating_sub(pips),
            };
        }
        _ => {
            let last = *steps.last()?;
            if steps.len() == 4 || last.to == 0 {
                return None;
            }
            let die = if up { d1 } else { d2 };
            steps.push(Step {
                from: last.to,
                to: last.to.saturating_sub(die),
            });
        }
    }
    let miss = Play::new(&steps);
    (miss != from.play).then_some(NearMiss {
        m,
        legal,
        from,
        miss,
    })
}

/// Legality is membership: the near miss is taken only if its board is in the set, and is
/// otherwise refused as an illegal play with a reason; the play it was made from applies.
fn check_near_miss(c: &NearMiss) -> Result<bool, String> {
    let board = c.m.position().view(Side::X);
    let after = apply_steps(&board, c.miss.steps()).ok();
    let in_set = c.legal.iter().any(|l| Some(l.board) == after);
    let refused = match c.m.apply(Side::X, &Action::Play(c.miss)) {
        Ok((next, _)) => {
            if !in_set {
                return Err("a play outside the set was taken".into());
            }
            if after.is_some_and(|b| b.mine_off() < 15)
                && Some(next.position().view(Side::X)) != after
            {
                return Err("the board taken is not the one played".into());
            }
            false
        }
        Err(RuleError::IllegalPlay(reason)) => {
            if in_set {
                return Err(format!("a play in the set was refused: {reason}"));
            }
            if reason.to_string().is_empty() {
                return Err("a refusal without a reason".into());
            }
            true
        }
        Err(e) => return Err(format!("refused for the wrong reason: {e:?}")),
    };
    let (next, _) =
        c.m.apply(Side::X, &Action::Play(c.from.play))
            .map_err(|e| e.to_string())?;
    if c.from.board.mine_off() < 15 && next.position().view(Side::X) != c.from.board {
        return Err("the legal play did not leave its board".into());
    }
    Ok(refused)
}

/// The near-miss generator makes mostly refused plays, most of which could be made on the
/// board (the checkers are there and the points open): only the dice rule them out.
#[test]
fn near_misses_are_mostly_refused_plays_that_look_legal() {
    let mut rng = Rng::new(2024);
    let (mut cases, mut refused, mut look_legal) = (0, 0, 0);
    for _ in 0..3000 {
        let dice = rng.dice();
        let seed = rng.next_u64();
        let (pick, kind, which) = (rng.below(1000), rng.below(5) as u8, rng.below(1000));
        let Some(case) = near_miss_case(seed, dice, pick, kind, which) else {
            continue;
        };
        cases += 1;
        if check_near_miss(&case).unwrap_or_else(|e| panic!("{:?}: {e}", case.miss)) {
            refused += 1;
            let board = case.m.position().view(Side::X);
            if apply_steps(&board, case.miss.steps()).is_ok() {
                look_legal += 1;
            }
        }
    }
    eprintln!(
        "near misses: {cases} cases, {refused} refused, {look_legal} of them playable on the board"
    );
    assert!(cases >= 1500, "only {cases} cases made");
    assert!(refused * 10 >= cases * 7, "{refused} of {cases} refused");
    assert!(refused < cases, "the accepting branch never ran");
    assert!(
        look_legal * 2 >= refused,
        "{look_legal} of {refused} refusals playable"
    );
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

    /// Given a legal play with one thing wrong (a step one pip off, the other die used, a
    /// step left out, a different checker moved, a step too many), when it is played, then
    /// it is refused with the engine's reason unless it leaves the board of a play in the
    /// set; and the match still takes the legal play it was made from. (`Match::apply`
    /// takes `&self`, so a refusal cannot change the match; the club's refusals are checked
    /// against the database in crates/club/tests/it/club/.)
    #[test]
    fn a_near_miss_of_a_legal_play_is_refused_unless_its_board_is_in_the_set(
        seed: u64, a in 1u8..=6, b in 1u8..=6, pick in any::<usize>(), kind in 0u8..5, which in any::<usize>(),
    ) {
        let dice = Dice::new(a, b).unwrap();
        let Some(case) = near_miss_case(seed, dice, pick, kind, which) else { return Ok(()) };
        let checked = check_near_miss(&case);
        prop_assert!(checked.is_ok(), "{:?} from {:?}: {:?}", case.miss, case.from.play, checked);
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
