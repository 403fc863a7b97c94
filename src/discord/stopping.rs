//! Stopping the bot gracefully (SIGTERM or Ctrl-C; `SHUTDOWN_TIMEOUT`, default 10 s):
//!
//! 1. No new command is taken: a slash command or a button click that arrives is answered
//!    privately that the bot is stopping, nothing was done, try again in a minute (an
//!    autocomplete gets no choices). It is acknowledged, so Discord does not tell the
//!    player "the application did not respond" while the gateway is still up.
//! 2. The commands under way finish: each is committed and answered, or refused with
//!    nothing applied (the club's transactions).
//! 3. The club's workers stop at their safe point ([`club::Club::stop`]): the sweep after
//!    the sweep under way, the analysis workers between jobs (a job under way is queued
//!    again), the bot's worker between two decisions. What they did is posted before the
//!    end: the bot's last moves, the reminders, the finished analyses.
//! 4. The shards disconnect from the gateway; the caller closes the database.
//!
//! All of it within the timeout: what is still under way then is cut (logged), and the
//! process exits anyway. A command cut there is either committed (and answered after a
//! restart only by looking at the board) or not; the club's version checks keep a
//! retried command from applying twice.

use std::sync::{Arc, Mutex, PoisonError};

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// What a command that arrives while the bot is stopping is told (privately).
pub const STOPPING_WORDS: &str = "\u{26A0} the bot is stopping for a moment (a restart); nothing was done, try again in a minute";

/// Whether the bot is stopping, the commands under way, and the tasks that post what the
/// workers did last.
#[derive(Debug, Default)]
pub struct Stopping {
    counts: Mutex<Counts>,
    idle: Notify,
    posters: Mutex<Vec<JoinHandle<()>>>,
}

#[derive(Debug, Default)]
struct Counts {
    stopping: bool,
    in_flight: usize,
}

/// An event being handled; dropped when its handling is over.
#[must_use]
pub(super) struct InFlight(Arc<Stopping>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut c = self.0.lock();
        c.in_flight -= 1;
        drop(c);
        self.0.idle.notify_waiters();
    }
}

impl Stopping {
    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts an event being handled, unless the bot is stopping (`None`).
    pub(super) fn enter(self: &Arc<Self>) -> Option<InFlight> {
        let mut c = self.lock();
        if c.stopping {
            return None;
        }
        c.in_flight += 1;
        Some(InFlight(Arc::clone(self)))
    }

    /// From now on no command is taken.
    pub fn begin(&self) {
        self.lock().stopping = true;
    }

    /// Whether [`Stopping::begin`] was called.
    #[must_use]
    pub fn is_stopping(&self) -> bool {
        self.lock().stopping
    }

    /// How many events are being handled.
    #[must_use]
    pub fn in_flight(&self) -> usize {
        self.lock().in_flight
    }

    /// Returns once no event taken is being handled any more.
    pub async fn commands_done(&self) {
        loop {
            let done = self.idle.notified();
            tokio::pin!(done);
            done.as_mut().enable();
            if self.lock().in_flight == 0 {
                return;
            }
            done.await;
        }
    }

    /// A task that posts what a worker did; it ends after its worker (see
    /// [`Stopping::posted`]).
    pub(super) fn poster(&self, task: JoinHandle<()>) {
        self.posters
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(task);
    }

    /// Returns once every poster has ended: the workers stopped and what they did posted.
    pub async fn posted(&self) {
        let tasks =
            std::mem::take(&mut *self.posters.lock().unwrap_or_else(PoisonError::into_inner));
        for t in tasks {
            let _ = t.await;
        }
    }
}

/// poise's framework behind the door [`Stopping`] keeps: every event handled is counted,
/// and once the bot is stopping an interaction is answered [`STOPPING_WORDS`] instead.
pub(super) struct Door<F> {
    pub(super) inner: F,
    pub(super) stopping: Arc<Stopping>,
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Door<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        if let Some(_in_flight) = self.stopping.enter() {
            self.inner.dispatch(ctx, event).await;
            return;
        }
        match event {
            serenity::FullEvent::InteractionCreate { interaction } => {
                refuse(&ctx, &interaction).await;
            }
            other => self.inner.dispatch(ctx, other).await,
        }
    }
}

/// Tells the sender of an interaction that arrived while stopping that nothing was done.
async fn refuse(ctx: &serenity::Context, interaction: &serenity::Interaction) {
    let message = || {
        serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(STOPPING_WORDS)
                .ephemeral(true),
        )
    };
    let sent = match interaction {
        serenity::Interaction::Command(c) => c.create_response(ctx, message()).await,
        serenity::Interaction::Component(c) => c.create_response(ctx, message()).await,
        serenity::Interaction::Autocomplete(a) => {
            let none = serenity::CreateAutocompleteResponse::new();
            a.create_response(ctx, serenity::CreateInteractionResponse::Autocomplete(none))
                .await
        }
        _ => Ok(()),
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, "a command that came while stopping was not answered");
    }
}
