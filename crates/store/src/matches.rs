//! Matches: the row with its snapshot and version, the change one command makes, the
//! reads (a match, a player's matches, the action log), and the sweep's queries (due,
//! reminded). The writing is in `match_writes.rs`, the commit in `group_commit.rs`.

use sqlx::Row;

use crate::cause::EndCause;
use crate::db::{DbRow, sql};
use crate::fair::{FairChainRow, FairChange};
use crate::money::{LedgerEntry, PotGame};
use crate::players::{PlayerRow, player_row_as};
use crate::waiting_mark::{WaitingMark, waiting_mark};
use crate::{Store, StoreError};
use engine::Ruleset;

/// Where a match stands. Stored as the TEXT of [`MatchStatus::as_str`] (the words the
/// `matches.status` CHECK constraint allows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MatchStatus {
    /// Offered, waiting for the opponent's answer.
    #[default]
    Challenged,
    /// Accepted and being played.
    Active,
    /// Played to its end.
    Finished,
    /// Refused by the opponent.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
}

impl MatchStatus {
    /// The word stored in the database.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Challenged => "challenged",
            MatchStatus::Active => "active",
            MatchStatus::Finished => "finished",
            MatchStatus::Declined => "declined",
            MatchStatus::Cancelled => "cancelled",
        }
    }

    /// Whether the match is still open (challenged or active).
    #[must_use]
    pub const fn is_open(self) -> bool {
        matches!(self, MatchStatus::Challenged | MatchStatus::Active)
    }
}

impl std::str::FromStr for MatchStatus {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "challenged" => MatchStatus::Challenged,
            "active" => MatchStatus::Active,
            "finished" => MatchStatus::Finished,
            "declined" => MatchStatus::Declined,
            "cancelled" => MatchStatus::Cancelled,
            _ => return Err(format!("unknown match status {s:?}")),
        })
    }
}

impl std::fmt::Display for MatchStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for MatchStatus {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MatchStatus {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// The word a ruleset is stored as (`matches.ruleset`).
#[must_use]
pub const fn ruleset_text(r: Ruleset) -> &'static str {
    r.as_str()
}

fn parse_ruleset(s: &str) -> Result<Ruleset, String> {
    s.parse().map_err(|e: engine::UnknownRuleset| e.to_string())
}

/// A TEXT column read through a parser; a word it does not know is a decode error.
fn word<T>(
    r: &DbRow,
    column: &str,
    parse: fn(&str) -> Result<T, String>,
) -> Result<T, sqlx::Error> {
    let text: String = r.try_get(column)?;
    parse(&text).map_err(|e| sqlx::Error::ColumnDecode {
        index: column.to_string(),
        source: e.into(),
    })
}

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub id: i64,
    pub community_id: i64,
    pub channel: String,
    pub ruleset: Ruleset,
    pub terms: String,
    /// Player ids, X (the challenger) then O.
    pub players: [i64; 2],
    pub status: MatchStatus,
    pub state: Option<String>,
    pub version: i64,
    pub turn_started_at: Option<i64>,
    /// Seconds of time bank left, X then O.
    pub bank: [i64; 2],
    pub deadline_at: Option<i64>,
    pub reminder_at: Option<i64>,
    pub winner: Option<i64>,
    pub result: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// An unanswered challenge expires then (`None` once answered, and for old rows).
    pub expires_at: Option<i64>,
    /// Why a finished match ended (`None` while under way, and for matches that ended
    /// before causes were kept and whose result does not tell it).
    pub cause: Option<EndCause>,
    /// Whom it waits on, as written with it (migration 0020); `None`: not known (a row
    /// written before it, or by a change that did not work it out).
    pub waiting: Option<WaitingMark>,
}

/// One entry of a match's action log.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ActionRow {
    pub seq: i64,
    pub at: i64,
    pub player_id: Option<i64>,
    pub entry: String,
}

/// A new match (a challenge).
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub community_id: i64,
    pub channel: String,
    pub ruleset: Ruleset,
    pub terms: String,
    pub players: [i64; 2],
    pub bank: i64,
    pub now: i64,
    pub entry: String,
    /// Provably fair dice: the first hash chain (owner: the match number).
    pub fair: Option<FairChainRow>,
    /// When the challenge expires unanswered.
    pub expires_at: Option<i64>,
    /// The player the challenge waits on (`None`: nobody, a challenge to the bot).
    pub waiting_on: Option<i64>,
}

