//! What a database error means for the command that met it, so that the player is told
//! the truth: the disk is full (nothing was written), the database cannot be reached
//! (nothing was begun), or the connection broke while the command was being written (it
//! may or may not have been saved: the match's version check keeps a retry from
//! applying twice).

use crate::StoreError;

/// The kind of failure a [`StoreError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No room to write (SQLite's `SQLITE_FULL`, PostgreSQL's `disk_full`): the
    /// transaction was rolled back, nothing changed.
    Full,
    /// The database could not be reached before anything was begun (the pool's wait for
    /// a connection ran out, the pool is closed): nothing changed.
    Unreachable,
    /// The connection broke, or the server went down, while the command was under way:
    /// its transaction may have been committed or not.
    Interrupted,
    /// Anything else (the command's own error, a constraint, a stale version).
    Other,
}

impl StoreError {
    /// What kind of failure this is.
    #[must_use]
    pub fn fault(&self) -> Fault {
        let StoreError::Db(e) = self else {
            return Fault::Other;
        };
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => Fault::Unreachable,
            sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) => {
                Fault::Interrupted
            }
            sqlx::Error::Database(d) => {
                let code = d.code().unwrap_or_default();
                // SQLite's primary result code is the extended code's low byte.
                let sqlite = code.parse::<i32>().ok().map(|c| c & 0xff);
                if sqlite == Some(13) || code == "53100" {
                    Fault::Full
                } else if code.starts_with("57P") || code.starts_with("08") {
                    // admin_shutdown, crash_shutdown, cannot_connect_now; connection_exception
                    Fault::Interrupted
                } else {
                    Fault::Other
                }
            }
            _ => Fault::Other,
        }
    }
}
