//! The outbox: every message the club owes someone, kept in the store until an adapter
//! has posted it (migration 0023, `docs/notices.md`).
//!
//! - **Written with the change.** The bot's decisions are rows of the match's own commit
//!   (`matches::play`, held until the batch ends, then one row: `release_bot_rows`).
//!   The sweep's reminders, expiries, low-time notices, season reminders, vacations and
//!   digests are written in the transaction of their change; a time-out's in its commit,
//!   held, then completed with the words known after it (`matches::play::save_telling`).
//!   League news and a command's notices and announcements for other channels are
//!   written right after the change commits, before any adapter sees them
//!   ([`Club::owe`]).
//! - **Posted by the adapter.** A poster claims the first row of each lane (a channel, or a
//!   player's direct messages) with [`Club::outbox_claim`], posts it with its nonce, and
//!   tells the club how it went ([`Club::outbox_done`]): posted (with the platform's
//!   message id), failed for now (tried again with backoff, up to [`MAX_POST_ATTEMPTS`]), or
//!   failed for good (recorded with its reason; a direct message refused falls back to a
//!   mention in the match's channel, by the adapter).
//! - **Exactly once as players see it.** A claim is a lease ([`Club::with_outbox_lease`]);
//!   a poster that died holding it leaves the row to the next claim, which posts it with
//!   the same nonce: the platform drops the duplicate (Discord: `enforce_nonce`).
//!
//! Entry points, on [`Club`]: `owe`, `outbox_claim`, `outbox_done`, `outbox_wait`,
//! `outbox_prune`, `outbox_size`; for other rooms `release_bot_rows` and the rows
//! (`rows`).

mod boards;
pub(crate) mod rows;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::{Club, ClubError, Notice, Outcome};
use rows::{ANALYSIS, BOT, BOT_NOTE, DM, PUZZLE, THREADS};

/// A post failed for now is tried again at most this many times in all; then it is
/// recorded as failed for good.
pub const MAX_POST_ATTEMPTS: i64 = 12;

/// How long a claimed row is its poster's before another may claim it, unless the club
/// says otherwise.
pub(crate) const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// A poster claims at most this often while rows keep coming, so that a busy outbox is
/// taken in batches: each batch's claim and marks are one write transaction each, which
/// the commands' own writes wait behind.
pub const CLAIM_EVERY: Duration = Duration::from_millis(100);

/// Posted rows are kept this long (seconds), then pruned by the sweep.
pub const KEEP_POSTED: i64 = 86_400;

/// A message owed, as a poster takes it.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// Its row in the outbox.
    pub id: i64,
    /// The nonce its post carries, the same at every attempt.
    pub nonce: String,
    /// The posts tried before.
    pub attempts: i64,
    pub what: Owed,
}

/// What a delivery posts.
#[derive(Clone, Debug)]
pub enum Owed {
    /// A notice in a channel: for the player it mentions (`user_id`), or for everyone
    /// there (`user_id` empty).
    Notice(Notice),
    /// A direct message to `notice.user_id`; `notice.channel` is where to say, should the
    /// platform refuse it, that it could not be sent.
    Direct(Notice),
    /// The matches of a season the sweep started, each owed a thread of its own made
    /// from the league's channel, both players mentioned there (those already moved into
    /// theirs are not listed).
    LeagueThreads {
        channel: String,
        posts: Vec<crate::LeaguePost>,
    },
    /// An analysis job's report, posted in its match's channel, mentioning both players,
    /// with the pictures of the worst decisions.
    Analysis(Box<crate::AnalysisReport>),
    /// The bot's decisions in a match, posted as a reply to a command is: their lines,
    /// the board as the last of them left it, the player who acts next.
    Bot {
        match_id: crate::MatchNo,
        channel: String,
        outcome: Box<Outcome>,
    },
    /// The position of the day, posted in its channel with its board and choices.
    Puzzle(Box<crate::DailyPuzzle>),
}

/// How a post went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Posted {
    /// Posted, as the platform's message `.0`.
    Done(String),
    /// Not posted, for now (a rate limit, a server error, a time-out): tried again.
    Later(String),
    /// Not posted, for good (the channel gone, direct messages refused): the reason.
    Never(String),
}

/// Wall-clock seconds: a lease and a retry are delivery's time, not the games'.
fn wall_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The wait before the next attempt after `attempts` failed ones: 5 s, doubling, at
/// most 5 minutes.
#[must_use]
pub fn backoff(attempts: i64) -> i64 {
    let n = u32::try_from(attempts.clamp(0, 6)).unwrap_or(6);
    (5 * 2_i64.pow(n)).min(300)
}

