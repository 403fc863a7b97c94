//! Applying one action to a Welsh match: the clocks, a concession, the call, nominating,
//! doubling, throwing and playing, each in a method of its own.

use super::*;

impl WelshMatch {
    pub(super) fn step(
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
                self.time_out(by, ev);
                return Ok(());
            }
            WelshAction::Clocks(c) => {
                self.set_clocks(c, ev);
                return Ok(());
            }
            _ => {}
        }
        if let Some(offer) = self.concede_offer {
            return self.answer_concede(by, action, offer, ev);
        }
        match (action, self.phase) {
            (WelshAction::Call { shaker_dice, call }, WelshPhase::Call { caller })
                if by == caller =>
            {
                self.call(caller, shaker_dice, call, ev)
            }
            (WelshAction::Choose(starter), WelshPhase::Choose { chooser }) if by == chooser => {
                self.phase = WelshPhase::ToRoll(starter);
                ev.push(WelshEvent::Starts(starter));
                Ok(())
            }
            (WelshAction::OfferConcede { games, payment }, _) => {
                self.offer_concede(by, games, payment, ev)
            }
            (WelshAction::Nominate { whose, dice }, _) if self.turn_of() == Some(by) => {
                self.nominate(by, whose, dice, ev)
            }
            (WelshAction::Double, WelshPhase::ToRoll(s)) if s == by => self.double(by, ev),
            (WelshAction::Roll(a, b), WelshPhase::ToRoll(s)) if s == by => {
                self.roll(by, (a, b), ev)
            }
            (WelshAction::RollOne(d), WelshPhase::ToRoll(s)) if s == by => self.roll_one(by, d, ev),
            (
                WelshAction::Reroll(a, b),
                WelshPhase::ToPlay {
                    side,
                    throw,
                    nominated,
                },
            ) if side == by => self.reroll(by, throw, nominated, (a, b), ev),
            (
                WelshAction::Play(play),
                WelshPhase::ToPlay {
                    side,
                    throw,
                    nominated,
                },
            ) if side == by => self.play(by, throw, nominated, play, ev),
            _ => Err(self.wrong_moment(by)),
        }
    }

    /// `by` ran out of time: the opponent wins the match.
    fn time_out(&mut self, by: Side, ev: &mut Vec<WelshEvent>) {
        let winner = by.opponent();
        self.phase = WelshPhase::MatchOver {
            winner,
            how: MatchEnd::TimedOut,
        };
        ev.push(WelshEvent::MatchOver {
            winner,
            how: MatchEnd::TimedOut,
        });
    }

    /// The clocks as reported; a game due to start with both under ten minutes starts
    /// with the die at 2 (regulation 12b).
    fn set_clocks(&mut self, c: [u32; 2], ev: &mut Vec<WelshEvent>) {
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
    }

    /// The answer to a waiting offer to concede (the only action taken while one waits).
    fn answer_concede(
        &mut self,
        by: Side,
        action: WelshAction,
        (offerer, games, payment): (Side, u32, bool),
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
        match action {
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
        }
    }

    /// The odds/evens call against the shaker's dice: its winner chooses who starts.
    fn call(
        &mut self,
        caller: Side,
        shaker_dice: (u8, u8),
        call: Parity,
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
        let (a, b) = (die_ok(shaker_dice.0)?, die_ok(shaker_dice.1)?);
        let odd = (a + b) % 2 == 1;
        let right = (call == Parity::Odd) == odd;
        let chooser = if right { caller } else { caller.opponent() };
        self.phase = WelshPhase::Choose { chooser };
        ev.push(WelshEvent::CallWon { chooser });
        Ok(())
    }

    /// An offer to concede fewer games than the opponent's win would take.
    fn offer_concede(
        &mut self,
        by: Side,
        games: u32,
        payment: bool,
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
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

    /// The nominate card: a throw for the player's own turn (played at once) or for the
    /// opponent's next.
    fn nominate(
        &mut self,
        by: Side,
        whose: NominateFor,
        dice: (u8, u8),
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
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

    /// Doubling before a throw: the die's right passes to the opponent.
    fn double(&mut self, by: Side, ev: &mut Vec<WelshEvent>) -> Result<(), WelshError> {
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

    /// A throw of two dice (the nominated throw instead, when one waits for this turn).
    fn roll(
        &mut self,
        by: Side,
        (a, b): (u8, u8),
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
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

    /// A throw of one die, for a player with a full spread.
    fn roll_one(&mut self, by: Side, d: u8, ev: &mut Vec<WelshEvent>) -> Result<(), WelshError> {
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

    /// Acey-deucey thrown (not nominated) may be thrown again.
    fn reroll(
        &mut self,
        by: Side,
        throw: Throw,
        nominated: bool,
        (a, b): (u8, u8),
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
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

    /// A play of the throw: one of its legal plays (the same steps, or the same board).
    fn play(
        &mut self,
        by: Side,
        throw: Throw,
        nominated: bool,
        play: Play,
        ev: &mut Vec<WelshEvent>,
    ) -> Result<(), WelshError> {
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
}
