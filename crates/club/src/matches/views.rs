//! The views of a match: the board, the player's games, a match's history, its export,
//! the legal plays. Named `match_views` (not `views`) because they look at one match or a
//! player's matches (the league's tables and brackets are `league::views`).

use std::fmt::Write as _;

use crate::Refusal;
use crate::matches::loaded::Loaded;
use crate::matches::prompts::{
    acting_side, break_board_prompt, break_prompt, next_choices, next_words,
};
use crate::matches::which_match::match_label;
use crate::{
    Actor, Attachment, Choice, Club, ClubError, Entry, MatchRef, NextUp, Outcome, Snapshot,
    choices_words, spec_words, standard_rules,
};
use engine::welsh::WelshPhase;
use engine::welsh::format_welsh_play;
use engine::{AnyMatch, MatInfo, Phase, Ruleset, Side, export_mat_with, format_play};
use store::PlayerRow;

/// What the human may do while the tutor holds their flagged action in a match against
/// the bot.
const HELD: [Choice; 2] = [Choice::Undo, Choice::Keep];

/// How many finished matches `/games` lists.
const RECENT_FINISHED: usize = 5;

/// Walks match `l`'s log as `/history` tells it: for each entry, the game after it
/// (`None` before the challenge is accepted) and the lines it says. The web companion's
/// match page shows the same words, a frame per entry.
pub(crate) fn tell_log(
    l: &Loaded,
    entries: &[Entry],
    mut each: impl FnMut(Option<&Snapshot>, Vec<String>),
) -> Result<(), ClubError> {
    let mut snap: Option<Snapshot> = None;
    let mut settle = Vec::new();
    for e in entries {
        let mut lines = Vec::new();
        match e {
            Entry::Challenge { .. } => {
                lines.push(format!("{} challenges {}", l.names[0], l.names[1]));
            }
            Entry::Accept => {
                snap = Snapshot::start(&l.spec).ok();
                lines.push(format!("{} accepts", l.names[1]));
            }
            Entry::AcceptWelsh { shaker } => {
                snap = Snapshot::start_with_shaker(&l.spec, *shaker).ok();
                lines.push(format!(
                    "{} accepts; {} shakes for the first call",
                    l.names[1],
                    l.names[shaker.index()]
                ));
            }
            Entry::Decline => lines.push(format!("{} declines", l.names[1])),
            Entry::Cancel => lines.push(format!("{} withdraws the challenge", l.names[0])),
            Entry::Expire => lines.push(format!(
                "the challenge expired: {} did not answer in time",
                l.names[1]
            )),
            Entry::Void { reason } => lines.push(format!("the match is void: {reason}")),
            _ => {
                if let Some(s) = snap.as_mut() {
                    s.apply(e, &l.names, &mut lines, &mut settle)
                        .map_err(|why| ClubError::Corrupt(l.row.id, why.to_string()))?;
                }
            }
        }
        each(snap.as_ref(), lines);
    }
    Ok(())
}

pub(crate) fn legal_texts(l: &Loaded) -> Vec<String> {
    let Some(snap) = &l.snap else {
        return Vec::new();
    };
    let (side, plays) = match &snap.game {
        AnyMatch::Standard(m) => match m.phase() {
            Phase::ToPlay { side, .. } => (side, m.legal_plays()),
            _ => return Vec::new(),
        },
        AnyMatch::Welsh(m) => match m.phase() {
            WelshPhase::ToPlay { side, .. } => (side, m.legal_plays()),
            _ => return Vec::new(),
        },
    };
    let view = snap.game.position().view(side);
    let welsh = snap.game.ruleset() == Ruleset::Welsh;
    plays
        .iter()
        .map(|p| {
            let text = if welsh {
                format_welsh_play(&view, &p.play)
            } else {
                format_play(&view, &p.play)
            };
            // A play of no moves is written as the word the engines read for it (an empty
            // choice is no choice: Discord refuses an autocomplete answer holding one).
            if text.is_empty() {
                "pass".to_string()
            } else {
                text
            }
        })
        .collect()
}

/// The board and who must act next.
pub(super) fn outcome(club: &Club, l: &Loaded, viewer: Option<Side>) -> Outcome {
    let mut out = Outcome {
        match_id: Some(l.row.id.into()),
        version: Some(l.row.version),
        ..Outcome::default()
    };
    let Some(snap) = &l.snap else {
        out.lines.push(format!(
            "Match #{} ({}): {} challenged {}; {}",
            l.row.id,
            spec_words(&l.spec),
            l.names[0],
            l.names[1],
            l.row.status
        ));
        return out;
    };
    let stake = if l.spec.length.is_none() {
        l.spec.stake
    } else {
        0
    };
    let mut scene = snap.scene(&l.names, viewer, stake);
    scene.reference = Some(format!("#{}@{}", l.row.id, l.row.version));
    // Regulation D: during a break play waits; the prompt says so, and until when.
    let now = club.clock.now();
    let paused = snap.break_running(now);
    if let (Some(until), Some(_)) = (paused, scene.to_act) {
        scene.prompt = Some(break_board_prompt(until));
    }
    // Against the bot, a flagged action the tutor holds waits for the human's /undo
    // or /keep: the bot waits, the human acts (their deadline is as it was), and the
    // board is drawn from their side.
    let held = snap.tutor_holds_against_bot(l.spec.bot.is_some());
    if let Some(s) = held {
        scene.to_act = Some(s);
        scene.viewer = viewer.unwrap_or(s);
        scene.prompt = Some(choices_words(l.row.id.into(), &HELD));
    }
    out.board = Some(scene);
    if !snap.is_over() {
        if let Some(s) = held.or_else(|| acting_side(&snap.game)) {
            let p = &l.players[s.index()];
            let choices = if held.is_some() {
                HELD.to_vec()
            } else {
                next_choices(&snap.game)
            };
            let mut next = NextUp {
                deadline: l.row.deadline_at,
                dm: p.notify_dm,
                ..NextUp::new(l.row.id.into(), &p.platform_id, &p.display_name, choices)
            };
            if let (Some(until), None) = (paused, held) {
                next.choices = vec![Choice::Resume];
                next.what = break_prompt(until, now, &snap.game);
            }
            out.next = Some(next);
        }
    }
    out
}

