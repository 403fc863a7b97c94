//! A match (or money session) as a state machine: `apply(side, action)` returns the next
//! state and what happened, or a [`RuleError`] and leaves the state as it was. The engine
//! never rolls: actions carry their dice.

use thiserror::Error;

use super::dice::{Dice, DiceError};
use super::ids::{GameStatus, MatchId};
use super::movegen::{LegalPlay, Play, apply_steps, legal_plays};
use super::notation::{IllegalPlay, resolve_play};
use super::position::Position;
use super::rules::{MatchRules, RulesError};
use super::side::Side;
use super::xgid::{Xgid, XgidDice};

/// The doubling cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Cube {
    pub value: u64,
    /// `None` while centred.
    pub owner: Option<Side>,
}

/// A resignation: the points offered, per cube unit.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ResignLevel {
    Single = 1,
    Gammon = 2,
    Backgammon = 3,
}

/// A pending cube decision. The responder takes (the cube becomes `value`, owned by
/// `owner`), drops (his opponent wins `drop_value`), or turns it one more notch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CubeOffer {
    pub responder: Side,
    pub value: u64,
    pub drop_value: u64,
    /// Who holds the cube once this is accepted: always the player first doubled.
    pub owner: Side,
    /// 0 after a double, 1 after a beaver, 2+ after raccoons.
    pub notches: u8,
}

/// Whose move it is and what kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// A game is about to start: each side throws one die.
    Opening,
    /// `side` may double, resign, or roll.
    ToRoll(Side),
    /// A cube decision is pending.
    CubeOffered(CubeOffer),
    /// `side` has thrown `dice` and must play.
    ToPlay { side: Side, dice: Dice },
    /// The match is over (never in money play).
    MatchOver { winner: Side },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ResultKind {
    Single,
    Gammon,
    Backgammon,
    /// A cube was dropped.
    Dropped,
    /// A resignation was accepted.
    Resigned(ResignLevel),
}

/// The result of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct GameResult {
    pub winner: Side,
    pub points: u64,
    pub kind: ResultKind,
}

/// Something a player does. Dice come in with the action that uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// The opening throw: one die for each side.
    OpeningRoll {
        x: u8,
        o: u8,
    },
    Double,
    Take,
    Drop,
    /// Money play: take and turn the cube one more notch, keeping it.
    Beaver,
    /// Money play: answer a beaver (or a raccoon) by turning the cube once more.
    Raccoon,
    Roll(Dice),
    Play(Play),
    Resign(ResignLevel),
    AcceptResign,
    RejectResign,
}

/// What an action caused, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    GameStarted {
        number: u32,
        crawford: bool,
    },
    OpeningTie {
        die: u8,
    },
    AutomaticDouble {
        value: u64,
    },
    OpeningWon {
        side: Side,
        dice: Dice,
    },
    Doubled {
        by: Side,
        value: u64,
    },
    Taken {
        by: Side,
        value: u64,
    },
    Beavered {
        by: Side,
        value: u64,
    },
    Raccooned {
        by: Side,
        value: u64,
    },
    Dropped {
        by: Side,
    },
    Rolled {
        by: Side,
        dice: Dice,
    },
    /// The roll could not be played at all; the turn passes.
    NoLegalPlay {
        by: Side,
        dice: Dice,
    },
    Played {
        by: Side,
        dice: Dice,
        play: Play,
    },
    ResignOffered {
        by: Side,
        level: ResignLevel,
    },
    ResignRejected {
        by: Side,
    },
    GameOver(GameResult),
    MatchOver {
        winner: Side,
    },
}

