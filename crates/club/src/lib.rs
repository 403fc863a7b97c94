//! The application: commands in, outcomes out. Who may do what, one transaction per
//! command with an optimistic version check, the dice and the clock, deadlines and
//! reminders, the scoop-pot and the ledger. No chat-platform types.

mod analysis;
mod bot;
mod challenges;
mod chouette;
mod club;
mod command;
mod fair;
mod kernel;
pub mod league;
mod matches;
mod players;
mod practice;
mod refusal;
mod web;
mod workers;

pub use analysis::AnalysisRefusal;
pub use analysis::{
    AnalysisEvent, AnalysisReport, AnalysisSettings, Decision, INSTALL_GNUBG, MAX_ATTEMPTS,
    PlayerFigures, Review, WelshDecision, WelshFigures, WelshReview, WelshWorst, blunder_boards,
    find_gnubg, rating_band, review_lines, welsh_blunder_boards, welsh_review_lines,
};
pub use bot::{BotEvent, BotLevel, BotRefusal, UnknownBotLevel, WELSH_LEVELS};
pub use challenges::{BlockRefusal, TermsRefusal};
pub use challenges::{
    ChallengeOption, ChallengeOptions, TermsError, challenge_refused, join_refused, spec_words,
};
pub use chouette::ChouetteRefusal;
pub use chouette::{
    ChouetteEntry, ChouetteOp, ChouetteRef, ChouetteSpec, chouette_words, rebuild_chouette,
};
pub use club::Club;
pub use command::Chart;
pub use command::{
    Actor, Attachment, ChallengeOp, ChallengeSpec, Command, DAY, Identity, Look, MatchRef, NextUp,
    Notice, Outcome, PlayerOp, PracticeOp, Starter, TimeControl,
};
pub use fair::FairRefusal;
pub use fair::{
    COUNTED, FairDice, FairOp, FairRef, GameRecord, LineDraw, LineMember, MIN_THROWS, Played,
    Tally, chi_square_sf, chouette_played, export_json, match_played, new_chain,
    new_chain_with_first,
};
pub use kernel::{
    Clock, ClubError, ClubMetrics, DiceSource, Gauges, ManualClock, RngDice, Span, SpanError,
    SystemClock, duration_words,
};
pub use league::LeaguePost;
pub use league::LeagueRefusal;
pub use league::{
    BracketLine, Format, LeagueCommand, LeagueEntry, LeagueOp, LeagueSettings, TableLine,
};
pub use matches::{
    Choice, DEFAULT_LOW_TIME, Entry, LastMove, MatchOp, Ruling, Settlement, Snapshot, Subject,
    choices_words, next_choices, next_words, rebuild, standard_rules,
};
pub use players::{
    DEFAULT_VACATION_DAYS, DigestOptions, PlaceLink, RATING_CHANGES_SHOWN, VacationOp,
    WaitingLinks, WebAddress, change_line, days_taken,
};
pub use players::{PlayerRefusal, VacationRefusal};
pub use practice::PracticeRefusal;
pub use practice::{Before, TUTOR_THRESHOLD, TutorNote};
pub use refusal::{Refusal, WaitsOn};
pub use web::WebRefusal;
pub use web::{
    ChouettePage, FixtureLink, Frame, HeadToHead, LEADERBOARD_PAGE_ROWS, LeaderLine,
    LeaderboardPage, LeaguePage, MatchPage, PageKind, PageLink, PageStamp, PlayerAnalysis,
    PlayerMatch, PlayerPage, PlayerRating, PublicIndex, RECENT_MATCHES, RevokeTarget, Revoked,
    Rights, RulesetBoard, SeasonPage, Web, WebPage, is_token,
};
