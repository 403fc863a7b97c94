//! Pictures for people, from plain data: boards (a PNG drawn from one player's side, a
//! text diagram for the terminal chat, a description for screen readers, the PNG's alt
//! text), league standings, knockout brackets, leaderboards, rating and PR charts, and the
//! worst decisions of an analysed match, and the bot's avatar. Reads engine state; knows nothing of storage or
//! chat platforms.
//!
//! [`kit`] is the drawing kit they share (canvas, shapes, text, fonts, PNG writing); each
//! picture has a file of its own.

pub(crate) mod kit;

mod analysis;
mod avatar;
mod board;
mod board_text;
mod bracket;
mod pr_history;
mod rating;
mod scene;
mod standings;

pub use analysis::{BLUNDER_BAND, BlunderBoard, blunder_alt_text, blunder_image, blunder_png};
pub use avatar::{AVATAR_SIZE, avatar_image, avatar_png};
pub use board::{HEIGHT, WIDTH, render_image, render_png};
pub use board_text::{alt_text, prompt_words, render_text};
pub use bracket::{
    BRACKET_MIN_WIDTH, Bracket, BracketMatch, BracketRound, BracketSlot, Decision, Entrant, Seat,
    bracket_alt_text, bracket_height, bracket_image, bracket_png, bracket_text, bracket_width,
};
pub use kit::encode::{RenderError, encode};
pub use kit::font::missing_glyphs;
pub use kit::script::{is_bidi_control, strip_bidi_controls};
pub use pr_history::{PrHistory, PrPoint, pr_history_alt_text, pr_history_image, pr_history_png};
pub use rating::{
    HISTORY_HEIGHT, HISTORY_PLOT, HISTORY_WIDTH, LEADERBOARD_PR_WIDTH, LEADERBOARD_ROWS,
    LEADERBOARD_WIDTH, Leaderboard, LeaderboardRow, PlotArea, RatingHistory, history_alt_text,
    history_image, history_png, leaderboard_alt_text, leaderboard_image, leaderboard_png,
    leaderboard_text,
};
pub use scene::{CubeView, DiceView, LastPlay, Scene, ScoreView, Target, TeamCubeView, WelshView};
pub use standings::{
    EntryStatus, STANDINGS_WIDTH, StandingsRow, StandingsTable, Zone, standings_alt_text,
    standings_height, standings_image, standings_png, standings_text,
};
