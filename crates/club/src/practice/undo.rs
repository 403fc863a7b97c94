//! The tutor's hold on a flagged action and taking it back: the state the tutor leaves in
//! a match ([`TutorNote`], folded from the log's `Tutor`, `Undo` and `Keep` entries), the
//! `/undo` and `/keep` commands, and the actions of a log with the undone ones left out
//! (for the `.mat` export and the analyses, standard and Welsh).
//!
//! The log stays append-only: an undo is an entry of its own, and the fold takes back the
//! action before it (the game as it was, the dice in hand the same; the throw stays in the
//! fair-dice record, as it was thrown).

use serde::{Deserialize, Serialize};

use crate::Refusal;
use crate::matches::loaded::Loaded;
use crate::matches::work::Work;
use crate::practice::refusal::PracticeRefusal;
use crate::{Club, ClubError, Entry, LastMove, MatchRef, Outcome, Snapshot};
use engine::welsh::WelshAction;
use engine::{Action, AnyMatch, Side};
use store::{MatchStatus, PlayerRow};

/// The game before a flagged action, to take it back to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Before {
    pub game: AnyMatch,
    pub last: Option<LastMove>,
}

/// What the tutor left in a tutor match, from its last word to the next action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum TutorNote {
    /// The tutor judged the action about to be made (the log's `Tutor` entry comes just
    /// before it).
    Pending { side: Side, words: String },
    /// The tutor flagged `side`'s last action: until anything else happens `side` may undo
    /// or keep it, and the opponent's automatic moves (the bot's, the club's automatic
    /// roll) wait ([`Snapshot::tutor_holds`]).
    Held {
        side: Side,
        words: String,
        before: Box<Before>,
    },
    /// The tutor warned `side` before a roll that doubling was right: the next roll is
    /// not judged again.
    Warned { side: Side },
    /// `side` kept the flagged action.
    Kept { side: Side },
    /// The opponent acted after `side`'s flagged action: too late to undo it.
    Passed { side: Side },
    /// `side` took the flagged action back: the decision again, judged but not held (one
    /// undo a decision).
    Undone { side: Side },
}

impl Snapshot {
    /// Whether the tutor holds the match for the player whose action it flagged: the
    /// player may `/undo` or `/keep` it, and until then the opponent's automatic moves
    /// wait. The bot player's worker must not act in a match while this is true; the
    /// player's `/undo` or `/keep` (or the match's end) ends it.
    #[must_use]
    pub fn tutor_holds(&self) -> bool {
        self.tutor_holds_for().is_some()
    }

    /// The player the tutor holds the match for ([`Snapshot::tutor_holds`]), if any.
    #[must_use]
    pub fn tutor_holds_for(&self) -> Option<Side> {
        match &self.tutor {
            Some(TutorNote::Held { side, .. }) if !self.is_over() => Some(*side),
            _ => None,
        }
    }

    /// In a match against the bot (`against_bot`), the human the tutor holds the match
    /// for: they act next (`/undo` or `/keep`), as the bot waits for that. `None` in a
    /// match of two people, where the opponent may act (which ends the hold).
    #[must_use]
    pub fn tutor_holds_against_bot(&self, against_bot: bool) -> Option<Side> {
        self.tutor_holds_for().filter(|_| against_bot)
    }

    /// Whether an undo now would take back a checker play (the flagged action is a play).
    pub(crate) fn undo_takes_back_a_play(&self) -> bool {
        matches!(&self.tutor, Some(TutorNote::Held { before, .. })
            if self.last.is_some() && before.last != self.last)
    }

    /// The undo point to keep before an action (standard or Welsh) is applied: the game as it is,
    /// when the tutor has judged the action about to be made.
    pub(crate) fn undo_point(&self) -> Option<Before> {
        matches!(self.tutor, Some(TutorNote::Pending { .. })).then(|| Before {
            game: self.game.clone(),
            last: self.last,
        })
    }

    /// The tutor's note after an action (standard or Welsh) by `side` (`auto`: the club's or the
    /// bot's): the action the tutor judged is held; anything else ends what it said.
    pub(crate) fn note_action(
        &mut self,
        side: Side,
        auto: bool,
        point: Option<Before>,
        names: &[String; 2],
        lines: &mut Vec<String>,
    ) {
        self.tutor = match (self.tutor.take(), point) {
            (Some(TutorNote::Pending { side: s, words }), Some(before)) if s == side && !auto => {
                lines.push(format!("The tutor to {}: {words}", names[side.index()]));
                Some(TutorNote::Held {
                    side,
                    words,
                    before: Box::new(before),
                })
            }
            (Some(TutorNote::Held { side: s, .. }), _) => Some(TutorNote::Passed { side: s }),
            _ => None,
        };
    }

