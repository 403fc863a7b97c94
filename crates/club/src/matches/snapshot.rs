//! The state of an accepted match ([`Snapshot`]), stored as JSON beside its log: what
//! applying each log entry does to it, its result, the board it shows, and the fold of a
//! whole log into it ([`rebuild`]; a test holds the club to giving the same snapshot).

use serde::{Deserialize, Serialize};

use crate::Refusal;
use crate::TutorNote;
use crate::command::ChallengeSpec;
use crate::kernel::phrases::utc_words;
use crate::matches::event_words::{describe_standard, describe_welsh};
use crate::matches::log::{Entry, LastMove, Ruling, Settlement, standard_rules};
use engine::welsh::{
    BreakReason, MatchEnd, WelshAction, WelshEvent, WelshMatch, WelshPhase, WelshRules,
    format_amount, format_welsh_play,
};
use engine::{AnyMatch, Event, Match, Phase, Position, ResultKind, Ruleset, Side};
use render::{LastPlay, Scene};
use store::MatchStatus;

/// The state of an accepted match, stored as JSON in `matches.state`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub game: AnyMatch,
    pub last: Option<LastMove>,
    /// A standard match ended by a time-out: the side who ran out.
    pub forfeit: Option<Side>,
    /// Welsh: the break regulation D allows now, between games (gone once the next game is
    /// under way or the break is taken).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_due: Option<BreakReason>,
    /// Welsh: a break taken, until this time (Unix seconds) unless resumed sooner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_until: Option<i64>,
    /// Money play: the session was ended between games by this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Side>,
    /// A league match decided by a ruling (forfeit or adjudication).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Ruling>,
    /// A tutor match: what the tutor's last word left (an action held for an undo, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tutor: Option<TutorNote>,
}

impl Snapshot {
    /// A new match on these terms.
    ///
    /// # Errors
    /// Terms the engine refuses (checked again here; the club checks them at challenge).
    pub fn start(spec: &ChallengeSpec) -> Result<Snapshot, Refusal> {
        Snapshot::start_with_shaker(spec, Side::X)
    }

    /// A new match on these terms; Welsh: `shaker` shakes for the first call (rule 24(i)).
    ///
    /// # Errors
    /// Terms the engine refuses.
    pub fn start_with_shaker(spec: &ChallengeSpec, shaker: Side) -> Result<Snapshot, Refusal> {
        let game = match spec.ruleset {
            Ruleset::Standard => {
                AnyMatch::Standard(Match::new(standard_rules(spec)).map_err(Refusal::Rule)?)
            }
            Ruleset::Welsh => AnyMatch::Welsh(WelshMatch::new(WelshRules {
                target: spec.length.unwrap_or(25),
                first_shaker: shaker,
            })),
        };
        Ok(Snapshot {
            game,
            last: None,
            forfeit: None,
            break_due: None,
            break_until: None,
            stopped: None,
            ruling: None,
            tutor: None,
        })
    }

    /// Welsh: the end of the break under way at `now` (regulation D), if one is: until
    /// then both clocks stop and play waits (a `/resume` ends it sooner).
    #[must_use]
    pub fn break_running(&self, now: i64) -> Option<i64> {
        self.break_until.filter(|&u| u > now)
    }

    /// The score as players keep it: a standard match's points (capped at its length;
    /// money play: the points won), a Welsh match's games.
    #[must_use]
    pub fn match_score(&self) -> [u32; 2] {
        match &self.game {
            AnyMatch::Standard(m) => m.match_score(),
            AnyMatch::Welsh(_) => self.game.score(),
        }
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.forfeit.is_some()
            || self.stopped.is_some()
            || self.ruling.is_some()
            || match &self.game {
                AnyMatch::Standard(m) => matches!(m.phase(), Phase::MatchOver { .. }),
                AnyMatch::Welsh(m) => matches!(m.phase(), WelshPhase::MatchOver { .. }),
            }
    }

