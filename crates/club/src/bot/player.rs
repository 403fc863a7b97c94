//! GNU Backgammon as a player of the club: who the bot is on each platform, its events
//! for the adapters, and the worker that makes its decisions (at start-up for every
//! pending one, then whenever a command leaves the bot to act, and again after a retry
//! interval for those that failed). The decisions themselves are in `bot_turn`.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{Notify, broadcast};

use crate::{BotEvent, Club, ClubError};

/// The local chat's bot: `/challenge bot` names it.
pub(crate) const LOCAL_BOT_ID: &str = "bot";

/// The bot's name where the platform gives none (the local chat): the program's own,
/// which fits both of its players (GNU Backgammon in standard backgammon, gammonbot's
/// own Welsh player in Welsh).
pub(crate) const BOT_NAME: &str = "gammonbot";

/// How long the bot waits before it tries again a decision that failed (gnubg missing,
/// failing or too slow), unless the club says otherwise (`Club::with_bot_retry`).
pub(crate) const DEFAULT_RETRY: Duration = Duration::from_secs(60);

/// How many open bot matches one read of a scan takes: the scan reads page after page
/// until it has seen them all.
pub(crate) const SCAN_PAGE: i64 = 1_000;

/// The bot player's state in the club.
pub(crate) struct BotPlayer {
    /// platform -> (the bot's user id there, its display name).
    identities: Mutex<HashMap<String, (String, String)>>,
    pub(crate) events: broadcast::Sender<BotEvent>,
    /// Rung when a command leaves the bot to act (the matches are in `pending`).
    pub(crate) bell: Notify,
    pending: Mutex<BTreeSet<i64>>,
    /// The matches a batch of decisions is under way in.
    in_flight: Mutex<BTreeSet<i64>>,
    /// Rung when a batch ends.
    batch_done: Notify,
    /// The failure last told in each match (a failure is told once, until a decision
    /// succeeds there).
    pub(crate) told: Mutex<HashMap<i64, String>>,
    pub(crate) retry: Duration,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl BotPlayer {
    pub(crate) fn new() -> BotPlayer {
        let mut identities = HashMap::new();
        identities.insert(
            "local".to_string(),
            (LOCAL_BOT_ID.to_string(), BOT_NAME.to_string()),
        );
        BotPlayer {
            identities: Mutex::new(identities),
            events: broadcast::channel(256).0,
            bell: Notify::new(),
            pending: Mutex::new(BTreeSet::new()),
            in_flight: Mutex::new(BTreeSet::new()),
            batch_done: Notify::new(),
            told: Mutex::new(HashMap::new()),
            retry: DEFAULT_RETRY,
        }
    }

    /// Asks the worker to look at match `id` now.
    pub(crate) fn ring(&self, id: i64) {
        lock(&self.pending).insert(id);
        self.bell.notify_one();
    }

    /// The matches with a decision waiting or under way.
    pub(crate) fn waiting(&self) -> usize {
        let mut all = lock(&self.pending).clone();
        all.extend(lock(&self.in_flight).iter().copied());
        all.len()
    }

    /// Asks the worker to look at match `id` in `seconds` (at once if none).
    pub(crate) fn ring_at(self: &Arc<Self>, id: i64, seconds: i64) {
        let player = Arc::clone(self);
        let wait = Duration::from_secs(u64::try_from(seconds).unwrap_or(0));
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            player.ring(id);
        });
    }

    pub(crate) fn take_pending(&self) -> Vec<i64> {
        std::mem::take(&mut *lock(&self.pending))
            .into_iter()
            .collect()
    }

    /// Decides in match `id` on a task of its own, unless a batch there is under way (then
    /// it is looked at again when that one ends), or the club is stopping (then at the
    /// next start).
    pub(crate) fn start(&self, club: &Arc<Club>, id: i64) {
        if club.stop.asked() {
            return;
        }
        if !lock(&self.in_flight).insert(id) {
            lock(&self.pending).insert(id);
            return;
        }
        let club = Arc::clone(club);
        tokio::spawn(async move {
            club.bot_decides(id).await;
            let player = &club.bot_player;
            lock(&player.in_flight).remove(&id);
            if lock(&player.pending).contains(&id) {
                player.bell.notify_one();
            }
            player.batch_done.notify_waiters();
        });
    }

    /// Returns once no batch of decisions is under way.
    pub(crate) async fn batches_ended(&self) {
        loop {
            let ended = self.batch_done.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if lock(&self.in_flight).is_empty() {
                return;
            }
            ended.await;
        }
    }

    pub(crate) fn identity(&self, platform: &str) -> Option<(String, String)> {
        lock(&self.identities).get(platform).cloned()
    }

    /// Whether the failure `text` in match `id` is news (and remembers it as told).
    pub(crate) fn first_telling(&self, id: i64, text: &str) -> bool {
        let mut told = lock(&self.told);
        if told.get(&id).is_some_and(|t| t == text) {
            return false;
        }
        told.insert(id, text.to_string());
        true
    }

    /// A decision was made in match `id`: a later failure is told again.
    pub(crate) fn succeeded(&self, id: i64) {
        lock(&self.told).remove(&id);
    }
}

/// Who the bot is on `platform`: its own user id and display name there (Discord: set
/// when the gateway is ready). The local chat's bot needs no call: its user id is
/// `bot` (so `/challenge bot` names it) and its name "gammonbot".
pub(super) fn set_bot_identity(club: &Club, platform: &str, user_id: &str, name: &str) {
    lock(&club.bot_player.identities).insert(
        platform.to_string(),
        (user_id.to_string(), name.to_string()),
    );
}

/// The bot's user id on `platform`, if it is known there.
#[must_use]
pub(super) fn bot_user_id(club: &Club, platform: &str) -> Option<String> {
    club.bot_player.identity(platform).map(|(id, _)| id)
}

/// The bot's decisions (and why it could not make one), one event per batch of
/// decisions, for the adapters to post in the match's channel.
#[must_use]
pub(super) fn bot_events(club: &Club) -> broadcast::Receiver<BotEvent> {
    club.bot_player.events.subscribe()
}

/// Whether `user_id` on `platform` is the bot.
pub(super) fn is_bot_user(club: &Club, platform: &str, user_id: &str) -> bool {
    club.bot_player
        .identity(platform)
        .is_some_and(|(id, _)| id == user_id)
}

/// Every open match against the bot, read page by page ([`SCAN_PAGE`]): none is left
/// out however many there are.
pub(crate) async fn open_bot_match_ids(club: &Club) -> Result<Vec<i64>, ClubError> {
    let mut ids = Vec::new();
    loop {
        let page = club
            .store
            .open_bot_matches(ids.last().copied().unwrap_or(0), SCAN_PAGE)
            .await?;
        let full = i64::try_from(page.len()).unwrap_or(i64::MAX) >= SCAN_PAGE;
        ids.extend(page.into_iter().map(|r| r.id));
        if !full {
            return Ok(ids);
        }
    }
}

/// Makes every pending decision of the bot once: the challenges to it not yet
/// accepted, and every open bot match whose next decision is the bot's. Returns the
/// events (also sent to [`Club::bot_events`]). A decision that fails is told once and
/// waits for the next call.
pub(super) async fn run_bot_once(club: &Club) -> Result<Vec<BotEvent>, ClubError> {
    let mut events = Vec::new();
    for id in open_bot_match_ids(club).await? {
        events.extend(super::turn::bot_decides(club, id).await);
    }
    Ok(events)
}
