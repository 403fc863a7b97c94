//! Which match a command is about: the one named (at the version named), else the
//! player's only open match here, else the only one waiting on them; for a look, a
//! spectator's match or the last finished one. Also whom a match waits on and the
//! player's open matches, each in one line. (Named for the question it answers, which
//! is also the name of its refusal, [`Refusal::WhichMatch`](crate::Refusal::WhichMatch).)

use crate::Refusal;
use crate::WaitsOn;
use crate::matches::loaded::Loaded;
use crate::spec_words;
use crate::{Actor, Club, ClubError, MatchRef};
use store::{MatchRow, MatchStatus, PlayerRow};

pub(super) async fn load(club: &Club, id: i64) -> Result<Loaded, ClubError> {
    let (row, players, away) = club
        .store
        .load_match_with_players(id)
        .await?
        .ok_or(Refusal::UnknownMatch(crate::MatchNo::from(id)))?;
    let mut l = Loaded::read(row, players)?;
    l.away = Some(away);
    Ok(l)
}

/// A match row already read, with its terms, snapshot and players.
pub(super) async fn loaded(club: &Club, row: MatchRow) -> Result<Loaded, ClubError> {
    let players = club.store.players_by_id(row.players).await?;
    Loaded::read(row, players)
}

/// The match a command is about: the one named, or the only open one of the player
/// here (else the only one where they have something to do).
pub(super) async fn find(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
    verb: &'static str,
) -> Result<Loaded, ClubError> {
    let l = match m.id.map(crate::MatchNo::get) {
        Some(id) => load(club, id).await?,
        None => {
            let mut open = Vec::new();
            for r in club.store.matches_of(me.id, community, true).await? {
                open.push(loaded(club, r).await?);
            }
            if open.len() > 1 {
                // Only the matches where the player has something to do now are
                // suggested (or taken, when there is one).
                let mine: Vec<usize> = (0..open.len())
                    .filter(|&i| has_to_do(club, &open[i], me.id, verb))
                    .collect();
                match mine.as_slice() {
                    [one] => open.swap_remove(*one),
                    // A look may be at any of them.
                    _ if VIEWS.contains(&verb) => {
                        let ids: Vec<String> =
                            open.iter().map(|l| format!("#{}", l.row.id)).collect();
                        return Err(Refusal::WhichMatch(
                            ids.join(", "),
                            verb,
                            crate::MatchNo::from(open[0].row.id),
                        )
                        .into());
                    }
                    [] => return Err(nothing_to_do(club, &open, verb)),
                    many => {
                        let ids: Vec<String> = many
                            .iter()
                            .map(|&i| format!("#{}", open[i].row.id))
                            .collect();
                        return Err(Refusal::WhichMatch(
                            ids.join(", "),
                            verb,
                            crate::MatchNo::from(open[many[0]].row.id),
                        )
                        .into());
                    }
                }
            } else {
                open.pop().ok_or(Refusal::NoMatch)?
            }
        }
    };
    // A match is acted on where it is played: one of another server (or direct
    // messages) stays unknown to a stranger there, and a player is sent back to it.
    if l.row.community_id != community {
        return Err(match l.side_of(me.id) {
            None => Refusal::UnknownMatch(crate::MatchNo::from(l.row.id)),
            Some(_) => Refusal::OnAnotherServer {
                id: crate::MatchNo::from(l.row.id),
            },
        }
        .into());
    }
    if l.side_of(me.id).is_none() {
        return Err(Refusal::NotAParticipant(
            crate::MatchNo::from(l.row.id),
            l.names[0].clone(),
            l.names[1].clone(),
        )
        .into());
    }
    at_version(l, m.version)
}

/// The match a viewing command (board, history, export, legal plays) is about: the
/// one named, which a spectator of the same community may look at too (a match of
/// another community stays unknown to him); else the player's open match here, else
/// his most recently finished one.
pub(super) async fn find_view(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
    verb: &'static str,
) -> Result<Loaded, ClubError> {
    let l = match m.id.map(crate::MatchNo::get) {
        Some(id) => {
            let l = load(club, id).await?;
            if l.side_of(me.id).is_none() && l.row.community_id != community {
                return Err(Refusal::UnknownMatch(crate::MatchNo::from(id)).into());
            }
            l
        }
        None => match find(club, me, community, m, verb).await {
            Err(ClubError::Refused(Refusal::NoMatch)) => last_finished(club, me, community)
                .await?
                .ok_or(Refusal::NoMatch)?,
            found => return found,
        },
    };
    at_version(l, m.version)
}

