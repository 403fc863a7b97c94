//! A turn's roll and its end, and a game's end: its value, the score, the Crawford game.

use super::*;

impl Match {
    pub(super) fn begin_turn(&mut self, side: Side, dice: Dice, ev: &mut Vec<Event>) {
        ev.push(Event::Rolled { by: side, dice });
        let legal = legal_plays(&self.position.view(side), dice);
        if legal.len() == 1 && legal[0].play.is_empty() {
            ev.push(Event::NoLegalPlay { by: side, dice });
            self.end_turn(side, ev);
        } else {
            self.phase = Phase::ToPlay { side, dice };
        }
    }

    pub(super) fn end_turn(&mut self, side: Side, ev: &mut Vec<Event>) {
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
    pub(super) fn game_multiplier(&self, base: u64) -> u64 {
        if self.rules.is_money() && self.rules.jacoby && self.cube.owner.is_none() {
            1
        } else {
            base
        }
    }

    pub(super) fn finish_game(&mut self, result: GameResult, ev: &mut Vec<Event>) {
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
    pub(super) fn update_crawford(&mut self) {
        self.crawford_game = false;
        if let (true, Some(n)) = (self.rules.crawford, self.rules.length) {
            if n > 1 && !self.crawford_done && self.score.iter().any(|&s| s + 1 == n) {
                self.crawford_game = true;
                self.crawford_done = true;
            }
        }
    }
}
