//! The game side of a fair-dice export (`docs/fair-dice.md`): every throw of a match or
//! chouette session as its log has it, in order, with the play made with it (nominated
//! Welsh throws marked: they throw no dice), and a chouette's line with the members' seeds.
//! `scripts/verify_dice.py` ties each played throw to exactly one proven throw.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use crate::ChouetteEntry;
use crate::{ChallengeSpec, Entry, Snapshot};
use engine::chouette::{Chouette, ChouetteAction, ChouetteEvent, PlayerId};
use engine::welsh::{NominateFor, WelshAction, format_welsh_play};
use engine::{Action, AnyMatch, format_play};

/// One throw of the game, as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// Who threw (a standard opening throw: both players, X's die first).
    pub by: String,
    /// What throw it was: `opening`, `roll`, `call` (the Welsh concealed throw),
    /// `again` (a Welsh 1-2 thrown again, rule 13), `one die` (rule 11), `rule 6` (a third
    /// identical throw, thrown again), `nominated`.
    pub what: &'static str,
    /// The dice in the order thrown.
    pub dice: Vec<u8>,
    /// The play made with it, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    /// A throw set by nomination (Welsh rule 21): no dice were thrown, no throw proves it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nominated: bool,
}

/// One member of a chouette when its line was drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineMember {
    pub name: String,
    pub seed: String,
}

/// How a chouette's line was drawn (scheme v2): the members in the order they joined with
/// their seeds, whether the line was shuffled (from the first chain value and the seeds)
/// or kept as joined, and the line (box first, then the captain).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineDraw {
    pub members: Vec<LineMember>,
    pub shuffled: bool,
    pub line: Vec<String>,
}

fn throw(by: String, what: &'static str, dice: Vec<u8>, nominated: bool) -> Played {
    Played {
        by,
        what,
        dice,
        play: None,
        nominated,
    }
}

/// The play text attached to the last throw played that has none yet.
fn attach(played: &mut [Played], text: String) {
    if let Some(p) = played.last_mut().filter(|p| p.play.is_none()) {
        p.play = Some(text);
    }
}

/// The throws of a match's log, in order.
///
/// # Errors
/// A log that does not replay.
pub fn match_played(
    spec: &ChallengeSpec,
    entries: &[Entry],
    names: &[String; 2],
) -> Result<Vec<Played>, String> {
    let mut out: Vec<Played> = Vec::new();
    let mut snap: Option<Snapshot> = None;
    let (mut lines, mut settle) = (Vec::new(), Vec::new());
    for e in entries {
        match e {
            Entry::Accept => snap = Some(Snapshot::start(spec)?),
            Entry::AcceptWelsh { shaker } => {
                snap = Some(Snapshot::start_with_shaker(spec, *shaker)?);
            }
            Entry::ThrownAgain { side, dice } => {
                out.push(throw(
                    names[side.index()].clone(),
                    "rule 6",
                    vec![dice.0, dice.1],
                    false,
                ));
            }
            _ => {
                let Some(s) = snap.as_mut() else { continue };
                // A play the tutor let the player take back: the throw stays (it was
                // thrown), without the play, which is made again.
                if let (Entry::Undo { .. }, Some(last)) = (e, out.last_mut()) {
                    if s.undo_takes_back_a_play() {
                        last.play = None;
                    }
                }
                match (e, &s.game) {
                    (Entry::Standard { side, action, .. }, _) => match action {
                        Action::OpeningRoll { x, o } => out.push(throw(
                            format!("{} and {}", names[0], names[1]),
                            "opening",
                            vec![*x, *o],
                            false,
                        )),
                        Action::Roll(d) => out.push(throw(
                            names[side.index()].clone(),
                            "roll",
                            d.values().to_vec(),
                            false,
                        )),
                        _ => {}
                    },
                    (Entry::Welsh { side, action, .. }, AnyMatch::Welsh(m)) => {
                        let by = names[side.index()].clone();
                        match action {
                            WelshAction::Call { shaker_dice, .. } => out.push(throw(
                                by,
                                "call",
                                vec![shaker_dice.0, shaker_dice.1],
                                false,
                            )),
                            WelshAction::Roll(a, b) => {
                                let nominated =
                                    m.nominated_throw().is_some_and(|(who, _)| who == *side);
                                let what = if nominated { "nominated" } else { "roll" };
                                out.push(throw(by, what, vec![*a, *b], nominated));
                            }
                            WelshAction::Reroll(a, b) => {
                                out.push(throw(by, "again", vec![*a, *b], false));
                            }
                            WelshAction::RollOne(a) => {
                                out.push(throw(by, "one die", vec![*a], false));
                            }
                            WelshAction::Nominate {
                                whose: NominateFor::Me,
                                dice,
                            } => out.push(throw(by, "nominated", vec![dice.0, dice.1], true)),
                            _ => {}
                        }
                    }
                    _ => {}
                }
                s.apply(e, names, &mut lines, &mut settle)?;
                let played = matches!(
                    e,
                    Entry::Standard {
                        action: Action::Play(_),
                        ..
                    } | Entry::Welsh {
                        action: WelshAction::Play(_),
                        ..
                    }
                );
                if let (true, Some(last)) = (played, s.last) {
                    let view = last.before.view(last.side);
                    let text = match &s.game {
                        AnyMatch::Standard(_) => format_play(&view, &last.play),
                        AnyMatch::Welsh(_) => format_welsh_play(&view, &last.play),
                    };
                    attach(&mut out, text);
                }
            }
        }
    }
    Ok(out)
}

