//! The club's store: SQLite through sqlx, one file per concern.
//!
//! Runtime queries only (no database is needed to build). One transaction per committed
//! command; a match row is written only if its version is still the one that was read.
//!
//! | file | holds |
//! |---|---|
//! | `migrate.rs` | opening the file: pragmas, pool, embedded migrations |
//! | `backup.rs` | SQLite backups (`VACUUM INTO`) and their check and restore |
//! | `db.rs` | what every statement uses: row and connection types, the backend, flags |
//! | `db_url.rs` | the database's URL, printed with its password hidden |
//! | `action_log.rs` | the append-only logs (match, chouette, league): appending entries |
//! | `players.rs` | players and their settings, communities |
//! | `matches.rs` | matches: the row, the change a command makes, reads, the sweep's queries |
//! | `match_writes.rs` | a match inserted or changed inside a transaction (its rating update, its fixture's result) |
//! | `group_commit.rs` | the commit: match changes that arrive together written in one transaction |
//! | `chouettes.rs` | chouette sessions, their log and commit |
//! | `money.rs` | the ledger, balances, the scoop-pots |
//! | `ratings.rs` | ratings updated as a match ends, standings, history, the rebuild |
//! | `fair.rs` | provably fair dice: seeds, hash chains, throws |
//! | `leagues.rs` | leagues, entries, seasons, places, fixtures, the league log and commit |
//! | `analysis.rs` | the `/analyse` job queue: requests, claims, progress, results |
//! | `analysis_history.rs` | the done analyses of standard matches in the order the matches ended (PR over the last matches) |
//! | `auto_analysis.rs` | every finished match analysed by itself: a server's setting, the matches due, their jobs queued once |
//! | `fingerprint.rs` | a checksum of every table, for tests |
//! | `cause.rs` | why a match ended, as stored |
//! | `health.rs` | the health check's write, the counts the metrics show, the database errors seen |
//! | `fault.rs` | what a database error means for the command (disk full, unreachable, interrupted) |
//! | `web_links.rs` | the web companion's link tokens (one per page; replaced to revoke; hidden from other pages) |
//! | `vacation.rs` | vacations: a server's allowance, one row per vacation, the clocks they move |
//! | `puzzles.rs` | the position of the day: a server's channel and hour, each position posted (with its outbox row), one answer per player, who allows his name |
//! | `drills.rs` | drill cards from a player's own mistakes: the cards, their FSRS memory and due time, the analyses read for them, the answers |
//! | `digest.rs` | the daily digest's settings and days sent, the open matches of many players in one read, the low-time notice's marks |
//! | `waiting.rs` | whom an open match waits on (written with each change), a player's waiting matches read by it |
//! | `blocks.rs` | who blocked whom (`/block`, `/unblock`) |
//! | `outbox.rs` | the messages changes owe: written with them, claimed by a poster lane by lane, marked posted or failed |
//! | `head_to_head.rs` | the finished matches between two players (`/h2h`) |
//! | `dice_counts.rs` | what `/fair stats` counts: a player's matches with fair dice, a community's throws |
//!
//! The modules import one another in one direction only (no cycles): `db`, `cause` and
//! `action_log` at the bottom; `players`, `money`, `fair` above them; `matches` (types and
//! reads) above those, then `ratings`, `match_writes`, `group_commit`, `leagues`; the
//! crate root holds only [`Store`], [`StoreError`] and the re-exports.
//!
//! # The seam a second backend implements
//!
//! The club and the adapters reach the database only through [`Store`]'s public methods
//! and the row types re-exported here; a PostgreSQL store provides the same methods with
//! the same guarantees, and the same contract tests (`crates/club/tests/it/club/`,
//! `crates/club/tests/it/chouette_club.rs`) run on both. The operations the club needs:
//!
//! - **Opening**: `open` (create if missing, run the migrations), `close`.
//! - **Players and communities**: `player` (upsert by platform identity, renaming),
//!   `find_player`, `find_actor` (a command's player and community in one read),
//!   `player_by_id`, `players_by_id` (both players of a match in one read),
//!   `set_settings`, `community` (upsert), `find_community`, `match_threads`,
//!   `set_match_threads`.
//! - **Matches**: `load_match_with_players` (the match and both players in one read),
//!   `insert_match` (row at version 1 plus the challenge as log entry 1, in one
//!   transaction), `load_match`, `matches_of`, `actions` (the log in order), `commit`,
//!   `due`, `mark_reminded`, `set_channel`; the bot player's `open_bot_matches` and
//!   `finished_bot_matches`.
//! - **Chouettes**: `insert_chouette`, `load_chouette`, `chouette_in`, `chouettes_in`,
//!   `commit_chouette`, `chouette_actions`.
//! - **Money**: `ledger`, `balance`, `pot`.
//! - **Ratings**: `rating`, `leaderboard`, `rating_changes`, `rating_history`,
//!   `rebuild_ratings`; `commit_end` (a commit that also says what the end of a rated
//!   match did to the ratings).
//! - **Fair dice**: `load_fair`, `fair_throws`, `commit_fair`; the first chain is written
//!   by `insert_match`/`insert_chouette` and a command's throws by `commit`/`commit_chouette`
//!   (`fair`), in their transactions.
//! - **Drills**: `analyses_to_drill`, `add_drill_cards` (an analysis' cards and its mark
//!   in one transaction), `next_drill_card`, `drill_card`, `next_drill_due`,
//!   `answer_drill` (only while the card is as read), `drill_counts`, `drill_days`,
//!   `drills_due`.
//! - **The position of the day**: `set_puzzle`, `puzzle_off`, `puzzle_setting`,
//!   `puzzles_due`, `puzzle_candidates`, `post_puzzle` (the day's mark, the puzzle and its
//!   outbox row in one transaction), `puzzle`, `latest_puzzle`, `answer_puzzle` (once per
//!   player, while the puzzle is the latest), `puzzle_tally`, `puzzle_solvers`,
//!   `puzzle_names_allowed`, `allow_puzzle_names`.
//! - **Tests**: `fingerprint` (every table's rows and a checksum).
//!
//! The guarantees each backend keeps:
//!
//! - [`Store::commit`] is **one transaction** for the change (which may share it with
//!   other commands' changes that arrived meanwhile: the group commit of
//!   `group_commit.rs`, one `fsync` for all): `UPDATE matches ... WHERE id = $n AND
//!   version = $m` with `version = version + 1`; if no row is updated nothing of this
//!   change is written and the answer is [`StoreError::Stale`]. In the same
//!   transaction: the log entries appended after the match's last one (sequence numbers
//!   consecutive from 1, never reused), the scoop-pot counts of the pair updated, and the
//!   ledger lines (those with an amount, plus any pot paid out) inserted; when the change
//!   finishes the match, the rating update of [`record_rating_update`]. Either all of it
//!   is durable when `commit` returns, or none of it is.
//! - [`Store::commit_chouette`] likewise for a chouette session: state with the version
//!   check, log, ledger, one transaction.
//! - `insert_match` / `insert_chouette` write the row and the first log entry together.
//! - `insert_match` stores when an unanswered challenge expires (`expires_at`); `commit`
//!   clears it (any committed change answers, withdraws or expires the challenge); `due`
//!   also returns challenges whose expiry has come.
//! - `mark_reminded` clears the reminder only if the version still stands (no version bump:
//!   a reminder is not an action). `set_channel` does not bump the version either.
//! - Status and ruleset are typed at this boundary ([`MatchStatus`], the engine's
//!   `Ruleset`) and stored as the TEXT words of [`MatchStatus::as_str`] and
//!   [`ruleset_text`] (`challenged`, `active`, `finished`, `declined`, `cancelled`;
//!   `standard`, `welsh`), the words stored since migration 0001; a backend stores the
//!   same words. A word the store does not know is a decode error, not a guess.
//! - Amounts are integers in minor units; times are Unix seconds.
//! - Round trips: a game command reads once for its player and community
//!   (`find_actor`), once for its match with both players (`load_match_with_players`),
//!   then writes in one transaction: the versioned `UPDATE`, one `INSERT` for all its log
//!   entries, and (only when money moves) the pot and ledger statements.
//!
//! What is SQLite-specific (in `migrate.rs`, not part of the seam): the file URL forms,
//! WAL journal mode, `synchronous = FULL` (a commit is on disk when it returns), foreign
//! keys switched on per connection, a 10 s busy timeout for writers waiting on the file
//! lock, the pool of 4 connections, and the SQL dialect details (`RETURNING`,
//! `ON CONFLICT ... DO UPDATE`, `group_concat`/`quote` in `fingerprint`).