pub(super) async fn board(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let l = super::which_match::find_view(club, me, community, m, "board").await?;
    Ok(outcome(club, &l, l.side_of(me.id)))
}

pub(super) async fn games(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<Outcome, ClubError> {
    let rows = club.store.matches_of(me.id, community, true).await?;
    let mut lines = Vec::new();
    if rows.is_empty() {
        lines.push("No open matches. Start one with /challenge <player>.".into());
    }
    let finished = super::which_match::finished(club, me, community).await?;
    for r in rows {
        let l = super::which_match::loaded(club, r).await?;
        let mut line = match_label(&l);
        match &l.snap {
            Some(s) => {
                let sc = s.game.score();
                let _ = write!(line, ", score {}-{}", sc[0], sc[1]);
                let held = s.tutor_holds_against_bot(l.spec.bot.is_some());
                if let Some(who) = held.or_else(|| acting_side(&s.game)) {
                    let now = club.clock.now();
                    let what = match s.break_running(now) {
                        _ if held.is_some() => choices_words(l.row.id.into(), &HELD),
                        Some(until) => break_prompt(until, now, &s.game),
                        None => next_words(&s.game),
                    };
                    let _ = write!(line, "; {} to {what}", l.names[who.index()]);
                }
            }
            None => {
                let _ = write!(line, "; waiting for {} to accept", l.names[1]);
            }
        }
        // The version a command may name to act on this state only.
        let _ = write!(line, " [#{}@{}]", l.row.id, l.row.version);
        lines.push(line);
    }
    // The recently finished ones after the open ones, each with its result.
    if !finished.is_empty() {
        lines.push("Recently finished (/board #N, /history #N, /export #N):".into());
    }
    for r in finished.into_iter().take(RECENT_FINISHED) {
        let l = super::which_match::loaded(club, r).await?;
        lines.push(format!(
            "{}: {}",
            match_label(&l),
            l.row.result.as_deref().unwrap_or("finished")
        ));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

pub(super) async fn history(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let l = super::which_match::find_view(club, me, community, m, "history").await?;
    let entries = crate::matches::log::read_log(&club.store, l.row.id).await?;
    let mut lines = vec![format!("Match #{}: {}", l.row.id, spec_words(&l.spec))];
    tell_log(&l, &entries, |_, said| lines.extend(said))?;
    Ok(Outcome {
        match_id: Some(l.row.id.into()),
        version: Some(l.row.version),
        lines,
        ..Outcome::default()
    })
}

pub(super) async fn export(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let l = super::which_match::find_view(club, me, community, m, "export").await?;
    export_loaded(club, &l).await
}

/// The export of a loaded match: a standard match's .mat, a Welsh match's record
/// (`/export`, and the web companion's download).
pub(super) async fn export_loaded(club: &Club, l: &Loaded) -> Result<Outcome, ClubError> {
    if l.snap.is_none() {
        return Err(Refusal::NotActive(
            crate::MatchNo::from(l.row.id),
            l.row.status.to_string(),
            "a match is exported once it has been accepted",
        )
        .into());
    }
    if l.spec.ruleset == Ruleset::Welsh {
        // gnubg cannot read Welsh backgammon: gammonbot's own text record instead.
        return club.welsh_record(l).await;
    }
    let rows = club.store.actions(l.row.id).await?;
    let entries: Vec<Entry> = rows
        .iter()
        .filter_map(|r| serde_json::from_str::<Entry>(&r.entry).ok())
        .collect();
    // An action the tutor let a player take back is no part of the match.
    let actions = crate::practice::undo::standard_actions(&entries);
    let info = MatInfo {
        event: format!("gammonbot match #{}", l.row.id),
        began: Some(l.row.created_at),
        // Money play is never rated.
        rated: Some(l.spec.rated && l.spec.length.is_some()),
    };
    let text = export_mat_with(
        &standard_rules(&l.spec),
        [l.names[0].as_str(), l.names[1].as_str()],
        &actions,
        &info,
    )
    .map_err(|e| ClubError::Corrupt(l.row.id, e.to_string()))?;
    Ok(Outcome {
        match_id: Some(l.row.id.into()),
        version: Some(l.row.version),
        lines: vec![format!(
            "Match #{} as a .mat file ({} bytes)",
            l.row.id,
            text.len()
        )],
        attachment: Some(Attachment {
            name: format!("match-{}.mat", l.row.id),
            text,
        }),
        ..Outcome::default()
    })
}

/// The legal plays of the roll in hand, below the board.
pub(super) async fn moves(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let l = super::which_match::find_view(club, me, community, m, "moves").await?;
    let moves = legal_texts(&l);
    let mut out = outcome(club, &l, None);
    out.lines.push(if moves.is_empty() {
        "There is no roll to play now.".into()
    } else {
        format!("Legal plays: {}", moves.join(", "))
    });
    Ok(out)
}

/// The legal plays of the roll in hand of match `m`, as move text (for autocomplete).
pub(super) async fn legal_moves(
    club: &Club,
    actor: &Actor,
    m: MatchRef,
) -> Result<Vec<String>, ClubError> {
    let (me, community) = club.me(actor).await?;
    let l = super::which_match::find(club, &me, community, m, "move").await?;
    Ok(legal_texts(&l))
}