/// The throws of a chouette session's log, in order, and (when `seeds` are given: the
/// members' seeds of a v2 record) how its line was drawn at the first start.
///
/// # Errors
/// A log that does not replay.
pub fn chouette_played(
    entries: &[ChouetteEntry],
    names: &HashMap<PlayerId, (String, String)>,
    seeds: Option<&BTreeMap<i64, String>>,
) -> Result<(Vec<Played>, Option<LineDraw>), String> {
    let name = |p: PlayerId| {
        names
            .get(&p)
            .map_or_else(|| format!("player {p}"), |n| n.0.clone())
    };
    let mut out: Vec<Played> = Vec::new();
    let mut draw = None;
    let mut state: Option<Chouette> = None;
    for e in entries {
        match e {
            ChouetteEntry::Create { spec, creator } => {
                state = Some(Chouette::new(
                    spec.rules,
                    u64::try_from(*creator).unwrap_or(0),
                ));
            }
            ChouetteEntry::Act { by, action, .. } => {
                let before = state
                    .take()
                    .ok_or("a chouette log starts with its creation")?;
                let by = u64::try_from(*by).unwrap_or(0);
                match action {
                    ChouetteAction::Start { line }
                        if draw.is_none() && before.line().is_empty() =>
                    {
                        if let Some(seeds) = seeds {
                            let members: Vec<LineMember> = before
                                .players()
                                .iter()
                                .map(|&p| LineMember {
                                    name: name(p),
                                    seed: seeds
                                        .get(&i64::try_from(p).unwrap_or(0))
                                        .cloned()
                                        .unwrap_or_default(),
                                })
                                .collect();
                            let order = line.clone().unwrap_or_else(|| before.players().to_vec());
                            draw = Some(LineDraw {
                                members,
                                shuffled: line.is_some(),
                                line: order.into_iter().map(name).collect(),
                            });
                        }
                    }
                    ChouetteAction::OpeningRoll { box_die, team_die } => out.push(throw(
                        "the box and the team".into(),
                        "opening",
                        vec![*box_die, *team_die],
                        false,
                    )),
                    ChouetteAction::Roll(d) => {
                        out.push(throw(name(by), "roll", d.values().to_vec(), false));
                    }
                    _ => {}
                }
                let (next, ev) = before
                    .apply(by, action)
                    .map_err(|e| format!("the chouette log does not replay: {e}"))?;
                for e in ev {
                    if let ChouetteEvent::Played { by: side, play } = e {
                        attach(&mut out, format_play(&before.position().view(side), &play));
                    }
                }
                state = Some(next);
            }
        }
    }
    Ok((out, draw))
}
