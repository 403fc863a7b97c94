//! A match (or money session) as a state machine: `apply(side, action)` returns the next
//! state and what happened, or a [`RuleError`] and leaves the state as it was. The engine
//! never rolls: actions carry their dice.

mod actions;
mod apply;
mod export;
mod state;
mod turns;

pub use actions::{Action, Event, RuleError};
pub use state::{Cube, CubeOffer, GameResult, Phase, ResignLevel, ResultKind};

use super::dice::Dice;
use super::ids::{GameStatus, MatchId};
use super::movegen::{LegalPlay, Play, apply_steps, legal_plays};
use super::notation::resolve_play;
use super::position::Position;
use super::rules::MatchRules;
use super::side::Side;
use super::typed_play::IllegalPlay;
use super::xgid::{Xgid, XgidDice};

/// A match to N points, or a money session, under standard rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Match {
    rules: MatchRules,
    score: [u32; 2],
    game_number: u32,
    crawford_game: bool,
    crawford_done: bool,
    position: Position,
    cube: Cube,
    phase: Phase,
    /// Turns completed in this game by each side (for the Holland rule).
    turns: [u16; 2],
    auto_doubles_used: u8,
    resign_offer: Option<(Side, ResignLevel)>,
    last_result: Option<GameResult>,
}

/// A match state described from outside ("not necessarily reached by play"): becomes a
/// [`Match`] through [`Match::from_setup`], which checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The match's options.
    pub rules: MatchRules,
    /// Indexed by [`Side::index`].
    pub score: [u32; 2],
    /// The number of the game in progress (from 1).
    pub game_number: u32,
    /// The board.
    pub position: Position,
    /// The cube.
    pub cube: Cube,
    /// The side about to roll (or double).
    pub to_roll: Side,
    /// This game is the Crawford game.
    pub crawford_game: bool,
    /// The Crawford game has already been played.
    pub post_crawford: bool,
}

impl Setup {
    /// Game 1 at 0-0 from `position`, `to_roll` to roll, cube centred at 1.
    #[must_use]
    pub fn new(rules: MatchRules, position: Position, to_roll: Side) -> Setup {
        Setup {
            rules,
            score: [0, 0],
            game_number: 1,
            position,
            cube: Cube {
                value: 1,
                owner: None,
            },
            to_roll,
            crawford_game: false,
            post_crawford: false,
        }
    }
}

impl Match {
    /// A match from a described state.
    ///
    /// # Errors
    /// Rules that do not fit together, a cube that is not a power of two, a finished game
    /// or match, or a Crawford flag where the rules have none.
    pub fn from_setup(s: Setup) -> Result<Match, RuleError> {
        s.rules.validate()?;
        let bad = |why: &str| RuleError::WrongMoment(format!("impossible set-up: {why}"));
        if !s.cube.value.is_power_of_two() {
            return Err(bad("the cube value is a power of two"));
        }
        if Side::BOTH.iter().any(|&side| s.position.off(side) == 15) {
            return Err(bad("the game is already over"));
        }
        if let Some(n) = s.rules.length {
            if s.score.iter().any(|&p| p >= n) {
                return Err(bad("the match is already over"));
            }
        }
        if (s.crawford_game || s.post_crawford) && !s.rules.crawford {
            return Err(bad("the Crawford rule is not in play"));
        }
        Ok(Match {
            rules: s.rules,
            score: s.score,
            game_number: s.game_number.max(1),
            crawford_game: s.crawford_game,
            crawford_done: s.crawford_game || s.post_crawford,
            position: s.position,
            cube: s.cube,
            phase: Phase::ToRoll(s.to_roll),
            turns: [0, 0],
            auto_doubles_used: 0,
            resign_offer: None,
            last_result: None,
        })
    }

