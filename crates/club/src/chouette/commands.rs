//! Chouette sessions in the club: one SQLite row per session (terms, state, version) and
//! its append-only log; commands checked by the engine, written in one transaction. This
//! file runs a command; the log and terms are `chouette_log`, the commands
//! `chouette_ops`, the loaded session `chouette_session`, the board and words
//! `chouette_view`.

use crate::FairDice;
use crate::chouette::log::{ChouetteEntry, ChouetteSpec, chouette_words, db_id, id_of};
use crate::chouette::ops::{ChouetteOp, ChouetteRef};
use crate::chouette::refusal::ChouetteRefusal;
use crate::chouette::session::{Session, member, names_of, refusal};
use crate::chouette::view::{
    chouette_next_words, event_words, finish_words, legal_play_texts, standings,
};
use crate::{Actor, Club, ClubError, Outcome};
use crate::{FairRefusal, Refusal, TermsRefusal};
use engine::chouette::PlayerId;
use engine::chouette::{Chouette, ChouetteAction, ChouetteEvent, ChouettePhase};
use engine::fair::FairId;
use engine::{Dice, Side};
use std::collections::HashMap;
use store::{LedgerEntry, StoreError};

/// Runs a chouette command: a new session, a look at one, or an action checked by
/// the engine, followed by the club's own throws and forced plays, said in words and
/// written with its ledger entries in one transaction.
pub(super) async fn chouette(
    club: &Club,
    actor: &Actor,
    me: &store::PlayerRow,
    community: i64,
    r: ChouetteRef,
    op: ChouetteOp,
) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    if let ChouetteOp::Create(spec) = op {
        return create_chouette(club, actor, me, community, spec, now).await;
    }
    let s = super::session::find_chouette(club, actor, community, me.id, r, &op).await?;
    if let Some(v) = r.version {
        if v != s.version {
            return Err(Refusal::Stale(crate::MatchNo::from(s.id), s.version).into());
        }
    }
    if let Some(out) = chouette_look(club, &s, &op).await {
        return Ok(out);
    }
    if matches!(op, ChouetteOp::Join) {
        let members: Vec<i64> = s.state.players().iter().map(|&p| db_id(p)).collect();
        club.check_blocks_join(me.id, s.id, &members).await?;
    }
    let by = id_of(me.id);
    let mut lines = Vec::new();
    let mut fair = club.fair_record(FairId::Chouette(s.id)).await?;
    let action = chouette_action(club, actor, &s, op, &mut fair, &mut lines)?;
    let (state, ev) = s.state.apply(by, &action).map_err(|e| refusal(&s, &e))?;
    let mut names = s.names.clone();
    if matches!(action, ChouetteAction::Join) {
        names.insert(by, (me.display_name.clone(), me.platform_id.clone()));
    }
    let mut run = Run {
        entries: vec![ChouetteEntry::Act {
            by: me.id,
            action,
            auto: false,
        }],
        events: vec![(s.state.clone(), ev, None)],
        fair,
        lines,
    };
    let state = chouette_autopilot(club, &s, state, &names, &mut run)?;
    let after = Session {
        id: s.id,
        version: s.version,
        spec: s.spec,
        state,
        names,
    };
    let (ledger, last) = said_and_settled(&after, &mut run);
    let version = commit_chouette(club, &after, &run, &ledger, now).await?;
    let after = Session { version, ..after };
    let last = match last {
        Some(l) => Some(l),
        None => chouette_last_play(club, &after).await,
    };
    let mut lines = run.lines;
    let mut out = super::view::chouette_outcome(club, &after, last);
    lines.retain(|l| !l.is_empty());
    if after.state.phase() == ChouettePhase::Waiting && after.state.games() > 0 {
        lines.extend(standings(&after));
    }
    lines.append(&mut out.lines);
    out.lines = lines;
    Ok(out)
}

