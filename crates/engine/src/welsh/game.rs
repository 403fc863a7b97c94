//! A Welsh match as a state machine (rules 1-7, 12-14, 16-19, 21, 22; regulation D).
//! Like the standard [`crate::Match`], `apply` returns the next state and its
//! events or a refusal, and never rolls: throws come in with the actions.

use thiserror::Error;

use super::movegen::{FULL_SPIKE, Throw, apply_welsh_steps, has_full_spread, welsh_legal_plays};
use crate::movegen::{LegalPlay, Play};
use crate::position::{BAR, Board, OPP_BAR, Position};
use crate::side::Side;

/// The highest value of the doubling die (rule 5).
pub const MAX_CUBE: u32 = 64;

/// Options of a Welsh match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct WelshRules {
    /// Games to reach (or pass) to win the match (rule 1: 25).
    pub target: u32,
    /// Who shakes for the odds/evens call of the first game (the other calls).
    pub first_shaker: Side,
}

impl Default for WelshRules {
    fn default() -> WelshRules {
        WelshRules {
            target: 25,
            first_shaker: Side::X,
        }
    }
}

/// Odds or evens, called on the concealed throw (rule 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Parity {
    Odd,
    Even,
}

/// Whose throw a nomination sets (rule 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NominateFor {
    Me,
    Opponent,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MatchEnd {
    Games,
    Rectangle,
    TimedOut,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameEnd {
    Single,
    Gammon,
    Backgammon,
    ThreeOnTheRoof,
    Conceded,
    WashBySticks,
    WashBySnakes,
}

/// Why a break may be taken between games (regulation D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BreakReason {
    BothUnder35Minutes,
    Backgammon,
    Reached(u32),
    TimeForTea,
}

impl std::fmt::Display for BreakReason {
    /// The reason in words, as players read it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BreakReason::BothUnder35Minutes => f.write_str("both clocks are under 35 minutes"),
            BreakReason::Backgammon => f.write_str("a backgammon was scored"),
            BreakReason::Reached(n) => write!(f, "a player has reached {n} games"),
            BreakReason::TimeForTea => f.write_str("the last throw was 2-3 (time for tea)"),
        }
    }
}