    /// A new match at 0-0, first game about to start.
    ///
    /// # Errors
    /// Options that do not fit together.
    ///
    /// # Examples
    ///
    /// A 5-point match: the opening roll, a play, a double and its take.
    ///
    /// ```
    /// use engine::{Action, Match, MatchRules, Phase, Side};
    ///
    /// let m = Match::new(MatchRules::match_to(5)).unwrap();
    /// assert_eq!(m.phase(), Phase::Opening);
    /// // X throws the 3, O the 1: X plays 3-1 first.
    /// let (m, _) = m.apply(Side::X, &Action::OpeningRoll { x: 3, o: 1 }).unwrap();
    /// let play = m.resolve_play(Side::X, "8/5 6/5").unwrap();
    /// let (m, _) = m.apply(Side::X, &Action::Play(play)).unwrap();
    /// // O doubles before rolling; X takes and owns the cube at 2.
    /// let (m, _) = m.apply(Side::O, &Action::Double).unwrap();
    /// let (m, _) = m.apply(Side::X, &Action::Take).unwrap();
    /// assert_eq!(m.cube().value, 2);
    /// assert_eq!(m.cube().owner, Some(Side::X));
    /// assert_eq!(m.phase(), Phase::ToRoll(Side::O));
    /// // X may not double now: O is to roll.
    /// assert!(m.apply(Side::X, &Action::Double).is_err());
    /// ```
    pub fn new(rules: MatchRules) -> Result<Match, RuleError> {
        rules.validate()?;
        let mut m = Match {
            rules,
            score: [0, 0],
            game_number: 1,
            crawford_game: false,
            crawford_done: false,
            position: Position::start(),
            cube: Cube {
                value: 1,
                owner: None,
            },
            phase: Phase::Opening,
            turns: [0, 0],
            auto_doubles_used: 0,
            resign_offer: None,
            last_result: None,
        };
        m.update_crawford();
        Ok(m)
    }

    /// The match's options.
    pub fn rules(&self) -> &MatchRules {
        &self.rules
    }
    /// Points won so far, indexed by [`Side::index`].
    pub fn score(&self) -> [u32; 2] {
        self.score
    }
    /// The match score as players keep it: points beyond the match length do not count
    /// (002 "Match Play": no advantage in winning by more), so a finished match reads
    /// `length`-`loser's score`. Money play: the points won, as [`Match::score`].
    #[must_use]
    pub fn match_score(&self) -> [u32; 2] {
        match self.rules.length {
            Some(n) => self.score.map(|p| p.min(n)),
            None => self.score,
        }
    }
    /// The number of the game in progress (from 1).
    pub fn game_number(&self) -> u32 {
        self.game_number
    }
    /// This game is the Crawford game.
    pub fn is_crawford_game(&self) -> bool {
        self.crawford_game
    }
    /// The Crawford game has been played (and this is a later game).
    pub fn is_post_crawford(&self) -> bool {
        self.crawford_done && !self.crawford_game
    }
    /// The board.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The cube.
    pub fn cube(&self) -> Cube {
        self.cube
    }
    /// Where the game stands: whose turn and what is awaited.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// A resignation waiting for its answer: who offered it, and at what level.
    pub fn resign_offer(&self) -> Option<(Side, ResignLevel)> {
        self.resign_offer
    }
    /// The result of the last finished game.
    pub fn last_result(&self) -> Option<GameResult> {
        self.last_result
    }

    /// The side who must act now (`None` at the opening throw, which either side may make,
    /// and once the match is over).
    pub fn to_act(&self) -> Option<Side> {
        if let Some((by, _)) = self.resign_offer {
            return Some(by.opponent());
        }
        match self.phase {
            Phase::Opening | Phase::MatchOver { .. } => None,
            Phase::ToRoll(s) | Phase::ToPlay { side: s, .. } => Some(s),
            Phase::CubeOffered(o) => Some(o.responder),
        }
    }

    /// The legal plays of the player who must play, from his view.
    pub fn legal_plays(&self) -> Vec<LegalPlay> {
        match self.phase {
            Phase::ToPlay { side, dice } => legal_plays(&self.position.view(side), dice),
            _ => Vec::new(),
        }
    }

    /// Reads move text from `by` against the legal plays of the current roll.
    ///
    /// # Errors
    /// Not `by`'s turn to play, or a play that is not legal (with the reason).
    pub fn resolve_play(&self, by: Side, text: &str) -> Result<Play, RuleError> {
        let Phase::ToPlay { side, dice } = self.phase else {
            return Err(self.wrong_moment(by));
        };
        if side != by || self.resign_offer.is_some() {
            return Err(self.wrong_moment(by));
        }
        Ok(resolve_play(&self.position.view(side), dice, text)?.play)
    }

