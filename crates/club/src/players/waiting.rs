//! The matches waiting on a player: `/games waiting`, and the list the daily digest sends
//! (`digest`). Each match where he must act (his turn, a decision, a challenge to answer),
//! the nearest deadline first, with the opponent's name, the match's number, what is
//! awaited, the time left and its links: the match's place on the platform (a Discord
//! jump link to its channel or thread) and its web page, as the adapter makes them
//! ([`WaitingLinks`]: the club knows no platform's addresses).
//!
//! Whom a match waits on and what for is worked out from the snapshot as each change is
//! written ([`waiting_mark`], written in the same `UPDATE`, migration 0020), so the list
//! reads it from the matches' columns by index; only rows written before that (their
//! `waiting_for` NULL) are decoded here.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, RwLock};

use crate::PlayerRefusal;
use crate::duration_words;
use crate::kernel::low_priority;
use crate::matches::loaded::Loaded;
use crate::matches::prompts::{acting_side, break_prompt_then, next_words};
use crate::web::links::MATCH;
use crate::{Club, ClubError, Outcome, Snapshot};
use store::{MatchStatus, PlayerRow, WaitingMark, WaitingMatch, WaitingRow};

/// A link made from a match's web token: the page's address.
pub type WebAddress = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// A link made from a match's place: (the community's id on the platform, the channel,
/// the message that last showed its board, when known); `None` where there is nothing to
/// link to.
pub type PlaceLink = Arc<dyn Fn(&str, &str, Option<&str>) -> Option<String> + Send + Sync>;

/// How the adapter links a waiting match (none by default).
#[derive(Clone, Default)]
pub struct WaitingLinks {
    /// The web pages are on: a match's page from its token.
    pub page: Option<WebAddress>,
    /// A jump link to the match's channel or thread.
    pub place: Option<PlaceLink>,
    /// The most characters one direct message may hold there (`None`: no limit).
    pub message_chars: Option<usize>,
}

/// The links a club was given, set by the adapter once it knows them.
#[derive(Default)]
pub(crate) struct LinksCell(RwLock<WaitingLinks>);

impl LinksCell {
    fn get(&self) -> WaitingLinks {
        self.0.read().map(|l| l.clone()).unwrap_or_default()
    }
}

/// A match waiting on a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Waiting {
    pub(crate) match_id: i64,
    /// The player it waits on (his id).
    pub(crate) player: i64,
    pub(crate) opponent: String,
    /// What he must do, in words.
    pub(crate) what: String,
    /// When he forfeits (or the challenge expires), Unix seconds.
    pub(crate) deadline: Option<i64>,
    community: String,
    channel: String,
}

/// Whom match `l` waits on and what for, whatever the time, when its status is `status`
/// and its snapshot `snap`: written with each change of the match (migration 0020), so
/// that the list reads it without decoding the snapshot. Nobody for a match that is over,
/// and while the bot is to act.
pub(crate) fn waiting_mark(
    l: &Loaded,
    status: MatchStatus,
    snap: Option<&Snapshot>,
) -> WaitingMark {
    let nobody = WaitingMark::default();
    match status {
        MatchStatus::Challenged if l.spec.bot.is_none() => WaitingMark {
            on: Some(l.row.players[1]),
            ..nobody
        },
        MatchStatus::Active => {
            let Some(s) = snap.filter(|s| !s.is_over()) else {
                return nobody;
            };
            let held = s.tutor_holds_against_bot(l.spec.bot.is_some());
            let Some(side) = held.or_else(|| acting_side(&s.game)) else {
                return nobody;
            };
            if l.bot_side() == Some(side) {
                return nobody;
            }
            if held.is_some() {
                return WaitingMark {
                    on: Some(l.row.players[side.index()]),
                    what: "undo or keep the play the tutor flagged".into(),
                    break_until: None,
                };
            }
            WaitingMark {
                on: Some(l.row.players[side.index()]),
                what: next_words(&s.game),
                break_until: s.break_until,
            }
        }
        _ => nobody,
    }
}

