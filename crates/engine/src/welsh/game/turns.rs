//! A Welsh turn's throw and its end, and a game's end: the rules that run without a
//! player's say (washes, bonus throws, scoring, the next game).

use super::*;

impl WelshMatch {
    pub(super) fn wrong_moment(&self, by: Side) -> WelshError {
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
    pub(super) fn throw(
        &mut self,
        by: Side,
        throw: Throw,
        nominated: bool,
        ev: &mut Vec<WelshEvent>,
    ) {
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
    pub(super) fn loss_if_opponent_wins(&self, side: Side) -> u32 {
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
    pub(super) fn winning_play(&self, side: Side, throw: Throw) -> Option<String> {
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
    pub(super) fn check_third_identical(&self, by: Side, dice: (u8, u8)) -> Result<(), WelshError> {
        let r = self.recent[by.index()];
        if r[0] == Some(unordered(dice)) && r[1] == Some(unordered(dice)) {
            return Err(WelshError::ThirdIdenticalThrow);
        }
        Ok(())
    }

    /// Rule 6: the outcome of a turn of `by` joins the window of his last two turns.
    pub(super) fn note_turn(&mut self, by: Side, dice: (u8, u8)) {
        let r = self.recent[by.index()];
        self.recent[by.index()] = [r[1], Some(unordered(dice))];
    }

    pub(super) fn end_turn(
        &mut self,
        by: Side,
        throw: Throw,
        nominated: bool,
        ev: &mut Vec<WelshEvent>,
    ) {
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

    pub(super) fn wash(&mut self, how: GameEnd, ev: &mut Vec<WelshEvent>) {
        self.finish_game(None, 1, how, ev);
    }

    pub(super) fn match_over(&mut self, winner: Side, how: MatchEnd, ev: &mut Vec<WelshEvent>) {
        self.phase = WelshPhase::MatchOver { winner, how };
        ev.push(WelshEvent::MatchOver { winner, how });
    }

    /// Scores a game (`winner` `None` for a wash: one game each) and starts the next.
    pub(super) fn finish_game(
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
