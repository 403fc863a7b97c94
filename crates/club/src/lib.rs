//! The application: commands in, outcomes out. Who may do what, one transaction per
//! command with an optimistic version check, the dice and the clock, deadlines and
//! reminders, the scoop-pot and the ledger. No chat-platform types.
//!
//! This file holds the [`Club`] and the dispatch of a [`Command`]; each concern has its
//! own file: `challenge` (challenges), `terms`
//! (a challenge's options, checked), `acting_player` (who sends a
//! command), `which_match` (the match a command is about), `play` (the match commands:
//! plan, autopilot, save), `match_views` (board, games, history, export), `deadlines`
//! (time banks, the sweep), `money` (ledger, scoop-pot, payments), `settings`, `prompts`
//! (what the player who must act is told), `chouette` (with `chouette_log`,
//! `chouette_ops`, `chouette_session`, `chouette_view`), `match_log` (a match's log
//! entries), `snapshot` (the state they fold into), `event_words`, `command` (commands and
//! outcomes), `rating` (`/rating`, `/leaderboard`, the rating lines at a match's end),
//! `fair` (provably fair dice: the chain, seeds, throws, `/fair`), `league` (leagues and
//! tournaments: fixtures, standings, seasons), `analysis` (`/analyse` and `/stats`, with
//! `gnubg_run` (the gnubg subprocess), `review`, `review_words`; `welsh_analysis`: a Welsh
//! match judged by gammonbot's Welsh player), practice: `hint`
//! (where practice is allowed, `/hint`; `welsh_hint`: a Welsh match's), `tutor` (judging a play or cube action) and
//! `undo` (the tutor's hold, `/undo`, `/keep`), `waiting` (`/games waiting`, the matches
//! waiting on a player), `digest` (the daily digest), `low_time` (the low-time notice), the bot player (`bot_player`: its
//! identities, events and worker; `bot_turn`: its decisions in a match; `bot_welsh`: the
//! Welsh player's decisions; `bot_terms`: what it agrees to; `bot_record`: the record
//! against it in `/rating`; `docs/bot.md`, `docs/welsh-bot.md`), `metrics` (what
//! [`Club::execute`] counts for the operator's metrics endpoint), and the web companion's
//! reads (`web_links`: the unguessable link tokens; `web_view`: what a match page shows; `web_player`: the player page; `web_chouette`: what a chouette page shows;
//! `web_league`: the league and leaderboard pages; `docs/web.md`), `vacation` (`/vacation`: clocks stopped while a player is away), and for players: `h2h` (head-to-head, `/h2h`), `fair_stats` (`/fair
//! stats`, with the leaf `chi_square`: the tally and the tests) and `block` (`/block`,
//! `/unblock`).
//!
//! Leaf modules hold what many parts share and name no part that uses them: `loaded` (a
//! match loaded to act on), `work` (a command's work on a match), `match_op`,
//! `player_key`, `bot_level` (the bot's level), `phrases` (durations, times, rulesets in
//! words), `fair_words`. No two modules name each other, directly or round a loop
//! (`tests/it/layers.rs` checks).

mod acting_player;
mod analysis;
mod block;
mod bot_event;
mod bot_level;
mod bot_player;
mod bot_record;
mod bot_terms;
mod bot_turn;
mod bot_welsh;
mod cause;
mod challenge;
mod chi_square;
mod choices;
mod chouette;
mod chouette_log;
mod chouette_ops;
mod chouette_session;
mod chouette_view;
mod clock;
mod command;
mod deadlines;
mod dice;
mod digest;
mod duration;
mod error;
mod event_words;
mod expiry;
mod fair;
mod fair_record;
mod fair_stats;
mod fair_words;
mod gnubg_run;
mod h2h;
mod hint;
pub mod league;
mod loaded;
mod low_priority;
mod low_time;
mod match_log;
mod match_op;
mod match_views;
mod metrics;
mod money;
mod names;
mod phrases;
mod play;
mod player_key;
mod prompts;
mod rating;
mod review;
mod review_words;
mod session;
mod settings;
mod snapshot;
mod stopping;
mod terms;
mod tutor;
mod undo;
mod vacation;
mod waiting;
mod web_chouette;
mod web_league;
mod web_links;
mod web_player;
mod web_revoke;
mod web_view;
mod welsh_analysis;
mod welsh_hint;
mod welsh_record;
mod which_match;
mod work;

use std::sync::Arc;