    /// Applies a `Tutor`, `Undo` or `Keep` entry.
    pub(crate) fn apply_tutor(
        &mut self,
        entry: &Entry,
        names: &[String; 2],
        lines: &mut Vec<String>,
    ) -> Result<(), Refusal> {
        let name = |s: &Side| names[s.index()].clone();
        match entry {
            Entry::Tutor {
                side,
                words,
                warning: true,
            } => {
                lines.push(format!("The tutor to {}: {words}", name(side)));
                self.tutor = Some(TutorNote::Warned { side: *side });
            }
            Entry::Tutor { side, words, .. } => {
                self.tutor = Some(TutorNote::Pending {
                    side: *side,
                    words: words.clone(),
                });
            }
            Entry::Undo { side } => {
                let Some(TutorNote::Held {
                    side: s, before, ..
                }) = self.tutor.take_if(|n| held_by(n, *side))
                else {
                    return Err(cannot_undo(self.tutor.as_ref(), *side, names, "undo").into());
                };
                self.game = before.game;
                self.last = before.last;
                self.tutor = Some(TutorNote::Undone { side: s });
                lines.push(format!(
                    "{} takes back the action the tutor flagged",
                    name(side)
                ));
            }
            Entry::Keep { side } => {
                if self.tutor.take_if(|n| held_by(n, *side)).is_none() {
                    return Err(cannot_undo(self.tutor.as_ref(), *side, names, "keep").into());
                }
                self.tutor = Some(TutorNote::Kept { side: *side });
                lines.push(format!("{} keeps the action the tutor flagged", name(side)));
            }
            _ => return Err(PracticeRefusal::NotTutorEntry.into()),
        }
        Ok(())
    }
}

fn held_by(n: &TutorNote, side: Side) -> bool {
    matches!(n, TutorNote::Held { side: s, .. } if *s == side)
}

/// Why `side` cannot undo (or keep) now.
fn cannot_undo(
    note: Option<&TutorNote>,
    side: Side,
    names: &[String; 2],
    verb: &'static str,
) -> PracticeRefusal {
    let other = &names[side.opponent().index()];
    match note {
        Some(TutorNote::Held { side: s, .. }) => PracticeRefusal::FlaggedForOther {
            name: names[s.index()].clone(),
            verb,
        },
        Some(TutorNote::Passed { side: s }) if *s == side => PracticeRefusal::TooLate {
            other: other.clone(),
            verb,
        },
        Some(TutorNote::Kept { side: s }) if *s == side => PracticeRefusal::Kept,
        Some(TutorNote::Undone { side: s }) if *s == side => PracticeRefusal::UndoneOnce { verb },
        _ => PracticeRefusal::NothingFlagged { verb },
    }
}

/// The standard actions of a match's log as played: an action taken back by an undo is
/// left out (the `.mat` export, the analysis).
#[must_use]
pub(crate) fn standard_actions(entries: &[Entry]) -> Vec<(Side, Action)> {
    let mut out = Vec::new();
    for e in entries {
        match e {
            Entry::Standard { side, action, .. } => out.push((*side, *action)),
            Entry::Undo { .. } => {
                out.pop();
            }
            _ => {}
        }
    }
    out
}

/// The Welsh actions of a match's log as played, each with its entry's number (from 1):
/// an action taken back by an undo is left out (the analysis). The live clocks the club
/// tells the engine are never what is taken back.
#[must_use]
pub(crate) fn welsh_actions(entries: &[Entry]) -> Vec<(usize, Side, WelshAction)> {
    let mut out: Vec<(usize, Side, WelshAction)> = Vec::new();
    for (n, e) in entries.iter().enumerate() {
        match e {
            Entry::Welsh { side, action, .. } => out.push((n + 1, *side, *action)),
            Entry::Undo { .. } => {
                if let Some(i) = out
                    .iter()
                    .rposition(|(_, _, a)| !matches!(a, WelshAction::Clocks(_)))
                {
                    out.remove(i);
                }
            }
            _ => {}
        }
    }
    out
}