/// Everything one command changes in a match, written in one transaction.
#[derive(Clone, Debug, Default)]
pub struct MatchChange {
    pub id: i64,
    /// The match's community and players (X, O), as read with it.
    pub community_id: i64,
    pub players: [i64; 2],
    /// The version that was read; the write happens only if it still stands.
    pub expected_version: i64,
    pub status: MatchStatus,
    pub state: Option<String>,
    pub turn_started_at: Option<i64>,
    pub bank: [i64; 2],
    pub deadline_at: Option<i64>,
    pub reminder_at: Option<i64>,
    pub winner: Option<i64>,
    pub result: Option<String>,
    pub now: i64,
    /// Log entries: the player (None: the club) and the JSON entry.
    pub actions: Vec<(Option<i64>, String)>,
    pub ledger: Vec<LedgerEntry>,
    pub pot_games: Vec<PotGame>,
    /// Why the match ended, when this change finishes it: kept with the match, and a
    /// forfeit (the clock, a ruling, a withdrawal) marked as one in the rating history.
    pub cause: Option<EndCause>,
    /// Provably fair dice: the throws made and chains begun.
    pub fair: Option<FairChange>,
    /// The match is over: its end, recorded on its league fixture if it has one.
    pub league: Option<LeagueReport>,
    /// Whom the match waits on after this change, written in the same `UPDATE`
    /// (`None`: not worked out; readers then decode the snapshot).
    pub waiting: Option<WaitingMark>,
    /// The messages this change owes (the bot's decision told in its channel), written
    /// in its transaction (`outbox.rs`).
    pub owed: Vec<crate::Owed>,
}

impl MatchChange {
    /// Whether this change finishes the match with a winner (and so rates it).
    #[must_use]
    pub fn ends_match(&self) -> bool {
        self.status == MatchStatus::Finished && self.winner.is_some()
    }
}

/// How a league match ended, reported with the match's own commit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueReport {
    /// Lost on time rather than played out.
    pub forfeit: bool,
    /// Games or points of X and O.
    pub score: [i64; 2],
    /// The league log entry (JSON) written if the match belongs to a league.
    pub entry: String,
}

pub(crate) const MATCH_COLUMNS: &str = "id, community_id, channel, ruleset, terms, player_x, player_o, \
     status, state, version, turn_started_at, bank_x, bank_o, deadline_at, reminder_at, \
     winner, result, created_at, updated_at, expires_at, end_cause, end_reason, \
     waiting_on, waiting_for, break_until";

/// The pattern of stored terms that name a bot level (the club writes its terms as
/// compact JSON: `"bot":"expert"`).
const BOT_TERMS: &str = "%\"bot\":%";

/// Whether stored terms name a bot level (a match against the bot player).
pub(crate) fn names_bot(terms: &str) -> bool {
    terms.contains("\"bot\":")
}

pub(crate) fn match_row(r: &DbRow) -> Result<MatchRow, sqlx::Error> {
    Ok(MatchRow {
        id: r.try_get("id")?,
        community_id: r.try_get("community_id")?,
        channel: r.try_get("channel")?,
        ruleset: word(r, "ruleset", parse_ruleset)?,
        terms: r.try_get("terms")?,
        players: [r.try_get("player_x")?, r.try_get("player_o")?],
        status: word(r, "status", str::parse)?,
        state: r.try_get("state")?,
        version: r.try_get("version")?,
        turn_started_at: r.try_get("turn_started_at")?,
        bank: [r.try_get("bank_x")?, r.try_get("bank_o")?],
        deadline_at: r.try_get("deadline_at")?,
        reminder_at: r.try_get("reminder_at")?,
        winner: r.try_get("winner")?,
        result: r.try_get("result")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
        expires_at: r.try_get("expires_at")?,
        cause: EndCause::from_columns(
            r.try_get::<Option<String>, _>("end_cause")?.as_deref(),
            r.try_get("end_reason")?,
        ),
        waiting: waiting_mark(r)?,
    })
}

impl Store {
    /// Moves a match to another channel (its thread); not an action, the version stays.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_channel(&self, match_id: i64, channel: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET channel = $1 WHERE id = $2")
            .bind(channel)
            .bind(match_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A match by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn load_match(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(match_row).transpose()?)
    }