/// How the post of `d` went, as the store records it at `now` (the club's clock): a
/// failure for now waits its backoff, and after [`MAX_POST_ATTEMPTS`] is final.
fn outcome_of(d: &Delivery, how: Posted, now: i64) -> store::OutboxOutcome {
    match how {
        Posted::Done(message_id) => store::OutboxOutcome::Posted {
            id: d.id,
            message_id,
            at: now,
        },
        Posted::Never(reason) => store::OutboxOutcome::Failed { id: d.id, reason },
        Posted::Later(reason) if d.attempts + 1 >= MAX_POST_ATTEMPTS => {
            store::OutboxOutcome::Failed {
                id: d.id,
                reason: format!("gave up after {} attempts: {reason}", d.attempts + 1),
            }
        }
        Posted::Later(reason) => {
            tracing::info!(row = d.id, %reason, "a post failed for now; tried again later");
            store::OutboxOutcome::Retry {
                id: d.id,
                at: wall_now() + backoff(d.attempts),
            }
        }
    }
}

impl Club {
    /// Wakes the posters: rows were written.
    pub(crate) fn ring_outbox(&self) {
        self.outbox_bell.notify_waiters();
    }

    /// Writes `notices` into the outbox (the change they tell of is committed) and wakes
    /// the posters.
    ///
    /// # Errors
    /// A database error (nothing written).
    pub async fn owe(&self, notices: &[Notice]) -> Result<(), ClubError> {
        let owed: Vec<store::Owed> = notices.iter().flat_map(rows::notice_rows).collect();
        self.store.owe(&owed, self.clock.now()).await?;
        self.ring_outbox();
        Ok(())
    }

    /// A command's notices for other players, its announcements for other channels than
    /// `here`, and the next player's direct message (when he asked for them; should it
    /// be refused, that is said in `here`), written into the outbox; on success the
    /// outcome says so (`owed`: the posters post them). Should the write fail, the
    /// adapter posts them at once.
    pub(crate) async fn owe_outcome(&self, here: &str, out: &mut Outcome) {
        let mut notices: Vec<Notice> = if out.notices_owed {
            Vec::new()
        } else {
            out.notices.clone()
        };
        notices.extend(
            out.announce
                .iter()
                .skip(out.announce_owed)
                .filter(|(channel, _)| channel != here)
                .map(|(channel, text)| Notice {
                    match_id: out.match_id.unwrap_or_else(|| 0.into()),
                    channel: channel.clone(),
                    user_id: String::new(),
                    dm: false,
                    text: text.clone(),
                }),
        );
        let mut owed: Vec<store::Owed> = notices.iter().flat_map(rows::notice_rows).collect();
        // A match's change wrote its next player's direct message with it (`owed`).
        if !out.owed
            && let Some(next) = out.next.as_ref().filter(|n| n.dm && !n.user_id.is_empty())
        {
            owed.push(rows::turn_message(next, here));
        }
        if owed.is_empty() {
            out.owed = true;
            return;
        }
        match self.store.owe(&owed, self.clock.now()).await {
            Ok(()) => {
                self.ring_outbox();
                out.owed = true;
            }
            Err(e) => {
                tracing::error!(error = %e, "a command's notices not written to the outbox; posted directly");
            }
        }
    }

    /// Releases the bot's held rows in match `id` (`None`: every match, at start-up,
    /// when its notes still unposted are dropped too: it tells again what still holds;
    /// and the notices a change held in its commit are released as written),
    /// each match's rows made one, and wakes the posters.
    pub(crate) async fn release_bot_rows(&self, id: Option<i64>) {
        if id.is_none()
            && let Err(e) = self.store.outbox_drop_unposted(rows::BOT_NOTE).await
        {
            tracing::warn!(error = %e, "the bot's old notes not dropped");
        }
        if let Err(e) = self
            .store
            .outbox_release(id, BOT, &rows::join_bot_bodies)
            .await
        {
            tracing::warn!(error = %e, "the bot's decisions not released for posting");
        }
        // A change's notices held in its commit, whose club stopped before it completed
        // them: released as written.
        if id.is_none() {
            for kind in rows::held_kinds().into_iter().chain([rows::ANNOUNCE]) {
                if let Err(e) = self
                    .store
                    .outbox_release(None, kind, &rows::join_lines)
                    .await
                {
                    tracing::warn!(error = %e, "held notices not released for posting");
                }
            }
        }
        self.ring_outbox();
    }

    /// Before a poster's first claim: the rows a stopped bot held are released (each
    /// match's made one) and its notes still unposted dropped (it tells again what still
    /// holds). The bot's worker does the same as it starts.
    pub async fn outbox_recover(&self) {
        self.release_bot_rows(None).await;
    }

