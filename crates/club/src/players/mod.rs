//! Players: who sends a command, names, settings, ratings, head-to-head, the Welsh record,
//! vacations, the daily digest, the matches waiting on a player.
//!
//! Entry points, on [`Club`]: `me` (`acting_player`); `digest_sweep`, `compose_digests`
//! (`digest`); `head_to_head_view` (`h2h`); `rename` (`names`); `rated_player`,
//! `rating_view`, `leaderboard_view` (`rating`); `settings`, `introduce`, `match_threads`,
//! `move_to_channel` (`settings`); `vacation`, `vacation_starts`, `defer_for_vacation`,
//! `sweep_spares`, `vacation_sweep` (`vacation`); `set_waiting_links`, `games_waiting`
//! (`waiting`); `welsh_record` (`welsh_record`).

mod acting_player;
mod digest;
pub(crate) mod h2h;
pub(crate) mod named;
mod names;
pub(crate) mod player_key;
pub(crate) mod rating;
mod refusal;
mod settings;
mod vacation;
pub(crate) mod waiting;
mod welsh_record;

pub(crate) use waiting::LinksCell;

pub use digest::DigestOptions;
pub use rating::{RATING_CHANGES_SHOWN, change_line};
pub use refusal::PlayerRefusal;
pub use vacation::{DEFAULT_VACATION_DAYS, VacationOp, VacationRefusal, days_taken};
pub use waiting::{PlaceLink, WaitingLinks, WebAddress};

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::MatchNo;
use crate::Notice;
use crate::Outcome;
use crate::Snapshot;
use crate::matches::loaded::Loaded;
use engine::Ruleset;
use store::MatchChange;
use store::PlayerRow;

impl Club {
    // acting_player
    /// The player who sends a command and the community they send it in, made on their
    /// first command (a changed display name renames them).
    pub(crate) async fn me(&self, actor: &Actor) -> Result<(PlayerRow, i64), ClubError> {
        acting_player::me(self, actor).await
    }

    // digest
    /// Sends the digests that are due: each claimed for its local day (one process sends
    /// it, once), then its player's waiting matches composed; nothing when nothing waits.
    ///
    /// # Errors
    /// A database error (the digests claimed before it stay claimed).
    pub async fn digest_sweep(&self) -> Result<Vec<Notice>, ClubError> {
        digest::digest_sweep(self).await
    }

    /// The digests of `players` at `now`: one direct message each for those some match
    /// waits on.
    ///
    /// # Errors
    /// A database error.
    pub async fn compose_digests(
        &self,
        players: &[PlayerRow],
        now: i64,
    ) -> Result<Vec<Notice>, ClubError> {
        digest::compose_digests(self, players, now).await
    }

    // h2h
    /// `/h2h [player] <opponent>`: `player` (default: me) against `opponent` here.
    pub(crate) async fn head_to_head_view(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        player: Option<&str>,
        opponent: &str,
    ) -> Result<Outcome, ClubError> {
        h2h::head_to_head_view(self, actor, me, community, player, opponent).await
    }

    // names
    /// Writes the player's name as `name`. In the local chat the name is the identity (its
    /// id is the name in lower case), so only its case may change.
    pub(crate) async fn rename(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        name: &str,
    ) -> Result<Outcome, ClubError> {
        names::rename(self, actor, me, name).await
    }

    /// A player named in `/rating`: known on this platform, never created by asking.
    pub(crate) async fn rated_player(
        &self,
        actor: &Actor,
        who: &str,
    ) -> Result<PlayerRow, ClubError> {
        rating::rated_player(self, actor, who).await
    }

    /// `/rating [player] [rules]`: the first line is exactly `Rating for <name>
    /// (<ruleset>): <rating>, experience <n>`; then rank, record and the last changes; the
    /// history as a chart.
    pub(crate) async fn rating_view(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        player: Option<&str>,
        ruleset: Option<Ruleset>,
    ) -> Result<Outcome, ClubError> {
        rating::rating_view(self, actor, me, community, player, ruleset).await
    }

