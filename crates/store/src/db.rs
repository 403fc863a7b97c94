//! What every statement of the store uses: the row and connection types of sqlx's `Any`
//! driver, the backend the store is on, a flag column read on either backend, and the
//! marker for statement text assembled from the store's own constants.

use sqlx::Row;

/// A row as the store reads it: sqlx's `Any` driver, so that one set of statements serves
/// each backend (docs/postgres.md).
pub(crate) type DbRow = sqlx::any::AnyRow;
/// A connection (or a transaction's) of the store's pool.
pub(crate) type DbConnection = sqlx::AnyConnection;
/// The store's pool of connections.
pub(crate) type DbPool = sqlx::AnyPool;

/// A flag column: a `BOOLEAN` where the backend has one, an `INTEGER` 0 or 1 on SQLite
/// (which `Any` reports as an integer).
pub(crate) fn flag<I>(r: &DbRow, column: I) -> Result<bool, sqlx::Error>
where
    I: sqlx::ColumnIndex<DbRow> + Copy,
{
    match r.try_get::<bool, _>(column) {
        Ok(b) => Ok(b),
        Err(_) => Ok(r.try_get::<i64, _>(column)? != 0),
    }
}

/// Which database the store is on, for the few statements written twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Backend {
    Sqlite,
    Postgres,
}

/// Statement text the store assembled from its own constants (column lists, placeholders):
/// never from a caller's words.
pub(crate) fn sql(text: String) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(text)
}