    /// A player's matches in a community, newest first; `open` keeps only challenged and
    /// active ones.
    ///
    /// # Errors
    /// A database error.
    pub async fn matches_of(
        &self,
        player: i64,
        community: i64,
        open: bool,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let filter = if open {
            "AND status IN ('challenged', 'active')"
        } else {
            ""
        };
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE (player_x = $1 OR player_o = $2) AND community_id = $3 {filter}
             ORDER BY id DESC LIMIT 50"
        )))
        .bind(player)
        .bind(player)
        .bind(community)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// The action log of a match, in order.
    ///
    /// # Errors
    /// A database error.
    pub async fn actions(&self, match_id: i64) -> Result<Vec<ActionRow>, StoreError> {
        Ok(sqlx::query_as::<_, ActionRow>(
            "SELECT seq, at, player_id, entry FROM match_actions WHERE match_id = $1 ORDER BY seq",
        )
        .bind(match_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Matches whose reminder or deadline has come, or whose challenge expires, oldest
    /// first.
    ///
    /// # Errors
    /// A database error.
    pub async fn due(&self, now: i64, limit: i64) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE id IN (
                 SELECT id FROM matches WHERE deadline_at <= $1
                 UNION SELECT id FROM matches WHERE reminder_at <= $2
                 UNION SELECT id FROM matches WHERE expires_at <= $3)
             ORDER BY id LIMIT $4"
        )))
        .bind(now)
        .bind(now)
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// Marks a match's reminder as sent, if the match is still at `version` (a reminder is
    /// not an action: the version stays), writing `owed` (the reminder's messages) in the
    /// same transaction. Whether it was marked now (if not, nothing is written).
    ///
    /// # Errors
    /// A database error (nothing is written then).
    pub async fn mark_reminded(
        &self,
        id: i64,
        version: i64,
        owed: &[crate::Owed],
        now: i64,
    ) -> Result<bool, StoreError> {
        let (_guard, mut tx) = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE matches SET reminder_at = NULL
             WHERE id = $1 AND version = $2 AND reminder_at IS NOT NULL",
        )
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        crate::outbox::insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The open matches (challenged or active) against the bot player after match
    /// `after` (0: from the first), oldest first, at most `limit`: a page, for the bot to
    /// find its pending decisions at start-up and on its retries (found by the
    /// `against_bot` flag and its index, migration 0022).
    ///
    /// # Errors
    /// A database error.
    pub async fn open_bot_matches(
        &self,
        after: i64,
        limit: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE against_bot = $1 AND status IN ('challenged', 'active') AND id > $2
             ORDER BY id LIMIT $3"
        )))
        .bind(true)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// How many open matches (challenged or active) `player` has against the bot in
    /// `community`, as their challenger.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_bot_matches_of(
        &self,
        player: i64,
        community: i64,
    ) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM matches
             WHERE against_bot = $1 AND status IN ('challenged', 'active')
               AND player_x = $2 AND community_id = $3",
        )
        .bind(true)
        .bind(player)
        .bind(community)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    /// A player's finished matches against the bot in a community, oldest first (their
    /// record against each level).
    ///
    /// # Errors
    /// A database error.
    pub async fn finished_bot_matches(
        &self,
        player: i64,
        community: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sql(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE player_x = $1 AND community_id = $2 AND status = 'finished'
               AND terms LIKE $3
             ORDER BY id"
        )))
        .bind(player)
        .bind(community)
        .bind(BOT_TERMS)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(match_row).collect::<Result<_, _>>()?)
    }

    /// A match by id with its two players (X, O), in one read, and whether each of them
    /// is on a vacation in the match's community (not yet ended).
    ///
    /// # Errors
    /// A database error.
    pub async fn load_match_with_players(
        &self,
        id: i64,
    ) -> Result<Option<(MatchRow, [PlayerRow; 2], [bool; 2])>, StoreError> {
        let row = sqlx::query(sql(format!(
            "SELECT m.*,
                 x.id AS x_id, x.platform AS x_platform, x.platform_id AS x_platform_id,
                 x.display_name AS x_display_name, x.auto_roll AS x_auto_roll,
                 x.notify_dm AS x_notify_dm,
                 o.id AS o_id, o.platform AS o_platform, o.platform_id AS o_platform_id,
                 o.display_name AS o_display_name, o.auto_roll AS o_auto_roll,
                 o.notify_dm AS o_notify_dm,
                 (SELECT COUNT(*) FROM vacations v WHERE v.player_id = m.player_x
                     AND v.community_id = m.community_id AND v.ended_at IS NULL
                     AND v.state = 'begun') AS x_away,
                 (SELECT COUNT(*) FROM vacations v WHERE v.player_id = m.player_o
                     AND v.community_id = m.community_id AND v.ended_at IS NULL
                     AND v.state = 'begun') AS o_away
             FROM (SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1) m
             JOIN players x ON x.id = m.player_x
             JOIN players o ON o.id = m.player_o"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else {
            return Ok(None);
        };
        let m = match_row(&r)?;
        let players = [player_row_as(&r, "x_")?, player_row_as(&r, "o_")?];
        let away = [
            r.try_get::<i64, _>("x_away")? > 0,
            r.try_get::<i64, _>("o_away")? > 0,
        ];
        Ok(Some((m, players, away)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_and_ruleset_reads_back_from_the_word_stored_today() {
        let all = [
            MatchStatus::Challenged,
            MatchStatus::Active,
            MatchStatus::Finished,
            MatchStatus::Declined,
            MatchStatus::Cancelled,
        ];
        let words: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
        // The words of the `matches.status` CHECK constraint (migration 0001).
        assert_eq!(
            words,
            ["challenged", "active", "finished", "declined", "cancelled"]
        );
        for s in all {
            assert_eq!(s.as_str().parse::<MatchStatus>(), Ok(s));
            assert_eq!(s, s.as_str());
        }
        assert!("won".parse::<MatchStatus>().is_err());
        for r in [Ruleset::Standard, Ruleset::Welsh] {
            assert_eq!(parse_ruleset(ruleset_text(r)), Ok(r));
        }
        assert_eq!(ruleset_text(Ruleset::Welsh), "welsh");
        assert!(parse_ruleset("Welsh").is_err());
    }
}