/// A match read with its waiting (from its columns, or decoded), as the list shows it at
/// `now`: what is awaited in words (a challenge's from its number; a break's end while it
/// runs) and the deadline (a challenge's expiry).
fn waiting_at(m: WaitingMatch, now: i64) -> Waiting {
    let challenge = m.status == MatchStatus::Challenged;
    let what = if challenge {
        format!("answer the challenge (/accept #{0} or /decline #{0})", m.id)
    } else {
        match m.break_until.filter(|&u| u > now) {
            Some(until) => break_prompt_then(until, now, &m.what),
            None => m.what,
        }
    };
    Waiting {
        match_id: m.id,
        player: m.player,
        opponent: m.opponent,
        what,
        deadline: if challenge {
            m.expires_at
        } else {
            m.deadline_at
        },
        community: m.community,
        channel: m.channel,
    }
}

/// The nearest deadline first; those with none last, by number.
fn order(list: &mut [Waiting]) {
    list.sort_by_key(|w| (w.deadline.is_none(), w.deadline, w.match_id));
}

/// One match's line: `#12 against bob: roll or double; 1 day 2 hours left`, and its links.
fn line(w: &Waiting, now: i64, links: &WaitingLinks, linked: &Linked) -> String {
    let mut s = format!("#{} against {}: {}", w.match_id, w.opponent, w.what);
    match w.deadline {
        Some(d) => {
            let _ = write!(s, "; {} left", duration_words(d - now));
        }
        None => s.push_str("; no deadline"),
    }
    // The message that last showed its board, where one is known; else its channel.
    let (channel, message) = match linked.boards.get(&w.match_id) {
        Some((c, m)) => (c.as_str(), Some(m.as_str())),
        None => (w.channel.as_str(), None),
    };
    if let Some(place) = links
        .place
        .as_ref()
        .and_then(|p| p(&w.community, channel, message))
    {
        let _ = write!(s, " (match: {place})");
    }
    if let (Some(page), Some(t)) = (&links.page, linked.tokens.get(&w.match_id)) {
        let _ = write!(s, " (web page: {})", page(t));
    }
    s
}

/// `lines` under `head`, as many as fit in `max` characters with the last line `more`
/// says how many were left out.
fn fit(head: String, lines: Vec<String>, max: Option<usize>) -> Vec<String> {
    let total = lines.len();
    let mut out = vec![head];
    let mut used = out[0].chars().count();
    for (i, l) in lines.into_iter().enumerate() {
        // Room for this line and, unless it is the last, for the line saying how many more.
        let n = l.chars().count() + 1;
        let need = if i + 1 == total { n } else { n + 60 };
        if max.is_some_and(|m| used + need > m) {
            out.push(format!(
                "... and {} more: /games waiting lists them all here",
                total - i
            ));
            break;
        }
        used += n;
        out.push(l);
    }
    out
}

/// Sets how waiting matches are linked (the adapter's web pages and jump links).
pub(super) fn set_waiting_links(club: &Club, links: WaitingLinks) {
    if let Ok(mut l) = club.links.0.write() {
        *l = links;
    }
}

/// The matches waiting on any of `players` at `now`, each player's in order, from
/// `known` (read by their waiting columns) and `unknown` (open matches of theirs whose
/// waiting is not known: decoded here).
fn waiting_in(
    known: Vec<WaitingMatch>,
    unknown: Vec<WaitingRow>,
    players: &[i64],
    now: i64,
) -> HashMap<i64, Vec<Waiting>> {
    let mut out: HashMap<i64, Vec<Waiting>> = HashMap::new();
    let decoded = unknown.into_iter().filter_map(|w| {
        let id = w.row.id;
        let community = w.community;
        let l = match Loaded::read(w.row, w.players) {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(match_id = id, error = %e, "a waiting match cannot be read");
                return None;
            }
        };
        let mark = waiting_mark(&l, l.row.status, l.snap.as_ref());
        let player = mark.on?;
        let side = usize::from(l.row.players[1] == player);
        Some(WaitingMatch {
            id,
            player,
            opponent: l.names[1 - side].clone(),
            status: l.row.status,
            what: mark.what,
            break_until: mark.break_until,
            deadline_at: l.row.deadline_at,
            expires_at: l.row.expires_at,
            channel: l.row.channel,
            community,
        })
    });
    for m in known.into_iter().chain(decoded) {
        if !players.contains(&m.player) {
            continue;
        }
        out.entry(m.player).or_default().push(waiting_at(m, now));
    }
    for list in out.values_mut() {
        order(list);
    }
    out
}