pub use analysis::{AnalysisEvent, AnalysisReport, AnalysisSettings, INSTALL_GNUBG, MAX_ATTEMPTS};
pub use block::{challenge_refused, join_refused};
pub use bot_event::BotEvent;
pub use bot_level::{BotLevel, UnknownBotLevel, WELSH_LEVELS};
pub use challenge::spec_words;
pub use chi_square::{MIN_THROWS, Tally, chi_square_sf};
pub use choices::{Choice, Subject, choices_words};
pub use chouette_log::{ChouetteEntry, ChouetteSpec, chouette_words, rebuild_chouette};
pub use chouette_ops::{ChouetteOp, ChouetteRef};
pub use clock::{Clock, ManualClock, SystemClock};
pub use command::Chart;
pub use command::{
    Actor, Attachment, ChallengeSpec, Command, DAY, Identity, MatchRef, NextUp, Notice, Outcome,
    Starter, TimeControl,
};
pub use dice::{DiceSource, RngDice};
pub use digest::DigestOptions;
pub use duration::{Span, SpanError};
pub use error::ClubError;
pub use fair::{
    FairDice, FairOp, FairRef, GameRecord, export_json, new_chain, new_chain_with_first,
};
pub use fair_record::{LineDraw, LineMember, Played, chouette_played, match_played};
pub use fair_stats::COUNTED;
pub use gnubg_run::find_gnubg;
pub use league::LeaguePost;
pub use league::{
    BracketLine, Format, LeagueCommand, LeagueEntry, LeagueOp, LeagueSettings, TableLine,
};
pub use low_time::DEFAULT_LOW_TIME;
pub use match_log::{Entry, LastMove, Ruling, Settlement, standard_rules};
pub use metrics::{ClubMetrics, Gauges};
pub use phrases::duration_words;
pub use prompts::{next_choices, next_words};
pub use rating::{RATING_CHANGES_SHOWN, change_line};
pub use review::{Decision, PlayerFigures, Review, rating_band};
pub use review_words::{blunder_boards, review_lines};
pub use snapshot::{Snapshot, rebuild};
pub use terms::{ChallengeOption, ChallengeOptions, TermsError};
pub use tutor::TUTOR_THRESHOLD;
pub use undo::{Before, TutorNote};
pub use vacation::{DEFAULT_VACATION_DAYS, VacationOp, days_taken};
pub use waiting::{PlaceLink, WaitingLinks, WebAddress};
pub use web_chouette::ChouettePage;
pub use web_league::{
    FixtureLink, LEADERBOARD_PAGE_ROWS, LeaderLine, LeaderboardPage, LeaguePage, PageStamp,
    PublicIndex, RulesetBoard, SeasonPage, WebPage,
};
pub use web_links::{PageKind, PageLink, is_token};
pub use web_player::{
    HeadToHead, PlayerAnalysis, PlayerMatch, PlayerPage, PlayerRating, RECENT_MATCHES,
};
pub use web_revoke::{RevokeTarget, Revoked, Rights};
pub use web_view::{Frame, MatchPage};
pub use welsh_analysis::{
    WelshDecision, WelshFigures, WelshReview, WelshWorst, welsh_blunder_boards, welsh_review_lines,
};

use engine::Side;
use engine::welsh::Rates;
use match_op::Op;
use store::Store;

/// The longest move text, option or name the club reads.
const MAX_TEXT: usize = 200;

/// The application.
pub struct Club {
    store: Store,
    dice: Arc<dyn DiceSource>,
    clock: Arc<dyn Clock>,
    rates: Rates,
    /// `/leaderboard` shows players with at least this experience.
    leaderboard_min_experience: u32,
    /// Seconds an unanswered challenge stands unless it says otherwise (`expires:`).
    challenge_expiry: i64,
    /// `/analyse`: the settings, the workers' bell, the events.
    analyst: Arc<analysis::Analyst>,
    /// GNU Backgammon as a player and for hints: its pool of gnubg processes.
    gnubg: gnubg::Bot,
    /// The bot player: its identities, events and worker's bell.
    bot_player: Arc<bot_player::BotPlayer>,
    /// What [`Club::execute`] counts (`metrics`).
    metrics: ClubMetrics,
    /// Whether the workers were asked to stop (`stopping`).
    stop: Arc<stopping::Stop>,
    /// How `/games waiting` and the digest link a match (`waiting`), as the adapter sets it.
    links: waiting::LinksCell,
    /// The low-time notice's threshold in seconds (`low_time`; 0: none).
    low_time: i64,
    /// Seasons the sweep started whose matches are owed a thread each (`league::posts`).
    posts_owed: league::PostsOwed,
}