/// Why an action was refused. The message tells the player what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("the match is over")]
    MatchOver,
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    #[error("{0}")]
    WrongMoment(String),
    #[error("the cube is out of play in the Crawford game")]
    CrawfordGame,
    #[error("your opponent owns the cube: only your opponent can redouble")]
    NotYourCube,
    #[error(
        "Holland rule: after the Crawford game the trailer may double only after both sides have played two rolls"
    )]
    Holland,
    #[error("the cube cannot go higher")]
    CubeLimit,
    #[error(
        "you cannot drop: a drop would end the match, which the rules do not allow (a match may not end on a dropped cube); take instead"
    )]
    MustTake,
    #[error("beavers are not in play in this match")]
    NoBeavers,
    #[error("raccoons are not in play in this match")]
    NoRaccoons,
    #[error("answer the resignation first: accept or reject it")]
    ResignPending,
    #[error("there is no resignation to answer")]
    NoResignation,
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error("{0}")]
    IllegalPlay(#[from] IllegalPlay),
    #[error(transparent)]
    Rules(#[from] RulesError),
}

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
    pub rules: MatchRules,
    /// Indexed by [`Side::index`].
    pub score: [u32; 2],
    pub game_number: u32,
    pub position: Position,
    pub cube: Cube,
    /// The side about to roll (or double).
    pub to_roll: Side,
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
    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn cube(&self) -> Cube {
        self.cube
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
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

    fn step(&mut self, by: Side, action: &Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if let Phase::MatchOver { .. } = self.phase {
            return Err(RuleError::MatchOver);
        }
        if let Some((resigner, level)) = self.resign_offer {
            return match action {
                Action::AcceptResign | Action::RejectResign if by == resigner.opponent() => {
                    self.resign_offer = None;
                    if *action == Action::AcceptResign {
                        let points = self.game_multiplier(level as u64) * self.cube.value;
                        self.finish_game(
                            GameResult {
                                winner: by,
                                points,
                                kind: ResultKind::Resigned(level),
                            },
                            ev,
                        );
                    } else {
                        ev.push(Event::ResignRejected { by });
                    }
                    Ok(())
                }
                _ => Err(self.wrong_moment(by)),
            };
        }
        match (*action, self.phase) {
            (Action::AcceptResign | Action::RejectResign, _) => Err(RuleError::NoResignation),
            (Action::OpeningRoll { x, o }, Phase::Opening) => {
                Dice::new(x, o)?;
                if x == o {
                    ev.push(Event::OpeningTie { die: x });
                    if self.auto_doubles_used < self.rules.auto_doubles {
                        self.auto_doubles_used += 1;
                        self.cube.value *= 2;
                        ev.push(Event::AutomaticDouble {
                            value: self.cube.value,
                        });
                    }
                    return Ok(());
                }
                let (side, dice) = if x > o {
                    (Side::X, Dice::new(x, o)?)
                } else {
                    (Side::O, Dice::new(o, x)?)
                };
                ev.push(Event::OpeningWon { side, dice });
                self.begin_turn(side, dice, ev);
                Ok(())
            }
            (Action::Resign(level), Phase::ToRoll(_) | Phase::ToPlay { .. }) => {
                self.resign_offer = Some((by, level));
                ev.push(Event::ResignOffered { by, level });
                Ok(())
            }
            (Action::Double, Phase::ToRoll(s)) if s == by => {
                self.may_double(by)?;
                let value = self.cube.value * 2;
                self.phase = Phase::CubeOffered(CubeOffer {
                    responder: by.opponent(),
                    value,
                    drop_value: self.cube.value,
                    owner: by.opponent(),
                    notches: 0,
                });
                ev.push(Event::Doubled { by, value });
                Ok(())
            }
            (Action::Roll(dice), Phase::ToRoll(s)) if s == by => {
                self.begin_turn(by, dice, ev);
                Ok(())
            }
            (Action::Play(play), Phase::ToPlay { side, dice }) if side == by => {
                let view = self.position.view(by);
                let legal = legal_plays(&view, dice);
                let after = apply_steps(&view, play.steps()).ok();
                let chosen = legal
                    .iter()
                    .find(|l| Some(l.board) == after)
                    .ok_or_else(|| {
                        let text = super::notation::format_play(&view, &play);
                        match resolve_play(&view, dice, &text) {
                            Err(e) => RuleError::IllegalPlay(e),
                            Ok(_) => RuleError::IllegalPlay(IllegalPlay::DoesNotFit(dice)),
                        }
                    })?;
                ev.push(Event::Played {
                    by,
                    dice,
                    play: chosen.play,
                });
                self.position = Position::from_view(by, &chosen.board);
                self.end_turn(by, ev);
                Ok(())
            }
            (
                Action::Take | Action::Drop | Action::Beaver | Action::Raccoon,
                Phase::CubeOffered(o),
            ) if o.responder == by => self.answer_cube(by, o, *action, ev),
            _ => Err(self.wrong_moment(by)),
        }
    }

    fn answer_cube(
        &mut self,
        by: Side,
        o: CubeOffer,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let doubler = o.owner.opponent();
        match action {
            Action::Take => {
                self.cube = Cube {
                    value: o.value,
                    owner: Some(o.owner),
                };
                self.phase = Phase::ToRoll(doubler);
                ev.push(Event::Taken { by, value: o.value });
            }
            Action::Drop => {
                let winner = by.opponent();
                if !self.drop_allowed() {
                    return Err(RuleError::MustTake);
                }
                ev.push(Event::Dropped { by });
                self.finish_game(
                    GameResult {
                        winner,
                        points: o.drop_value,
                        kind: ResultKind::Dropped,
                    },
                    ev,
                );
            }
            Action::Beaver | Action::Raccoon => {
                let is_beaver = action == Action::Beaver;
                if is_beaver && (!self.rules.beavers || o.notches != 0) {
                    return Err(if self.rules.beavers {
                        RuleError::WrongMoment(
                            "a beaver answers a double; after a beaver, raccoon instead".into(),
                        )
                    } else {
                        RuleError::NoBeavers
                    });
                }
                if !is_beaver && (!self.rules.raccoons || o.notches == 0) {
                    return Err(if self.rules.raccoons {
                        RuleError::WrongMoment("a raccoon answers a beaver; beaver instead".into())
                    } else {
                        RuleError::NoRaccoons
                    });
                }
                if o.value >= 1 << 62 {
                    return Err(RuleError::CubeLimit);
                }
                let value = o.value * 2;
                self.phase = Phase::CubeOffered(CubeOffer {
                    responder: by.opponent(),
                    value,
                    drop_value: o.value,
                    owner: o.owner,
                    notches: o.notches + 1,
                });
                ev.push(if is_beaver {
                    Event::Beavered { by, value }
                } else {
                    Event::Raccooned { by, value }
                });
            }
            _ => unreachable!("only cube answers reach here"),
        }
        Ok(())
    }

    fn begin_turn(&mut self, side: Side, dice: Dice, ev: &mut Vec<Event>) {
        ev.push(Event::Rolled { by: side, dice });
        let legal = legal_plays(&self.position.view(side), dice);
        if legal.len() == 1 && legal[0].play.is_empty() {
            ev.push(Event::NoLegalPlay { by: side, dice });
            self.end_turn(side, ev);
        } else {
            self.phase = Phase::ToPlay { side, dice };
        }
    }

    fn end_turn(&mut self, side: Side, ev: &mut Vec<Event>) {
        self.turns[side.index()] = self.turns[side.index()].saturating_add(1);
        let view = self.position.view(side);
        if view.mine_off() == 15 {
            let loser_off = view.theirs_off();
            let kind = if loser_off > 0 {
                ResultKind::Single
            } else if view.theirs(0) > 0 || (1..=6).any(|p| view.theirs(p) > 0) {
                ResultKind::Backgammon
            } else {
                ResultKind::Gammon
            };
            let base = match kind {
                ResultKind::Single => 1,
                ResultKind::Gammon => 2,
                _ => 3,
            };
            let points = self.game_multiplier(base) * self.cube.value;
            self.finish_game(
                GameResult {
                    winner: side,
                    points,
                    kind,
                },
                ev,
            );
        } else {
            self.phase = Phase::ToRoll(side.opponent());
        }
    }

    /// 1, 2 or 3 per cube unit, except that under the Jacoby rule an unturned cube counts
    /// gammons and backgammons as single games.
    fn game_multiplier(&self, base: u64) -> u64 {
        if self.rules.is_money() && self.rules.jacoby && self.cube.owner.is_none() {
            1
        } else {
            base
        }
    }

    fn finish_game(&mut self, result: GameResult, ev: &mut Vec<Event>) {
        let w = result.winner.index();
        self.score[w] =
            self.score[w].saturating_add(u32::try_from(result.points).unwrap_or(u32::MAX));
        self.last_result = Some(result);
        ev.push(Event::GameOver(result));
        if let Some(n) = self.rules.length {
            if self.score[w] >= n {
                self.phase = Phase::MatchOver {
                    winner: result.winner,
                };
                ev.push(Event::MatchOver {
                    winner: result.winner,
                });
                return;
            }
        }
        self.game_number += 1;
        self.position = Position::start();
        self.cube = Cube {
            value: 1,
            owner: None,
        };
        self.turns = [0, 0];
        self.auto_doubles_used = 0;
        self.phase = Phase::Opening;
        self.update_crawford();
        ev.push(Event::GameStarted {
            number: self.game_number,
            crawford: self.crawford_game,
        });
    }

    /// The first game played with a player one point from victory is the Crawford game.
    /// A 1-point match has none: nobody reached match point by winning a game.
    fn update_crawford(&mut self) {
        self.crawford_game = false;
        if let (true, Some(n)) = (self.rules.crawford, self.rules.length) {
            if n > 1 && !self.crawford_done && self.score.iter().any(|&s| s + 1 == n) {
                self.crawford_game = true;
                self.crawford_done = true;
            }
        }
    }

    /// The side whose view IDs are given from: the player on roll, X before a game starts.
    pub fn on_roll(&self) -> Side {
        match self.phase {
            Phase::ToRoll(s) | Phase::ToPlay { side: s, .. } => s,
            Phase::CubeOffered(o) => {
                // The doubler is on roll: he has not rolled yet. After a beaver the
                // responder changes, but the player on roll does not.
                o.owner.opponent()
            }
            Phase::Opening | Phase::MatchOver { .. } => Side::X,
        }
    }

    /// gnubg's Match ID of this state.
    pub fn match_id(&self) -> MatchId {
        let (dice, double_offered) = match self.phase {
            Phase::ToPlay { dice, .. } => {
                let [a, b] = dice.values();
                (Some((a, b)), false)
            }
            Phase::CubeOffered(_) => (None, true),
            _ => (None, false),
        };
        let status = match (self.phase, self.last_result) {
            (Phase::MatchOver { .. }, Some(r)) => match r.kind {
                ResultKind::Dropped => GameStatus::Dropped,
                ResultKind::Resigned(_) => GameStatus::Resigned,
                _ => GameStatus::Over,
            },
            (Phase::Opening, _) => GameStatus::NoGame,
            _ => GameStatus::Playing,
        };
        let cube_value = match self.phase {
            Phase::CubeOffered(o) => o.drop_value,
            _ => self.cube.value,
        };
        MatchId {
            cube: u32::try_from(cube_value.min(1 << 15)).unwrap_or(1 << 15),
            cube_owner: self.cube.owner,
            on_roll: self.on_roll(),
            crawford: self.crawford_game,
            status,
            turn: self.to_act().unwrap_or(self.on_roll()),
            double_offered,
            resign_offered: self.resign_offer.map_or(0, |(_, l)| l as u8),
            dice,
            match_length: self.rules.length.unwrap_or(0),
            score: self.score,
            jacoby: self.rules.is_money() && self.rules.jacoby,
        }
    }

    /// gnubg's Position ID of this state, from the view of the player on roll.
    pub fn position_id(&self) -> String {
        super::ids::position_id(&self.position.view(self.on_roll()))
    }

    /// The XGID of this state.
    pub fn xgid(&self) -> Xgid {
        let (dice, turn) = match self.phase {
            Phase::ToPlay { side, dice } => (XgidDice::Rolled(dice), side),
            Phase::CubeOffered(o) => (
                match o.notches {
                    0 => XgidDice::Doubled,
                    1 => XgidDice::Beavered,
                    _ => XgidDice::Raccooned,
                },
                o.owner.opponent(),
            ),
            _ => (XgidDice::ToRoll, self.on_roll()),
        };
        let cube_value = match self.phase {
            Phase::CubeOffered(o) => o.drop_value,
            _ => self.cube.value,
        };
        let crawford_jacoby = if self.rules.is_money() {
            u8::from(self.rules.jacoby) + 2 * u8::from(self.rules.beavers)
        } else {
            u8::from(self.crawford_game)
        };
        Xgid {
            position: self.position,
            cube_log2: cube_value.trailing_zeros() as u8,
            cube_owner: self.cube.owner,
            turn,
            dice,
            score: self.score,
            crawford_jacoby,
            match_length: self.rules.length.unwrap_or(0),
            max_cube_log2: if self.rules.is_money() { 62 } else { 10 },
        }
    }
}
