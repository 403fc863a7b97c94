//! What the web companion's chouette page shows (`docs/web.md`): the terms, the line (the
//! box, the captain, the crew), the games played and the standings, and the board after
//! every entry of the session's log with the words that entry made. Read by the session's
//! id, which only a resolved link token gives (`web_links`); display names only.

use engine::chouette::{Chouette, ChouetteEvent, ChouettePhase};
use render::Scene;

use crate::chouette::log::{ChouetteEntry, chouette_words, id_of};
use crate::chouette::session::Session;
use crate::chouette::view::event_words;
use crate::web::match_page::Frame;
use crate::{Club, ClubError};

/// A chouette session as its web page shows it.
#[derive(Clone, Debug)]
pub struct ChouettePage {
    /// The session's number (as `/chouette` names it: `c3`).
    pub id: i64,
    /// The terms in words.
    pub terms: String,
    /// `waiting for players`, `game 2 under way`, ...
    pub status: String,
    /// The box (the first of the line), once a game has started or the line is made.
    pub box_player: Option<String>,
    /// The captain (the second of the line).
    pub captain: Option<String>,
    /// The rest of the line, in order.
    pub crew: Vec<String>,
    /// Games finished.
    pub games: u32,
    /// Each player's points against the box, best first.
    pub standings: Vec<(String, i64)>,
    /// The words before the first board (joins, the creation).
    pub preamble: Vec<String>,
    /// The board after every entry since the first game started, with its words.
    pub frames: Vec<Frame>,
    /// Bumped by every change.
    pub version: i64,
    /// Everyone left: the session takes no one and never changes again (the page stops
    /// polling).
    pub ended: bool,
}

/// What a chouette page polls: the session's version, and whether it has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChouetteVersion {
    /// Bumped by every change.
    pub version: i64,
    /// Everyone left: nothing will change any more.
    pub ended: bool,
}

/// The page of chouette session `id`.
pub(super) async fn chouette_page(club: &Club, id: i64) -> Result<ChouettePage, ClubError> {
    let s = load_chouette_named(club, id).await?;
    let (preamble, frames) = chouette_replay(club, &s).await?;
    let c = &s.state;
    let line: Vec<String> = c.line().iter().map(|&p| s.name(p)).collect();
    let mut standings: Vec<(String, i64)> =
        c.tally().iter().map(|&(p, v)| (s.name(p), v)).collect();
    standings.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    // The engine counts the games started; the page, the games finished.
    let (status, games) = if c.ended() {
        let n = c.games();
        (
            format!(
                "ended after {n} game{} (everyone left)",
                if n == 1 { "" } else { "s" }
            ),
            n,
        )
    } else if c.phase() == ChouettePhase::Waiting {
        let words = if c.games() == 0 {
            "waiting to start"
        } else {
            "between games"
        };
        (format!("{words}; {} players", c.players().len()), c.games())
    } else {
        (
            format!("game {} under way", c.games()),
            c.games().saturating_sub(1),
        )
    };
    Ok(ChouettePage {
        id,
        terms: chouette_words(&s.spec),
        status,
        box_player: line.first().cloned(),
        captain: line.get(1).cloned(),
        crew: line.iter().skip(2).cloned().collect(),
        games,
        standings,
        preamble,
        frames,
        version: s.version,
        ended: c.ended(),
    })
}

/// The board of chouette session `id` at step `n` of its replay, if there is one.
pub(super) async fn chouette_frame(
    club: &Club,
    id: i64,
    n: usize,
) -> Result<Option<Scene>, ClubError> {
    let s = load_chouette_named(club, id).await?;
    let (_, mut frames) = chouette_replay(club, &s).await?;
    Ok((n < frames.len()).then(|| frames.swap_remove(n).scene))
}

/// Session `id`'s version (bumped by every change) and whether it has ended, if it
/// exists.
pub(super) async fn chouette_version(
    club: &Club,
    id: i64,
) -> Result<Option<ChouetteVersion>, ClubError> {
    let Some(row) = club.store.load_chouette(id).await? else {
        return Ok(None);
    };
    let state: Chouette =
        serde_json::from_str(&row.state).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
    Ok(Some(ChouetteVersion {
        version: row.version,
        ended: state.ended(),
    }))
}

/// Session `id` with the names of everyone in its log (a player who joined and left
/// is named too).
async fn load_chouette_named(club: &Club, id: i64) -> Result<Session, ClubError> {
    let mut s = club.load_chouette(id).await?;
    for (player, _) in club.store.chouette_actions(id).await? {
        let Some(p) = player else { continue };
        if let std::collections::hash_map::Entry::Vacant(v) = s.names.entry(id_of(p)) {
            let row = club.store.player_by_id(p).await?;
            v.insert((row.display_name, row.platform_id));
        }
    }
    Ok(s)
}

/// The session's log replayed: the words before the first board, and a frame (the
/// board and the entry's words) for each entry once there is a board to show.
async fn chouette_replay(club: &Club, s: &Session) -> Result<(Vec<String>, Vec<Frame>), ClubError> {
    let corrupt = |e: String| ClubError::Corrupt(s.id, e);
    let mut state: Option<Chouette> = None;
    let mut last = None;
    let (mut preamble, mut frames) = (Vec::new(), Vec::new());
    for (_, text) in club.store.chouette_actions(s.id).await? {
        let entry: ChouetteEntry =
            serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
        let (before, by, action) = match entry {
            ChouetteEntry::Create { creator, .. } => {
                state = Some(Chouette::new(s.spec.rules, id_of(creator)));
                preamble.push(format!(
                    "{} creates chouette #{}: {}",
                    s.name(id_of(creator)),
                    s.id,
                    chouette_words(&s.spec)
                ));
                continue;
            }
            ChouetteEntry::Act { by, action, .. } => (
                state
                    .take()
                    .ok_or_else(|| corrupt("an action before the creation".into()))?,
                by,
                action,
            ),
        };
        let (next, events) = before
            .apply(id_of(by), &action)
            .map_err(|e| corrupt(e.to_string()))?;
        let at = Session {
            id: s.id,
            version: s.version,
            spec: s.spec,
            state: before,
            names: s.names.clone(),
        };
        let lines: Vec<String> = events
            .iter()
            .map(|e| event_words(&at, &at.state, e))
            .collect();
        for e in &events {
            match e {
                ChouetteEvent::Played { by, play } => {
                    last = Some((*by, *at.state.position(), *play));
                }
                ChouetteEvent::GameStarted { .. } => last = None,
                _ => {}
            }
        }
        let after = Session { state: next, ..at };
        match club.chouette_outcome(&after, last).board {
            Some(scene) => frames.push(Frame { scene, lines }),
            None if frames.is_empty() => preamble.extend(lines),
            // (between games with no board: the words join the last board's)
            None => {
                if let Some(f) = frames.last_mut() {
                    f.lines.extend(lines);
                }
            }
        }
        state = Some(after.state);
    }
    Ok((preamble, frames))
}
