//! Money: the ledger, balances and the Welsh scoop-pot of each pair.

use sqlx::Row;

use crate::db::DbConnection;
use crate::{Store, StoreError};
use engine::welsh::{Rates, ScoopPot};

/// A money movement to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    pub payer: i64,
    pub payee: i64,
    pub amount: u64,
    pub reason: String,
}

/// A ledger line as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LedgerRow {
    pub at: i64,
    pub payer: String,
    pub payee: String,
    pub amount: i64,
    pub reason: String,
    pub match_id: Option<i64>,
}

/// A finished Welsh game for the pair's scoop-pot: `backgammon_by` wins the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PotGame {
    pub backgammon_by: Option<i64>,
}

/// Writes ledger lines (those with an amount) inside a transaction.
pub(super) async fn insert_ledger(
    conn: &mut DbConnection,
    community: i64,
    match_id: Option<i64>,
    entries: &[LedgerEntry],
    now: i64,
) -> Result<(), sqlx::Error> {
    for e in entries.iter().filter(|e| e.amount > 0) {
        sqlx::query(
            "INSERT INTO ledger (community_id, at, payer, payee, amount, reason, match_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(community)
        .bind(now)
        .bind(e.payer)
        .bind(e.payee)
        .bind(amount(e.amount))
        .bind(&e.reason)
        .bind(match_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Counts finished Welsh games into the pair's scoop-pot inside a transaction; a pot paid
/// out (won with a backgammon) becomes a ledger line pushed onto `ledger`.
pub(super) async fn record_pot_games(
    conn: &mut DbConnection,
    community: i64,
    [x, o]: [i64; 2],
    games: &[PotGame],
    rates: &Rates,
    ledger: &mut Vec<LedgerEntry>,
) -> Result<(), sqlx::Error> {
    let (a, b) = (x.min(o), x.max(o));
    for game in games {
        let count: i64 = sqlx::query(
            "INSERT INTO scoop_pots (community_id, player_a, player_b, games)
             VALUES ($1, $2, $3, 0)
             ON CONFLICT (community_id, player_a, player_b) DO UPDATE SET games = scoop_pots.games
             RETURNING games",
        )
        .bind(community)
        .bind(a)
        .bind(b)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
        let mut pot = ScoopPot {
            games: u32::try_from(count).unwrap_or(0),
        };
        let paid = pot.record_game(rates, game.backgammon_by.is_some());
        sqlx::query(
            "UPDATE scoop_pots SET games = $1, collected = collected + $2
             WHERE community_id = $3 AND player_a = $4 AND player_b = $5",
        )
        .bind(i64::from(pot.games))
        .bind(i64::from(paid.is_some()))
        .bind(community)
        .bind(a)
        .bind(b)
        .execute(&mut *conn)
        .await?;
        if let (Some(pay), Some(winner)) = (paid, game.backgammon_by) {
            let payer = if winner == x { o } else { x };
            ledger.push(LedgerEntry {
                payer,
                payee: winner,
                amount: pay,
                reason: format!("scoop-pot: {} games", pay / rates.scoop_per_game.max(1)),
            });
        }
    }
    Ok(())
}

fn amount(a: u64) -> i64 {
    i64::try_from(a).unwrap_or(i64::MAX)
}

impl Store {
    /// The ledger lines of a player in a community (as payer or payee), newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn ledger(&self, community: i64, player: i64) -> Result<Vec<LedgerRow>, StoreError> {
        Ok(sqlx::query_as::<_, LedgerRow>(
            "SELECT l.at, a.display_name AS payer, b.display_name AS payee, l.amount, l.reason,
                 l.match_id
             FROM ledger l JOIN players a ON a.id = l.payer JOIN players b ON b.id = l.payee
             WHERE l.community_id = $1 AND (l.payer = $2 OR l.payee = $3)
             ORDER BY l.id DESC LIMIT 50",
        )
        .bind(community)
        .bind(player)
        .bind(player)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's balance in a community: received less paid, in minor units.
    ///
    /// # Errors
    /// A database error.
    pub async fn balance(&self, community: i64, player: i64) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(CASE WHEN payee = $1 THEN amount ELSE -amount END), 0) AS BIGINT)
             FROM ledger WHERE community_id = $2 AND (payer = $3 OR payee = $4)",
        )
        .bind(player)
        .bind(community)
        .bind(player)
        .bind(player)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    /// The scoop-pot tally of a pair (games since their last backgammon, pots collected).
    ///
    /// # Errors
    /// A database error.
    pub async fn pot(&self, community: i64, a: i64, b: i64) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT games, collected FROM scoop_pots
             WHERE community_id = $1 AND player_a = $2 AND player_b = $3",
        )
        .bind(community)
        .bind(a.min(b))
        .bind(a.max(b))
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(r) => (r.try_get(0)?, r.try_get(1)?),
            None => (0, 0),
        })
    }
}
