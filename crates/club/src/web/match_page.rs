//! What the web companion's match page shows (`docs/web.md`): the board after every
//! entry of the match's log with the words that entry made (the move list), the terms,
//! the score, the result and its cause, and the downloads (the `.mat` or Welsh record,
//! the fair-dice export). Read by the match's id, which only a resolved link token gives
//! (`web_links`); nothing here names a server or a Discord id.

use engine::fair::FairId;
use engine::{Ruleset, Side};
use render::Scene;
use store::EndCause;

use crate::matches::loaded::Loaded;
use crate::{
    Attachment, Club, ClubError, GameRecord, Snapshot, export_json, match_played, spec_words,
};

/// One step of a replay: the board after a log entry, and what it said.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The board, drawn from X's side (the challenger's) at every step.
    pub scene: Scene,
    /// The entry's words, as `/history` says them.
    pub lines: Vec<String>,
}

/// A match as its web page shows it.
#[derive(Clone, Debug)]
pub struct MatchPage {
    /// The players' display names, X (the challenger) first.
    pub names: [String; 2],
    pub ruleset: Ruleset,
    /// The terms in words.
    pub terms: String,
    /// `challenged`, `active`, `finished`, ...
    pub status: String,
    /// Bumped by every change; the live page watches it.
    pub version: i64,
    /// The result in words, once there is one.
    pub result: Option<String>,
    /// Why it ended, in words, when it did not end by being played out.
    pub cause: Option<String>,
    /// The words before the match was accepted (the challenge, a decline, ...).
    pub preamble: Vec<String>,
    /// The board at the start and after every entry since (empty before it starts).
    pub frames: Vec<Frame>,
    /// Whether there is a fair-dice export.
    pub has_dice: bool,
}

/// Why a match ended, in words, or `None` for a match played out (or under way).
fn cause_words(cause: Option<&EndCause>, loser: Option<&str>) -> Option<String> {
    let loser = loser.unwrap_or("the loser");
    Some(match cause? {
        EndCause::Played => return None,
        EndCause::Rectangle => "by a rectangle".into(),
        EndCause::Clock => format!("{loser} ran out of time"),
        EndCause::Resigned => format!("{loser} resigned"),
        EndCause::Dropped => format!("{loser} dropped the cube"),
        EndCause::Forfeit(r) => format!("forfeit by the organiser's ruling: {r}"),
        EndCause::Withdrawal(r) => format!("forfeit: {r}"),
        EndCause::Adjudicated(r) => format!("adjudicated by the organiser: {r}"),
    })
}

/// The page of match `id`.
pub(super) async fn match_page(club: &Club, id: i64) -> Result<MatchPage, ClubError> {
    let l = club.load(id).await?;
    let (preamble, frames) = replay(club, &l).await?;
    let loser = l.row.winner.and_then(|w| {
        Side::BOTH
            .into_iter()
            .find(|s| l.players[s.index()].id != w)
            .map(|s| l.names[s.index()].as_str())
    });
    let has_dice = club.fair_record(FairId::Match(id)).await?.is_some();
    Ok(MatchPage {
        names: l.names.clone(),
        ruleset: l.spec.ruleset,
        terms: spec_words(&l.spec),
        status: l.row.status.to_string(),
        version: l.row.version,
        result: l.row.result.clone(),
        cause: cause_words(l.row.cause.as_ref(), loser),
        preamble,
        frames,
        has_dice,
    })
}

/// The board of match `id` at step `n` of its replay, if there is one.
pub(super) async fn match_frame(
    club: &Club,
    id: i64,
    n: usize,
) -> Result<Option<Scene>, ClubError> {
    let l = club.load(id).await?;
    let (_, mut frames) = replay(club, &l).await?;
    Ok((n < frames.len()).then(|| frames.swap_remove(n).scene))
}

/// The stamp of match `id`'s page (its version and players' names), if the match
/// exists: read cheaply, it changes whenever the page would (the web page cache).
pub(super) async fn match_page_stamp(
    club: &Club,
    id: i64,
) -> Result<Option<store::PageStamp>, ClubError> {
    Ok(club.store.match_page_stamp(id).await?)
}

/// Match `id`'s version (bumped by every change), if the match exists.
pub(super) async fn match_version(club: &Club, id: i64) -> Result<Option<i64>, ClubError> {
    Ok(club.store.match_version(id).await?)
}

/// Match `id` as a file: a standard match's `.mat`, a Welsh match's record; `None`
/// before it is accepted.
pub(super) async fn match_file(club: &Club, id: i64) -> Result<Option<Attachment>, ClubError> {
    let l = club.load(id).await?;
    if l.snap.is_none() {
        return Ok(None);
    }
    Ok(club.export_loaded(&l).await?.attachment)
}

/// Match `id`'s fair-dice export (as `/fair export` gives it), if it has a record.
pub(super) async fn match_dice_export(club: &Club, id: i64) -> Result<Option<String>, ClubError> {
    let Some(fair) = club.fair_record(FairId::Match(id)).await? else {
        return Ok(None);
    };
    let l = club.load(id).await?;
    let throws = club
        .store
        .fair_throws(&FairId::Match(id).to_string())
        .await?;
    let entries = crate::matches::log::read_log(&club.store, id).await?;
    let played =
        match_played(&l.spec, &entries, &l.names).map_err(|e| ClubError::Corrupt(id, e))?;
    Ok(Some(export_json(
        &fair,
        fair.chains(),
        &throws,
        GameRecord {
            ruleset: l.spec.ruleset,
            played: Some(&played),
            line: None,
        },
    )))
}

/// The anchor of match `id`'s fair dice as posted before its first throw (its first
/// chain's), if it has a record.
pub(super) async fn match_dice_anchor(club: &Club, id: i64) -> Result<Option<String>, ClubError> {
    Ok(club
        .fair_record(FairId::Match(id))
        .await?
        .and_then(|f| f.chains().first().map(|c| c.anchor.clone())))
}

/// The words before the match started, and a frame for its start and for every
/// entry after it.
pub(super) async fn replay(
    club: &Club,
    l: &Loaded,
) -> Result<(Vec<String>, Vec<Frame>), ClubError> {
    let entries = crate::matches::log::read_log(&club.store, l.row.id).await?;
    let stake = if l.spec.length.is_none() {
        l.spec.stake
    } else {
        0
    };
    let scene = |s: &Snapshot| s.scene(&l.names, Some(Side::X), stake);
    let mut preamble = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    crate::matches::views::tell_log(l, &entries, |snap, lines| match snap {
        Some(s) => frames.push(Frame {
            scene: scene(s),
            lines,
        }),
        None => preamble.extend(lines),
    })?;
    Ok((preamble, frames))
}
