//! A Welsh match as a state machine (rules 1-7, 12-14, 16-19, 21, 22; regulation D).
//! Like the standard [`crate::Match`], `apply` returns the next state and its
//! events or a refusal, and never rolls: throws come in with the actions.

mod apply;
mod turns;

use super::actions::{WelshAction, WelshError, WelshEvent};
use super::geometry::{FULL_SPIKE, Throw, has_full_spread};
use super::movegen::{apply_welsh_steps, welsh_legal_plays};
use super::phases::{
    BreakReason, DoublingDie, GameEnd, MAX_CUBE, MatchEnd, NominateFor, Parity, WelshPhase,
    WelshRules,
};
use super::shapes::{
    game_multiplier, has_full_spike, has_one_throw_win, has_rectangle, has_triangle,
};
use crate::movegen::{LegalPlay, Play};
use crate::position::{BAR, OPP_BAR, Position};
use crate::side::Side;

/// A Welsh match: score, the game in progress and the match-long state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct WelshMatch {
    rules: WelshRules,
    score: [u32; 2],
    game_number: u32,
    position: Position,
    cube: DoublingDie,
    phase: WelshPhase,
    nominate_left: [bool; 2],
    /// A throw nominated for a side's next turn by his opponent.
    nominated_for: Option<(Side, (u8, u8))>,
    /// The outcome (unordered) of each side's last two turns with a thrown, not nominated,
    /// throw: the rule 6 window, carried across games (the rule counts turns, not games).
    recent: [[Option<(u8, u8)>; 2]; 2],
    /// The throw just gone, whoever threw it (for the wash by snakes).
    last_throw: Option<(Side, (u8, u8))>,
    dance_raised: bool,
    triangle: Option<Side>,
    first_out: Option<Side>,
    /// The side whose next turn is a bonus throw, and whether a double then earns another.
    bonus: Option<Side>,
    in_bonus_turn: bool,
    concede_occasion_seen: bool,
    concede_open: Option<Side>,
    concede_offer: Option<(Side, u32, bool)>,
    /// After a wash that took both to the target: the next decided game wins.
    sudden_death: bool,
    clocks: Option<[u32; 2]>,
    breaks_seen: u32,
    last_game_loser: Option<Side>,
    /// Games each side has won (washes are no game won), for rule 23's "match to nil";
    /// `None` in a match stored before they were counted (the score stands in).
    #[serde(default)]
    games_won: Option<[u32; 2]>,
}

/// Regulation 12b: both clocks show under ten minutes (and above zero).
fn ten_for_two(clocks: [u32; 2]) -> bool {
    clocks.iter().all(|&s| (1..600).contains(&s))
}

fn die_ok(d: u8) -> Result<u8, WelshError> {
    (1..=6).contains(&d).then_some(d).ok_or(WelshError::BadDie)
}

fn unordered((a, b): (u8, u8)) -> (u8, u8) {
    (a.max(b), a.min(b))
}
impl WelshMatch {
    /// A new match: the first game starts with the odds/evens call.
    ///
    /// # Examples
    ///
    /// The call, the choice of who starts, a throw and its legal plays.
    ///
    /// ```
    /// use engine::welsh::{Parity, WelshAction, WelshMatch, WelshPhase, WelshRules};
    ///
    /// let m = WelshMatch::new(WelshRules::default());
    /// let WelshPhase::Call { caller } = m.phase() else {
    ///     panic!("a match starts with the call")
    /// };
    /// // The shaker's concealed 3-4 is odd: the caller, who called odd, chooses.
    /// let call = WelshAction::Call { shaker_dice: (3, 4), call: Parity::Odd };
    /// let (m, _) = m.apply(caller, &call).unwrap();
    /// assert_eq!(m.phase(), WelshPhase::Choose { chooser: caller });
    /// let (m, _) = m.apply(caller, &WelshAction::Choose(caller)).unwrap();
    /// let (m, _) = m.apply(caller, &WelshAction::Roll(6, 5)).unwrap();
    /// assert!(matches!(m.phase(), WelshPhase::ToPlay { side, .. } if side == caller));
    /// assert!(!m.legal_plays().is_empty());
    /// // The other side cannot throw out of turn.
    /// assert!(m.apply(caller.opponent(), &WelshAction::Roll(2, 1)).is_err());
    /// ```
    #[must_use]
    pub fn new(rules: WelshRules) -> WelshMatch {
        WelshMatch {
            rules,
            score: [0, 0],
            game_number: 1,
            position: Position::start(),
            cube: DoublingDie {
                value: 1,
                right: None,
            },
            phase: WelshPhase::Call {
                caller: rules.first_shaker.opponent(),
            },
            nominate_left: [true, true],
            nominated_for: None,
            recent: [[None; 2]; 2],
            last_throw: None,
            dance_raised: false,
            triangle: None,
            first_out: None,
            bonus: None,
            in_bonus_turn: false,
            concede_occasion_seen: false,
            concede_open: None,
            concede_offer: None,
            sudden_death: false,
            clocks: None,
            breaks_seen: 0,
            last_game_loser: None,
            games_won: Some([0, 0]),
        }
    }

