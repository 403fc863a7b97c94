//! The mark of a restore under way: the file a restore into an SQLite database writes
//! its copy to (`backup.rs`), which opening the database looks for (`migrate.rs`).

use std::path::{Path, PathBuf};

/// The file a restore into the SQLite database `file` writes its copy to before it
/// takes the database's name: `<file>.restoring`. While it is there a restore is under
/// way, and [`crate::Store::open`] refuses the database.
#[must_use]
pub fn restoring_name(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_os_string();
    name.push(".restoring");
    PathBuf::from(name)
}
