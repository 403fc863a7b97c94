//! Boards for people: a PNG drawn from one player's side, a text diagram for the terminal
//! chat, and a description for screen readers (the PNG's alt text). Reads engine state;
//! knows nothing of storage or chat platforms.

mod png;
mod rating;
mod scene;
mod text;

pub use png::{HEIGHT, RenderError, WIDTH, encode, render_image, render_png};
pub use rating::{
    HISTORY_HEIGHT, HISTORY_PLOT, HISTORY_WIDTH, LEADERBOARD_ROWS, LEADERBOARD_WIDTH, Leaderboard,
    LeaderboardRow, PlotArea, RatingHistory, history_alt_text, history_image, history_png,
    leaderboard_alt_text, leaderboard_image, leaderboard_png, leaderboard_text,
};
pub use scene::{CubeView, DiceView, LastPlay, Scene, ScoreView, Target, TeamCubeView, WelshView};
pub use text::{alt_text, prompt_words, render_text};
