//! Chouette (seed 001, last section): backgammon for three or more. One player, the box,
//! plays alone against a team; the captain rolls and plays for the team; the crew are the
//! rest. Multiple cubes by default (each team member his own cube and his own double /
//! take / drop decisions against the box), or a single cube (takes still independent).
//!
//! On the board the box is X and the team is O. Players are opaque ids given by the
//! application; the line order is given too (the application shuffles).
//!
//! Here the session's state and its reads; `chouette/actions.rs` the actions, events and
//! errors; `chouette/apply.rs` each action applied; `chouette/cube.rs` doubles and their
//! answers; `chouette/turns.rs` a turn's end and a game's settlement; `chouette/seats.rs`
//! who is who (player ids, the box's and the team's sides).

mod actions;
mod apply;
mod cube;
mod seats;
mod turns;

pub use actions::{ChouetteAction, ChouetteError, ChouetteEvent};
pub use seats::{BOX, PlayerId, TEAM};

use serde::{Deserialize, Serialize};

use super::movegen::{Play, apply_steps, legal_plays};
use super::notation::{format_play, resolve_play};
use super::{Dice, Position, Side};

/// When crew members may suggest plays to the captain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Consultation {
    /// At any time.
    Free,
    /// Never.
    None,
    /// Only once a cube has been turned in the game.
    AfterCube,
}

/// Options agreed when the session is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouetteRules {
    /// Each team member his own cube (`true`, the modern default) or one cube for the team.
    pub multiple_cubes: bool,
    /// When the crew may suggest plays to the captain.
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
    /// The team member whose cube it is.
    pub member: PlayerId,
    /// The cube's value.
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
    /// `side` has rolled `dice` and must play.
    ToPlay {
        /// The side to play.
        side: Side,
        /// The roll.
        dice: Dice,
    },
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
    /// A new session with its creator as its only player, no game started.
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

    /// The options agreed when the session was created.
    pub fn rules(&self) -> &ChouetteRules {
        &self.rules
    }
    /// The players in the session, in the order they joined.
    pub fn players(&self) -> &[PlayerId] {
        &self.players
    }
    /// Box, captain, crew (once a game has been started).
    pub fn line(&self) -> &[PlayerId] {
        &self.line
    }
    /// Games started so far.
    pub fn games(&self) -> u32 {
        self.games
    }
    /// The board (the box is X, the team O).
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Where the session stands.
    pub fn phase(&self) -> ChouettePhase {
        self.phase
    }
    /// The team members' cubes in the game in progress.
    pub fn cubes(&self) -> &[TeamCube] {
        &self.cubes
    }
    /// Points won (+) or lost (-) so far, per player.
    pub fn tally(&self) -> &[(PlayerId, i64)] {
        &self.tally
    }
    /// Whether the session has ended: its last player left (between games, the only
    /// time a player may leave). No one is left to start a game, and no one may join it
    /// any more: it never changes again.
    #[must_use]
    pub fn ended(&self) -> bool {
        self.players.is_empty()
    }
    /// The box (first in the line), once a game has started.
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
