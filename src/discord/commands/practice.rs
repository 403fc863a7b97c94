//! Practice (a match against the bot, or one both players opened with `practice:true`):
//! `/hint`, and the tutor's `/undo` and `/keep`, with the match option as the other match
//! commands.

use super::autocomplete::autocomplete_match;
use super::choices::m;
use crate::discord::{Context, Error, run};
use club::Command;

simple!(
    hint,
    "Practice: GNU Backgammon's best plays for your roll, or its cube decision.",
    Hint
);
simple!(
    undo,
    "Practice with the tutor: take back your last play or cube action, once.",
    Undo
);
simple!(
    keep,
    "Practice with the tutor: keep the play it flagged, and play on.",
    Keep
);
