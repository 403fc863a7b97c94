//! `/analyse` and `/stats`: the analysis queue, gnubg's report made a review (the run is
//! `gnubg::analyse_match`), the review and its words, the
//! Welsh review, and every finished match analysed by itself (`auto`).
//!
//! Entry points, on [`Club`]: `analysis_events`, `analysis_settings`, `analyse`,
//! `requeue_analyses`, `run_next_analysis` (`queue`); `stats` (`stats`);
//! `queue_finished_analyses`, `server_analysis` (`auto`).

mod auto;
mod gnubg_review;
pub(crate) mod pr;
pub(crate) mod pr_history;
mod queue;
mod refusal;
mod report;
pub(crate) mod review;
pub(crate) mod review_words;
pub(crate) mod stats;
pub(crate) mod welsh;

pub(crate) use queue::Analyst;

pub use gnubg::find_gnubg;
pub use pr::{MatchPr, PR_MIN_MATCHES, PR_WINDOW, PrSummary, pr_summary};
pub use queue::{AnalysisEvent, AnalysisReport, AnalysisSettings, INSTALL_GNUBG, MAX_ATTEMPTS};
pub use refusal::AnalysisRefusal;
pub use review::{DOUBTFUL, Decision, PlayerFigures, Review, Valued, rating_band};
pub use review_words::{blunder_boards, review_lines};
pub use store::AutoAnalysis;
pub use welsh::{
    WelshDecision, WelshFigures, WelshReview, WelshWorst, welsh_blunder_boards, welsh_review_lines,
};

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::MatchRef;
use crate::Outcome;
use store::PlayerRow;

impl Club {
    // report
    /// The report of analysis job `job` once it has ended, read from the store (the
    /// outbox's posts); `None` while it runs, or when it is gone.
    pub(crate) async fn analysis_report(
        &self,
        job: i64,
    ) -> Result<Option<AnalysisReport>, ClubError> {
        report::stored_report(self, job).await
    }

    // queue
    /// The club's analysis events (progress and results), for an adapter to post.
    #[must_use]
    pub fn analysis_events(&self) -> tokio::sync::broadcast::Receiver<AnalysisEvent> {
        queue::analysis_events(self)
    }

    /// The analysis settings in force.
    #[must_use]
    pub fn analysis_settings(&self) -> &AnalysisSettings {
        queue::analysis_settings(self)
    }

    /// `/analyse [match]`: the stored analysis, or a job queued.
    pub(crate) async fn analyse(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        queue::analyse(self, actor, me, community, m).await
    }

    /// `/stats [player]`: the average error rate and PR over the analysed matches here.
    pub(crate) async fn stats(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        player: Option<&str>,
    ) -> Result<Outcome, ClubError> {
        stats::stats(self, actor, me, community, player).await
    }

    /// `/server analysis:auto|league|off`: which finished matches here are analysed by
    /// themselves, changed when given, then shown.
    pub(crate) async fn server_analysis(
        &self,
        actor: &Actor,
        community: i64,
        mode: Option<AutoAnalysis>,
    ) -> Result<Outcome, ClubError> {
        auto::server_analysis(self, actor, community, mode).await
    }

    /// Looks at the finished matches due for their automatic analysis (marked by the
    /// transaction that finished them): each one its server's setting covers gets one
    /// automatic job, the others are let go; how many jobs were queued. The analysis
    /// workers call it before each job.
    ///
    /// # Errors
    /// A database error (the matches not yet looked at stay due).
    pub async fn queue_finished_analyses(&self) -> Result<u32, ClubError> {
        auto::queue_finished(self).await
    }

    /// Queues again the jobs left running (at start); how many.
    ///
    /// # Errors
    /// A database error.
    pub async fn requeue_analyses(&self) -> Result<u64, ClubError> {
        queue::requeue_analyses(self).await
    }

    /// Claims the oldest queued job and runs it to its end: the report posted (also sent
    /// to [`Club::analysis_events`]), or `None` when nothing waits.
    ///
    /// # Errors
    /// A database error (the job then stays running and is queued again at restart).
    pub async fn run_next_analysis(&self) -> Result<Option<AnalysisReport>, ClubError> {
        queue::run_next_analysis(self).await
    }
}
