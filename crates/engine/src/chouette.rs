//! Chouette (seed 001, last section): backgammon for three or more. One player, the box,
//! plays alone against a team; the captain rolls and plays for the team; the crew are the
//! rest. Multiple cubes by default (each team member his own cube and his own double /
//! take / drop decisions against the box), or a single cube (takes still independent).
//!
//! On the board the box is X and the team is O. Players are opaque ids given by the
//! application; the line order is given too (the application shuffles).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::movegen::{Play, apply_steps, legal_plays};
use super::notation::{format_play, resolve_play};
use super::{Dice, Position, Side};

/// A player of the session, as the application names him.
pub type PlayerId = u64;

pub const BOX: Side = Side::X;
pub const TEAM: Side = Side::O;

/// When crew members may suggest plays to the captain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Consultation {
    Free,
    None,
    /// Only once a cube has been turned in the game.
    AfterCube,
}

/// Options agreed when the session is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouetteRules {
    /// Each team member his own cube (`true`, the modern default) or one cube for the team.
    pub multiple_cubes: bool,
    pub consultation: Consultation,
    /// Gammons count only on a cube that has been turned (per cube).
    pub jacoby: bool,
    /// A doubled player may beaver (take and redouble, keeping the cube).
    pub beavers: bool,
}

impl Default for ChouetteRules {
    fn default() -> ChouetteRules {
        ChouetteRules {
            multiple_cubes: true,
            consultation: Consultation::AfterCube,
            jacoby: false,
            beavers: false,
        }
    }
}

/// One team member's cube in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamCube {
    pub member: PlayerId,
    pub value: u64,
    /// `None`: centred; `Some(BOX)`: the box holds it; `Some(TEAM)`: the member holds it.
    pub owner: Option<Side>,
    /// A double waiting for its answer: who doubled and the value offered.
    pub offered: Option<(Side, u64)>,
    /// Out of this game (dropped, or his double was dropped); `points` settled.
    pub out: bool,
    /// His result against the box in this game once settled (+ he won, - he lost).
    pub result: Option<i64>,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouettePhase {
    /// Between games (or before the first): players may join and leave.
    Waiting,
    /// The opening throw, box against captain.
    Opening,
    /// `side` may double before rolling; doubles waiting for answers hold the roll.
    ToRoll(Side),
    ToPlay {
        side: Side,
        dice: Dice,
    },
}

