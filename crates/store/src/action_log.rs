//! The append-only logs (a match's, a chouette session's, a league's): entries appended
//! after a log's last one, inside the caller's transaction.

use crate::db::{DbConnection, sql};

/// The three append-only logs: a match's, a chouette session's and a league's.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Log {
    Match,
    Chouette,
    League,
}

/// Appends entries (player, JSON) to a log after its last one, inside a transaction: one
/// statement, whose sequence numbers continue from the log's highest.
pub(crate) async fn append_log(
    conn: &mut DbConnection,
    log: Log,
    owner: i64,
    entries: &[(Option<i64>, String)],
    now: i64,
) -> Result<(), sqlx::Error> {
    if entries.is_empty() {
        return Ok(());
    }
    let (table, key) = match log {
        Log::Match => ("match_actions", "match_id"),
        Log::Chouette => ("chouette_actions", "chouette_id"),
        Log::League => ("league_actions", "league_id"),
    };
    // (offset, player, entry) for each entry; the base is read in the same statement.
    // Numbered after the statement's own three (`$1`..`$3`).
    let values = (0..entries.len())
        .map(|i| {
            let n = 4 + 3 * i;
            format!("(${n}, ${}, ${})", n + 1, n + 2)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let text = format!(
        "INSERT INTO {table} ({key}, seq, at, player_id, entry)
         SELECT $1, base.seq + v.column1, $2, v.column2, v.column3
         FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM {table} WHERE {key} = $3) base,
              (VALUES {values}) v
         ORDER BY v.column1"
    );
    let mut q = sqlx::query(sql(text)).bind(owner).bind(now).bind(owner);
    for (i, (player, entry)) in entries.iter().enumerate() {
        q = q
            .bind(i64::try_from(i).unwrap_or(0))
            .bind(*player)
            .bind(entry.as_str());
    }
    q.execute(&mut *conn).await?;
    Ok(())
}
