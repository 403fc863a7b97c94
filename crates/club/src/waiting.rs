//! The matches waiting on a player: `/games waiting`, and the list the daily digest sends
//! (`digest`). Each match where he must act (his turn, a decision, a challenge to answer),
//! the nearest deadline first, with the opponent's name, the match's number, what is
//! awaited, the time left and its links: the match's place on the platform (a Discord
//! jump link to its channel or thread) and its web page, as the adapter makes them
//! ([`WaitingLinks`]: the club knows no platform's addresses).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, RwLock};

use super::loaded::Loaded;
use super::phrases::duration_words;
use super::prompts::{acting_side, break_prompt, next_words};
use super::web_links::MATCH;
use super::{Club, ClubError, Outcome};
use store::{MatchStatus, PlayerRow, WaitingRow};

/// A link made from a match's web token: the page's address.
pub type WebAddress = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// A link made from a match's place: (the community's id on the platform, the channel);
/// `None` where there is nothing to link to.
pub type PlaceLink = Arc<dyn Fn(&str, &str) -> Option<String> + Send + Sync>;

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
pub(super) struct LinksCell(RwLock<WaitingLinks>);

impl LinksCell {
    fn get(&self) -> WaitingLinks {
        self.0.read().map(|l| l.clone()).unwrap_or_default()
    }
}

/// A match waiting on a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Waiting {
    pub(super) match_id: i64,
    /// The player it waits on (his id).
    pub(super) player: i64,
    pub(super) opponent: String,
    /// What he must do, in words.
    pub(super) what: String,
    /// When he forfeits (or the challenge expires), Unix seconds.
    pub(super) deadline: Option<i64>,
    community: String,
    channel: String,
}

/// Whom match `l` waits on and what for, at `now`; `None` when it waits on nobody (over)
/// or on the bot.
fn waits_for(l: &Loaded, now: i64) -> Option<(usize, String, Option<i64>)> {
    match l.row.status {
        MatchStatus::Challenged if l.spec.bot.is_none() => Some((
            1,
            format!(
                "answer the challenge (/accept #{0} or /decline #{0})",
                l.row.id
            ),
            l.row.expires_at,
        )),
        MatchStatus::Active => {
            let s = l.snap.as_ref().filter(|s| !s.is_over())?;
            let held = s.tutor_holds_against_bot(l.spec.bot.is_some());
            let side = held.or_else(|| acting_side(&s.game))?;
            if l.bot_side() == Some(side) {
                return None;
            }
            let what = match s.break_running(now) {
                _ if held.is_some() => "undo or keep the play the tutor flagged".to_string(),
                Some(until) => break_prompt(until, now, &s.game),
                None => next_words(&s.game),
            };
            Some((side.index(), what, l.row.deadline_at))
        }
        _ => None,
    }
}

/// The nearest deadline first; those with none last, by number.
fn order(list: &mut [Waiting]) {
    list.sort_by_key(|w| (w.deadline.is_none(), w.deadline, w.match_id));
}

/// One match's line: `#12 against bob: roll or double; 1 day 2 hours left`, and its links.
fn line(w: &Waiting, now: i64, links: &WaitingLinks, token: Option<&String>) -> String {
    let mut s = format!("#{} against {}: {}", w.match_id, w.opponent, w.what);
    match w.deadline {
        Some(d) => {
            let _ = write!(s, "; {} left", duration_words(d - now));
        }
        None => s.push_str("; no deadline"),
    }
    if let Some(place) = links
        .place
        .as_ref()
        .and_then(|p| p(&w.community, &w.channel))
    {
        let _ = write!(s, " (match: {place})");
    }
    if let (Some(page), Some(t)) = (&links.page, token) {
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

impl Club {
    /// Sets how waiting matches are linked (the adapter's web pages and jump links).
    pub fn set_waiting_links(&self, links: WaitingLinks) {
        if let Ok(mut l) = self.links.0.write() {
            *l = links;
        }
    }

    /// The matches of `rows` waiting on any of `players` at `now`, each player's in order.
    pub(super) fn waiting_in(
        rows: Vec<WaitingRow>,
        players: &[i64],
        now: i64,
    ) -> HashMap<i64, Vec<Waiting>> {
        let mut out: HashMap<i64, Vec<Waiting>> = HashMap::new();
        for w in rows {
            let id = w.row.id;
            let community = w.community;
            let l = match Self::loaded_with(w.row, w.players) {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(match_id = id, error = %e, "a waiting match cannot be read");
                    continue;
                }
            };
            let Some((side, what, deadline)) = waits_for(&l, now) else {
                continue;
            };
            let player = l.players[side].id;
            if !players.contains(&player) {
                continue;
            }
            out.entry(player).or_default().push(Waiting {
                match_id: id,
                player,
                opponent: l.names[1 - side].clone(),
                what,
                deadline,
                community: community.clone(),
                channel: l.row.channel.clone(),
            });
        }
        for list in out.values_mut() {
            order(list);
        }
        out
    }

    /// The web tokens of the matches in `lists` when the pages are on, made now for those
    /// that have none (in one transaction).
    pub(super) async fn waiting_tokens<'a>(
        &self,
        lists: impl Iterator<Item = &'a Vec<Waiting>>,
        links: &WaitingLinks,
    ) -> Result<HashMap<i64, String>, ClubError> {
        if links.page.is_none() {
            return Ok(HashMap::new());
        }
        let ids: Vec<i64> = lists.flatten().map(|w| w.match_id).collect();
        self.links_for(MATCH, &ids).await
    }

    /// The lines of a waiting list: each match with its time left and links.
    pub(super) fn waiting_lines(
        list: &[Waiting],
        now: i64,
        links: &WaitingLinks,
        tokens: &HashMap<i64, String>,
    ) -> Vec<String> {
        list.iter()
            .map(|w| line(w, now, links, tokens.get(&w.match_id)))
            .collect()
    }

    /// The links the adapter set.
    pub(super) fn waiting_links(&self) -> WaitingLinks {
        self.links.get()
    }

    /// `/games waiting`: the player's matches here that wait on him, the nearest deadline
    /// first, each with its links.
    pub(super) async fn games_waiting(
        &self,
        me: &PlayerRow,
        community: i64,
        reply_chars: Option<usize>,
    ) -> Result<Outcome, ClubError> {
        let now = self.clock.now();
        let rows = self
            .store
            .open_matches_of(&[me.id], Some(community))
            .await?;
        let mut lists = Self::waiting_in(rows, &[me.id], now);
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
        let links = self.waiting_links();
        let tokens = self.waiting_tokens(std::iter::once(&list), &links).await?;
        let head = format!(
            "Waiting for you here, {} ({} {}, the nearest deadline first):",
            me.display_name,
            list.len(),
            if list.len() == 1 { "match" } else { "matches" }
        );
        Ok(Outcome {
            lines: fit(
                head,
                Self::waiting_lines(&list, now, &links, &tokens),
                reply_chars,
            ),
            ..Outcome::default()
        })
    }
}

/// The digest's lines (`digest`): the head, the matches as many as fit, the way to stop it.
pub(super) fn digest_lines(name: &str, lines: Vec<String>, max: Option<usize>) -> Vec<String> {
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
