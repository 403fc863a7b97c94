//! A chouette turn's roll and its end, and a game's settlement: each cube's points paid
//! between the box and its member, the tally, the line's rotation.

use super::*;

impl Chouette {
    pub(super) fn add_tally(&mut self, who: PlayerId, points: i64) {
        if let Some(t) = self.tally.iter_mut().find(|t| t.0 == who) {
            t.1 += points;
        } else {
            self.tally.push((who, points));
        }
    }

    pub(super) fn begin_turn(&mut self, side: Side, dice: Dice, ev: &mut Vec<ChouetteEvent>) {
        ev.push(ChouetteEvent::Rolled { by: side, dice });
        let legal = legal_plays(&self.position.view(side), dice);
        if legal.len() == 1 && legal[0].play.is_empty() {
            ev.push(ChouetteEvent::NoLegalPlay { by: side, dice });
            self.phase = ChouettePhase::ToRoll(side.opponent());
        } else {
            self.phase = ChouettePhase::ToPlay { side, dice };
        }
    }

    pub(super) fn end_turn(&mut self, side: Side, ev: &mut Vec<ChouetteEvent>) {
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

    pub(super) fn settle(&mut self, member: PlayerId, points: i64, ev: &mut Vec<ChouetteEvent>) {
        let box_player = self.line[0];
        self.add_tally(member, points);
        self.add_tally(box_player, -points);
        ev.push(ChouetteEvent::Settled { member, points });
    }

    /// The game is over: rotation by the captain's own result.
    pub(super) fn end_game(&mut self, box_won_board: bool, ev: &mut Vec<ChouetteEvent>) {
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
}
