//! The cubes of a chouette: the box's and the team members' doubles, and the answers
//! (take, drop, beaver) each cube gets.

use super::*;

impl Chouette {
    pub(super) fn double(
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

    pub(super) fn answer(
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    Take,
    Drop,
    Beaver,
}
