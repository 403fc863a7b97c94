//! The [`Club`]: its construction, [`Club::execute`] and the dispatch of a [`Command`] to
//! the room that runs it.

use crate::Actor;
use crate::AnalysisSettings;
use crate::ChallengeOp;
use crate::Clock;
use crate::ClubError;
use crate::ClubMetrics;
use crate::Command;
use crate::DiceSource;
use crate::Entry;
use crate::Gauges;
use crate::Look;
use crate::MatchOp;
use crate::MatchRef;
use crate::Outcome;
use crate::PlayerOp;
use crate::PracticeOp;
use crate::Refusal;
use engine::Side;
use engine::welsh::Rates;
use std::sync::Arc;
use std::time::Duration;
use store::PlayerRow;
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
    pub(crate) analyst: Arc<crate::analysis::Analyst>,
    /// GNU Backgammon as a player (and the tutor): its pool of gnubg processes.
    pub(crate) gnubg: gnubg::Bot,
    /// GNU Backgammon for `/hint`: a pool of its own, so the bot's moves never wait
    /// behind a hint (`practice::hint_slot`).
    pub(crate) hints: crate::practice::hint_slot::HintSlot,
    /// The bot player: its identities, events and worker's bell.
    pub(crate) bot_player: Arc<crate::bot::BotPlayer>,
    /// What [`Club::execute`] counts (`metrics`).
    pub(crate) metrics: ClubMetrics,
    /// Whether the workers were asked to stop (`stopping`).
    pub(crate) stop: Arc<crate::kernel::Stop>,
    /// How `/games waiting` and the digest link a match (`waiting`), as the adapter sets it.
    pub(crate) links: crate::players::LinksCell,
    /// The low-time notice's threshold in seconds (`low_time`; 0: none).
    pub(crate) low_time: i64,
    /// Per-player limits on expensive work (`kernel::quotas`).
    pub(crate) quotas: crate::Quotas,
    /// Each player's hints in the last hour.
    pub(crate) hint_times: crate::kernel::quotas::HintTimes,
    /// Rung when something is written to the outbox (`outbox`).
    pub(crate) outbox_bell: tokio::sync::Notify,
    /// How long a poster's claim on an outbox row lasts.
    pub(crate) outbox_lease: Duration,
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
            challenge_expiry: crate::challenges::DEFAULT_CHALLENGE_EXPIRY,
            analyst: crate::analysis::Analyst::new(AnalysisSettings::default()),
            gnubg: gnubg::Bot::new(gnubg::BotSettings::default()),
            hints: crate::practice::hint_slot::HintSlot::new(
                &gnubg::BotSettings::default(),
                crate::practice::DEFAULT_HINT_WAIT,
            ),
            bot_player: Arc::new(crate::bot::BotPlayer::new()),
            metrics: ClubMetrics::default(),
            stop: Arc::new(crate::kernel::Stop::new()),
            links: crate::players::LinksCell::default(),
            low_time: 0,
            quotas: crate::Quotas::default(),
            hint_times: crate::kernel::quotas::HintTimes::default(),
            outbox_bell: tokio::sync::Notify::new(),
            outbox_lease: crate::outbox::DEFAULT_LEASE,
        }
    }

    /// The club with these per-player limits (default: [`crate::Quotas::default`]).
    #[must_use]
    pub fn with_quotas(mut self, quotas: crate::Quotas) -> Club {
        self.quotas = quotas;
        self
    }

    /// The club with these settings for GNU Backgammon as a player and for hints
    /// (default: [`gnubg::BotSettings::default`]); hints get a pool of their own of
    /// [`crate::practice::HINT_PROCESSES`] process, further below the bot's priority.
    #[must_use]
    pub fn with_bot(mut self, settings: gnubg::BotSettings) -> Club {
        self.hints = crate::practice::hint_slot::HintSlot::new(&settings, self.hints.wait());
        self.gnubg = gnubg::Bot::new(settings);
        self
    }

    /// The club with a hint waiting at most `wait` for GNU Backgammon (default
    /// [`crate::practice::DEFAULT_HINT_WAIT`]); past it the player is told gnubg is busy,
    /// with nothing counted.
    #[must_use]
    pub fn with_hint_wait(mut self, wait: Duration) -> Club {
        self.hints = self.hints.with_wait(wait);
        self
    }

    /// The club with these analysis settings (default: [`AnalysisSettings::default`]).
    #[must_use]
    pub fn with_analysis(mut self, settings: AnalysisSettings) -> Club {
        self.analyst = crate::analysis::Analyst::new(settings);
        self
    }

    /// The club with unanswered challenges expiring after `seconds` (seven days by
    /// default); a challenge's own `expires:` overrides it.
    #[must_use]
    pub fn with_challenge_expiry(mut self, seconds: i64) -> Club {
        self.challenge_expiry = seconds;
        self
    }

    /// The club telling players once per match when their time bank falls below
    /// `seconds` (0: never).
    #[must_use]
    pub fn with_low_time(mut self, seconds: i64) -> Club {
        self.low_time = seconds.max(0);
        self
    }

    /// The smallest experience a player needs to appear on `/leaderboard` (default 0).
    #[must_use]
    pub fn with_leaderboard_min_experience(mut self, experience: u32) -> Club {
        self.leaderboard_min_experience = experience;
        self
    }

    /// The club with the bot trying a failed decision again after `every` (default a
    /// minute).
    #[must_use]
    pub fn with_bot_retry(mut self, every: Duration) -> Club {
        if let Some(b) = Arc::get_mut(&mut self.bot_player) {
            b.retry = every;
        }
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
        let kind = cmd.kind();
        let started = std::time::Instant::now();
        let result = self.execute_uncounted(actor, cmd).await;
        self.metrics.record(kind, &result, started.elapsed());
        result
    }

    async fn execute_uncounted(&self, actor: &Actor, cmd: Command) -> Result<Outcome, ClubError> {
        self.refuse_as_bot(actor, &cmd)?;
        let mut out = self.dispatch(actor, cmd).await.inspect_err(|e| {
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
                self.bot_player.ring(id.get());
            }
        }
        // What other players and channels are owed goes to the outbox.
        self.owe_outcome(&actor.channel, &mut out).await;
        Ok(out)
    }

    async fn dispatch(&self, actor: &Actor, cmd: Command) -> Result<Outcome, ClubError> {
        let (me, community) = self.me(actor).await?;
        match cmd {
            Command::Challenge(op) => self.challenge_op(actor, &me, community, op).await,
            Command::Match(m, op) => self.match_op(&me, community, m, op).await,
            Command::Practice(m, op) => match op {
                PracticeOp::Hint => self.hint(&me, community, m).await,
                PracticeOp::Undo => self.undo_or_keep(&me, community, m, false).await,
                PracticeOp::Keep => self.undo_or_keep(&me, community, m, true).await,
            },
            Command::Look(look) => self.look(actor, &me, community, look).await,
            Command::Chouette(r, op) => self.chouette(actor, &me, community, r, op).await,
            Command::League(c) => self.league(actor, &me, community, c).await,
            Command::Fair(target, op) => self.fair(actor, &me, community, target, op).await,
            Command::Player(op) => self.player_op(actor, &me, community, op).await,
            Command::Analyse(m) => self.analyse(actor, &me, community, m).await,
            Command::ServerAnalysis(mode) => self.server_analysis(actor, community, mode).await,
            Command::Drill(op) => self.drill(&me, community, op).await,
            Command::ServerPuzzle(s) => self.server_puzzle(actor, community, s).await,
            Command::Puzzle(op) => self.puzzle(&me, community, op).await,
        }
    }

    /// A challenge made, answered or withdrawn.
    async fn challenge_op(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        op: ChallengeOp,
    ) -> Result<Outcome, ClubError> {
        match op {
            ChallengeOp::New { opponent, spec } => {
                self.challenge(actor, me, community, &opponent, spec).await
            }
            ChallengeOp::Accept(m) => self.answer_challenge(me, community, m, Entry::Accept).await,
            ChallengeOp::AcceptShaking(m, who) => {
                // The challenged player (O) is the guest: `Me` is O.
                let shaker = crate::matches::log::starter_side(Side::O, who);
                self.answer_challenge(me, community, m, Entry::AcceptWelsh { shaker })
                    .await
            }
            ChallengeOp::Decline(m) => {
                self.answer_challenge(me, community, m, Entry::Decline)
                    .await
            }
            ChallengeOp::Cancel(m) => self.answer_challenge(me, community, m, Entry::Cancel).await,
        }
    }

    /// A decision in a match: a money session's stop ends it, the rest are played.
    async fn match_op(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        op: MatchOp,
    ) -> Result<Outcome, ClubError> {
        match op {
            MatchOp::Stop => self.stop_session(me, community, m).await,
            MatchOp::Move(text) if text.chars().count() > MAX_TEXT => {
                Err(Refusal::TooLong("move", text.chars().count(), MAX_TEXT).into())
            }
            op => self.act(me, community, m, op).await,
        }
    }

    /// What only reads.
    async fn look(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        look: Look,
    ) -> Result<Outcome, ClubError> {
        match look {
            Look::Board(m) => self.board(me, community, m).await,
            Look::Moves(m) => self.moves(me, community, m).await,
            Look::Games => self.games(me, community).await,
            Look::Waiting => self.games_waiting(me, community, actor.reply_chars).await,
            Look::History(m) => self.history(me, community, m).await,
            Look::Export(m) => self.export(me, community, m).await,
            Look::Ledger => self.ledger(me, community).await,
            Look::Pot(opponent) => self.pot(actor, me, community, &opponent).await,
            Look::Rating {
                player,
                ruleset,
                vs,
            } => {
                let mut out = self
                    .rating_view(actor, me, community, player.as_deref(), ruleset)
                    .await?;
                if let Some(vs) = vs {
                    let h2h = self
                        .head_to_head_view(actor, me, community, player.as_deref(), &vs)
                        .await?;
                    out.lines.extend(h2h.lines);
                }
                Ok(out)
            }
            Look::Leaderboard { ruleset } => self.leaderboard_view(actor, community, ruleset).await,
            Look::Stats(player) => self.stats(actor, me, community, player.as_deref()).await,
            Look::HeadToHead { player, opponent } => {
                self.head_to_head_view(actor, me, community, player.as_deref(), &opponent)
                    .await
            }
            Look::FairStats { player, ruleset } => {
                self.fair_stats(actor, me, community, player.as_deref(), ruleset)
                    .await
            }
        }
    }

    /// Me as a player: settings, name, blocks, vacation.
    async fn player_op(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        op: PlayerOp,
    ) -> Result<Outcome, ClubError> {
        match op {
            PlayerOp::Settings {
                auto_roll,
                notify_dm,
                digest,
            } => self.settings(me, auto_roll, notify_dm, &digest).await,
            PlayerOp::Rename(name) => self.rename(actor, me, &name).await,
            PlayerOp::Block(who) => self.block(actor, me, who.as_deref()).await,
            PlayerOp::Unblock(who) => self.unblock(actor, me, &who).await,
            PlayerOp::Vacation(op) => self.vacation(me, community, op).await,
        }
    }
}