    /// The winner and how, once over.
    #[must_use]
    pub fn result(&self, names: &[String; 2]) -> Option<(Side, String)> {
        if let Some(r) = &self.ruling {
            let w = names[r.winner.index()].as_str();
            return Some((
                r.winner,
                if r.withdrawal {
                    format!("{w} won by forfeit: {}", r.reason)
                } else if r.forfeit {
                    format!("{w} won by forfeit by the organiser's ruling: {}", r.reason)
                } else {
                    format!("{w} won by the organiser's adjudication: {}", r.reason)
                },
            ));
        }
        if let Some(loser) = self.forfeit {
            let w = loser.opponent();
            return Some((
                w,
                format!(
                    "{} won: {} ran out of time",
                    names[w.index()],
                    names[loser.index()]
                ),
            ));
        }
        let score = self.match_score();
        let (winner, how) = match &self.game {
            AnyMatch::Standard(m) => match m.phase() {
                Phase::MatchOver { winner } => (
                    winner,
                    // The last game's end, when it was not played out.
                    match m.last_result().map(|r| r.kind) {
                        Some(ResultKind::Resigned(_)) => {
                            format!(" ({} resigned)", names[winner.opponent().index()])
                        }
                        Some(ResultKind::Dropped) => {
                            format!(" ({} dropped the cube)", names[winner.opponent().index()])
                        }
                        _ => String::new(),
                    },
                ),
                _ => return None,
            },
            AnyMatch::Welsh(m) => match m.phase() {
                WelshPhase::MatchOver { winner, how } => (
                    winner,
                    match how {
                        MatchEnd::Games => String::new(),
                        MatchEnd::Rectangle => " by a rectangle".into(),
                        MatchEnd::TimedOut => " on time".into(),
                    },
                ),
                _ => return None,
            },
        };
        Some((
            winner,
            format!(
                "{} won the match {}-{}{how}",
                names[winner.index()],
                score[winner.index()],
                score[winner.opponent().index()]
            ),
        ))
    }

    /// Applies a log entry that acts on the game, describing what happened in `lines`
    /// and collecting what moves money in `settle`.
    ///
    /// # Errors
    /// The engine's refusal (or the club's: a break, the tutor); `self` is untouched.
    pub fn apply(
        &mut self,
        entry: &Entry,
        names: &[String; 2],
        lines: &mut Vec<String>,
        settle: &mut Vec<Settlement>,
    ) -> Result<(), Refusal> {
        match (entry, &self.game) {
            (Entry::Standard { side, action, auto }, AnyMatch::Standard(m)) => {
                let before = *m.position();
                let point = self.undo_point();
                let (next, events) = m.apply(*side, action).map_err(Refusal::Rule)?;
                self.record_standard(&before, &next, &events, names, lines, settle);
                self.game = AnyMatch::Standard(next);
                self.note_action(*side, *auto, point, names, lines);
                Ok(())
            }
            (Entry::Tutor { .. } | Entry::Undo { .. } | Entry::Keep { .. }, _) => {
                self.apply_tutor(entry, names, lines)
            }
            (Entry::Welsh { side, action, auto }, AnyMatch::Welsh(m)) => {
                let before = *m.position();
                // The live clocks told to the engine before an action are no action of
                // the tutor's concern.
                let clocks = matches!(action, WelshAction::Clocks(_));
                let point = if clocks { None } else { self.undo_point() };
                let (next, events) = m.apply(*side, action).map_err(Refusal::Welsh)?;
                self.record_welsh(&before, &next, &events, names, lines, settle);
                self.game = AnyMatch::Welsh(next);
                if !clocks {
                    self.note_action(*side, *auto, point, names, lines);
                }
                Ok(())
            }
            (Entry::Break { side, until }, AnyMatch::Welsh(_)) => {
                self.take_break(*side, *until, names, lines)
            }
            (Entry::Resume { side }, AnyMatch::Welsh(_)) => self.resume(*side, names, lines),
            (Entry::ThrownAgain { side, dice }, AnyMatch::Welsh(_)) => {
                lines.push(format!(
                    "{} threw {}-{} a third time in a row: thrown again (rule 6)",
                    names[side.index()],
                    dice.0.max(dice.1),
                    dice.0.min(dice.1)
                ));
                Ok(())
            }
            (Entry::StopSession { side }, AnyMatch::Standard(m)) => {
                if m.rules().length.is_some() {
                    return Err(Refusal::OnlyMoneyStops);
                }
                self.stopped = Some(*side);
                let games = m.game_number().saturating_sub(1);
                lines.push(format!(
                    "{} ends the money session after {games} game{}",
                    names[side.index()],
                    if games == 1 { "" } else { "s" }
                ));
                Ok(())
            }
            (Entry::Forfeit { side }, AnyMatch::Standard(m)) => {
                if m.rules().is_money() && !matches!(m.phase(), Phase::Opening) {
                    settle.push(Settlement::MoneyGame {
                        winner: side.opponent(),
                        points: m.cube().value,
                        game: m.game_number(),
                        words_at: None,
                    });
                }
                self.forfeit = Some(*side);
                lines.push(format!(
                    "{} ran out of time and forfeits the match",
                    names[side.index()]
                ));
                Ok(())
            }
            (
                Entry::Ruling {
                    winner,
                    forfeit,
                    reason,
                    withdrawal,
                },
                _,
            ) => {
                let ruling = Ruling {
                    winner: *winner,
                    forfeit: *forfeit,
                    reason: reason.clone(),
                    withdrawal: *withdrawal,
                };
                self.rule(ruling, names, lines)
            }
            _ => Err(Refusal::NotThisMatchEntry),
        }
    }

