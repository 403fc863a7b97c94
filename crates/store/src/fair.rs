//! Provably fair dice: a match's or chouette session's seeds, hash chains and throws
//! (migration 0005). The first chain is written with the match or session; the throws of a
//! command and any new chain with that command's commit, in its transaction.

use sqlx::Row;

use crate::db::DbConnection;
use crate::{Store, StoreError};

/// One hash chain: the first throw number that uses it, its anchor `s_0` and its secret
/// top `s_N` (hex).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct FairChainRow {
    pub first_k: i64,
    pub anchor: String,
    pub secret: String,
}

/// One throw: its number, the chain value it revealed (hex) and its dice (JSON array).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct FairThrowRow {
    pub k: i64,
    pub s: String,
    pub dice: String,
}

/// The fair-dice record of a match or session (`owner`: `12`, `c3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairRow {
    pub owner: String,
    /// The scheme its throws follow (`gammonbot-dice-v1`, `gammonbot-dice-v2`).
    pub scheme: String,
    pub seed_x: Option<String>,
    pub seed_o: Option<String>,
    /// JSON object: player id to the seed he set (chouettes).
    pub member_seeds: String,
    pub next_k: i64,
    /// Bumped on every write; a write is made only if it still stands.
    pub rev: i64,
    /// Every chain, oldest first.
    pub chains: Vec<FairChainRow>,
}

/// What one command changes in a fair-dice record, written with the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairChange {
    pub owner: String,
    /// The record's `rev` as read.
    pub expected_rev: i64,
    pub seed_x: Option<String>,
    pub seed_o: Option<String>,
    pub member_seeds: String,
    pub next_k: i64,
    pub throws: Vec<FairThrowRow>,
    pub chains: Vec<FairChainRow>,
}

/// Writes a new record with its first chain (inside the match's or session's insert).
pub(super) async fn insert_fair(
    conn: &mut DbConnection,
    owner: &str,
    first: &FairChainRow,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO fair_dice (owner, scheme) VALUES ($1, $2)")
        .bind(owner)
        .bind(engine::fair::SCHEME_V2)
        .execute(&mut *conn)
        .await?;
    insert_chains(conn, owner, std::slice::from_ref(first)).await
}

async fn insert_chains(
    conn: &mut DbConnection,
    owner: &str,
    chains: &[FairChainRow],
) -> Result<(), sqlx::Error> {
    for c in chains {
        sqlx::query(
            "INSERT INTO fair_chains (owner, first_k, anchor, secret) VALUES ($1, $2, $3, $4)",
        )
        .bind(owner)
        .bind(c.first_k)
        .bind(&c.anchor)
        .bind(&c.secret)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Writes a change inside a commit's transaction; `Stale` if the record moved on.
pub(super) async fn write_fair(conn: &mut DbConnection, c: &FairChange) -> Result<(), StoreError> {
    let done = sqlx::query(
        "UPDATE fair_dice SET seed_x = $1, seed_o = $2, member_seeds = $3, next_k = $4, rev = rev + 1
         WHERE owner = $5 AND rev = $6",
    )
    .bind(&c.seed_x)
    .bind(&c.seed_o)
    .bind(&c.member_seeds)
    .bind(c.next_k)
    .bind(&c.owner)
    .bind(c.expected_rev)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Stale);
    }
    for t in &c.throws {
        sqlx::query("INSERT INTO fair_throws (owner, k, s, dice) VALUES ($1, $2, $3, $4)")
            .bind(&c.owner)
            .bind(t.k)
            .bind(&t.s)
            .bind(&t.dice)
            .execute(&mut *conn)
            .await?;
    }
    insert_chains(conn, &c.owner, &c.chains).await?;
    Ok(())
}

impl Store {
    /// The fair-dice record of `owner` (`12`, `c3`), with its chains.
    ///
    /// # Errors
    /// A database error.
    pub async fn load_fair(&self, owner: &str) -> Result<Option<FairRow>, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT seed_x, seed_o, member_seeds, next_k, rev, scheme FROM fair_dice WHERE owner = $1",
        )
        .bind(owner)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let chains = sqlx::query_as::<_, FairChainRow>(
            "SELECT first_k, anchor, secret FROM fair_chains WHERE owner = $1 ORDER BY first_k",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        Ok(Some(FairRow {
            owner: owner.to_string(),
            scheme: r.try_get(5)?,
            seed_x: r.try_get(0)?,
            seed_o: r.try_get(1)?,
            member_seeds: r.try_get(2)?,
            next_k: r.try_get(3)?,
            rev: r.try_get(4)?,
            chains,
        }))
    }

    /// The throws of `owner` so far, in order of k.
    ///
    /// # Errors
    /// A database error.
    pub async fn fair_throws(&self, owner: &str) -> Result<Vec<FairThrowRow>, StoreError> {
        Ok(sqlx::query_as::<_, FairThrowRow>(
            "SELECT k, s, dice FROM fair_throws WHERE owner = $1 ORDER BY k",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Writes a change made outside a game command (a player's seed), in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Stale`] if the record moved on, or a database error (nothing written).
    pub async fn commit_fair(&self, c: &FairChange) -> Result<(), StoreError> {
        let (_writing, mut tx) = self.begin_write().await?;
        write_fair(&mut tx, c).await?;
        tx.commit().await?;
        Ok(())
    }
}