    /// `/leaderboard [rules]`: the best ratings here with at least the configured
    /// experience, as text and as a table.
    pub(crate) async fn leaderboard_view(
        &self,
        actor: &Actor,
        community: i64,
        ruleset: Option<Ruleset>,
    ) -> Result<Outcome, ClubError> {
        rating::leaderboard_view(self, actor, community, ruleset).await
    }

    // settings
    /// Shows the player's settings, changing those given.
    pub(crate) async fn settings(
        &self,
        me: &PlayerRow,
        auto_roll: Option<bool>,
        notify_dm: Option<bool>,
        digest: &DigestOptions,
    ) -> Result<Outcome, ClubError> {
        settings::settings(self, me, auto_roll, notify_dm, digest).await
    }

    /// Records a player the platform has told us about (a challenged user who has not
    /// spoken yet).
    ///
    /// # Errors
    /// A database error.
    pub async fn introduce(
        &self,
        platform: &str,
        user_id: &str,
        name: &str,
    ) -> Result<(), ClubError> {
        settings::introduce(self, platform, user_id, name).await
    }

    /// Whether the actor's community plays each match in its own thread, and (with `set`)
    /// changes it. The platform checks who may change it.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_threads(&self, actor: &Actor, set: Option<bool>) -> Result<bool, ClubError> {
        settings::match_threads(self, actor, set).await
    }

    /// Moves a match to another channel of the same platform (its own thread).
    ///
    /// # Errors
    /// Not a participant, or a database error.
    pub async fn move_to_channel(
        &self,
        actor: &Actor,
        id: MatchNo,
        channel: &str,
    ) -> Result<(), ClubError> {
        settings::move_to_channel(self, actor, id.get(), channel).await
    }

    // vacation
    /// A vacation command of `me` in `community`.
    pub(crate) async fn vacation(
        &self,
        me: &PlayerRow,
        community: i64,
        op: VacationOp,
    ) -> Result<Outcome, ClubError> {
        vacation::vacation(self, me, community, op).await
    }

    /// The sweep's part, before any time-out: planned vacations whose start has come
    /// begin (once, whichever process gets there first): the turns waiting on the player
    /// move on to its end (from its start, or from when they came to him if later), his
    /// opponents are told, and he too.
    pub(crate) async fn vacation_starts(&self) -> Result<Vec<Notice>, ClubError> {
        vacation::vacation_starts(self).await
    }

    /// A change that leaves the turn to a player on vacation (whose vacation stops this
    /// match's clock) starts his turn when the vacation ends: its start and deadline move
    /// on by the time left away.
    pub(crate) async fn defer_for_vacation(
        &self,
        l: &Loaded,
        snap: &Snapshot,
        change: &mut MatchChange,
    ) -> Result<(), ClubError> {
        vacation::defer_for_vacation(self, l, snap, change).await
    }

    /// The sweep's safety net: a due match waiting on a player on vacation is not timed
    /// out nor reminded; its turn starts when the vacation ends instead. Whether it was
    /// (so the sweep leaves it).
    pub(crate) async fn sweep_spares(&self, l: &Loaded, player: i64) -> Result<bool, ClubError> {
        vacation::sweep_spares(self, l, player).await
    }

    /// The sweep's part: vacations whose planned end has come are ended (once, whichever
    /// process gets there first), the player and his opponents told.
    pub(crate) async fn vacation_sweep(&self) -> Result<Vec<Notice>, ClubError> {
        vacation::vacation_sweep(self).await
    }

    // waiting
    /// Sets how waiting matches are linked (the adapter's web pages and jump links).
    pub fn set_waiting_links(&self, links: WaitingLinks) {
        waiting::set_waiting_links(self, links)
    }

    /// `/games waiting`: the player's matches here that wait on him, the nearest deadline
    /// first, each with its links.
    pub(crate) async fn games_waiting(
        &self,
        me: &PlayerRow,
        community: i64,
        reply_chars: Option<usize>,
    ) -> Result<Outcome, ClubError> {
        waiting::games_waiting(self, me, community, reply_chars).await
    }

    // welsh_record
    /// The record of Welsh match `l` as a text attachment.
    pub(crate) async fn welsh_record(&self, l: &Loaded) -> Result<Outcome, ClubError> {
        welsh_record::welsh_record(self, l).await
    }
}