    /// Notes a standard match's events: the last play, and each event in words (the
    /// opening throw's dice said once).
    fn record_standard(
        &mut self,
        before: &Position,
        next: &Match,
        events: &[Event],
        names: &[String; 2],
        lines: &mut Vec<String>,
        settle: &mut Vec<Settlement>,
    ) {
        for (i, e) in events.iter().enumerate() {
            if let Event::Played { by, play, .. } = e {
                self.last = Some(LastMove {
                    side: *by,
                    before: *before,
                    play: *play,
                });
            }
            // The opening throw's dice are the first roll: said once.
            if matches!(e, Event::GameStarted { .. }) {
                // A new game's board shows no play of the game before.
                self.last = None;
            }
            let after_opening = i > 0 && matches!(events[i - 1], Event::OpeningWon { .. });
            if !(after_opening && matches!(e, Event::Rolled { .. })) {
                describe_standard(e, before, names, lines, settle, next);
            }
        }
    }

    /// Notes a Welsh match's events: the last play, the break due between games, and
    /// each event in words.
    fn record_welsh(
        &mut self,
        before: &Position,
        next: &WelshMatch,
        events: &[WelshEvent],
        names: &[String; 2],
        lines: &mut Vec<String>,
        settle: &mut Vec<Settlement>,
    ) {
        for e in events {
            if let WelshEvent::Played { by, play } = e {
                self.last = Some(LastMove {
                    side: *by,
                    before: *before,
                    play: *play,
                });
            }
            // A new game's board shows no play of the game before (after a win, a
            // wash or a concession alike).
            if matches!(e, WelshEvent::GameStarted { .. }) {
                self.last = None;
            }
            self.note_break(e);
            describe_welsh(
                e,
                before,
                names,
                lines,
                settle,
                next.score(),
                next.games_won(),
            );
        }
    }

    /// Regulation D: a break is due between games, until the next game is under way.
    fn note_break(&mut self, e: &WelshEvent) {
        match e {
            WelshEvent::BreakEntitled(r) if self.break_due.is_none() => {
                self.break_due = Some(*r);
            }
            WelshEvent::Thrown { .. }
            | WelshEvent::Doubled { .. }
            | WelshEvent::Nominated { .. } => {
                self.break_due = None;
                self.break_until = None;
            }
            _ => {}
        }
    }

    /// `/break`: the ten-minute break of regulation D taken, when one is due.
    fn take_break(
        &mut self,
        side: Side,
        until: i64,
        names: &[String; 2],
        lines: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        if self.break_due.is_none() {
            return Err(Refusal::NoBreakDue);
        }
        self.break_due = None;
        self.break_until = Some(until);
        lines.push(format!(
            "{} takes a ten-minute break (regulation D): both clocks stop until {} or a /resume",
            names[side.index()],
            utc_words(until)
        ));
        Ok(())
    }

    /// `/resume`: the clocks run again after a break.
    fn resume(
        &mut self,
        side: Side,
        names: &[String; 2],
        lines: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        if self.break_until.take().is_none() {
            return Err(Refusal::NoBreak);
        }
        lines.push(format!(
            "{} resumes play: the clocks run again",
            names[side.index()]
        ));
        Ok(())
    }

    /// A ruling decides the match (forfeit or adjudication), unless it is over.
    fn rule(
        &mut self,
        ruling: Ruling,
        names: &[String; 2],
        lines: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::AlreadyOver);
        }
        self.ruling = Some(ruling);
        if let Some((_, text)) = self.result(names) {
            lines.push(text);
        }
        Ok(())
    }

    /// The board as `viewer` sees it (default: whoever acts), with names and last play.
    #[must_use]
    pub fn scene(&self, names: &[String; 2], viewer: Option<Side>, stake: u64) -> Scene {
        let mut scene = match &self.game {
            AnyMatch::Standard(m) => Scene::from_match(m, names.clone(), viewer),
            AnyMatch::Welsh(m) => Scene::from_welsh(m, names.clone(), viewer),
        };
        scene.result = self.result(names).map(|(_, words)| words);
        if self.forfeit.is_some() || self.stopped.is_some() || self.ruling.is_some() {
            scene.to_act = None;
        } else if scene.to_act.is_some() {
            scene.prompt = Some(crate::next_words(&self.game));
        }
        if let Some(last) = self.last {
            let board = last.before.view(last.side);
            scene.last_play = Some(match self.game.ruleset() {
                Ruleset::Standard => LastPlay::standard(last.side, &board, &last.play),
                Ruleset::Welsh => LastPlay::new(
                    last.side,
                    &board,
                    last.play.steps(),
                    format_welsh_play(&board, &last.play),
                ),
            });
        }
        if stake > 0 {
            scene.score.stakes = Some(format!("{} a point", format_amount(stake)));
        }
        scene
    }
}