mod action_log;
mod analysis;
mod analysis_history;
mod auto_analysis;
pub mod backup;
mod blocks;
mod board_messages;
mod cause;
mod chouettes;
mod db;
mod db_url;
mod dice_counts;
mod digest;
mod drills;
mod fair;
mod fault;
mod fingerprint;
mod group_commit;
mod head_to_head;
mod health;
mod league_pages;
mod leagues;
mod match_writes;
mod matches;
mod migrate;
mod money;
mod outbox;
mod players;
mod puzzles;
pub mod ratings;
mod restoring;
mod vacation;
mod waiting;
mod waiting_mark;
mod web_league;
mod web_links;
pub use web_league::PageStamp;
pub use web_links::WebToken;

use thiserror::Error;

use db::{Backend, DbPool};

pub use analysis::{AnalysisOrigin, AnalysisRow, AnalysisStatus, NewAnalysis};
pub use analysis_history::AnalysedMatch;
pub use auto_analysis::{AutoAnalysis, DueMatch};
pub use backup::{Backup, BackupError, Checked};
pub use cause::EndCause;
pub use chouettes::{ChouetteRow, NewChouette};
pub use db_url::DbUrl;
pub use digest::{DigestRow, DigestWrite, WaitingRow};
pub use drills::{DrillAnswer, DrillCardRow, DrillCounts, DrillMemory, NewDrillCard};
pub use fair::{FairChainRow, FairChange, FairRow, FairThrowRow};
pub use fault::Fault;
pub use health::database_errors;
pub use leagues::{
    AcceptMatch, EntrantRow, FixtureRow, FixtureWrite, LeagueChange, LeagueRow, NewLeague,
    PlaceRow, SeasonRow, StartedMatch,
};
pub use matches::{
    ActionRow, LeagueReport, MatchChange, MatchRow, MatchStatus, NewMatch, ruleset_text,
};
pub use money::{LedgerEntry, LedgerRow, PotGame};
pub use outbox::{OutboxOutcome, Owed, OwedRow};
pub use players::PlayerRow;
pub use puzzles::{PuzzleAnswered, PuzzlePost, PuzzleRow, PuzzleSettingRow, PuzzleSolver};
pub use ratings::{
    RatedMatch, RatedSide, RatingChangeRow, RatingRow, Rebuilt, Standing, record_rating_update,
};
pub use vacation::{ClockShift, NewVacation, VacationRow};
pub use waiting::WaitingMatch;
pub use waiting_mark::WaitingMark;