    /// The points a resignation at `level` gives the opponent now: the level (1, 2 or 3)
    /// times the cube, a single game when the Jacoby rule applies (money play, cube not
    /// turned).
    #[must_use]
    pub fn resign_value(&self, level: ResignLevel) -> u64 {
        self.game_multiplier(level as u64) * self.cube.value
    }

    /// Whether the Jacoby rule counts gammons as single games now (money play, the rule
    /// on, the cube not turned).
    #[must_use]
    pub fn jacoby_applies(&self) -> bool {
        self.rules.is_money() && self.rules.jacoby && self.cube.owner.is_none()
    }

    /// Whether the double on offer may be dropped: not when the drop would end the match
    /// (seed 002, 5.14: a match may not end on a dropped cube). True when no double is
    /// offered.
    #[must_use]
    pub fn drop_allowed(&self) -> bool {
        match (self.phase, self.rules.length) {
            (Phase::CubeOffered(o), Some(n)) => {
                let winner = o.responder.opponent();
                u64::from(self.score[winner.index()]) + o.drop_value < u64::from(n)
            }
            _ => true,
        }
    }

    /// Whether `side` may double now, and if not, why.
    ///
    /// # Errors
    /// The rule that forbids it.
    pub fn may_double(&self, side: Side) -> Result<(), RuleError> {
        if self.phase != Phase::ToRoll(side) || self.resign_offer.is_some() {
            return Err(self.wrong_moment(side));
        }
        if self.crawford_game {
            return Err(RuleError::CrawfordGame);
        }
        if self.rules.length == Some(1) {
            return Err(RuleError::WrongMoment(
                "the cube is dead in a 1-point match: any win takes the match".into(),
            ));
        }
        if self.cube.owner == Some(side.opponent()) {
            return Err(RuleError::NotYourCube);
        }
        if self.rules.holland && self.is_post_crawford() {
            let n = self.rules.length.unwrap_or(0);
            let trailer =
                self.score[side.index()] + 1 < n && self.score[side.opponent().index()] + 1 == n;
            if trailer && self.turns.iter().any(|&t| t < 2) {
                return Err(RuleError::Holland);
            }
        }
        if self.cube.value >= 1 << 62 {
            return Err(RuleError::CubeLimit);
        }
        Ok(())
    }

    fn wrong_moment(&self, by: Side) -> RuleError {
        if let Some((resigner, _)) = self.resign_offer {
            return if by == resigner {
                RuleError::NotYourTurn("your opponent must answer your resignation".into())
            } else {
                RuleError::ResignPending
            };
        }
        match self.phase {
            Phase::MatchOver { .. } => RuleError::MatchOver,
            Phase::Opening => {
                RuleError::WrongMoment("the game starts with the opening roll: roll first".into())
            }
            Phase::ToRoll(s) if s == by => {
                RuleError::WrongMoment("roll first (or double, if you may)".into())
            }
            Phase::ToRoll(_) => RuleError::NotYourTurn("your opponent is to roll".into()),
            Phase::ToPlay { side, dice } if side == by => {
                RuleError::WrongMoment(format!("you rolled {dice}: make your move"))
            }
            Phase::ToPlay { .. } => RuleError::NotYourTurn("your opponent is to move".into()),
            Phase::CubeOffered(o) if o.responder == by => RuleError::WrongMoment(format!(
                "answer the cube at {} first: take or drop",
                o.value
            )),
            Phase::CubeOffered(_) => {
                RuleError::NotYourTurn("your opponent must answer the cube".into())
            }
        }
    }

    /// Applies `action` by `by`.
    ///
    /// # Errors
    /// A [`RuleError`]; the state is untouched (it is `&self`).
    pub fn apply(&self, by: Side, action: &Action) -> Result<(Match, Vec<Event>), RuleError> {
        let mut m = self.clone();
        let mut ev = Vec::new();
        m.step(by, action, &mut ev)?;
        Ok((m, ev))
    }
}