/// Folds a whole action log into the status and snapshot it describes: the terms from the
/// challenge, then every entry in order.
///
/// # Errors
/// A log that is not a match's (no challenge first, or an entry the engine refuses).
pub fn rebuild(
    entries: &[Entry],
    names: &[String; 2],
) -> Result<(MatchStatus, Option<Snapshot>), String> {
    let Some(Entry::Challenge { spec }) = entries.first() else {
        return Err("a match log starts with its challenge".into());
    };
    let mut status = MatchStatus::Challenged;
    let mut snap: Option<Snapshot> = None;
    let (mut lines, mut settle) = (Vec::new(), Vec::new());
    for e in &entries[1..] {
        match e {
            Entry::Accept => {
                snap = Some(Snapshot::start(spec)?);
                status = MatchStatus::Active;
            }
            Entry::AcceptWelsh { shaker } => {
                snap = Some(Snapshot::start_with_shaker(spec, *shaker)?);
                status = MatchStatus::Active;
            }
            Entry::Decline => status = MatchStatus::Declined,
            Entry::Cancel | Entry::Expire | Entry::Void { .. } => status = MatchStatus::Cancelled,
            Entry::Challenge { .. } => return Err("a second challenge in one log".into()),
            _ => {
                let s = snap
                    .as_mut()
                    .ok_or("an action before the match was accepted")?;
                s.apply(e, names, &mut lines, &mut settle)?;
                if s.is_over() {
                    status = MatchStatus::Finished;
                }
            }
        }
    }
    Ok((status, snap))
}

#[cfg(test)]
mod tests {
    use super::Snapshot;
    use crate::{ChallengeSpec, Entry, Refusal};
    use engine::welsh::{WelshAction, WelshError};
    use engine::{Action, RuleError, Side};

    /// What `entry` does to a new match on `spec`: the refusal, if any.
    fn applied(spec: &ChallengeSpec, entry: &Entry) -> Result<(), Refusal> {
        let mut snap = Snapshot::start(spec).unwrap();
        let names = ["ann".to_string(), "bob".to_string()];
        snap.apply(entry, &names, &mut Vec::new(), &mut Vec::new())
    }

    #[test]
    fn the_engines_refusal_comes_back_as_its_own_error_value() {
        // A standard double before the opening throw: the engine's RuleError, kept
        let e = applied(
            &ChallengeSpec::standard(Some(3)),
            &Entry::Standard {
                side: Side::X,
                action: Action::Double,
                auto: false,
            },
        );
        assert!(
            matches!(e, Err(Refusal::Rule(RuleError::WrongMoment(_)))),
            "{e:?}"
        );
        // A Welsh double by the side that does not call first: the engine's WelshError, kept
        let e = applied(
            &ChallengeSpec::welsh(25),
            &Entry::Welsh {
                side: Side::X,
                action: WelshAction::Double,
                auto: false,
            },
        );
        assert!(
            matches!(e, Err(Refusal::Welsh(WelshError::NotYourTurn(_)))),
            "{e:?}"
        );
    }

    #[test]
    fn a_break_not_due_a_resume_with_no_break_and_a_stop_of_match_play_are_refused() {
        let welsh = ChallengeSpec::welsh(25);
        let e = applied(
            &welsh,
            &Entry::Break {
                side: Side::X,
                until: 600,
            },
        );
        assert!(matches!(e, Err(Refusal::NoBreakDue)), "{e:?}");
        let e = applied(&welsh, &Entry::Resume { side: Side::O });
        assert!(matches!(e, Err(Refusal::NoBreak)), "{e:?}");
        let e = applied(
            &ChallengeSpec::standard(Some(3)),
            &Entry::StopSession { side: Side::X },
        );
        assert!(matches!(e, Err(Refusal::OnlyMoneyStops)), "{e:?}");
        // And an entry of the other rules does not belong to the match
        let e = applied(&welsh, &Entry::StopSession { side: Side::X });
        assert!(matches!(e, Err(Refusal::NotThisMatchEntry)), "{e:?}");
    }
}