/// The doubling die: its value and who may turn it next (`None`: either player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct DoublingDie {
    pub value: u32,
    pub right: Option<Side>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WelshPhase {
    /// `caller` calls odds or evens on the shaker's concealed throw.
    Call {
        caller: Side,
    },
    /// `chooser` decides who starts.
    Choose {
        chooser: Side,
    },
    /// `side` may double, nominate, throw one die (beside a full spread) or throw.
    ToRoll(Side),
    /// `side` has thrown and must play.
    ToPlay {
        side: Side,
        throw: Throw,
        nominated: bool,
    },
    MatchOver {
        winner: Side,
        how: MatchEnd,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WelshAction {
    /// The caller's call, with the shaker's concealed dice.
    Call {
        shaker_dice: (u8, u8),
        call: Parity,
    },
    /// Who starts, chosen by the winner of the call.
    Choose(Side),
    Double,
    Roll(u8, u8),
    /// One die, while a full spread of the thrower stands (rule 11).
    RollOne(u8),
    /// Acey-deucey (rule 13): throw again instead of playing a 1-2.
    Reroll(u8, u8),
    Nominate {
        whose: NominateFor,
        dice: (u8, u8),
    },
    Play(Play),
    OfferConcede {
        games: u32,
        payment: bool,
    },
    AcceptConcede,
    RejectConcede,
    /// The clock of the acting side ran out (rule 12a).
    TimedOut,
    /// The play clocks, in seconds left, as the application sees them (for rule 12b and
    /// regulation D); indexed by [`Side::index`].
    Clocks([u32; 2]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WelshEvent {
    CallWon {
        chooser: Side,
    },
    Starts(Side),
    GameStarted {
        number: u32,
        cube: u32,
    },
    Doubled {
        by: Side,
        value: u32,
    },
    Thrown {
        by: Side,
        throw: Throw,
        nominated: bool,
    },
    Rethrown {
        by: Side,
    },
    Nominated {
        by: Side,
        whose: NominateFor,
        dice: (u8, u8),
    },
    Played {
        by: Side,
        play: Play,
    },
    Danced {
        by: Side,
    },
    CubeRaisedByDance {
        value: u32,
    },
    Triangle {
        by: Side,
    },
    FullSpread {
        by: Side,
    },
    FirstCheckOut {
        by: Side,
    },
    BonusThrow {
        by: Side,
    },
    /// The first occasion of the game for `offerer` to offer to concede (rule 18);
    /// `at_stake`: the games the game would cost him now (an offer must be fewer, so at 1
    /// no offer is possible until the doubling die goes up).
    ConcedeOccasion {
        offerer: Side,
        at_stake: u32,
    },
    ConcedeOffered {
        by: Side,
        games: u32,
        payment: bool,
    },
    ConcedeRejected {
        by: Side,
    },
    /// The offerer of an accepted offer to concede to 24 pays the payment that made it
    /// compulsory (rule 18) to his opponent.
    ConcedePaid {
        by: Side,
    },
    GameOver {
        winner: Option<Side>,
        games: u32,
        how: GameEnd,
    },
    BreakEntitled(BreakReason),
    MatchOver {
        winner: Side,
        how: MatchEnd,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WelshError {
    #[error("the match is over")]
    MatchOver,
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    #[error("{0}")]
    WrongMoment(String),
    #[error("a die shows 1 to 6")]
    BadDie,
    #[error("the doubling die is not yours to turn: the right is with your opponent")]
    NotYourRight,
    #[error("the doubling die is at 64 and goes no higher")]
    CubeAtMax,
    #[error("a triangle stands: the doubling die cannot go up")]
    TriangleFreezesCube,
    #[error("the third identical throw in a row is thrown again (rule 6)")]
    ThirdIdenticalThrow,
    #[error("a one-die throw needs a full spread of yours on the board")]
    NoFullSpread,
    #[error("only a 1-2 that was thrown, not nominated, may be thrown again")]
    NoAceyDeucey,
    #[error("you have used your nominate in this match")]
    NominateUsed,
    #[error("you may not nominate a throw for yourself with which a play wins the match ({0})")]
    NominateWins(String),
    #[error("that play is not legal with {0:?}; legal plays are listed by the move command")]
    IllegalPlay(Throw),
    #[error("there is no offer-to-concede occasion for you now")]
    NoConcedeOccasion,
    #[error("offer fewer games than you would lose now ({0}), and at least 1")]
    ConcedeTooMuch(u32),
    #[error(
        "the game would cost you only 1 game and an offer to concede must be fewer games: no offer is possible now, an offer to 24 with the payment included (rule 18)"
    )]
    NoSmallerOffer,
    #[error("this offer puts your opponent on 24 with the payment: it must be accepted")]
    MustAcceptConcede,
    #[error(
        "the payment goes only with an offer that puts your opponent on exactly 24 games ({0} would)"
    )]
    PaymentOnlyTo24(u32),
    #[error(
        "your throw is already nominated ({0}-{1}) and cannot be nominated again: throw it (you keep your nominate card)"
    )]
    ThrowAlreadyNominated(u8, u8),
}

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

/// Whether the mover has a triangle: 4-3-2-1 men on four adjacent spikes of one
/// quarter-board, either way round (rule 17a).
#[must_use]
pub fn has_triangle(board: &Board) -> bool {
    (0..4).any(|q| {
        (0..3).any(|s| {
            let start = 6 * q + 1 + s;
            let run: Vec<i8> = (start..start + 4).map(|p| board.points[p]).collect();
            run == [4, 3, 2, 1] || run == [1, 2, 3, 4]
        })
    })
}

/// Whether the mover has a rectangle: all 15 men 3-3-3-3-3 on five adjacent spikes of one
/// quarter-board (rule 17b).
#[must_use]
pub fn has_rectangle(board: &Board) -> bool {
    (0..4).any(|q| {
        (0..2).any(|s| {
            let start = 6 * q + 1 + s;
            (start..start + 5).all(|p| board.points[p] == 3)
        })
    })
}

fn has_full_spike(board: &Board) -> bool {
    (1..=24).any(|p| board.points[p] == FULL_SPIKE)
}