/// The player's finished matches here, the most recently finished first.
pub(super) async fn finished(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<Vec<MatchRow>, ClubError> {
    let mut done: Vec<MatchRow> = club
        .store
        .matches_of(me.id, community, false)
        .await?
        .into_iter()
        .filter(|r| r.status == MatchStatus::Finished)
        .collect();
    done.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
    Ok(done)
}

async fn last_finished(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<Option<Loaded>, ClubError> {
    match finished(club, me, community).await?.into_iter().next() {
        Some(r) => Ok(Some(loaded(club, r).await?)),
        None => Ok(None),
    }
}

/// Whether `player` has something to do now in the open match `l` with the command
/// `verb`: a command that may be given at any time in a match under way (a
/// resignation, a break, a stop) in any of those; a challenge's answer or withdrawal
/// where it is theirs; anything else where it is their turn (either player may make a standard match's
/// opening throw). A look (board, history, ...) prefers the match that waits on them.
fn has_to_do(club: &Club, l: &Loaded, player: i64, verb: &str) -> bool {
    let active =
        l.row.status == MatchStatus::Active && l.snap.as_ref().is_some_and(|s| !s.is_over());
    match verb {
        "resign" | "concede" | "break" | "resume" => active,
        // The tutor's hold waits on the player whose action it flagged.
        "undo" | "keep" => {
            active
                && l.snap.as_ref().is_some_and(|s| {
                    s.tutor_holds_for()
                        .is_some_and(|side| l.row.players[side.index()] == player)
                })
        }
        "stop" => active && l.spec.length.is_none() && l.spec.ruleset == engine::Ruleset::Standard,
        "cancel" => l.row.status == MatchStatus::Challenged && l.row.players[0] == player,
        "accept" | "decline" if l.row.status == MatchStatus::Challenged => {
            l.row.players[1] == player
        }
        _ if l.row.status == MatchStatus::Challenged => false,
        "roll" if active && opening(l) => true,
        _ => waiting_on(club, l) == Some(player),
    }
}

/// The refusal when none of the player's open matches has anything for them to do
/// with `verb`: whom each waits on, and no match suggested.
fn nothing_to_do(club: &Club, open: &[Loaded], verb: &'static str) -> ClubError {
    let waits: Vec<WaitsOn> = open
        .iter()
        .map(|l| {
            let who = waiting_on(club, l)
                .and_then(|p| l.players.iter().find(|r| r.id == p))
                .map(|r| r.display_name.clone());
            WaitsOn {
                id: crate::MatchNo::from(l.row.id),
                who,
                challenge: l.row.status == MatchStatus::Challenged,
            }
        })
        .collect();
    Refusal::NothingToDo {
        command: verb,
        waits,
    }
    .into()
}

/// The player id whose decision the match waits on.
pub(super) fn waiting_on(_club: &Club, l: &Loaded) -> Option<i64> {
    match l.row.status {
        MatchStatus::Challenged => Some(l.row.players[1]),
        MatchStatus::Active => l
            .snap
            .as_ref()
            .filter(|s| !s.is_over())
            .and_then(|s| crate::matches::prompts::acting_side(&s.game))
            .map(|s| l.row.players[s.index()]),
        _ => None,
    }
}

/// The actor's open matches here: (id, a line describing it), newest first.
pub(super) async fn open_matches(
    club: &Club,
    actor: &Actor,
) -> Result<Vec<(crate::MatchNo, String)>, ClubError> {
    let (me, community) = club.me(actor).await?;
    let mut out = Vec::new();
    for r in club.store.matches_of(me.id, community, true).await? {
        let l = loaded(club, r).await?;
        out.push((l.row.id.into(), match_label(&l)));
    }
    Ok(out)
}

/// The commands that look at a match rather than act on it.
const VIEWS: [&str; 6] = ["board", "history", "export", "moves", "analyse", "fair"];

/// Whether the standard match `l` waits for a game's opening throw (either player may
/// make it).
fn opening(l: &Loaded) -> bool {
    l.snap.as_ref().is_some_and(|s| {
        matches!(&s.game, engine::AnyMatch::Standard(m)
            if m.phase() == engine::Phase::Opening)
    })
}

/// The match if it is at `version` (when one was named): a version from the future does
/// not exist yet; an older one means the board moved on.
fn at_version(l: Loaded, version: Option<i64>) -> Result<Loaded, ClubError> {
    match version {
        Some(v) if v > l.row.version => {
            Err(Refusal::FutureVersion(crate::MatchNo::from(l.row.id), v, l.row.version).into())
        }
        Some(v) if v != l.row.version => {
            Err(Refusal::Stale(crate::MatchNo::from(l.row.id), l.row.version).into())
        }
        _ => Ok(l),
    }
}

/// A match in one line: `#3 alice v bob, a 5-point match (Crawford), ...`.
pub(crate) fn match_label(l: &Loaded) -> String {
    format!(
        "#{} {} v {}, {}",
        l.row.id,
        l.names[0],
        l.names[1],
        spec_words(&l.spec)
    )
}
