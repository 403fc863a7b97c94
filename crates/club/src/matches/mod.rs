//! A match between two players: its log and the state it folds into, the commands played on
//! it, the boards and views, prompts and choices, deadlines and the sweep's time-outs,
//! money play's ledger and sessions.
//!
//! Entry points, on [`Club`]: `match_due` (`deadlines`); `low_time_sweep` (`low_time`);
//! `ledger`, `pot` (`money`); `with_fair`, `act`, `planned_change`, `save`, `commit`
//! (`play`); `plan`, `autopilot` (`plan`); `stop_session` (`session`); `board`, `games`,
//! `history`, `export`, `export_loaded`, `moves`, `legal_moves` (`views`); `load`, `find`,
//! `find_view`, `waiting_on`, `open_matches` (`which_match`).

mod choices;
mod deadlines;
pub(crate) mod event_words;
pub(crate) mod loaded;
pub(crate) mod log;
mod low_time;
mod money;
mod op;
mod plan;
mod play;
pub(crate) mod prompts;
mod session;
mod snapshot;
mod time_bank;
pub(crate) mod views;
mod which_match;
pub(crate) mod work;

pub use choices::{Choice, Subject, choices_words};
pub use log::{Entry, LastMove, Ruling, Settlement, standard_rules};
pub use low_time::DEFAULT_LOW_TIME;
pub use op::MatchOp;
pub use prompts::{next_choices, next_words};
pub use snapshot::{Snapshot, rebuild};

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::MatchNo;
use crate::MatchRef;
use crate::Notice;
use crate::Outcome;
use crate::matches::loaded::Loaded;
use crate::matches::work::Work;
use engine::Side;
use store::MatchChange;
use store::MatchStatus;
use store::PlayerRow;

impl Club {
    /// Acts on one match whose deadline or reminder has come (the sweep's): a challenge
    /// expires, a player out of time forfeits, a reminder is sent once.
    pub(crate) async fn match_due(
        &self,
        row: store::MatchRow,
        now: i64,
    ) -> Result<Vec<Notice>, ClubError> {
        deadlines::due(self, row, now).await
    }

    /// The low-time notices due at `now` (the sweep's).
    pub(crate) async fn low_time_sweep(&self, now: i64) -> Result<Vec<Notice>, ClubError> {
        low_time::low_time_sweep(self, now).await
    }

    // money
    /// The player's balance here and the payments behind it.
    pub(crate) async fn ledger(
        &self,
        me: &PlayerRow,
        community: i64,
    ) -> Result<Outcome, ClubError> {
        money::ledger(self, me, community).await
    }

    /// The scoop-pot between the player and `opponent`.
    pub(crate) async fn pot(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        opponent: &str,
    ) -> Result<Outcome, ClubError> {
        money::pot(self, actor, me, community, opponent).await
    }

    // play
    /// The match's fair dice, loaded for a command that may throw.
    pub(crate) async fn with_fair(&self, l: &mut Loaded) -> Result<(), ClubError> {
        play::with_fair(self, l).await
    }

    pub(crate) async fn act(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        op: MatchOp,
    ) -> Result<Outcome, ClubError> {
        play::act(self, me, community, m, op).await
    }

    /// Works out what `op` by `side` does, without writing anything.
    pub(crate) fn plan(
        &self,
        l: &Loaded,
        side: Side,
        by: Option<i64>,
        op: &MatchOp,
    ) -> Result<Work, ClubError> {
        plan::plan(self, l, side, by, op)
    }

    /// Rolls for a player with nothing to decide before rolling (or who asked for it) and
    /// plays forced plays, announcing both.
    pub(crate) fn autopilot(&self, l: &Loaded, work: &mut Work) -> Result<(), ClubError> {
        plan::autopilot(self, l, work)
    }