/// `/undo` (`keep` false) or `/keep`: the action the tutor flagged taken back, or kept.
pub(super) async fn undo_or_keep(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
    keep: bool,
) -> Result<Outcome, ClubError> {
    let verb = if keep { "keep" } else { "undo" };
    let mut l = club.find(me, community, m, verb).await?;
    super::hint::practice_allowed(club, &l, verb).await?;
    if !l.spec.tutor {
        return Err(PracticeRefusal::NoTutor { id: l.row.id, verb }.into());
    }
    let snap = match &l.snap {
        Some(s) if l.row.status == MatchStatus::Active && !s.is_over() => s.clone(),
        _ => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                l.row.status.to_string(),
                "nothing can be taken back in it",
            )
            .into());
        }
    };
    let side = l.side_of(me.id).unwrap_or(Side::X);
    club.with_fair(&mut l).await?;
    let mut work = Work {
        snap,
        entries: Vec::new(),
        lines: Vec::new(),
        settle: Vec::new(),
        fair: l.fair.clone(),
    };
    let entry = if keep {
        Entry::Keep { side }
    } else {
        Entry::Undo { side }
    };
    work.push(Some(me.id), entry, &l.names)?;
    if keep {
        // What waited for the player's decision goes on (the opponent's automatic roll).
        club.autopilot(&l, &mut work)?;
    } else {
        work.lines.push(undone_words(&work.snap));
    }
    club.save(&l, Some(me.id), work, MatchStatus::Active).await
}

/// What the player decides again after an undo.
fn undone_words(snap: &Snapshot) -> String {
    let again = match &snap.game {
        AnyMatch::Standard(m) => match m.phase() {
            engine::Phase::ToPlay { dice, .. } => format!("the dice are {dice} again: play them"),
            _ => format!("decide again: {}", crate::next_words(&snap.game)),
        },
        AnyMatch::Welsh(m) => match m.phase() {
            engine::welsh::WelshPhase::ToPlay { throw, .. } => {
                let t = match throw {
                    engine::welsh::Throw::Two(a, b) => format!("{}-{}", a.max(b), a.min(b)),
                    engine::welsh::Throw::One(a) => format!("{a} (one die)"),
                };
                format!("the throw is {t} again: play it")
            }
            _ => format!("decide again: {}", crate::next_words(&snap.game)),
        },
    };
    format!("{again} (the tutor judges the new decision, but it cannot be undone)")
}

/// The lines the tutor adds when it holds the match for the player; `next`: who acts
/// after the flagged action (the player again after a Welsh double, or a Welsh play that
/// throws again).
pub(crate) fn held_words(l: &Loaded, side: Side, next: Option<Side>) -> String {
    let name = &l.names[side.index()];
    if next == Some(side) {
        return format!("{name}: /undo takes it back (once), /keep goes on");
    }
    format!(
        "{name}: /undo takes it back (once), /keep lets {} go on",
        l.names[side.opponent().index()]
    )
}

#[cfg(test)]
mod tests {
    use super::welsh_actions;
    use crate::Entry;
    use engine::Side;
    use engine::welsh::WelshAction;

    #[test]
    fn a_welsh_action_taken_back_by_an_undo_is_left_out_and_the_clocks_before_it_kept() {
        // Given a throw, the tutor's word, the clocks told, a double the tutor flagged,
        // its undo, and the throw made instead
        let welsh = |action| Entry::Welsh {
            side: Side::X,
            action,
            auto: false,
        };
        let entries = vec![
            welsh(WelshAction::Roll(6, 4)),
            Entry::Tutor {
                side: Side::X,
                words: "not doubling was right".into(),
                warning: false,
            },
            welsh(WelshAction::Clocks([60, 60])),
            welsh(WelshAction::Double),
            Entry::Undo { side: Side::X },
            welsh(WelshAction::Roll(5, 3)),
        ];
        // Then the double is left out, each action keeps its entry's number
        let actions: Vec<(usize, WelshAction)> = welsh_actions(&entries)
            .into_iter()
            .map(|(n, _, a)| (n, a))
            .collect();
        assert_eq!(
            actions,
            vec![
                (1, WelshAction::Roll(6, 4)),
                (3, WelshAction::Clocks([60, 60])),
                (6, WelshAction::Roll(5, 3)),
            ]
        );
    }
}