    /// Claims up to `limit` messages to post: the first owed in each lane, leased to the
    /// caller. A bot's decisions come with the board as the match stands now.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_claim(&self, limit: i64) -> Result<Vec<Delivery>, ClubError> {
        let now = wall_now();
        let lease = i64::try_from(self.outbox_lease.as_secs()).unwrap_or(10);
        let claimed = self.store.outbox_claim(now, now + lease, limit).await?;
        let mut out = Vec::with_capacity(claimed.len());
        for row in claimed {
            let what = match row.owed.kind.as_str() {
                BOT => {
                    let body = rows::bot_body(&row.owed.body);
                    let lines = body.lines;
                    let mut outcome = match self
                        .outcome_as_of(
                            row.owed.match_id,
                            body.state.as_deref(),
                            body.version,
                            body.deadline,
                        )
                        .await
                    {
                        Ok(o) => o,
                        Err(e) => {
                            tracing::warn!(match_id = row.owed.match_id, error = %e, "the bot's decision posted without its board");
                            Outcome {
                                match_id: Some(row.owed.match_id.into()),
                                ..Outcome::default()
                            }
                        }
                    };
                    let mut all = lines;
                    all.append(&mut outcome.lines);
                    outcome.lines = all;
                    Owed::Bot {
                        match_id: row.owed.match_id.into(),
                        channel: row.owed.channel.clone(),
                        outcome: Box::new(outcome),
                    }
                }
                ANALYSIS => {
                    let job = row.owed.body.parse::<i64>().unwrap_or(0);
                    match self.analysis_report(job).await {
                        Ok(Some(r)) => Owed::Analysis(Box::new(r)),
                        Ok(None) => {
                            self.store
                                .outbox_failed(row.id, "the analysis job is gone")
                                .await?;
                            continue;
                        }
                        Err(e) => {
                            tracing::warn!(job, error = %e, "an analysis report not read");
                            self.store.outbox_failed(row.id, &e.to_string()).await?;
                            continue;
                        }
                    }
                }
                PUZZLE => match self.daily_puzzle(&row.owed.channel, &row.owed.body).await {
                    Ok(Some(p)) => Owed::Puzzle(Box::new(p)),
                    Ok(None) => {
                        self.store
                            .outbox_failed(row.id, "the position of the day is gone")
                            .await?;
                        continue;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "a position of the day not read");
                        self.store.outbox_failed(row.id, &e.to_string()).await?;
                        continue;
                    }
                },
                THREADS => {
                    let league = row.owed.body.parse::<i64>().unwrap_or(0);
                    Owed::LeagueThreads {
                        channel: row.owed.channel.clone(),
                        posts: self.league_threads_owed(league).await?,
                    }
                }
                DM => Owed::Direct(rows::notice_of(&row.owed, true)),
                BOT_NOTE => Owed::Notice(rows::notice_of(&row.owed, false)),
                _ => Owed::Notice(rows::notice_of(&row.owed, false)),
            };
            out.push(Delivery {
                nonce: row.nonce(),
                id: row.id,
                attempts: row.attempts,
                what,
            });
        }
        Ok(out)
    }

    /// Records how the posts of a batch went, in one transaction (as
    /// [`Club::outbox_done`] for each).
    ///
    /// # Errors
    /// A database error (the rows are claimed again once their leases end).
    pub async fn outbox_done_all(&self, done: &[(Delivery, Posted)]) -> Result<(), ClubError> {
        let now = self.clock.now();
        let outcomes: Vec<store::OutboxOutcome> = done
            .iter()
            .map(|(d, how)| outcome_of(d, how.clone(), now))
            .collect();
        Ok(self.store.outbox_outcomes(&outcomes).await?)
    }

    /// Records how the post of `d` went: posted, to be tried again after a backoff (for
    /// good after [`MAX_POST_ATTEMPTS`]), or failed for good.
    ///
    /// # Errors
    /// A database error (the row is claimed again once its lease ends).
    pub async fn outbox_done(&self, d: &Delivery, how: Posted) -> Result<(), ClubError> {
        let o = outcome_of(d, how, self.clock.now());
        Ok(self.store.outbox_outcomes(&[o]).await?)
    }

    /// Returns once something was written to the outbox, or after `wait`.
    pub async fn outbox_wait(&self, wait: Duration) {
        let _ = tokio::time::timeout(wait, self.outbox_bell.notified()).await;
    }

    /// Deletes what was posted (or failed for good) more than [`KEEP_POSTED`] ago;
    /// returns how many rows.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_prune(&self) -> Result<u64, ClubError> {
        Ok(self
            .store
            .outbox_prune(self.clock.now() - KEEP_POSTED)
            .await?)
    }

    /// How many messages wait to be posted, and how many rows the outbox keeps.
    ///
    /// # Errors
    /// A database error.
    pub async fn outbox_size(&self) -> Result<(i64, i64), ClubError> {
        Ok(self.store.outbox_size().await?)
    }

    /// The club with claims leased for `lease` (default 10 s): how long a post that a
    /// dead poster held waits before another tries it.
    #[must_use]
    pub fn with_outbox_lease(mut self, lease: Duration) -> Club {
        self.outbox_lease = lease;
        self
    }
}
