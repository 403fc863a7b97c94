//! The [`Club`]: its construction, [`Club::execute`] and the dispatch of a [`Command`] to
//! the room that runs it.

use std::sync::Arc;

use crate::{
    Actor, AnalysisSettings, Clock, ClubError, ClubMetrics, Command, DiceSource, Entry, Gauges,
    Outcome,
};
use engine::Side;
use engine::welsh::Rates;
use store::Store;

/// The longest move text, option or name the club reads.
const MAX_TEXT: usize = 200;

/// The application.
pub struct Club {
    pub(crate) store: Store,
    pub(crate) dice: Arc<dyn DiceSource>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) rates: Rates,
    /// `/leaderboard` shows players with at least this experience.
    pub(crate) leaderboard_min_experience: u32,
    /// Seconds an unanswered challenge stands unless it says otherwise (`expires:`).
    pub(crate) challenge_expiry: i64,
    /// `/analyse`: the settings, the workers' bell, the events.
    pub(crate) analyst: Arc<crate::analysis::queue::Analyst>,
    /// GNU Backgammon as a player and for hints: its pool of gnubg processes.
    pub(crate) gnubg: gnubg::Bot,
    /// The bot player: its identities, events and worker's bell.
    pub(crate) bot_player: Arc<crate::bot::player::BotPlayer>,
    /// What [`Club::execute`] counts (`metrics`).
    pub(crate) metrics: ClubMetrics,
    /// Whether the workers were asked to stop (`stopping`).
    pub(crate) stop: Arc<crate::kernel::stopping::Stop>,
    /// How `/games waiting` and the digest link a match (`waiting`), as the adapter sets it.
    pub(crate) links: crate::players::waiting::LinksCell,
    /// The low-time notice's threshold in seconds (`low_time`; 0: none).
    pub(crate) low_time: i64,
    /// Seasons the sweep started whose matches are owed a thread each (`league::posts`).
    pub(crate) posts_owed: crate::league::PostsOwed,
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
            challenge_expiry: crate::challenges::expiry::DEFAULT_CHALLENGE_EXPIRY,
            analyst: crate::analysis::queue::Analyst::new(AnalysisSettings::default()),
            gnubg: gnubg::Bot::new(gnubg::BotSettings::default()),
            bot_player: Arc::new(crate::bot::player::BotPlayer::new()),
            metrics: ClubMetrics::default(),
            stop: Arc::new(crate::kernel::stopping::Stop::new()),
            links: crate::players::waiting::LinksCell::default(),
            low_time: 0,
            posts_owed: crate::league::PostsOwed::default(),
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
        self.analyst = crate::analysis::queue::Analyst::new(settings);
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
        let kind = crate::kernel::metrics::kind(&cmd);
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
                let shaker = crate::matches::log::starter_side(Side::O, who);
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
            Command::Roll(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Roll)
                    .await
            }
            Command::Move(m, text) => {
                if text.chars().count() > MAX_TEXT {
                    return Err(ClubError::TooLong("move", text.chars().count(), MAX_TEXT));
                }
                self.act(&me, community, m, crate::matches::op::MatchOp::Move(text))
                    .await
            }
            Command::Double(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Double)
                    .await
            }
            Command::Take(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Take)
                    .await
            }
            Command::Drop(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Drop)
                    .await
            }
            Command::Beaver(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Beaver)
                    .await
            }
            Command::Raccoon(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Raccoon)
                    .await
            }
            Command::Resign(m, level) => {
                self.act(
                    &me,
                    community,
                    m,
                    crate::matches::op::MatchOp::Resign(level),
                )
                .await
            }
            Command::Stop(m) => self.stop_session(&me, community, m).await,
            Command::AcceptResign(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::AcceptResign)
                    .await
            }
            Command::RejectResign(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::RejectResign)
                    .await
            }
            Command::Call(m, p) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Call(p))
                    .await
            }
            Command::Choose(m, who) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Choose(who))
                    .await
            }
            Command::Reroll(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Reroll)
                    .await
            }
            Command::RollOne(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::RollOne)
                    .await
            }
            Command::Nominate(m, whose, dice) => {
                self.act(
                    &me,
                    community,
                    m,
                    crate::matches::op::MatchOp::Nominate(whose, dice),
                )
                .await
            }
            Command::Concede(m, games, pay) => {
                self.act(
                    &me,
                    community,
                    m,
                    crate::matches::op::MatchOp::Concede(games, pay),
                )
                .await
            }
            Command::AcceptConcede(m) => {
                self.act(
                    &me,
                    community,
                    m,
                    crate::matches::op::MatchOp::AcceptConcede,
                )
                .await
            }
            Command::RejectConcede(m) => {
                self.act(
                    &me,
                    community,
                    m,
                    crate::matches::op::MatchOp::RejectConcede,
                )
                .await
            }
            Command::Break(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Break)
                    .await
            }
            Command::Resume(m) => {
                self.act(&me, community, m, crate::matches::op::MatchOp::Resume)
                    .await
            }
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
