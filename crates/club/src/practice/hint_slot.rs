//! GNU Backgammon for `/hint`, apart from the bot's moves (issue 48): hints run on a pool
//! of their own ([`HINT_PROCESSES`] gnubg process, started at the first hint, below the
//! bot's priority), one hint at a time, so the bot's moves never queue behind a hint (a
//! world-class hint takes seconds). A hint waits for its turn at most the hint wait
//! (default [`DEFAULT_HINT_WAIT`], [`Club::with_hint_wait`](crate::Club::with_hint_wait));
//! past it the player is told gnubg is busy and to try again, and nothing is counted or
//! changed.

use std::sync::Arc;
use std::time::Duration;

use gnubg::{BotError, BotSettings, Pool};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a hint waits for its turn by default.
pub const DEFAULT_HINT_WAIT: Duration = Duration::from_secs(10);

/// The gnubg processes kept for hints (each gives one hint at a time).
pub const HINT_PROCESSES: usize = 1;

/// How much further below the bot's own priority the hints' gnubg runs than the bot's
/// moves' (`nice`), so that on a busy machine the bot's moves get the cores first.
const HINT_NICE_MORE: u8 = 5;

/// The hints' gnubg pool and the turns to use it.
pub(crate) struct HintSlot {
    bot: gnubg::Bot,
    turns: Arc<Semaphore>,
    wait: Duration,
}

/// A hint's turn on the hints' pool: held until its answer is back.
pub(crate) struct Turn {
    _permit: OwnedSemaphorePermit,
}

impl HintSlot {
    /// The hints' pool, set as the bot's `settings` say (where gnubg is, its time limit)
    /// but with [`HINT_PROCESSES`] processes further below the bot's priority; a hint
    /// waits for its turn at most `wait`.
    pub(crate) fn new(settings: &BotSettings, wait: Duration) -> HintSlot {
        let settings = BotSettings {
            processes: HINT_PROCESSES,
            nice: settings
                .nice
                .map(|n| n.saturating_add(HINT_NICE_MORE).min(19)),
            ..settings.clone()
        };
        HintSlot {
            bot: gnubg::Bot::new(settings),
            turns: Arc::new(Semaphore::new(HINT_PROCESSES)),
            wait,
        }
    }

    /// How long a hint waits for its turn.
    pub(crate) fn wait(&self) -> Duration {
        self.wait
    }

    /// The same pool with a hint waiting at most `wait`.
    pub(crate) fn with_wait(&self, wait: Duration) -> HintSlot {
        HintSlot {
            bot: self.bot.clone(),
            turns: Arc::clone(&self.turns),
            wait,
        }
    }

    /// A turn on the hints' pool, waited for at most the hint wait; `Err` with the wait
    /// when none came (every hint process busy).
    pub(crate) async fn turn(&self) -> Result<Turn, Duration> {
        match tokio::time::timeout(self.wait, Arc::clone(&self.turns).acquire_owned()).await {
            Ok(Ok(permit)) => Ok(Turn { _permit: permit }),
            // The semaphore is never closed; a timeout is the one way to get here.
            Ok(Err(_)) | Err(_) => Err(self.wait),
        }
    }

    /// Runs `ask` on the hints' pool on a blocking thread, holding `turn` until it is done
    /// (even if the caller stops waiting, so that the next hint never queues in the pool).
    pub(crate) async fn run<T, F>(&self, turn: Turn, ask: F) -> Result<T, BotError>
    where
        T: Send + 'static,
        F: FnOnce(&Pool) -> Result<T, BotError> + Send + 'static,
    {
        self.bot
            .run(move |pool| {
                let _turn = turn;
                ask(pool)
            })
            .await
    }
}
