//! `/analyse` and `/stats`: the analysis queue, gnubg's run, the review and its words, the Welsh review.

pub(crate) mod gnubg_run;
pub(crate) mod queue;
pub(crate) mod review;
pub(crate) mod review_words;
pub(crate) mod welsh;

pub use gnubg_run::find_gnubg;
pub use queue::{AnalysisEvent, AnalysisReport, AnalysisSettings, INSTALL_GNUBG, MAX_ATTEMPTS};
pub use review::{Decision, PlayerFigures, Review, rating_band};
pub use review_words::{blunder_boards, review_lines};
pub use welsh::{
    WelshDecision, WelshFigures, WelshReview, WelshWorst, welsh_blunder_boards, welsh_review_lines,
};