/// Whether some throw lets the mover check out all his men in one turn (rule 18).
#[must_use]
pub fn has_one_throw_win(board: &Board) -> bool {
    let on: i32 = (1..=BAR).map(|p| i32::from(board.mine(p))).sum();
    if on == 0 || on > 4 || (7..=BAR).any(|p| board.mine(p) > 0) {
        return false;
    }
    (1..=6u8).any(|a| {
        (1..=a).any(|b| {
            welsh_legal_plays(board, Throw::Two(a, b))
                .iter()
                .any(|l| l.board.mine_off() == 15)
        })
    })
}

impl WelshMatch {
    /// A new match: the first game starts with the odds/evens call.
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
    #[must_use]
    pub fn at(rules: WelshRules, position: Position, to_roll: Side, score: [u32; 2]) -> WelshMatch {
        let mut m = WelshMatch::new(rules);
        m.position = position;
        m.score = score;
        m.games_won = Some(score);
        m.phase = WelshPhase::ToRoll(to_roll);
        // Men already checked out: the first-check-out bonus is spent.
        m.first_out = Side::BOTH.into_iter().find(|&s| position.off(s) > 0);
        m
    }

    pub fn rules(&self) -> &WelshRules {
        &self.rules
    }
    pub fn score(&self) -> [u32; 2] {
        self.score
    }
    pub fn game_number(&self) -> u32 {
        self.game_number
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn cube(&self) -> DoublingDie {
        self.cube
    }
    pub fn phase(&self) -> WelshPhase {
        self.phase
    }
    pub fn nominate_left(&self, side: Side) -> bool {
        self.nominate_left[side.index()]
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

    fn step(
        &mut self,
        by: Side,
        action: WelshAction,
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
        if let WelshPhase::MatchOver { .. } = self.phase {
            return Err(WelshError::MatchOver);
        }
        match action {
            WelshAction::TimedOut => {
                let winner = by.opponent();
                self.phase = WelshPhase::MatchOver {
                    winner,
                    how: MatchEnd::TimedOut,
                };
                ev.push(WelshEvent::MatchOver {
                    winner,
                    how: MatchEnd::TimedOut,
                });
                return Ok(());
            }
            WelshAction::Clocks(c) => {
                self.clocks = Some(c);
                // Regulation 12b, the first game too: a game is due to start until the call
                // and the choice of who starts are made; the clocks are first reported then.
                let due = matches!(
                    self.phase,
                    WelshPhase::Call { .. } | WelshPhase::Choose { .. }
                );
                if due && self.cube.value == 1 && ten_for_two(c) {
                    self.cube = DoublingDie {
                        value: 2,
                        right: None,
                    };
                    ev.push(WelshEvent::GameStarted {
                        number: self.game_number,
                        cube: 2,
                    });
                }
                return Ok(());
            }
            _ => {}
        }
        if let Some((offerer, games, payment)) = self.concede_offer {
            return match action {
                WelshAction::AcceptConcede if by == offerer.opponent() => {
                    self.concede_offer = None;
                    if payment {
                        ev.push(WelshEvent::ConcedePaid { by: offerer });
                    }
                    self.finish_game(Some(by), games, GameEnd::Conceded, ev);
                    Ok(())
                }
                WelshAction::RejectConcede if by == offerer.opponent() => {
                    if payment && self.score[by.index()] + games == 24 {
                        return Err(WelshError::MustAcceptConcede);
                    }
                    self.concede_offer = None;
                    ev.push(WelshEvent::ConcedeRejected { by });
                    Ok(())
                }
                _ => Err(WelshError::WrongMoment(
                    "an offer to concede is waiting for its answer".into(),
                )),
            };
        }
        match (action, self.phase) {
            (WelshAction::Call { shaker_dice, call }, WelshPhase::Call { caller })
                if by == caller =>
            {
                let (a, b) = (die_ok(shaker_dice.0)?, die_ok(shaker_dice.1)?);
                let odd = (a + b) % 2 == 1;
                let right = (call == Parity::Odd) == odd;
                let chooser = if right { caller } else { caller.opponent() };
                self.phase = WelshPhase::Choose { chooser };
                ev.push(WelshEvent::CallWon { chooser });
                Ok(())
            }
            (WelshAction::Choose(starter), WelshPhase::Choose { chooser }) if by == chooser => {
                self.phase = WelshPhase::ToRoll(starter);
                ev.push(WelshEvent::Starts(starter));
                Ok(())
            }
            (WelshAction::OfferConcede { games, payment }, _) => {
                if self.concede_open != Some(by) {
                    return Err(WelshError::NoConcedeOccasion);
                }
                let loss = self.loss_if_opponent_wins(by);
                if loss <= 1 {
                    return Err(WelshError::NoSmallerOffer);
                }
                if games == 0 || games >= loss {
                    return Err(WelshError::ConcedeTooMuch(loss));
                }
                let to = self.score[by.opponent().index()] + games;
                if payment && to != 24 {
                    return Err(WelshError::PaymentOnlyTo24(to));
                }
                self.concede_open = None;
                self.concede_offer = Some((by, games, payment));
                ev.push(WelshEvent::ConcedeOffered { by, games, payment });
                Ok(())
            }
            (WelshAction::Nominate { whose, dice }, _) if self.turn_of() == Some(by) => {
                let dice = (die_ok(dice.0)?, die_ok(dice.1)?);
                if !self.nominate_left[by.index()] {
                    return Err(WelshError::NominateUsed);
                }
                match (whose, self.phase) {
                    (NominateFor::Me, WelshPhase::ToRoll(_)) => {
                        if let Some((who, set)) = self.nominated_for {
                            if who == by {
                                return Err(WelshError::ThrowAlreadyNominated(
                                    set.0.max(set.1),
                                    set.0.min(set.1),
                                ));
                            }
                        }
                        let throw = Throw::Two(dice.0, dice.1);
                        if let Some(why) = self.winning_play(by, throw) {
                            return Err(WelshError::NominateWins(why));
                        }
                        self.nominate_left[by.index()] = false;
                        ev.push(WelshEvent::Nominated { by, whose, dice });
                        self.throw(by, throw, true, ev);
                    }
                    (NominateFor::Opponent, _) => {
                        self.nominate_left[by.index()] = false;
                        self.nominated_for = Some((by.opponent(), dice));
                        ev.push(WelshEvent::Nominated { by, whose, dice });
                    }
                    _ => {
                        return Err(WelshError::WrongMoment(
                            "nominate for yourself before you throw".into(),
                        ));
                    }
                }
                Ok(())
            }
            (WelshAction::Double, WelshPhase::ToRoll(s)) if s == by => {
                if self.cube.right == Some(by.opponent()) {
                    return Err(WelshError::NotYourRight);
                }
                if self.triangle.is_some() {
                    return Err(WelshError::TriangleFreezesCube);
                }
                if self.cube.value >= MAX_CUBE {
                    return Err(WelshError::CubeAtMax);
                }
                self.cube = DoublingDie {
                    value: self.cube.value * 2,
                    right: Some(by.opponent()),
                };
                ev.push(WelshEvent::Doubled {
                    by,
                    value: self.cube.value,
                });
                Ok(())
            }
            (WelshAction::Roll(a, b), WelshPhase::ToRoll(s)) if s == by => {
                let dice = (die_ok(a)?, die_ok(b)?);
                if let Some((who, nd)) = self.nominated_for {
                    if who == by {
                        self.nominated_for = None;
                        self.throw(by, Throw::Two(nd.0, nd.1), true, ev);
                        return Ok(());
                    }
                }
                self.check_third_identical(by, dice)?;
                self.throw(by, Throw::Two(dice.0, dice.1), false, ev);
                Ok(())
            }
            (WelshAction::RollOne(d), WelshPhase::ToRoll(s)) if s == by => {
                die_ok(d)?;
                if let Some((who, set)) = self.nominated_for {
                    if who == by {
                        return Err(WelshError::WrongMoment(format!(
                            "your throw is nominated ({}-{}): throw it, not one die",
                            set.0.max(set.1),
                            set.0.min(set.1)
                        )));
                    }
                }
                if !has_full_spread(&self.position.view(by)) {
                    return Err(WelshError::NoFullSpread);
                }
                self.throw(by, Throw::One(d), false, ev);
                Ok(())
            }
            (
                WelshAction::Reroll(a, b),
                WelshPhase::ToPlay {
                    side,
                    throw,
                    nominated,
                },
            ) if side == by => {
                let is_acey = matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
                if !is_acey || nominated {
                    return Err(WelshError::NoAceyDeucey);
                }
                let dice = (die_ok(a)?, die_ok(b)?);
                self.check_third_identical(by, dice)?;
                ev.push(WelshEvent::Rethrown { by });
                self.throw(by, Throw::Two(dice.0, dice.1), false, ev);
                Ok(())
            }
            (
                WelshAction::Play(play),
                WelshPhase::ToPlay {
                    side,
                    throw,
                    nominated,
                },
            ) if side == by => {
                let view = self.position.view(by);
                let legal = welsh_legal_plays(&view, throw);
                let after = apply_welsh_steps(&view, play.steps());
                let chosen = legal
                    .iter()
                    .find(|l| l.play == play || Some(l.board) == after)
                    .copied()
                    .ok_or(WelshError::IllegalPlay(throw))?;
                ev.push(WelshEvent::Played {
                    by,
                    play: chosen.play,
                });
                self.position = Position::from_view(by, &chosen.board);
                self.end_turn(by, throw, nominated, ev);
                Ok(())
            }
            _ => Err(self.wrong_moment(by)),
        }
    }

    fn wrong_moment(&self, by: Side) -> WelshError {
        match self.phase {
            WelshPhase::Call { caller } if caller == by => {
                WelshError::WrongMoment("call odds or evens first".into())
            }
            WelshPhase::Call { .. } => {
                WelshError::NotYourTurn("your opponent calls odds or evens".into())
            }
            WelshPhase::Choose { chooser } if chooser == by => {
                WelshError::WrongMoment("choose who starts".into())
            }
            WelshPhase::Choose { .. } => {
                WelshError::NotYourTurn("your opponent chooses who starts".into())
            }
            WelshPhase::ToRoll(s) if s == by => WelshError::WrongMoment("throw first".into()),
            WelshPhase::ToPlay { side, .. } if side == by => {
                WelshError::WrongMoment("play your throw".into())
            }
            WelshPhase::MatchOver { .. } => WelshError::MatchOver,
            _ => WelshError::NotYourTurn("it is your opponent's turn".into()),
        }
    }

    /// The throw is made (thrown or nominated): washes by snakes, then play or pass.
    fn throw(&mut self, by: Side, throw: Throw, nominated: bool, ev: &mut Vec<WelshEvent>) {
        self.concede_open = None;
        ev.push(WelshEvent::Thrown {
            by,
            throw,
            nominated,
        });
        if let Throw::Two(a, b) = throw {
            let snakes = (a, b) == (1, 1)
                && matches!(self.last_throw, Some((s, (1, 1))) if s == by.opponent());
            self.last_throw = Some((by, (a, b)));
            if snakes {
                // Rule 6: the wash's 1-1 was the outcome of his turn.
                if !nominated {
                    self.note_turn(by, (a, b));
                }
                self.wash(GameEnd::WashBySnakes, ev);
                return;
            }
        }
        let legal = welsh_legal_plays(&self.position.view(by), throw);
        // Rule 13: a thrown 1-2 may be thrown again even when it has no legal play, so the
        // pass (and any dance it makes) waits for the player's choice.
        let acey = !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
        if legal.len() == 1 && legal[0].play.is_empty() && !acey {
            ev.push(WelshEvent::Played {
                by,
                play: Play::default(),
            });
            self.end_turn(by, throw, nominated, ev);
        } else {
            self.phase = WelshPhase::ToPlay {
                side: by,
                throw,
                nominated,
            };
        }
    }

    /// What the side would lose if his opponent checked out now (for offers to concede).
    fn loss_if_opponent_wins(&self, side: Side) -> u32 {
        let mine = self.position.view(side);
        let mult = if mine.mine_off() > 0 {
            1
        } else if mine.mine(BAR) > 0 || (7..=24).any(|p| mine.mine(p) > 0) {
            6
        } else {
            3
        };
        self.cube.value * mult
    }

    /// A legal play with `throw` that would win the match for `side`, described.
    fn winning_play(&self, side: Side, throw: Throw) -> Option<String> {
        let view = self.position.view(side);
        let need = self.rules.target.saturating_sub(self.score[side.index()]);
        for l in welsh_legal_plays(&view, throw) {
            if has_rectangle(&l.board) {
                return Some("it makes a rectangle".into());
            }
            if l.board.mine_off() == 15 {
                let games = self.cube.value * game_multiplier(&l.board);
                if games >= need {
                    return Some(format!("checking out wins {games} game(s)"));
                }
            }
            if l.board.theirs(OPP_BAR) >= 3 && self.cube.value >= need {
                return Some("three on the roof".into());
            }
        }
        None
    }

    /// Rule 6: refuses a throw equal to the outcome of each of `by`'s last two turns.
    fn check_third_identical(&self, by: Side, dice: (u8, u8)) -> Result<(), WelshError> {
        let r = self.recent[by.index()];
        if r[0] == Some(unordered(dice)) && r[1] == Some(unordered(dice)) {
            return Err(WelshError::ThirdIdenticalThrow);
        }
        Ok(())
    }

    /// Rule 6: the outcome of a turn of `by` joins the window of his last two turns.
    fn note_turn(&mut self, by: Side, dice: (u8, u8)) {
        let r = self.recent[by.index()];
        self.recent[by.index()] = [r[1], Some(unordered(dice))];
    }

    fn end_turn(&mut self, by: Side, throw: Throw, nominated: bool, ev: &mut Vec<WelshEvent>) {
        // Rule 6: the turn's outcome (the throw played, after any acey-deucey re-throw)
        // joins the window of his turns; nominated and one-die throws do not count.
        if let (Throw::Two(a, b), false) = (throw, nominated) {
            self.note_turn(by, (a, b));
        }
        let view = self.position.view(by);
        let opp = by.opponent();
        // Rule 14: three on the roof loses the game at the cube's value.
        if view.theirs(OPP_BAR) >= 3 {
            self.finish_game(Some(by), self.cube.value, GameEnd::ThreeOnTheRoof, ev);
            return;
        }
        // Rule 17b: a rectangle wins the match.
        if has_rectangle(&view) {
            self.match_over(by, MatchEnd::Rectangle, ev);
            return;
        }
        if view.mine_off() == 15 {
            let mult = game_multiplier(&view);
            let how = match mult {
                1 => GameEnd::Single,
                3 => GameEnd::Gammon,
                _ => GameEnd::Backgammon,
            };
            self.finish_game(Some(by), self.cube.value * mult, how, ev);
            return;
        }
        // Rule 22 (i): both hold a full spike.
        if has_full_spike(&view) && has_full_spike(&view.swapped()) {
            self.wash(GameEnd::WashBySticks, ev);
            return;
        }
        // Rule 16: a turn ending with men on the roof is a dance; the first raises the cube.
        if view.mine(BAR) > 0 {
            ev.push(WelshEvent::Danced { by });
            if !self.dance_raised {
                self.dance_raised = true;
                if self.cube.value < MAX_CUBE && self.triangle.is_none() {
                    self.cube.value *= 2;
                    ev.push(WelshEvent::CubeRaisedByDance {
                        value: self.cube.value,
                    });
                }
            }
        }
        // Rule 11: announce a full spread standing.
        if has_full_spread(&view) {
            ev.push(WelshEvent::FullSpread { by });
        }
        // Rule 18: the first to check out gets a bonus throw; doubles on bonus throws chain.
        let mut again = false;
        if self.first_out.is_none() && view.mine_off() > 0 {
            self.first_out = Some(by);
            ev.push(WelshEvent::FirstCheckOut { by });
            again = true;
        } else if self.in_bonus_turn && throw.is_double() {
            again = true;
        }
        self.in_bonus_turn = false;
        if again {
            ev.push(WelshEvent::BonusThrow { by });
            self.in_bonus_turn = true;
        }
        // Rule 17a: a triangle keeps the same player rolling.
        self.triangle = has_triangle(&view)
            .then_some(by)
            .or_else(|| has_triangle(&view.swapped()).then_some(opp));
        if self.triangle == Some(by) {
            ev.push(WelshEvent::Triangle { by });
            again = true;
        }
        let next = if again { by } else { opp };
        self.phase = WelshPhase::ToRoll(next);
        // Rule 18: the first occasion when exactly one player has a one-throw win.
        if !self.concede_occasion_seen {
            let wins = [Side::X, Side::O].map(|s| has_one_throw_win(&self.position.view(s)));
            if wins[0] != wins[1] {
                self.concede_occasion_seen = true;
                let offerer = if wins[Side::X.index()] {
                    Side::O
                } else {
                    Side::X
                };
                self.concede_open = Some(offerer);
                ev.push(WelshEvent::ConcedeOccasion {
                    offerer,
                    at_stake: self.loss_if_opponent_wins(offerer),
                });
            }
        }
    }

    fn wash(&mut self, how: GameEnd, ev: &mut Vec<WelshEvent>) {
        self.finish_game(None, 1, how, ev);
    }

    fn match_over(&mut self, winner: Side, how: MatchEnd, ev: &mut Vec<WelshEvent>) {
        self.phase = WelshPhase::MatchOver { winner, how };
        ev.push(WelshEvent::MatchOver { winner, how });
    }

    /// Scores a game (`winner` `None` for a wash: one game each) and starts the next.
    fn finish_game(
        &mut self,
        winner: Option<Side>,
        games: u32,
        how: GameEnd,
        ev: &mut Vec<WelshEvent>,
    ) {
        ev.push(WelshEvent::GameOver { winner, games, how });
        let before = self.score;
        let target = self.rules.target;
        match winner {
            Some(w) => {
                self.score[w.index()] += games;
                if let Some(won) = self.games_won.as_mut() {
                    won[w.index()] += 1;
                }
                self.last_game_loser = Some(w.opponent());
                if self.sudden_death || self.score[w.index()] >= target {
                    self.match_over(w, MatchEnd::Games, ev);
                    return;
                }
            }
            None => {
                self.score[0] += 1;
                self.score[1] += 1;
                let reached: Vec<Side> = Side::BOTH
                    .into_iter()
                    .filter(|s| self.score[s.index()] >= target)
                    .collect();
                match reached[..] {
                    [only] => {
                        self.match_over(only, MatchEnd::Games, ev);
                        return;
                    }
                    [_, _] => self.sudden_death = true,
                    _ => {}
                }
            }
        }
        // Regulation D: break entitlements between games.
        let mut breaks = Vec::new();
        if how == GameEnd::Backgammon {
            breaks.push(BreakReason::Backgammon);
        }
        for n in [6u32, 12, 18, 24] {
            let bit = 1 << n;
            let reached = Side::BOTH
                .iter()
                .any(|s| before[s.index()] < n && self.score[s.index()] == n);
            if reached && self.breaks_seen & bit == 0 {
                self.breaks_seen |= bit;
                breaks.push(BreakReason::Reached(n));
            }
        }
        if matches!(self.last_throw, Some((_, (a, b))) if unordered((a, b)) == (3, 2)) {
            breaks.push(BreakReason::TimeForTea);
        }
        if let Some(c) = self.clocks {
            if c.iter().all(|&s| s < 35 * 60) && self.breaks_seen & 1 == 0 {
                self.breaks_seen |= 1;
                breaks.push(BreakReason::BothUnder35Minutes);
            }
        }
        ev.extend(breaks.into_iter().map(WelshEvent::BreakEntitled));
        // The next game: mugs away, or a new call after a wash.
        self.game_number += 1;
        self.position = Position::start();
        let ten_for_two = self.clocks.is_some_and(ten_for_two);
        self.cube = DoublingDie {
            value: if ten_for_two { 2 } else { 1 },
            right: None,
        };
        // Rule 6's window (`recent`) is kept: it counts a player's turns, across games.
        self.last_throw = None;
        self.dance_raised = false;
        self.triangle = None;
        self.first_out = None;
        self.in_bonus_turn = false;
        self.concede_occasion_seen = false;
        self.concede_open = None;
        self.phase = match (winner, self.last_game_loser) {
            (Some(_), Some(loser)) => WelshPhase::ToRoll(loser),
            _ => WelshPhase::Call {
                caller: self.rules.first_shaker.opponent(),
            },
        };
        ev.push(WelshEvent::GameStarted {
            number: self.game_number,
            cube: self.cube.value,
        });
    }
}

/// What a game is worth when the mover has just checked out his last man: the doubling
/// die's value times 1, 3 for a gammon (the loser checked out none), or 6 for a backgammon
/// (and he still has a man on the roof or outside his home board).
#[must_use]
pub fn game_value(cube: u32, after: &Board) -> u32 {
    cube * game_multiplier(after)
}

fn game_multiplier(after: &Board) -> u32 {
    if after.theirs_off() > 0 {
        1
    } else if after.theirs(OPP_BAR) > 0 || (1..=18).any(|p| after.theirs(p) > 0) {
        6
    } else {
        3
    }
}