    /// A match at a described position, `to_roll` about to throw (for tests and analysis).
    /// The score is taken to be games won (no washes).
    ///
    /// # Errors
    /// [`WelshError::OverfullSpike`]: a spike with more than six men of one side, which
    /// rule 10 forbids (no Welsh game reaches such a board).
    pub fn at(
        rules: WelshRules,
        position: Position,
        to_roll: Side,
        score: [u32; 2],
    ) -> Result<WelshMatch, WelshError> {
        for side in Side::BOTH {
            let view = position.view(side);
            if let Some(p) = (1..BAR).find(|&p| view.mine(p) > FULL_SPIKE.unsigned_abs()) {
                return Err(WelshError::OverfullSpike {
                    side,
                    point: u8::try_from(p).unwrap_or(u8::MAX),
                    men: view.mine(p),
                });
            }
        }
        Ok(WelshMatch::place(rules, position, to_roll, score))
    }

    /// For tests only (feature `parked-boards`, which the test kit turns on): as
    /// [`WelshMatch::at`] without rule 10's check, so that a test may park men it never
    /// moves (fifteen on one spike). The move search assumes no spike holds more than six:
    /// men on an overfull spike must not be moved.
    #[cfg(feature = "parked-boards")]
    #[must_use]
    pub fn at_parked(
        rules: WelshRules,
        position: Position,
        to_roll: Side,
        score: [u32; 2],
    ) -> WelshMatch {
        Self::place(rules, position, to_roll, score)
    }

    /// The match at `position`, unchecked.
    fn place(rules: WelshRules, position: Position, to_roll: Side, score: [u32; 2]) -> WelshMatch {
        let mut m = WelshMatch::new(rules);
        m.position = position;
        m.score = score;
        m.games_won = Some(score);
        m.phase = WelshPhase::ToRoll(to_roll);
        // Men already checked out: the first-check-out bonus is spent.
        m.first_out = Side::BOTH.into_iter().find(|&s| position.off(s) > 0);
        m
    }

    /// The match's options.
    pub fn rules(&self) -> &WelshRules {
        &self.rules
    }
    /// Games won towards the target, indexed by [`Side::index`].
    pub fn score(&self) -> [u32; 2] {
        self.score
    }
    /// The number of the game in progress (from 1).
    pub fn game_number(&self) -> u32 {
        self.game_number
    }
    /// The board.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The doubling die.
    pub fn cube(&self) -> DoublingDie {
        self.cube
    }
    /// Where the game stands: whose turn and what is awaited.
    pub fn phase(&self) -> WelshPhase {
        self.phase
    }
    /// Whether `side` still holds its nominate card.
    pub fn nominate_left(&self, side: Side) -> bool {
        self.nominate_left[side.index()]
    }
    /// The throw just gone in this game, and who threw it (thrown or nominated): a 1-1
    /// here makes the next side's 1-1 a wash by snakes (rule 22 (ii)).
    #[must_use]
    pub fn last_throw(&self) -> Option<(Side, (u8, u8))> {
        self.last_throw
    }
    /// A throw nominated by one side for the other's next turn, still waiting: the side
    /// whose throw it is, and the dice (rule 21).
    #[must_use]
    pub fn nominated_throw(&self) -> Option<(Side, (u8, u8))> {
        self.nominated_for
    }
    /// Games each side has won in this match: the score without the washes' points (rule
    /// 23: "a match to nil" is a loser who won no game). A match stored before games won
    /// were counted reports its score.
    #[must_use]
    pub fn games_won(&self) -> [u32; 2] {
        self.games_won.unwrap_or(self.score)
    }
    /// The side that has made a triangle this game (the die is frozen).
    pub fn triangle(&self) -> Option<Side> {
        self.triangle
    }
    /// The side who may offer to concede now, and the offer pending, if any.
    pub fn concede(&self) -> (Option<Side>, Option<(Side, u32, bool)>) {
        (self.concede_open, self.concede_offer)
    }

    /// The most games `side` may offer to concede now (rule 18: fewer than the game would
    /// cost him): `None` when the occasion is not his, `Some(0)` when the game would cost him
    /// only one game, so that no offer is possible (not even one to 24).
    #[must_use]
    pub fn concede_most(&self, side: Side) -> Option<u32> {
        (self.concede_open == Some(side)).then(|| self.loss_if_opponent_wins(side) - 1)
    }

    /// The side who must act now (`None` once the match is over): the answerer of an
    /// offer to concede, the caller, the chooser, or the side on turn.
    #[must_use]
    pub fn to_act(&self) -> Option<Side> {
        if let Some((by, _, _)) = self.concede_offer {
            return Some(by.opponent());
        }
        match self.phase {
            WelshPhase::Call { caller } => Some(caller),
            WelshPhase::Choose { chooser } => Some(chooser),
            WelshPhase::ToRoll(s) | WelshPhase::ToPlay { side: s, .. } => Some(s),
            WelshPhase::MatchOver { .. } => None,
        }
    }

    /// The legal plays of the side to play, from his view.
    pub fn legal_plays(&self) -> Vec<LegalPlay> {
        match self.phase {
            WelshPhase::ToPlay { side, throw, .. } => {
                welsh_legal_plays(&self.position.view(side), throw)
            }
            _ => Vec::new(),
        }
    }

    /// Applies `action` by `by`.
    ///
    /// # Errors
    /// A [`WelshError`]; the state is untouched.
    pub fn apply(
        &self,
        by: Side,
        action: &WelshAction,
    ) -> Result<(WelshMatch, Vec<WelshEvent>), WelshError> {
        let mut m = self.clone();
        let mut ev = Vec::new();
        m.step(by, *action, &mut ev)?;
        Ok((m, ev))
    }

    fn turn_of(&self) -> Option<Side> {
        match self.phase {
            WelshPhase::ToRoll(s) | WelshPhase::ToPlay { side: s, .. } => Some(s),
            _ => None,
        }
    }
}
