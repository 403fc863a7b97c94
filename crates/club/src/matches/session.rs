//! Ending a money session: either player stops it between games (`/stop`, or `/resign
//! session`), that is while the next game waits for its opening throw (a game begins with
//! it). Each game was paid into the ledger when it ended, so nothing more is paid; the
//! session's net is said and the match is finished, in one logged, versioned change.

use crate::Refusal;
use crate::matches::loaded::Loaded;
use crate::matches::prompts::next_words;
use crate::matches::work::{Work, entry_json};
use crate::{Club, ClubError, Entry, MatchRef, Outcome};
use engine::welsh::format_amount;
use engine::{AnyMatch, Match, Phase, Position, Side};
use store::{MatchChange, MatchStatus, PlayerRow};

/// How far the session's current game has gone: `None` between games (its opening
/// throw not yet made); else whether anything was done after the opening throw (a play
/// made, a cube turned or a resignation offered).
fn game_under_way(m: &Match) -> Option<bool> {
    if m.resign_offer().is_some() {
        return Some(true);
    }
    match m.phase() {
        Phase::Opening | Phase::MatchOver { .. } => None,
        Phase::ToPlay { .. } => {
            Some(*m.position() != Position::start() || m.cube().owner.is_some())
        }
        Phase::ToRoll(_) | Phase::CubeOffered(_) => Some(true),
    }
}

/// The session's net in words: who pays whom over all its games.
fn net_words(l: &Loaded, m: &Match) -> String {
    let points = m.score();
    let (x, o) = (i64::from(points[0]), i64::from(points[1]));
    if x == o {
        return format!("level at {x} point{} each", if x == 1 { "" } else { "s" });
    }
    let (winner, loser) = if x > o {
        (Side::X, Side::O)
    } else {
        (Side::O, Side::X)
    };
    let net = (x - o).unsigned_abs();
    let plural = if net == 1 { "" } else { "s" };
    let (w, lo) = (&l.names[winner.index()], &l.names[loser.index()]);
    if l.spec.stake > 0 {
        format!(
            "{lo} pays {w} {} net ({net} point{plural} at {} a point; each game is already in the ledger)",
            format_amount(net.saturating_mul(l.spec.stake)),
            format_amount(l.spec.stake)
        )
    } else {
        format!("{w} is {net} point{plural} ahead")
    }
}

/// Ends a money session between games.
pub(super) async fn stop_session(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let l = super::which_match::find(club, me, community, m, "stop").await?;
    let side = l.side_of(me.id).unwrap_or(Side::X);
    let snap = match (&l.snap, l.row.status) {
        (Some(s), MatchStatus::Active) if !s.is_over() => s.clone(),
        _ => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                l.row.status.to_string(),
                "only a money session being played can be stopped",
            )
            .into());
        }
    };
    let AnyMatch::Standard(game) = snap.game.clone() else {
        return Err(Refusal::StopWelsh {
            id: crate::MatchNo::from(l.row.id),
        }
        .into());
    };
    if game.rules().length.is_some() {
        return Err(Refusal::StopMatchPlay {
            id: crate::MatchNo::from(l.row.id),
        }
        .into());
    }
    if let Some(played) = game_under_way(&game) {
        // A game begins with its opening throw: once it is made (even with no play
        // yet) the session stops only after the game.
        return Err(Refusal::StopMidGame {
            game: game.game_number(),
            played,
            to_act: snap
                .game
                .to_act()
                .map_or_else(String::new, |s| l.names[s.index()].clone()),
            next: next_words(&snap.game),
        }
        .into());
    }
    let net = net_words(&l, &game);
    let mut work = Work {
        snap,
        entries: Vec::new(),
        lines: Vec::new(),
        settle: Vec::new(),
        fair: None,
    };
    work.push_entry(Some(me.id), Entry::StopSession { side }, &l.names)?;
    let headline = work.lines.first().cloned().unwrap_or_default();
    work.lines.push(format!("Session net: {net}"));
    let points = game.score();
    let leader = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => Some(l.row.players[0]),
        std::cmp::Ordering::Less => Some(l.row.players[1]),
        std::cmp::Ordering::Equal => None,
    };
    let change = MatchChange {
        id: l.row.id,
        community_id: l.row.community_id,
        players: l.row.players,
        expected_version: l.row.version,
        status: MatchStatus::Finished,
        state: Some(crate::kernel::error::json(&work.snap)?),
        bank: super::time_bank::banks_now(club, &l),
        winner: leader,
        result: Some(format!("{headline}: {net}")),
        now: club.clock.now(),
        actions: work
            .entries
            .iter()
            .map(|(p, e)| Ok((*p, entry_json(e)?)))
            .collect::<Result<_, ClubError>>()?,
        ..MatchChange::default()
    };
    let version = super::play::commit(club, &l, &change).await?;
    let mut after = Loaded {
        row: l.row.clone(),
        spec: l.spec,
        players: l.players.clone(),
        names: l.names.clone(),
        snap: Some(work.snap),
        fair: l.fair.clone(),
        away: None,
    };
    after.row.version = version;
    after.row.status = MatchStatus::Finished;
    after.row.deadline_at = None;
    let mut out = super::views::outcome(club, &after, None);
    let mut lines = work.lines;
    lines.append(&mut out.lines);
    out.lines = lines;
    Ok(out)
}