impl Club {
    #[must_use]
    pub fn new(store: Store, dice: Arc<dyn DiceSource>, clock: Arc<dyn Clock>) -> Club {
        Club {
            store,
            dice,
            clock,
            rates: Rates::default(),
            leaderboard_min_experience: 0,
            challenge_expiry: expiry::DEFAULT_CHALLENGE_EXPIRY,
            analyst: analysis::Analyst::new(AnalysisSettings::default()),
            gnubg: gnubg::Bot::new(gnubg::BotSettings::default()),
            bot_player: Arc::new(bot_player::BotPlayer::new()),
            metrics: ClubMetrics::default(),
            stop: Arc::new(stopping::Stop::new()),
            links: waiting::LinksCell::default(),
            low_time: 0,
            posts_owed: league::PostsOwed::default(),
        }
    }

    /// The club with these settings for GNU Backgammon as a player and for hints
    /// (default: [`gnubg::BotSettings::default`]).
    #[must_use]
    pub fn with_bot(mut self, settings: gnubg::BotSettings) -> Club {
        self.gnubg = gnubg::Bot::new(settings);
        self
    }

    /// The club with these analysis settings (default: [`AnalysisSettings::default`]).
    #[must_use]
    pub fn with_analysis(mut self, settings: AnalysisSettings) -> Club {
        self.analyst = analysis::Analyst::new(settings);
        self
    }

    /// The club with unanswered challenges expiring after `seconds` (seven days by
    /// default); a challenge's own `expires:` overrides it.
    #[must_use]
    pub fn with_challenge_expiry(mut self, seconds: i64) -> Club {
        self.challenge_expiry = seconds;
        self
    }

    /// The club's "now", Unix seconds.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// What the club counts of the commands it runs, for a metrics endpoint to register.
    #[must_use]
    pub fn metrics(&self) -> &ClubMetrics {
        &self.metrics
    }

