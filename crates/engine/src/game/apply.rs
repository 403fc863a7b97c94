//! Applying one action to a match: rolls, plays, the cube and its answers, resignations.

use super::*;

impl Match {
    pub(super) fn step(
        &mut self,
        by: Side,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
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
                        let text = crate::notation::format_play(&view, &play);
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
}
