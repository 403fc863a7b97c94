//! Boards for people: a PNG drawn from one player's side, a text diagram for the terminal
//! chat, and a description for screen readers (the PNG's alt text). Reads engine state;
//! knows nothing of storage or chat platforms.

mod analysis;
mod bracket;
mod font;
mod png;
mod rating;
mod scene;
mod script;
mod standings;
mod text;

pub use analysis::{BLUNDER_BAND, BlunderBoard, blunder_alt_text, blunder_image, blunder_png};
pub use bracket::{
    BRACKET_MIN_WIDTH, Bracket, BracketMatch, BracketRound, BracketSlot, Decision, Entrant, Seat,
    bracket_alt_text, bracket_height, bracket_image, bracket_png, bracket_text, bracket_width,
};
pub use font::missing_glyphs;
pub use png::{HEIGHT, RenderError, WIDTH, encode, render_image, render_png};
pub use rating::{
    HISTORY_HEIGHT, HISTORY_PLOT, HISTORY_WIDTH, LEADERBOARD_ROWS, LEADERBOARD_WIDTH, Leaderboard,
    LeaderboardRow, PlotArea, RatingHistory, history_alt_text, history_image, history_png,
    leaderboard_alt_text, leaderboard_image, leaderboard_png, leaderboard_text,
};
pub use scene::{CubeView, DiceView, LastPlay, Scene, ScoreView, Target, TeamCubeView, WelshView};
pub use standings::{
    EntryStatus, STANDINGS_WIDTH, StandingsRow, StandingsTable, Zone, standings_alt_text,
    standings_height, standings_image, standings_png, standings_text,
};
pub use text::{alt_text, prompt_words, render_text};