    /// The gauges as they stand: live matches, analyses waiting, bot decisions waiting.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn gauges(&self) -> Result<Gauges, ClubError> {
        Ok(Gauges {
            live_matches: self.store.live_matches().await?,
            analysis_queue: self.store.analyses_waiting().await?,
            bot_queue: i64::try_from(self.bot_player.waiting()).unwrap_or(i64::MAX),
        })
    }

    /// Runs one command for `actor`, counted by kind and outcome with the time it took
    /// (`metrics`).
    ///
    /// # Errors
    /// A [`ClubError`] saying why it was refused and what to do; nothing is changed then.
    pub async fn execute(&self, actor: &Actor, cmd: Command) -> Result<Outcome, ClubError> {
        let kind = metrics::kind(&cmd);
        let started = std::time::Instant::now();
        let result = self.execute_uncounted(actor, cmd).await;
        self.metrics.record(kind, &result, started.elapsed());
        result
    }

    async fn execute_uncounted(&self, actor: &Actor, cmd: Command) -> Result<Outcome, ClubError> {
        self.refuse_as_bot(actor, &cmd)?;
        let out = self.dispatch(actor, cmd).await.inspect_err(|e| {
            // The player is told; the admin reads it in the log.
            if let ClubError::Store(s) = e
                && s.fault() != store::Fault::Other
            {
                tracing::error!(error = %s, fault = ?s.fault(), "a command met a database fault");
            }
        })?;
        // A command that leaves the bot to act wakes its worker.
        if let (Some(id), Some(next)) = (out.match_id, &out.next) {
            if self.is_bot_user(&actor.platform, &next.user_id) {
                self.bot_player.ring(id);
            }
        }
        Ok(out)
    }

    async fn dispatch(&self, actor: &Actor, cmd: Command) -> Result<Outcome, ClubError> {
        let (me, community) = self.me(actor).await?;
        match cmd {
            Command::Challenge { opponent, spec } => {
                self.challenge(actor, &me, community, &opponent, spec).await
            }
            Command::Accept(m) => {
                self.answer_challenge(&me, community, m, Entry::Accept)
                    .await
            }
            Command::AcceptShaking(m, who) => {
                // The challenged player (O) is the guest: `Me` is O.
                let shaker = match_log::starter_side(Side::O, who);
                self.answer_challenge(&me, community, m, Entry::AcceptWelsh { shaker })
                    .await
            }
            Command::Decline(m) => {
                self.answer_challenge(&me, community, m, Entry::Decline)
                    .await
            }
            Command::Cancel(m) => {
                self.answer_challenge(&me, community, m, Entry::Cancel)
                    .await
            }
            Command::Roll(m) => self.act(&me, community, m, Op::Roll).await,
            Command::Move(m, text) => {
                if text.chars().count() > MAX_TEXT {
                    return Err(ClubError::TooLong("move", text.chars().count(), MAX_TEXT));
                }
                self.act(&me, community, m, Op::Move(text)).await
            }
            Command::Double(m) => self.act(&me, community, m, Op::Double).await,
            Command::Take(m) => self.act(&me, community, m, Op::Take).await,
            Command::Drop(m) => self.act(&me, community, m, Op::Drop).await,
            Command::Beaver(m) => self.act(&me, community, m, Op::Beaver).await,
            Command::Raccoon(m) => self.act(&me, community, m, Op::Raccoon).await,
            Command::Resign(m, level) => self.act(&me, community, m, Op::Resign(level)).await,
            Command::Stop(m) => self.stop_session(&me, community, m).await,
            Command::AcceptResign(m) => self.act(&me, community, m, Op::AcceptResign).await,
            Command::RejectResign(m) => self.act(&me, community, m, Op::RejectResign).await,
            Command::Call(m, p) => self.act(&me, community, m, Op::Call(p)).await,
            Command::Choose(m, who) => self.act(&me, community, m, Op::Choose(who)).await,
            Command::Reroll(m) => self.act(&me, community, m, Op::Reroll).await,
            Command::RollOne(m) => self.act(&me, community, m, Op::RollOne).await,
            Command::Nominate(m, whose, dice) => {
                self.act(&me, community, m, Op::Nominate(whose, dice)).await
            }
            Command::Concede(m, games, pay) => {
                self.act(&me, community, m, Op::Concede(games, pay)).await
            }
            Command::AcceptConcede(m) => self.act(&me, community, m, Op::AcceptConcede).await,
            Command::RejectConcede(m) => self.act(&me, community, m, Op::RejectConcede).await,
            Command::Break(m) => self.act(&me, community, m, Op::Break).await,
            Command::Resume(m) => self.act(&me, community, m, Op::Resume).await,
            Command::Board(m) => self.board(&me, community, m).await,
            Command::Moves(m) => self.moves(&me, community, m).await,
            Command::Games => self.games(&me, community).await,
            Command::Waiting => self.games_waiting(&me, community, actor.reply_chars).await,
            Command::History(m) => self.history(&me, community, m).await,
            Command::Export(m) => self.export(&me, community, m).await,
            Command::Settings {
                auto_roll,
                notify_dm,
                digest,
            } => self.settings(&me, auto_roll, notify_dm, &digest).await,
            Command::Ledger => self.ledger(&me, community).await,
            Command::Chouette(r, op) => self.chouette(actor, &me, community, r, op).await,
            Command::Pot(opponent) => self.pot(actor, &me, community, &opponent).await,
            Command::Rating {
                player,
                ruleset,
                vs,
            } => {
                let mut out = self
                    .rating_view(actor, &me, community, player.as_deref(), ruleset)
                    .await?;
                if let Some(vs) = vs {
                    let h2h = self
                        .head_to_head_view(actor, &me, community, player.as_deref(), &vs)
                        .await?;
                    out.lines.extend(h2h.lines);
                }
                Ok(out)
            }
            Command::Leaderboard { ruleset } => {
                self.leaderboard_view(actor, community, ruleset).await
            }
            Command::Fair(target, op) => self.fair(actor, &me, community, target, op).await,
            Command::Rename(name) => self.rename(actor, &me, &name).await,
            Command::League(c) => self.league(actor, &me, community, c).await,
            Command::Analyse(m) => self.analyse(actor, &me, community, m).await,
            Command::Stats(player) => self.stats(actor, &me, community, player.as_deref()).await,
            Command::Hint(m) => self.hint(&me, community, m).await,
            Command::Undo(m) => self.undo_or_keep(&me, community, m, false).await,
            Command::Keep(m) => self.undo_or_keep(&me, community, m, true).await,
            Command::Vacation(op) => self.vacation(&me, community, op).await,
            Command::HeadToHead { player, opponent } => {
                self.head_to_head_view(actor, &me, community, player.as_deref(), &opponent)
                    .await
            }
            Command::FairStats { player, ruleset } => {
                self.fair_stats(actor, &me, community, player.as_deref(), ruleset)
                    .await
            }
            Command::Block(who) => self.block(actor, &me, who.as_deref()).await,
            Command::Unblock(who) => self.unblock(actor, &me, &who).await,
        }
    }
}