/// What the session's players do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouetteAction {
    Join,
    Leave,
    /// Starts the next game. The first start gives the line: box first, then captain, crew.
    Start {
        line: Option<Vec<PlayerId>>,
    },
    OpeningRoll {
        box_die: u8,
        team_die: u8,
    },
    Roll(Dice),
    Play(Play),
    /// The box doubles these members (empty: every cube he may turn); a team member
    /// doubles his own cube (single cube: the captain, for the team).
    Double {
        members: Vec<PlayerId>,
    },
    /// Answers to doubles: by a team member on his cube, or by the box on `member`'s
    /// double (single cube: `member` ignored, the answer is for the team's cube).
    Take {
        member: Option<PlayerId>,
    },
    Drop {
        member: Option<PlayerId>,
    },
    Beaver {
        member: Option<PlayerId>,
    },
    /// A crew member's suggestion to the captain.
    Suggest(String),
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChouetteEvent {
    Joined(PlayerId),
    Left(PlayerId),
    GameStarted {
        number: u32,
        box_player: PlayerId,
        captain: PlayerId,
    },
    OpeningTie(u8),
    OpeningWon {
        side: Side,
        dice: Dice,
    },
    Rolled {
        by: Side,
        dice: Dice,
    },
    NoLegalPlay {
        by: Side,
        dice: Dice,
    },
    Played {
        by: Side,
        play: Play,
    },
    /// A double: each member's cube with the value it is offered at (each cube is doubled
    /// from its own value).
    Doubled {
        by: PlayerId,
        members: Vec<(PlayerId, u64)>,
    },
    Took {
        by: PlayerId,
        member: PlayerId,
        value: u64,
    },
    Beavered {
        by: PlayerId,
        member: PlayerId,
        value: u64,
    },
    Dropped {
        by: PlayerId,
        member: PlayerId,
        points: u64,
    },
    Suggested {
        by: PlayerId,
        text: String,
    },
    /// A member settles with the box: + he won `points`, - he lost them.
    Settled {
        member: PlayerId,
        points: i64,
    },
    GameOver {
        box_won_board: bool,
        number: u32,
    },
    /// The new line after the game: box, captain, crew.
    Rotated {
        box_player: PlayerId,
        captain: PlayerId,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChouetteError {
    #[error("you are not in this chouette; /chouette join first")]
    NotInSession,
    #[error("you are already in this chouette")]
    AlreadyIn,
    #[error("a chouette needs at least three players; {0} so far")]
    TooFew(usize),
    #[error("players join and leave between games; wait for this game to end")]
    GameInProgress,
    #[error("no game is in progress; start one with /chouette start")]
    NoGame,
    #[error("{0}")]
    NotYourTurn(String),
    #[error("{0}")]
    WrongMoment(String),
    #[error("a die shows 1 to 6")]
    BadDie,
    #[error("{0}")]
    IllegalPlay(String),
    #[error("{0}")]
    Cube(String),
    #[error("consultation is {0} in this chouette")]
    NoConsultation(&'static str),
    #[error("the line must list every player once, box first")]
    BadLine,
    /// The box answered a double that this member has not offered. The club words it with
    /// the member's name.
    #[error("that player has not doubled you")]
    NotDoubledBy(PlayerId),
    /// The box named a member whose cube cannot be doubled now. The club words it with the
    /// member's name.
    #[error(
        "you cannot double that player's cube: it is out of the game, already offered, or held by that player"
    )]
    CannotDoubleMember(PlayerId),
}

/// A chouette session: the line, the game in progress, everyone's running tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chouette {
    rules: ChouetteRules,
    /// Box first, then captain, then the crew in order. Empty until the first start.
    line: Vec<PlayerId>,
    /// Players who joined (in order) and have not left.
    players: Vec<PlayerId>,
    /// Running tally in points (cube units), per player id.
    tally: Vec<(PlayerId, i64)>,
    games: u32,
    position: Position,
    phase: ChouettePhase,
    cubes: Vec<TeamCube>,
    /// The captain of the game in progress (rotation reads his result).
    captain: Option<PlayerId>,
    /// The box and the captain of the last game finished (the line has turned since).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_sides: Option<(PlayerId, PlayerId)>,
}

impl Chouette {
    #[must_use]
    pub fn new(rules: ChouetteRules, creator: PlayerId) -> Chouette {
        Chouette {
            rules,
            line: Vec::new(),
            players: vec![creator],
            tally: vec![(creator, 0)],
            games: 0,
            position: Position::start(),
            phase: ChouettePhase::Waiting,
            cubes: Vec::new(),
            captain: None,
            last_sides: None,
        }
    }