    /// The change a planned command makes (the new snapshot, the log entries, the clock,
    /// money, the fair dice, the league report), as written by `save` and by a league's
    /// start; the result, if the match is over, is added to `work.lines`.
    pub(crate) fn planned_change(
        &self,
        l: &Loaded,
        actor: Option<i64>,
        work: &mut Work,
        status: MatchStatus,
        now: i64,
    ) -> Result<MatchChange, ClubError> {
        play::planned_change(self, l, actor, work, status, now)
    }

    /// Writes a planned change: the new snapshot, the log entries, the clock, money.
    pub(crate) async fn save(
        &self,
        l: &Loaded,
        actor: Option<i64>,
        work: Work,
        status: MatchStatus,
    ) -> Result<Outcome, ClubError> {
        play::save(self, l, actor, work, status).await
    }

    pub(crate) async fn commit(&self, l: &Loaded, change: &MatchChange) -> Result<i64, ClubError> {
        play::commit(self, l, change).await
    }

    // session
    /// Ends a money session between games.
    pub(crate) async fn stop_session(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        session::stop_session(self, me, community, m).await
    }

    // views
    pub(crate) async fn board(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        views::board(self, me, community, m).await
    }

    pub(crate) async fn games(&self, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
        views::games(self, me, community).await
    }

    pub(crate) async fn history(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        views::history(self, me, community, m).await
    }

    pub(crate) async fn export(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        views::export(self, me, community, m).await
    }

    /// The export of a loaded match: a standard match's .mat, a Welsh match's record
    /// (`/export`, and the web companion's download).
    pub(crate) async fn export_loaded(&self, l: &Loaded) -> Result<Outcome, ClubError> {
        views::export_loaded(self, l).await
    }

    /// The legal plays of the roll in hand, below the board.
    pub(crate) async fn moves(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        views::moves(self, me, community, m).await
    }

    /// The legal plays of the roll in hand of match `m`, as move text (for autocomplete).
    ///
    /// # Errors
    /// As for any command about a match.
    pub async fn legal_moves(&self, actor: &Actor, m: MatchRef) -> Result<Vec<String>, ClubError> {
        views::legal_moves(self, actor, m).await
    }

    /// Match `id` as a change left it (its snapshot `state`, `version` and `deadline`;
    /// as it stands now when `state` is `None`): the board and who acts next (the
    /// outbox's bot posts).
    pub(crate) async fn outcome_as_of(
        &self,
        id: i64,
        state: Option<&str>,
        version: i64,
        deadline: Option<i64>,
    ) -> Result<Outcome, ClubError> {
        let mut l = which_match::load(self, id).await?;
        if let Some(s) = state {
            l.snap =
                Some(serde_json::from_str(s).map_err(|e| ClubError::Corrupt(id, e.to_string()))?);
            l.row.version = version;
            l.row.deadline_at = deadline;
        }
        Ok(views::outcome(self, &l, None))
    }

    // which_match
    pub(crate) async fn load(&self, id: i64) -> Result<Loaded, ClubError> {
        which_match::load(self, id).await
    }

    /// The match a command is about: the one named, or the only open one of the player
    /// here (else the only one where they have something to do).
    pub(crate) async fn find(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        verb: &'static str,
    ) -> Result<Loaded, ClubError> {
        which_match::find(self, me, community, m, verb).await
    }

    /// The match a viewing command (board, history, export, legal plays) is about: the
    /// one named, which a spectator of the same community may look at too (a match of
    /// another community stays unknown to him); else the player's open match here, else
    /// his most recently finished one.
    pub(crate) async fn find_view(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        verb: &'static str,
    ) -> Result<Loaded, ClubError> {
        which_match::find_view(self, me, community, m, verb).await
    }

    /// The player id whose decision the match waits on.
    pub(crate) fn waiting_on(&self, l: &Loaded) -> Option<i64> {
        which_match::waiting_on(self, l)
    }

    /// The actor's open matches here: (id, a line describing it), newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_matches(&self, actor: &Actor) -> Result<Vec<(MatchNo, String)>, ClubError> {
        which_match::open_matches(self, actor).await
    }
}
