//! The application: commands in, outcomes out. Who may do what, one transaction per
//! command with an optimistic version check, the dice and the clock, deadlines and
//! reminders, the scoop-pot and the ledger. No chat-platform types.
//!
//! A [`Command`] from an [`Actor`] goes to [`Club::execute`] (`club.rs`), which sends it
//! by its group to the room that runs it and gives back an [`Outcome`] or a
//! [`ClubError`]. The club is a house of rooms, one folder per concern:
//!
//! | room | holds |
//! |---|---|
//! | `club.rs` | [`Club`]: its parts, its construction, `execute` and the dispatch by group |
//! | `command.rs` | [`Command`] grouped by concern, [`Outcome`], [`Actor`], [`MatchRef`], [`NextUp`], [`Notice`]; `Command::kind` for the metrics |
//! | `refusal.rs` | [`Refusal`]: every refusal a player can cause, with its facts; `Display` gives the words players read (each room's own refusals in its `refusal.rs`) |
//! | `kernel/` | what every room uses: the ids (`MatchNo`, `PlayerId`, `CommunityId`), the clock, the dice, spans of time and their words, a match's cause of ending, the errors, the metrics, stopping, the low-priority thread |
//! | `matches/` | a match: its log and the snapshot it folds into, loading one (`which_match`), the commands played on it (`plan` works one out against the engine, `play` writes it), its time banks, boards and views, prompts and choices, a deadline come, low time, money play's ledger and sessions |
//! | `challenges/` | challenges: the terms checked, making and answering one, expiry, blocking |
//! | `practice/` | practice: hints (standard and Welsh), the tutor, `/undo` and `/keep`, `/drill` (cards from a player's own analysed mistakes, on an FSRS schedule) |
//! | `chouette/` | chouettes: the log, the operations, sessions, views, the commands |
//! | `fair/` | provably fair dice: the chain, seeds and throws, `/fair`, the records of play, dice statistics |
//! | `bot/` | the bot player: levels, identities, events, its decisions in a match (GNU Backgammon's and the Welsh player's), the terms it takes, the record against it |
//! | `analysis/` | `/analyse` and `/stats`: the queue, gnubg's report made a review (`gnubg_review`), the review and its words, the Welsh review |
//! | `players/` | players: who sends a command, names, settings, ratings, head-to-head, the Welsh record, vacations, the daily digest, the matches waiting on a player |
//! | `league/` | leagues and tournaments: the formats, fixtures, standings, seasons, the director's rulings |
//! | `web/` | the read side of the web pages, reached through [`Club::web`]: link tokens, revoking them, one view per page |
//! | `outbox/` | the messages owed (notices, announcements, the bot's decisions): written with or right after their change, claimed and marked by the adapters' posters |
//! | `workers/` | the tasks beside the commands: the deadline sweep, the analysis runner, the bot's worker |
//!
//! Each room's `mod.rs` holds its entry points: the one `impl Club` block of the room,
//! what other rooms and the adapters call, listed in its doc. The rest of a room are
//! free functions taking the club (`club: &Club`), called by path, so a `use` line or a
//! path names every file a command passes through. A room's files are private to it
//! (`mod`), but for the leaf modules other rooms share (`pub(crate) mod`): a match loaded
//! (`matches::loaded`), a command's work on it (`matches::work`), its log, prompts and
//! event words, a player's key, the phrases, the causes of an ending, and a few more, each
//! named in its room's `mod.rs`. The public types are re-exported here and other rooms
//! name them through the crate root (`crate::ClubError`). No two modules
//! name each other, directly or round a loop (`tests/it/layers/` checks every crate).

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
mod outbox;
mod players;
mod practice;
mod refusal;
mod web;
mod workers;

pub use analysis::AnalysisRefusal;
pub use analysis::{
    AnalysisEvent, AnalysisReport, AnalysisSettings, AutoAnalysis, DOUBTFUL, Decision,
    INSTALL_GNUBG, MAX_ATTEMPTS, MatchPr, PR_MIN_MATCHES, PR_WINDOW, PlayerFigures, PrSummary,
    Review, Valued, WelshDecision, WelshFigures, WelshReview, WelshWorst, blunder_boards,
    find_gnubg, pr_summary, rating_band, review_lines, welsh_blunder_boards, welsh_review_lines,
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
pub use command::PlayerRef;
pub use command::{
    Actor, Attachment, ChallengeOp, ChallengeSpec, Command, DAY, DrillAsk, DrillChoice, DrillOp,
    Identity, Look, MatchRef, NextUp, Notice, Outcome, PlayerOp, PracticeOp, Starter, TimeControl,
};
pub use fair::FairRefusal;
pub use fair::{
    COUNTED, FairDice, FairOp, FairRef, GameRecord, LineDraw, LineMember, MIN_THROWS, Played,
    Tally, chi_square_sf, chouette_played, export_json, match_played, new_chain,
    new_chain_with_first,
};
pub use kernel::{
    Clock, ClubError, ClubMetrics, DiceSource, Gauges, ManualClock, Quotas, RngDice, Span,
    SpanError, SystemClock, duration_words,
};
pub use kernel::{CommunityId, MatchNo, PlayerId};
pub use league::LeaguePost;
pub use league::LeagueRefusal;
pub use league::{
    BracketLine, Format, LeagueCommand, LeagueEntry, LeagueOp, LeagueSettings, TableLine,
};
pub use matches::{
    Choice, DEFAULT_LOW_TIME, Entry, LastMove, MatchOp, Ruling, Settlement, Snapshot, Subject,
    choices_words, next_choices, next_words, rebuild, standard_rules,
};
pub use outbox::{CLAIM_EVERY, Delivery, KEEP_POSTED, MAX_POST_ATTEMPTS, Owed, Posted, backoff};
pub use players::{
    DEFAULT_VACATION_DAYS, DigestOptions, PlaceLink, RATING_CHANGES_SHOWN, VacationOp,
    WaitingLinks, WebAddress, change_line, days_taken,
};
pub use players::{PlayerRefusal, VacationRefusal};
pub use practice::PracticeRefusal;
pub use practice::{Before, TUTOR_THRESHOLD, TutorNote};
pub use practice::{CLEAR_GAP, DailyPuzzle, PuzzleAsk, PuzzleOp, PuzzleSetting, RECENT_DAYS};
pub use practice::{DEFAULT_HINT_WAIT, HINT_PROCESSES};
pub use practice::{LEARNT_DAYS, MAX_DRILL_OPTIONS};
pub use refusal::{Refusal, WaitsOn};
pub use web::WebRefusal;
pub use web::{
    ChouettePage, ChouetteVersion, DrillProgress, FixtureLink, Frame, HeadToHead,
    LEADERBOARD_PAGE_ROWS, LeaderLine, LeaderboardPage, LeaguePage, MatchPage, PageKind, PageLink,
    PageStamp, PlayerAnalysis, PlayerMatch, PlayerPage, PlayerRating, PublicIndex, RECENT_MATCHES,
    RevokeTarget, Revoked, Rights, RulesetBoard, SeasonPage, Web, WebPage, is_token,
};