    pub fn rules(&self) -> &ChouetteRules {
        &self.rules
    }
    pub fn players(&self) -> &[PlayerId] {
        &self.players
    }
    /// Box, captain, crew (once a game has been started).
    pub fn line(&self) -> &[PlayerId] {
        &self.line
    }
    pub fn games(&self) -> u32 {
        self.games
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn phase(&self) -> ChouettePhase {
        self.phase
    }
    pub fn cubes(&self) -> &[TeamCube] {
        &self.cubes
    }
    /// Points won (+) or lost (-) so far, per player.
    pub fn tally(&self) -> &[(PlayerId, i64)] {
        &self.tally
    }
    pub fn box_player(&self) -> Option<PlayerId> {
        self.line.first().copied()
    }

    /// The box and the captain of the last game finished (between games the line has
    /// turned, so [`Chouette::box_player`] names the next game's box).
    #[must_use]
    pub fn last_sides(&self) -> Option<(PlayerId, PlayerId)> {
        self.last_sides
    }

    /// The game in progress moved to a described position with `to_roll` about to roll
    /// (for tests and analysis); cubes and line unchanged.
    #[must_use]
    pub fn at(mut self, position: Position, to_roll: Side) -> Chouette {
        if self.phase != ChouettePhase::Waiting {
            self.position = position;
            self.phase = ChouettePhase::ToRoll(to_roll);
        }
        self
    }

    /// Who plays the board for the team: the captain, or (if he is out) the next member
    /// still in.
    #[must_use]
    pub fn acting_captain(&self) -> Option<PlayerId> {
        self.cubes.iter().find(|c| !c.out).map(|c| c.member)
    }

    /// Whether `by` may double now: his side is about to roll and he has a cube to turn
    /// (the box: a cube still in that the team does not hold; a team member, multiple
    /// cubes: his own cube, in and not held by the box; single cube: the acting captain,
    /// when the box holds none of the team's cubes). A cube waiting for its answer cannot
    /// be turned again.
    #[must_use]
    pub fn may_double(&self, by: PlayerId) -> bool {
        let ChouettePhase::ToRoll(s) = self.phase else {
            return false;
        };
        let Some(&box_player) = self.line.first() else {
            return false;
        };
        let free =
            |c: &&TeamCube, holder: Side| !c.out && c.offered.is_none() && c.owner != Some(holder);
        if by == box_player {
            s == BOX && self.cubes.iter().any(|c| free(&c, TEAM))
        } else if s != TEAM {
            false
        } else if self.rules.multiple_cubes {
            self.cubes.iter().any(|c| c.member == by && free(&c, BOX))
        } else {
            Some(by) == self.acting_captain()
                && self.cubes.iter().filter(|c| !c.out).all(|c| free(&c, BOX))
        }
    }

    /// Whether anyone on `side` may double now (see [`Chouette::may_double`]); when nobody
    /// may, the side has nothing to decide before rolling.
    #[must_use]
    pub fn side_may_double(&self, side: Side) -> bool {
        if side == BOX {
            self.box_player().is_some_and(|b| self.may_double(b))
        } else {
            self.cubes.iter().any(|c| self.may_double(c.member))
        }
    }

    /// Whether a cube has been turned in this game.
    #[must_use]
    pub fn cube_turned(&self) -> bool {
        self.cubes
            .iter()
            .any(|c| c.value > 1 || c.offered.is_some())
    }

    /// The players who must decide now: doubles waiting for answers, else the roller or
    /// mover (the box, or the acting captain).
    #[must_use]
    pub fn to_act(&self) -> Vec<PlayerId> {
        let pending: Vec<&TeamCube> = self.cubes.iter().filter(|c| c.offered.is_some()).collect();
        if !pending.is_empty() {
            let mut who = Vec::new();
            for c in pending {
                let p = match c.offered {
                    Some((BOX, _)) => c.member,
                    _ => self.line[0],
                };
                if !who.contains(&p) {
                    who.push(p);
                }
            }
            return who;
        }
        match self.phase {
            ChouettePhase::Waiting => Vec::new(),
            ChouettePhase::Opening => self.line.first().copied().into_iter().collect(),
            ChouettePhase::ToRoll(s) | ChouettePhase::ToPlay { side: s, .. } => {
                if s == BOX {
                    self.line.first().copied().into_iter().collect()
                } else {
                    self.acting_captain().into_iter().collect()
                }
            }
        }
    }

    fn add_tally(&mut self, who: PlayerId, points: i64) {
        if let Some(t) = self.tally.iter_mut().find(|t| t.0 == who) {
            t.1 += points;
        } else {
            self.tally.push((who, points));
        }
    }

    /// Applies `action` by `by`.
    ///
    /// # Errors
    /// A [`ChouetteError`]; the state is untouched.
    pub fn apply(
        &self,
        by: PlayerId,
        action: &ChouetteAction,
    ) -> Result<(Chouette, Vec<ChouetteEvent>), ChouetteError> {
        let mut c = self.clone();
        let mut ev = Vec::new();
        c.step(by, action, &mut ev)?;
        Ok((c, ev))
    }

    fn step(
        &mut self,
        by: PlayerId,
        action: &ChouetteAction,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        let playing = self.phase != ChouettePhase::Waiting;
        match action {
            ChouetteAction::Join => {
                if self.players.contains(&by) {
                    return Err(ChouetteError::AlreadyIn);
                }
                if playing {
                    return Err(ChouetteError::GameInProgress);
                }
                self.players.push(by);
                if !self.line.is_empty() {
                    self.line.push(by);
                }
                if !self.tally.iter().any(|t| t.0 == by) {
                    self.tally.push((by, 0));
                }
                ev.push(ChouetteEvent::Joined(by));
                return Ok(());
            }
            _ if !self.players.contains(&by) => return Err(ChouetteError::NotInSession),
            ChouetteAction::Leave => {
                if playing {
                    return Err(ChouetteError::GameInProgress);
                }
                self.players.retain(|&p| p != by);
                self.line.retain(|&p| p != by);
                ev.push(ChouetteEvent::Left(by));
                return Ok(());
            }
            ChouetteAction::Start { line } => {
                if playing {
                    return Err(ChouetteError::GameInProgress);
                }
                if self.players.len() < 3 {
                    return Err(ChouetteError::TooFew(self.players.len()));
                }
                if let Some(l) = line {
                    let mut a = l.clone();
                    let mut b = self.players.clone();
                    a.sort_unstable();
                    b.sort_unstable();
                    if a != b {
                        return Err(ChouetteError::BadLine);
                    }
                    self.line.clone_from(l);
                } else if self.line.is_empty() {
                    self.line = self.players.clone();
                }
                self.games += 1;
                self.position = Position::start();
                self.phase = ChouettePhase::Opening;
                self.captain = Some(self.line[1]);
                self.cubes = self.line[1..]
                    .iter()
                    .map(|&m| TeamCube {
                        member: m,
                        value: 1,
                        owner: None,
                        offered: None,
                        out: false,
                        result: None,
                    })
                    .collect();
                ev.push(ChouetteEvent::GameStarted {
                    number: self.games,
                    box_player: self.line[0],
                    captain: self.line[1],
                });
                return Ok(());
            }
            _ if !playing => return Err(ChouetteError::NoGame),
            _ => {}
        }
        let box_player = self.line[0];
        let is_box = by == box_player;
        let pending = self.cubes.iter().any(|c| c.offered.is_some());
        match action {
            ChouetteAction::OpeningRoll { box_die, team_die } => {
                if self.phase != ChouettePhase::Opening {
                    return Err(self.wrong_moment(by));
                }
                if !is_box && Some(by) != self.acting_captain() {
                    return Err(ChouetteError::NotYourTurn(
                        "the box and the captain throw the opening roll".into(),
                    ));
                }
                if !(1..=6).contains(box_die) || !(1..=6).contains(team_die) {
                    return Err(ChouetteError::BadDie);
                }
                if box_die == team_die {
                    ev.push(ChouetteEvent::OpeningTie(*box_die));
                    return Ok(());
                }
                let (side, dice) = if box_die > team_die {
                    (BOX, Dice::new(*box_die, *team_die))
                } else {
                    (TEAM, Dice::new(*team_die, *box_die))
                };
                let dice = dice.map_err(|_| ChouetteError::BadDie)?;
                ev.push(ChouetteEvent::OpeningWon { side, dice });
                self.begin_turn(side, dice, ev);
                Ok(())
            }
            ChouetteAction::Roll(dice) => {
                let ChouettePhase::ToRoll(s) = self.phase else {
                    return Err(self.wrong_moment(by));
                };
                self.check_mover(by, s)?;
                if pending {
                    return Err(ChouetteError::WrongMoment(
                        "doubles are waiting for their answers".into(),
                    ));
                }
                self.begin_turn(s, *dice, ev);
                Ok(())
            }
            ChouetteAction::Play(play) => {
                let ChouettePhase::ToPlay { side, dice } = self.phase else {
                    return Err(self.wrong_moment(by));
                };
                self.check_mover(by, side)?;
                let view = self.position.view(side);
                let after = apply_steps(&view, play.steps()).ok();
                let legal = legal_plays(&view, dice);
                let chosen = legal
                    .iter()
                    .find(|l| Some(l.board) == after)
                    .ok_or_else(|| {
                        ChouetteError::IllegalPlay(format!(
                            "that play is not legal with {}-{}",
                            dice.high(),
                            dice.low()
                        ))
                    })?;
                ev.push(ChouetteEvent::Played {
                    by: side,
                    play: chosen.play,
                });
                self.position = Position::from_view(side, &chosen.board);
                self.end_turn(side, ev);
                Ok(())
            }
            ChouetteAction::Double { members } => self.double(by, members, ev),
            ChouetteAction::Take { member } => self.answer(by, *member, Answer::Take, ev),
            ChouetteAction::Drop { member } => self.answer(by, *member, Answer::Drop, ev),
            ChouetteAction::Beaver { member } => self.answer(by, *member, Answer::Beaver, ev),
            ChouetteAction::Suggest(text) => {
                if is_box || Some(by) == self.acting_captain() {
                    return Err(ChouetteError::WrongMoment(
                        "suggestions come from the crew to the captain".into(),
                    ));
                }
                match self.rules.consultation {
                    Consultation::None => return Err(ChouetteError::NoConsultation("not allowed")),
                    Consultation::AfterCube if !self.cube_turned() => {
                        return Err(ChouetteError::NoConsultation(
                            "allowed only after a cube has been turned",
                        ));
                    }
                    _ => {}
                }
                if self.cubes.iter().any(|c| c.member == by && c.out) {
                    return Err(ChouetteError::WrongMoment(
                        "you are out of this game; only members still in may suggest".into(),
                    ));
                }
                // A suggestion is a play of the captain's roll, legal with it.
                let ChouettePhase::ToPlay { side: TEAM, dice } = self.phase else {
                    return Err(ChouetteError::WrongMoment(
                        "suggest a play once the captain has rolled".into(),
                    ));
                };
                let view = self.position.view(TEAM);
                let play = resolve_play(&view, dice, text)
                    .map_err(|e| ChouetteError::IllegalPlay(e.to_string()))?;
                ev.push(ChouetteEvent::Suggested {
                    by,
                    text: format_play(&view, &play.play),
                });
                Ok(())
            }
            _ => Err(self.wrong_moment(by)),
        }
    }

    fn wrong_moment(&self, _by: PlayerId) -> ChouetteError {
        ChouetteError::WrongMoment(match self.phase {
            ChouettePhase::Waiting => "no game is in progress".into(),
            ChouettePhase::Opening => "the opening roll comes first (/chouette roll)".into(),
            ChouettePhase::ToRoll(BOX) => "the box is to roll (or double)".into(),
            ChouettePhase::ToRoll(_) => "the team is to roll (or double)".into(),
            ChouettePhase::ToPlay { side: BOX, .. } => "the box is to play".into(),
            ChouettePhase::ToPlay { .. } => "the captain is to play".into(),
        })
    }

    fn check_mover(&self, by: PlayerId, side: Side) -> Result<(), ChouetteError> {
        let ok = if side == BOX {
            by == self.line[0]
        } else {
            Some(by) == self.acting_captain()
        };
        if ok {
            Ok(())
        } else {
            Err(ChouetteError::NotYourTurn(if side == BOX {
                "the box rolls and plays alone".into()
            } else {
                "the captain rolls and plays for the team".into()
            }))
        }
    }

    fn begin_turn(&mut self, side: Side, dice: Dice, ev: &mut Vec<ChouetteEvent>) {
        ev.push(ChouetteEvent::Rolled { by: side, dice });
        let legal = legal_plays(&self.position.view(side), dice);
        if legal.len() == 1 && legal[0].play.is_empty() {
            ev.push(ChouetteEvent::NoLegalPlay { by: side, dice });
            self.phase = ChouettePhase::ToRoll(side.opponent());
        } else {
            self.phase = ChouettePhase::ToPlay { side, dice };
        }
    }

    fn end_turn(&mut self, side: Side, ev: &mut Vec<ChouetteEvent>) {
        let view = self.position.view(side);
        if view.mine_off() < 15 {
            self.phase = ChouettePhase::ToRoll(side.opponent());
            return;
        }
        let base: u64 = if view.theirs_off() > 0 {
            1
        } else if view.theirs(0) > 0 || (1..=6).any(|p| view.theirs(p) > 0) {
            3
        } else {
            2
        };
        let jacoby = self.rules.jacoby;
        let team_won = side == TEAM;
        let mut settle = Vec::new();
        for c in self.cubes.iter_mut().filter(|c| !c.out) {
            let mult = if jacoby && c.owner.is_none() { 1 } else { base };
            let pts = i64::try_from(c.value.saturating_mul(mult)).unwrap_or(i64::MAX);
            let signed = if team_won { pts } else { -pts };
            c.result = Some(signed);
            c.out = true;
            settle.push((c.member, signed));
        }
        for (m, p) in settle {
            self.settle(m, p, ev);
        }
        self.end_game(!team_won, ev);
    }

    fn settle(&mut self, member: PlayerId, points: i64, ev: &mut Vec<ChouetteEvent>) {
        let box_player = self.line[0];
        self.add_tally(member, points);
        self.add_tally(box_player, -points);
        ev.push(ChouetteEvent::Settled { member, points });
    }

    /// The game is over: rotation by the captain's own result.
    fn end_game(&mut self, box_won_board: bool, ev: &mut Vec<ChouetteEvent>) {
        ev.push(ChouetteEvent::GameOver {
            box_won_board,
            number: self.games,
        });
        let captain = self.captain.unwrap_or(self.line[1]);
        let captain_won = self
            .cubes
            .iter()
            .find(|c| c.member == captain)
            .and_then(|c| c.result)
            .is_some_and(|r| r > 0);
        let old_box = self.line.remove(0);
        self.last_sides = Some((old_box, captain));
        if captain_won {
            // The captain becomes the box; the old box goes to the back of the line.
            self.line.retain(|&p| p != captain);
            self.line.insert(0, captain);
            self.line.push(old_box);
        } else {
            // The box stays; the captain goes to the back, the next becomes captain.
            self.line.retain(|&p| p != captain);
            self.line.insert(0, old_box);
            self.line.push(captain);
        }
        self.phase = ChouettePhase::Waiting;
        self.captain = None;
        ev.push(ChouetteEvent::Rotated {
            box_player: self.line[0],
            captain: self.line[1],
        });
    }

    fn double(
        &mut self,
        by: PlayerId,
        members: &[PlayerId],
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        let box_player = self.line[0];
        let ChouettePhase::ToRoll(s) = self.phase else {
            return Err(ChouetteError::Cube(
                "doubles are offered before rolling".into(),
            ));
        };
        let single = !self.rules.multiple_cubes;
        if by == box_player {
            if s != BOX {
                return Err(ChouetteError::Cube(
                    "the box doubles on the box's own turn".into(),
                ));
            }
            let eligible: Vec<PlayerId> = self
                .cubes
                .iter()
                .filter(|c| !c.out && c.offered.is_none() && c.owner != Some(TEAM))
                .map(|c| c.member)
                .collect();
            let chosen: Vec<PlayerId> = if members.is_empty() || single {
                eligible.clone()
            } else {
                members.to_vec()
            };
            if chosen.is_empty() {
                return Err(ChouetteError::Cube("no cube is yours to turn".into()));
            }
            for m in &chosen {
                if !eligible.contains(m) {
                    return Err(ChouetteError::CannotDoubleMember(*m));
                }
            }
            // Each cube is doubled from its own value.
            let mut offers = Vec::new();
            for c in self.cubes.iter_mut().filter(|c| chosen.contains(&c.member)) {
                c.offered = Some((BOX, c.value * 2));
                offers.push((c.member, c.value * 2));
            }
            ev.push(ChouetteEvent::Doubled {
                by,
                members: offers,
            });
            return Ok(());
        }
        // A team member doubles on his own cube (single cube: the acting captain, for all).
        if s != TEAM {
            return Err(ChouetteError::Cube(
                "the team doubles on its own turn".into(),
            ));
        }
        let doubling: Vec<PlayerId> = if single {
            if Some(by) != self.acting_captain() {
                return Err(ChouetteError::Cube(
                    "with one cube, the captain doubles for the team".into(),
                ));
            }
            self.cubes
                .iter()
                .filter(|c| !c.out)
                .map(|c| c.member)
                .collect()
        } else {
            vec![by]
        };
        let mut offers = Vec::new();
        for m in &doubling {
            let c = self
                .cubes
                .iter_mut()
                .find(|c| c.member == *m)
                .ok_or(ChouetteError::NotInSession)?;
            if c.out {
                return Err(ChouetteError::Cube("you are out of this game".into()));
            }
            if c.offered.is_some() {
                return Err(ChouetteError::Cube(
                    "your double is waiting for its answer".into(),
                ));
            }
            if c.owner == Some(BOX) {
                return Err(ChouetteError::Cube("the box holds your cube".into()));
            }
            c.offered = Some((TEAM, c.value * 2));
            offers.push((c.member, c.value * 2));
        }
        ev.push(ChouetteEvent::Doubled {
            by,
            members: offers,
        });
        Ok(())
    }

    fn answer(
        &mut self,
        by: PlayerId,
        member: Option<PlayerId>,
        answer: Answer,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        let box_player = self.line[0];
        if answer == Answer::Beaver && !self.rules.beavers {
            return Err(ChouetteError::Cube(
                "beavers are not played in this chouette".into(),
            ));
        }
        // Which cubes this answer is for.
        let targets: Vec<PlayerId> = if by == box_player {
            let offered: Vec<PlayerId> = self
                .cubes
                .iter()
                .filter(|c| matches!(c.offered, Some((TEAM, _))))
                .map(|c| c.member)
                .collect();
            match member {
                _ if !self.rules.multiple_cubes => offered,
                Some(m) if offered.contains(&m) => vec![m],
                Some(m) => {
                    return Err(ChouetteError::NotDoubledBy(m));
                }
                None if offered.len() == 1 => offered,
                None if offered.is_empty() => Vec::new(),
                None => {
                    return Err(ChouetteError::Cube(
                        "several doubles wait: say whose you answer".into(),
                    ));
                }
            }
        } else {
            match self.cubes.iter().find(|c| c.member == by) {
                Some(c) if matches!(c.offered, Some((BOX, _))) => vec![by],
                _ => Vec::new(),
            }
        };
        if targets.is_empty() {
            return Err(ChouetteError::Cube(
                "no double is waiting for your answer".into(),
            ));
        }
        for m in targets {
            let c = self
                .cubes
                .iter_mut()
                .find(|c| c.member == m)
                .ok_or(ChouetteError::NotInSession)?;
            let Some((doubler, offered)) = c.offered.take() else {
                continue;
            };
            let taker = doubler.opponent();
            match answer {
                Answer::Take => {
                    c.value = offered;
                    c.owner = Some(taker);
                    ev.push(ChouetteEvent::Took {
                        by,
                        member: m,
                        value: offered,
                    });
                }
                Answer::Beaver => {
                    c.value = offered * 2;
                    c.owner = Some(taker);
                    ev.push(ChouetteEvent::Beavered {
                        by,
                        member: m,
                        value: c.value,
                    });
                }
                Answer::Drop => {
                    let points = c.value;
                    c.out = true;
                    let signed = i64::try_from(points).unwrap_or(i64::MAX);
                    // The dropper pays the value before the double.
                    let signed = if doubler == TEAM { signed } else { -signed };
                    c.result = Some(signed);
                    ev.push(ChouetteEvent::Dropped {
                        by,
                        member: m,
                        points,
                    });
                    self.settle(m, signed, ev);
                }
            }
        }
        if self.cubes.iter().all(|c| c.out) {
            // Nobody is left against the box.
            let box_won = self.cubes.iter().all(|c| c.result.unwrap_or(0) < 0);
            self.end_game(box_won, ev);
        }
        Ok(())
    }

    /// The legal plays of the side to play, from his view.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<super::LegalPlay> {
        match self.phase {
            ChouettePhase::ToPlay { side, dice } => legal_plays(&self.position.view(side), dice),
            _ => Vec::new(),
        }
    }

    /// Reads move text for the side to play.
    ///
    /// # Errors
    /// No roll to play, or the text names no legal play.
    pub fn resolve_play(&self, text: &str) -> Result<Play, ChouetteError> {
        let ChouettePhase::ToPlay { side, dice } = self.phase else {
            return Err(self.wrong_moment(0));
        };
        resolve_play(&self.position.view(side), dice, text)
            .map(|l| l.play)
            .map_err(|e| ChouetteError::IllegalPlay(e.to_string()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Take,
    Drop,
    Beaver,
}
