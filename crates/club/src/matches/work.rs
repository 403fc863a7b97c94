//! The work of one command on a match before it is written: the snapshot it moves, the
//! log entries it adds, the lines it says, what it settles, and the fair dice it throws
//! ([`Work`]); and a log entry as the JSON stored ([`entry_json`]). A leaf every part
//! that changes a match uses.

use crate::FairDice;
use crate::kernel::error::json;
use crate::{ClubError, Entry, Settlement, Snapshot};

/// What one command does to a match before it is written.
pub(crate) struct Work {
    pub(crate) snap: Snapshot,
    pub(crate) entries: Vec<(Option<i64>, Entry)>,
    pub(crate) lines: Vec<String>,
    pub(crate) settle: Vec<Settlement>,
    /// The match's provably fair dice (none: the dice source rolls).
    pub(crate) fair: Option<FairDice>,
}

impl Work {
    pub(crate) fn push(
        &mut self,
        by: Option<i64>,
        entry: Entry,
        names: &[String; 2],
    ) -> Result<(), ClubError> {
        self.snap
            .apply(&entry, names, &mut self.lines, &mut self.settle)?;
        self.entries.push((by, entry));
        Ok(())
    }
}

impl Work {
    /// Applies and records an entry (for the club's other files).
    pub(crate) fn push_entry(
        &mut self,
        by: Option<i64>,
        entry: Entry,
        names: &[String; 2],
    ) -> Result<(), ClubError> {
        self.push(by, entry, names)
    }
}

/// A match's log entry as stored.
pub(crate) fn entry_json(e: &Entry) -> Result<String, ClubError> {
    json(e)
}
