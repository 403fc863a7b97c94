//! Whom a match waits on and for what (migration 0020), as written with each change of
//! the match (`matches`) and read by `/games waiting` and the digest (`waiting`).

use sqlx::Row;

use crate::db::DbRow;

/// Whom a match waits on and for what, as written with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaitingMark {
    /// The player who must act (`None`: nobody: the match is over, or the bot thinks).
    pub on: Option<i64>,
    /// What he must do, in words ("roll or double"); empty for a challenge (its words come
    /// from its number) and when nobody waits.
    pub what: String,
    /// The end of a Welsh break running when it was written (Unix seconds).
    pub break_until: Option<i64>,
}

/// The waiting columns of a match row (`None`: not known).
pub(crate) fn waiting_mark(r: &DbRow) -> Result<Option<WaitingMark>, sqlx::Error> {
    let what: Option<String> = r.try_get("waiting_for")?;
    Ok(match what {
        None => None,
        Some(what) => Some(WaitingMark {
            on: r.try_get("waiting_on")?,
            what,
            break_until: r.try_get("break_until")?,
        }),
    })
}
