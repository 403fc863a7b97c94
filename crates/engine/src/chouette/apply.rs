//! Applying one action to a chouette session: joining, leaving and starting between
//! games; the opening roll, rolls, plays and the crew's suggestions during one (the cube's
//! actions are in `cube.rs`).

use super::cube::Answer;
use super::*;

impl Chouette {
    pub(super) fn step(
        &mut self,
        by: PlayerId,
        action: &ChouetteAction,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        let playing = self.phase != ChouettePhase::Waiting;
        match action {
            ChouetteAction::Join => return self.join(by, playing, ev),
            _ if !self.players.contains(&by) => return Err(ChouetteError::NotInSession),
            ChouetteAction::Leave => return self.leave(by, playing, ev),
            ChouetteAction::Start { line } => return self.start(line.as_ref(), playing, ev),
            _ if !playing => return Err(ChouetteError::NoGame),
            _ => {}
        }
        let is_box = by == self.line[0];
        match action {
            ChouetteAction::OpeningRoll { box_die, team_die } => {
                self.opening_roll(by, is_box, *box_die, *team_die, ev)
            }
            ChouetteAction::Roll(dice) => self.roll(by, *dice, ev),
            ChouetteAction::Play(play) => self.play(by, play, ev),
            ChouetteAction::Double { members } => self.double(by, members, ev),
            ChouetteAction::Take { member } => self.answer(by, *member, Answer::Take, ev),
            ChouetteAction::Drop { member } => self.answer(by, *member, Answer::Drop, ev),
            ChouetteAction::Beaver { member } => self.answer(by, *member, Answer::Beaver, ev),
            ChouetteAction::Suggest(text) => self.suggest(by, is_box, text, ev),
            _ => Err(self.wrong_moment(by)),
        }
    }

    /// A player joins between games (at the end of the line once there is one).
    fn join(
        &mut self,
        by: PlayerId,
        playing: bool,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        if self.players.contains(&by) {
            return Err(ChouetteError::AlreadyIn);
        }
        if self.ended() {
            return Err(ChouetteError::Ended);
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
        Ok(())
    }

    /// A player leaves between games (the tally keeps their points).
    fn leave(
        &mut self,
        by: PlayerId,
        playing: bool,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        if playing {
            return Err(ChouetteError::GameInProgress);
        }
        self.players.retain(|&p| p != by);
        self.line.retain(|&p| p != by);
        ev.push(ChouetteEvent::Left(by));
        Ok(())
    }

    /// The next game: the line (given the first time, or as it stands), a cube for each
    /// team member, the opening roll to come.
    fn start(
        &mut self,
        line: Option<&Vec<PlayerId>>,
        playing: bool,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
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
        Ok(())
    }

    /// The box's die against the captain's: the higher side moves first with both.
    fn opening_roll(
        &mut self,
        by: PlayerId,
        is_box: bool,
        box_die: u8,
        team_die: u8,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        if self.phase != ChouettePhase::Opening {
            return Err(self.wrong_moment(by));
        }
        if !is_box && Some(by) != self.acting_captain() {
            return Err(ChouetteError::NotYourTurn(
                "the box and the captain throw the opening roll".into(),
            ));
        }
        if !(1..=6).contains(&box_die) || !(1..=6).contains(&team_die) {
            return Err(ChouetteError::BadDie);
        }
        if box_die == team_die {
            ev.push(ChouetteEvent::OpeningTie(box_die));
            return Ok(());
        }
        let (side, dice) = if box_die > team_die {
            (BOX, Dice::new(box_die, team_die))
        } else {
            (TEAM, Dice::new(team_die, box_die))
        };
        let dice = dice.map_err(|_| ChouetteError::BadDie)?;
        ev.push(ChouetteEvent::OpeningWon { side, dice });
        self.begin_turn(side, dice, ev);
        Ok(())
    }

    /// The side to roll rolls, once no double waits for its answer.
    fn roll(
        &mut self,
        by: PlayerId,
        dice: Dice,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
        let ChouettePhase::ToRoll(s) = self.phase else {
            return Err(self.wrong_moment(by));
        };
        self.check_mover(by, s)?;
        if self.cubes.iter().any(|c| c.offered.is_some()) {
            return Err(ChouetteError::WrongMoment(
                "doubles are waiting for their answers".into(),
            ));
        }
        self.begin_turn(s, dice, ev);
        Ok(())
    }

    /// The side to play plays one of its legal plays (the same board).
    fn play(
        &mut self,
        by: PlayerId,
        play: &Play,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
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

    /// A crew member still in the game suggests a play of the captain's roll, where the
    /// session's consultation allows it.
    fn suggest(
        &mut self,
        by: PlayerId,
        is_box: bool,
        text: &str,
        ev: &mut Vec<ChouetteEvent>,
    ) -> Result<(), ChouetteError> {
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
}