/// A store error; every [`StoreError::Db`] made from an `sqlx::Error` is counted
/// ([`database_errors`]).
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Db(sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The match changed since it was read: nothing was written.
    #[error("the board moved on")]
    Stale,
    /// A restore into the SQLite database is under way (its copy,
    /// [`backup::restoring_name`], is beside it): the database was not opened.
    #[error(
        "a restore into `{}` is under way: start once it is done (if none runs, one was cut short: delete `{}.restoring`)",
        .0.display(), .0.display()
    )]
    Restoring(std::path::PathBuf),
    /// The caller could not make its part of a change (a league match's accept): nothing
    /// was written.
    #[error("{0}")]
    Aborted(String),
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: DbPool,
    backend: Backend,
    /// Serialises this process's write transactions on SQLite, so that writers queue here
    /// in order instead of meeting SQLite's lock and sleeping in its busy handler. Not
    /// taken on PostgreSQL, which takes writers side by side (row locks, version checks).
    writes: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// Match changes waiting for the next group commit (`group_commit.rs`).
    queue: std::sync::Arc<group_commit::Queue>,
}

impl Store {
    /// A write transaction, begun on SQLite once this process's earlier writers are done
    /// (hold the guard until the transaction commits or drops), on PostgreSQL at once.
    async fn begin_write(
        &self,
    ) -> Result<
        (
            Option<tokio::sync::MutexGuard<'_, ()>>,
            sqlx::Transaction<'static, sqlx::Any>,
        ),
        StoreError,
    > {
        let guard = match self.backend {
            Backend::Sqlite => Some(self.writes.lock().await),
            Backend::Postgres => None,
        };
        Ok((guard, self.pool.begin().await?))
    }
}