/// Opens a session on `spec` with its creator in it (and its fair dice's anchor).
async fn create_chouette(
    club: &Club,
    actor: &Actor,
    me: &store::PlayerRow,
    community: i64,
    spec: ChouetteSpec,
    now: i64,
) -> Result<Outcome, ClubError> {
    if spec.stake > 1_000_000 {
        return Err(TermsRefusal::StakeTooHigh.into());
    }
    let state = Chouette::new(spec.rules, id_of(me.id));
    let entry = ChouetteEntry::Create {
        spec,
        creator: me.id,
    };
    let terms = crate::kernel::error::json(&spec)?;
    let state = crate::kernel::error::json(&state)?;
    let entry = crate::kernel::error::json(&entry)?;
    let fair = crate::new_chain(&*club.dice, 1);
    let id = club
        .store
        .insert_chouette(&store::NewChouette {
            community,
            channel: &actor.channel,
            terms: &terms,
            state: &state,
            creator: me.id,
            entry: &entry,
            now,
            fair: fair.as_ref(),
        })
        .await?;
    let mut lines = vec![format!(
        "Chouette #{id} opened by {} ({}). Join with /chouette join #{id}; start with three or more.",
        me.display_name,
        chouette_words(&spec)
    )];
    if let Some(chain) = &fair {
        lines.push(crate::fair::words::fair_anchor_words(
            &format!("chouette #{id} (seeds: the box's and the first captain's)"),
            &chain.anchor,
        ));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

/// The commands that only look (the board, the legal plays, the standings): their
/// outcome; `None` for a command that acts.
async fn chouette_look(club: &Club, s: &Session, op: &ChouetteOp) -> Option<Outcome> {
    match op {
        ChouetteOp::Board => {
            let last = chouette_last_play(club, s).await;
            let mut out = super::view::chouette_outcome(club, s, last);
            if s.state.phase() == ChouettePhase::Waiting && s.state.games() > 0 {
                out.lines.splice(0..0, standings(s));
            }
            Some(out)
        }
        ChouetteOp::Moves => {
            let last = chouette_last_play(club, s).await;
            let mut out = super::view::chouette_outcome(club, s, last);
            let plays = legal_play_texts(&s.state);
            out.lines.push(if plays.is_empty() {
                format!(
                    "There is no roll to play now: {}",
                    chouette_next_words(&s.state)
                )
            } else {
                format!("Legal plays: {}", plays.join(", "))
            });
            Some(out)
        }
        ChouetteOp::Standings => Some(Outcome {
            chouette: Some(s.id),
            version: Some(s.version),
            lines: standings(s),
            ..Outcome::default()
        }),
        _ => None,
    }
}

/// The engine's action a command asks for: members named by the actor, a move read,
/// the line drawn at the start, the dice thrown.
fn chouette_action(
    club: &Club,
    actor: &Actor,
    s: &Session,
    op: ChouetteOp,
    fair: &mut Option<FairDice>,
    lines: &mut Vec<String>,
) -> Result<ChouetteAction, ClubError> {
    Ok(match op {
        ChouetteOp::Create(_) | ChouetteOp::Board | ChouetteOp::Moves | ChouetteOp::Standings => {
            unreachable!("handled by chouette()")
        }
        ChouetteOp::Join => ChouetteAction::Join,
        ChouetteOp::Leave => ChouetteAction::Leave,
        ChouetteOp::Start => ChouetteAction::Start {
            line: first_line(club, s, fair)?,
        },
        ChouetteOp::Roll => chouette_roll(club, s, &s.state, fair, lines)?,
        ChouetteOp::Move(text) => {
            if text.chars().count() > 200 {
                return Err(Refusal::TooLong("move", text.chars().count(), 200).into());
            }
            ChouetteAction::Play(s.state.resolve_play(&text).map_err(ChouetteRefusal::Rule)?)
        }
        ChouetteOp::Double(names) => {
            let mut members = Vec::new();
            for n in names {
                members.push(member(actor, s, &n)?);
            }
            ChouetteAction::Double { members }
        }
        ChouetteOp::Take(n) => ChouetteAction::Take {
            member: n.map(|n| member(actor, s, &n)).transpose()?,
        },
        ChouetteOp::Drop(n) => ChouetteAction::Drop {
            member: n.map(|n| member(actor, s, &n)).transpose()?,
        },
        ChouetteOp::Beaver(n) => ChouetteAction::Beaver {
            member: n.map(|n| member(actor, s, &n)).transpose()?,
        },
        ChouetteOp::Suggest(text) => {
            if text.chars().count() > 200 {
                return Err(Refusal::TooLong("suggestion", text.chars().count(), 200).into());
            }
            ChouetteAction::Suggest(text)
        }
    })
}

/// The line at a session's first start, when it is shuffled: drawn from the fair
/// dice when the session has them, else by the dice source; `None`: as joined.
fn first_line(
    club: &Club,
    s: &Session,
    fair: &mut Option<FairDice>,
) -> Result<Option<Vec<PlayerId>>, ClubError> {
    // With fair dice (v2) the first line is drawn from the chain's first value
    // and every member's seed (docs/fair-dice.md), not by the bot's generator.
    let drawn = match fair.as_mut() {
        Some(f) if s.state.line().is_empty() => {
            let players: Vec<i64> = s.state.players().iter().map(|&p| db_id(p)).collect();
            // Free text: the fair dice say in words why they cannot draw (no chain).
            f.draw_line(&players, &*club.dice)
                .map_err(FairRefusal::Chain)?
        }
        _ => None,
    };
    Ok(if s.state.line().is_empty() && s.spec.shuffle {
        match drawn {
            Some(l) => Some(l.into_iter().map(id_of).collect()),
            None => {
                let mut l = s.state.players().to_vec();
                for i in (1..l.len()).rev() {
                    l.swap(i, club.dice.pick(i + 1));
                }
                Some(l)
            }
        }
    } else {
        None
    })
}

/// The club's own moves after a command: the opening roll, a roll for a side with no
/// double to offer, a forced play; each logged as automatic. The state after them.
fn chouette_autopilot(
    club: &Club,
    s: &Session,
    mut state: Chouette,
    names: &HashMap<PlayerId, (String, String)>,
    run: &mut Run,
) -> Result<Chouette, ClubError> {
    // The club throws the opening roll, rolls for a side with no double to offer, and
    // plays forced plays.
    for _ in 0..16 {
        let pending = state.cubes().iter().any(|t| t.offered.is_some());
        let mut said = None;
        let auto = match state.phase() {
            ChouettePhase::Opening => Some(chouette_roll(
                club,
                s,
                &state,
                &mut run.fair,
                &mut run.lines,
            )?),
            ChouettePhase::ToRoll(side) if !pending && !state.side_may_double(side) => {
                said = state
                    .to_act()
                    .first()
                    .map(|&p| format!("(rolled for {})", names_of(names, p)));
                Some(chouette_roll(
                    club,
                    s,
                    &state,
                    &mut run.fair,
                    &mut run.lines,
                )?)
            }
            ChouettePhase::ToPlay { .. } => {
                let legal = state.legal_plays();
                (legal.len() == 1).then(|| ChouetteAction::Play(legal[0].play))
            }
            _ => None,
        };
        let Some(action) = auto else { break };
        let Some(&who) = state.to_act().first() else {
            break;
        };
        let (next, ev) = state.apply(who, &action).map_err(ChouetteRefusal::Rule)?;
        run.events.push((state, ev, said));
        run.entries.push(ChouetteEntry::Act {
            by: db_id(who),
            action,
            auto: true,
        });
        state = next;
    }
    Ok(state)
}

/// Writes the session's new state, its log entries, ledger entries and fair dice at
/// the version read: its new version.
async fn commit_chouette(
    club: &Club,
    after: &Session,
    run: &Run,
    ledger: &[LedgerEntry],
    now: i64,
) -> Result<i64, ClubError> {
    let state_json = crate::kernel::error::json(&after.state)?;
    let actions: Vec<(Option<i64>, String)> = run
        .entries
        .iter()
        .map(|e| {
            let by = match e {
                ChouetteEntry::Act { by, .. } | ChouetteEntry::Create { creator: by, .. } => *by,
            };
            Ok((Some(by), crate::kernel::error::json(e)?))
        })
        .collect::<Result<_, ClubError>>()?;
    match club
        .store
        .commit_chouette(
            after.id,
            after.version,
            &state_json,
            &actions,
            ledger,
            now,
            run.fair
                .as_ref()
                .map(FairDice::change)
                .transpose()?
                .flatten()
                .as_ref(),
        )
        .await
    {
        Ok(v) => Ok(v),
        Err(StoreError::Stale) => {
            Err(Refusal::Stale(crate::MatchNo::from(after.id), after.version + 1).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// The legal plays of the roll in hand of a chouette, as move text (autocomplete).
pub(super) async fn chouette_moves(
    club: &Club,
    actor: &Actor,
    r: ChouetteRef,
) -> Result<Vec<String>, ClubError> {
    let (me, community) = club.me(actor).await?;
    let s = super::session::find_chouette(
        club,
        actor,
        community,
        me.id,
        r,
        &ChouetteOp::Move(String::new()),
    )
    .await?;
    Ok(legal_play_texts(&s.state))
}

/// The last play of the game on the board (or of the game just over), found by
/// folding the session's log; `None` when the log does not fold into the stored state.
async fn chouette_last_play(
    club: &Club,
    s: &Session,
) -> Option<(Side, engine::Position, engine::Play)> {
    let rows = club.store.chouette_actions(s.id).await.ok()?;
    let mut state: Option<Chouette> = None;
    let mut last = None;
    for (_, text) in rows {
        match serde_json::from_str::<ChouetteEntry>(&text).ok()? {
            ChouetteEntry::Create { spec, creator } => {
                state = Some(Chouette::new(spec.rules, id_of(creator)));
            }
            ChouetteEntry::Act { by, action, .. } => {
                let before = state.take()?;
                let (next, ev) = before.apply(id_of(by), &action).ok()?;
                for e in ev {
                    match e {
                        ChouetteEvent::Played { by, play } => {
                            last = Some((by, *before.position(), play));
                        }
                        ChouetteEvent::GameStarted { .. } => last = None,
                        _ => {}
                    }
                }
                state = Some(next);
            }
        }
    }
    (state.as_ref() == Some(&s.state)).then_some(last).flatten()
}

/// A throw for a chouette: the session's fair dice when it has them; before the first,
/// the seeds are fixed: the box's (X) and the captain's (O), random for one who set none.
fn chouette_roll(
    club: &Club,
    s: &Session,
    c: &Chouette,
    fair: &mut Option<FairDice>,
    lines: &mut Vec<String>,
) -> Result<ChouetteAction, ClubError> {
    if let Some(f) = fair.as_mut() {
        if f.seeds() == [None, None] {
            let box_player = db_id(c.box_player().unwrap_or(0));
            let captain = db_id(c.acting_captain().unwrap_or(0));
            for (side, p) in [(Side::X, box_player), (Side::O, captain)] {
                if let Some(seed) = f.member_seed(p).map(str::to_string) {
                    f.set_seed(side, seed);
                }
            }
            f.default_seeds(&*club.dice);
            let [x, o] = f.seeds();
            lines.push(format!(
                "Fair dice seeds for chouette #{}: X (box {}) `{}`, O (captain {}) `{}`",
                s.id,
                s.name(id_of(box_player)),
                x.unwrap_or_default(),
                s.name(id_of(captain)),
                o.unwrap_or_default()
            ));
        }
    }
    let (a, b) = club.fair_throw(fair.as_mut(), 2, lines)?;
    Ok(match c.phase() {
        ChouettePhase::Opening => ChouetteAction::OpeningRoll {
            box_die: a,
            team_die: b,
        },
        _ => ChouetteAction::Roll(Dice::new(a, b).map_err(Refusal::Dice)?),
    })
}

/// What a command did to a session before it is written: the log entries, the engine's
/// events (each with the state before it and what the club said of an automatic roll),
/// the fair dice and the lines said.
struct Run {
    entries: Vec<ChouetteEntry>,
    events: Vec<(Chouette, Vec<ChouetteEvent>, Option<String>)>,
    fair: Option<FairDice>,
    lines: Vec<String>,
}

/// The events of `run` in words (added to its lines) and the ledger entries of the games
/// settled, with the last play made.
fn said_and_settled(
    after: &Session,
    run: &mut Run,
) -> (
    Vec<LedgerEntry>,
    Option<(Side, engine::Position, engine::Play)>,
) {
    let mut ledger = Vec::new();
    let mut last = None;
    let end = *after.state.position();
    for (before, ev, said) in &run.events {
        if let Some(said) = said {
            run.lines.push(said.clone());
        }
        for (i, e) in ev.iter().enumerate() {
            if let ChouetteEvent::Played { by, play } = e {
                last = Some((*by, *before.position(), *play));
            }
            if let ChouetteEvent::Settled { member, points } = e {
                if after.spec.stake > 0 && *points != 0 {
                    let box_player = before.box_player().unwrap_or(0);
                    let (payer, payee) = if *points > 0 {
                        (box_player, *member)
                    } else {
                        (*member, box_player)
                    };
                    ledger.push(LedgerEntry {
                        payer: db_id(payer),
                        payee: db_id(payee),
                        amount: points.unsigned_abs().saturating_mul(after.spec.stake),
                        reason: format!("chouette #{} game {}", after.id, before.games()),
                    });
                }
            }
            // The opening throw's dice are the first roll: said once.
            if matches!(e, ChouetteEvent::Rolled { .. })
                && i > 0
                && matches!(ev[i - 1], ChouetteEvent::OpeningWon { .. })
            {
                continue;
            }
            let mut words = event_words(after, before, e);
            if let ChouetteEvent::Settled { member, points } = e {
                // Settled on the board (not by a drop): a gammon is called a gammon.
                let dropped = ev
                    .iter()
                    .any(|d| matches!(d, ChouetteEvent::Dropped { member: m, .. } if m == member));
                if !dropped {
                    words.push_str(&finish_words(&end, *points));
                }
            }
            run.lines.push(words);
        }
    }
    (ledger, last)
}
