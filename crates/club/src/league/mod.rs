//! Leagues and tournaments: round robins, knockouts, divisions over seasons, double
//! elimination and the Swiss system, run by an
//! organiser (the tournament director). Commands in, outcomes out; every change is one
//! transaction with the league's version checked ([`store::Store::commit_league`])
//! and an entry in the league's append-only log. A league match reports its end to its
//! fixture inside the match's own commit; what follows from it (the next knockout round,
//! the end of the season, the jack-pot) is done right after and again by the sweep, so a
//! restart loses nothing.
//!
//! The scheduler (`fixtures`, `double_elim`, `swiss`) and the table (`standings`) are
//! pure; `swiss_rounds` pairs a Swiss season's next round in the store; `record` finds a
//! league, writes its changes and starts its matches; `draw` draws a season (seeding,
//! fixtures, entry fees) and `start` starts one; `advance` follows results (next
//! knockout round, end of season), `director` holds the organiser's rulings and
//! extensions, `withdrawal` a player leaving mid-season, `reminders` the sweep's part,
//! `recur` seasons that start by themselves, `checkin` a knockout's check-in, `posts`
//! what a chat platform posts of a season, `suggest` gnubg's chances for an unfinished
//! match; `views` and `pictures` show them. The types are in `terms` (format, settings, a
//! league as read), `ops` (the commands) and `entries` (the log); `commands` runs the
//! commands; `tables` makes a division's table and its text. This file declares the parts,
//! re-exports what the club and the adapters use of them, and holds the room's entry
//! points.
//!
//! Entry points, on [`Club`]: `after_match_end` (`advance`); `league_result`, `league_channel` (`announce`);
//! `league` (`commands`); `find_league`, `league_names` (`record`); `league_posts`,
//! `league_threads_owed`, `move_owed_league_match`, `move_league_match` (`posts`);
//! `league_sweep` (`reminders`); `league_table`, `league_bracket`, `bracket_picture`
//! (`views`).

mod advance;
mod announce;
mod checkin;
mod commands;
mod director;
pub mod double_elim;
mod draw;
mod entries;
pub mod fixtures;
mod log;
mod ops;
mod pictures;
mod posts;
mod record;
mod recur;
mod refusal;
mod reminders;
pub mod standings;
mod start;
mod suggest;
pub mod swiss;
mod swiss_rounds;
mod tables;
mod terms;
mod views;
mod withdrawal;

pub(crate) use advance::league_report;
pub use entries::LeagueEntry;
pub use ops::{LeagueCommand, LeagueOp};
pub use posts::LeaguePost;
pub use refusal::LeagueRefusal;
pub(crate) use tables::division_table;
pub use tables::{BracketLine, TableLine};
pub(crate) use terms::League;
pub(crate) use terms::vacation_allowed;
pub use terms::{
    Format, LeagueSettings, MAX_LEAGUE_NAME, MIN_PLAYERS, Seeding, Withdrawal, parse_amount,
};
pub(crate) use views::fixture_line;

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::MatchNo;
use crate::Notice;
use crate::Outcome;
use store::PlayerRow;

impl Club {
    // advance
    /// Called after a match's end is committed: what follows in its league, in words.
    pub(crate) async fn after_match_end(&self, match_id: i64) -> Vec<String> {
        advance::after_match_end(self, match_id).await
    }

    // announce
    /// The announcement of league match `match_id`'s result, once its end is committed:
    /// the league's channel and the words; `None` for a match of no league.
    pub(crate) async fn league_result(&self, match_id: i64) -> Option<(String, String)> {
        announce::league_result(self, match_id).await
    }

    /// The channel of the league match `match_id` is a fixture of, if any.
    pub(crate) async fn league_channel(&self, match_id: i64) -> Option<String> {
        announce::league_channel(self, match_id).await
    }

    // commands
    /// Runs a league command.
    pub(crate) async fn league(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        cmd: LeagueCommand,
    ) -> Result<Outcome, ClubError> {
        commands::league(self, actor, me, community, cmd).await
    }

    /// The league named, or the only one here.
    pub(crate) async fn find_league(
        &self,
        community: i64,
        name: Option<&str>,
    ) -> Result<League, ClubError> {
        record::find_league(self, community, name).await
    }

    /// The names of the leagues here beginning with `prefix` (for autocomplete).
    ///
    /// # Errors
    /// A database error.
    pub async fn league_names(
        &self,
        actor: &Actor,
        prefix: &str,
    ) -> Result<Vec<String>, ClubError> {
        record::league_names(self, actor, prefix).await
    }

    // director

    // posts
    /// The matches under way in the league's current season, in fixture order (at the
    /// start: every match it started).
    ///
    /// # Errors
    /// No such league, or a database error.
    pub async fn league_posts(
        &self,
        actor: &Actor,
        league: Option<&str>,
    ) -> Result<Vec<LeaguePost>, ClubError> {
        posts::league_posts(self, actor, league).await
    }
    /// The matches of league `id`'s season the sweep started, owed a thread each (a
    /// server keeping a thread per match) and still in the league's channel: the
    /// outbox's posts.
    pub(crate) async fn league_threads_owed(&self, id: i64) -> Result<Vec<LeaguePost>, ClubError> {
        posts::league_threads_owed(self, id).await
    }

    /// Moves league match `match_id`, still in its league's channel, into its own thread
    /// (`channel`): a season the sweep started, posted by the platform.
    ///
    /// # Errors
    /// A match of no league, or one already moved out of its league's channel; a
    /// database error.
    pub async fn move_owed_league_match(
        &self,
        match_id: MatchNo,
        channel: &str,
    ) -> Result<(), ClubError> {
        posts::move_owed_league_match(self, match_id.get(), channel).await
    }

    /// Moves a match of the league into its own thread (`channel`): the league's
    /// organiser's part when its matches are posted.
    ///
    /// # Errors
    /// A match that is not the league's, or a database error.
    pub async fn move_league_match(
        &self,
        actor: &Actor,
        league: Option<&str>,
        match_id: MatchNo,
        channel: &str,
    ) -> Result<(), ClubError> {
        posts::move_league_match(self, actor, league, match_id.get(), channel).await
    }

    // reminders
    /// The league side of the sweep: what follows results (restart-safe), the season
    /// deadline's reminders to players with unplayed fixtures, and the organiser told of
    /// unfinished matches once the deadline has passed.
    ///
    /// # Errors
    /// A database error.
    pub(crate) async fn league_sweep(&self) -> Result<Vec<Notice>, ClubError> {
        reminders::league_sweep(self).await
    }

    // views
    /// The table of a league's current (or last) season, division 1 = top, with names.
    ///
    /// # Errors
    /// An unknown league, or a database error.
    pub async fn league_table(
        &self,
        actor: &Actor,
        league: Option<&str>,
        division: i64,
    ) -> Result<Vec<TableLine>, ClubError> {
        views::league_table(self, actor, league, division).await
    }

    /// The bracket of a knockout's current season.
    ///
    /// # Errors
    /// An unknown league, or a database error.
    pub async fn league_bracket(
        &self,
        actor: &Actor,
        league: Option<&str>,
    ) -> Result<Vec<BracketLine>, ClubError> {
        views::league_bracket(self, actor, league).await
    }

    pub(crate) async fn bracket_picture(
        &self,
        league: &League,
    ) -> Result<render::Bracket, ClubError> {
        views::bracket_picture(self, league).await
    }
}