/// The matches waiting on any of `players` at `now`, each player's in order: those
/// whose waiting is known read by it; the others (rows written before migration 0020)
/// decoded, on the low-priority thread when `low` (the digest's many).
pub(super) async fn waiting_of(
    club: &Club,
    players: &[i64],
    community: Option<i64>,
    now: i64,
    low: bool,
) -> Result<HashMap<i64, Vec<Waiting>>, ClubError> {
    let known = club.store.waiting_on(players, community).await?;
    let unknown = club.store.unknown_waiting_of(players, community).await?;
    if !low || unknown.is_empty() {
        return Ok(waiting_in(known, unknown, players, now));
    }
    let ids = players.to_vec();
    low_priority::run(move || waiting_in(known, unknown, &ids, now))
        .await
        .ok_or_else(|| PlayerRefusal::DigestNotComposed.into())
}

/// What the lines of waiting matches link to, beside their channels.
#[derive(Default)]
pub(super) struct Linked {
    /// Each match's web token, when the pages are on.
    tokens: HashMap<i64, String>,
    /// The message that last showed each match's board: `(channel, message id)`.
    boards: HashMap<i64, (String, String)>,
}

/// The links of the matches in `lists`: their web tokens when the pages are on (made now
/// for those that have none, in one transaction), and the messages that last showed their
/// boards when the adapter links places.
pub(super) async fn waiting_linked<'a>(
    club: &Club,
    lists: impl Iterator<Item = &'a Vec<Waiting>>,
    links: &WaitingLinks,
) -> Result<Linked, ClubError> {
    let ids: Vec<i64> = lists.flatten().map(|w| w.match_id).collect();
    let tokens = if links.page.is_some() {
        club.web().links_for(MATCH, &ids).await?
    } else {
        HashMap::new()
    };
    let boards = if links.place.is_some() {
        club.store.board_messages(&ids).await?
    } else {
        HashMap::new()
    };
    Ok(Linked { tokens, boards })
}

/// The lines of a waiting list: each match with its time left and links.
pub(super) fn waiting_lines(
    list: &[Waiting],
    now: i64,
    links: &WaitingLinks,
    linked: &Linked,
) -> Vec<String> {
    list.iter().map(|w| line(w, now, links, linked)).collect()
}

/// The links the adapter set.
pub(super) fn waiting_links(club: &Club) -> WaitingLinks {
    club.links.get()
}

/// `/games waiting`: the player's matches here that wait on him, the nearest deadline
/// first, each with its links.
pub(super) async fn games_waiting(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    reply_chars: Option<usize>,
) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    let mut lists = waiting_of(club, &[me.id], Some(community), now, false).await?;
    let list = lists.remove(&me.id).unwrap_or_default();
    if list.is_empty() {
        return Ok(Outcome {
            lines: vec![format!(
                "Nothing waits for you here, {}: no match needs your move or answer now (/games lists your open matches)",
                me.display_name
            )],
            ..Outcome::default()
        });
    }
    let links = waiting_links(club);
    let linked = waiting_linked(club, std::iter::once(&list), &links).await?;
    let head = format!(
        "Waiting for you here, {} ({} {}, the nearest deadline first):",
        me.display_name,
        list.len(),
        if list.len() == 1 { "match" } else { "matches" }
    );
    Ok(Outcome {
        lines: fit(
            head,
            waiting_lines(&list, now, &links, &linked),
            reply_chars,
        ),
        ..Outcome::default()
    })
}

/// The digest's lines (`digest`): the head, the matches as many as fit, the way to stop it.
pub(crate) fn digest_lines(name: &str, lines: Vec<String>, max: Option<usize>) -> Vec<String> {
    let head = format!(
        "Your daily digest, {name}: {} {} for you, the nearest deadline first (/settings digest:off stops this message):",
        lines.len(),
        if lines.len() == 1 {
            "match waits"
        } else {
            "matches wait"
        }
    );
    fit(head, lines, max)
}
