//! Deadlines and reminders: the time banks, the sweep that times out and reminds, and
//! the task that runs it.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use crate::kernel::phrases::duration_words;
use crate::matches::loaded::Loaded;
use crate::matches::prompts::{acting_side, break_end, next_words};
use crate::matches::work::Work;
use crate::{Club, ClubError, Entry, Notice};
use store::MatchStatus;

/// The clock of the turn a change leaves: the banks, when the turn started, its deadline
/// and its reminder.
pub(crate) struct TurnClock {
    pub(crate) bank: [i64; 2],
    pub(crate) turn_started_at: Option<i64>,
    pub(crate) deadline_at: Option<i64>,
    pub(crate) reminder_at: Option<i64>,
}

impl Club {
    /// The clock after `work` by `actor`, written with it.
    pub(crate) fn turn_clock(
        &self,
        l: &Loaded,
        actor: Option<i64>,
        work: &Work,
        now: i64,
    ) -> TurnClock {
        let tc = l.spec.time;
        // The actor's time: beyond the allowance it comes out of his bank. A break taken or
        // ended (regulation D) settles the time of the player to act so far, whoever asks.
        let pause = work
            .entries
            .iter()
            .any(|(_, e)| matches!(e, Entry::Break { .. } | Entry::Resume { .. }));
        // The bot has no clock: its time never comes out of a bank, and while it is to act
        // there is no deadline (the human's turn starts when the bot's action commits).
        let bot = l.bot_side();
        let bot_acts = bot.is_some() && actor == Some(l.row.players[1]);
        let bank = if pause || (actor.is_some() && actor == self.waiting_on(l) && !bot_acts) {
            self.banks_now(l)
        } else {
            l.row.bank
        };
        let over = work.snap.is_over();
        let to_act = if over {
            None
        } else {
            acting_side(&work.snap.game)
        };
        // During a break both clocks stop: the turn's clock starts when the break ends.
        let start = work.snap.break_until.filter(|&u| u > now).unwrap_or(now);
        let (turn_started_at, deadline_at, reminder_at) = match to_act {
            Some(s) if Some(s) == bot => (Some(start), None, None),
            Some(s) => {
                let deadline = start + tc.per_move + bank[s.index()];
                let remind = deadline - tc.remind_before;
                (
                    Some(start),
                    Some(deadline),
                    (remind > now).then_some(remind),
                )
            }
            None => (None, None, None),
        };
        TurnClock {
            bank,
            turn_started_at,
            deadline_at,
            reminder_at,
        }
    }

    /// Acts on every deadline and reminder that has come: a player out of time forfeits
    /// (Welsh: timed out, with its prize); a reminder is sent once. Returns the notices.
    ///
    /// # Errors
    /// A database error (whatever was done before it stays done).
    pub async fn sweep(&self) -> Result<Vec<Notice>, ClubError> {
        let now = self.clock.now();
        // Planned vacations whose start has come begin first: no time-out for them.
        let mut notices = self.vacation_starts().await?;
        for row in self.store.due(now, 500).await? {
            let id = row.id;
            let mut l = match self.loaded(row).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(match_id = id, error = %e, "cannot load a due match");
                    continue;
                }
            };
            if l.row.status == MatchStatus::Challenged {
                notices.extend(self.expire(&l, now).await?);
                continue;
            }
            let Some(snap) = &l.snap else { continue };
            let Some(side) = acting_side(&snap.game) else {
                continue;
            };
            // The bot has no clock: it is never timed out nor reminded.
            if l.bot_side() == Some(side) {
                continue;
            }
            let player = l.players[side.index()].clone();
            let p = &player;
            // A player on vacation is never timed out nor reminded: his turn waits.
            if self.sweep_spares(&l, p.id).await? {
                continue;
            }
            if l.row.deadline_at.is_some_and(|d| d <= now) {
                if let Err(e) = self.with_fair(&mut l).await {
                    tracing::warn!(match_id = l.row.id, error = %e, "cannot load the fair dice");
                    continue;
                }
                let work = match self.plan_time_out(&l, side) {
                    Ok(w) => w,
                    Err(e) => {
                        tracing::warn!(match_id = l.row.id, error = %e, "time-out refused");
                        continue;
                    }
                };
                match self.save(&l, None, work, MatchStatus::Active).await {
                    Ok(out) => {
                        // Said once in the match's channel, to the player who ran out; his
                        // opponent is told by direct message only if he asked for that
                        // (a notice with no channel is not posted in one).
                        let other = &l.players[side.opponent().index()];
                        for (who, channel) in [(p, l.row.channel.clone()), (other, String::new())] {
                            if channel.is_empty() && !who.notify_dm {
                                continue;
                            }
                            notices.push(Notice {
                                match_id: l.row.id,
                                channel,
                                user_id: who.platform_id.clone(),
                                dm: who.notify_dm,
                                text: out.lines.join("\n"),
                            });
                        }
                        // A league match's result also in the league's channel, when that
                        // is another (addressed to nobody in particular).
                        for (channel, text) in out.announce {
                            notices.push(Notice {
                                match_id: l.row.id,
                                channel,
                                user_id: String::new(),
                                dm: false,
                                text,
                            });
                        }
                    }
                    Err(ClubError::Stale(..)) => {}
                    Err(e) => return Err(e),
                }
            } else if self.store.mark_reminded(l.row.id, l.row.version).await? {
                let left = l.row.deadline_at.map_or(0, |d| d - now);
                // Regulation D: during a break the turn waits for its end.
                let mut what = next_words(&snap.game);
                if let Some(until) = snap.break_running(now) {
                    let _ = write!(
                        what,
                        " once the break ends (it runs {})",
                        break_end(until, now)
                    );
                }
                notices.push(Notice {
                    match_id: l.row.id,
                    channel: l.row.channel.clone(),
                    user_id: p.platform_id.clone(),
                    dm: p.notify_dm,
                    text: format!(
                        "Reminder: {}, match #{} waits for you to {}; {} left before you forfeit",
                        p.display_name,
                        l.row.id,
                        what,
                        duration_words(left)
                    ),
                });
            }
        }
        notices.extend(self.league_sweep().await?);
        notices.extend(self.vacation_sweep().await?);
        notices.extend(self.low_time_sweep(now).await?);
        notices.extend(self.digest_sweep().await?);
        Ok(notices)
    }

    /// Runs [`Club::sweep`] now and then every `every`, sending notices to `tx`, until
    /// `tx` is closed or the club is stopped ([`Club::stop`]: the sweep under way ends
    /// first, its notices sent).
    pub fn spawn_deadlines(
        self: Arc<Self>,
        every: Duration,
        tx: tokio::sync::mpsc::UnboundedSender<Notice>,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let stop = Arc::clone(&self.stop);
            loop {
                if stop.asked() {
                    return;
                }
                match self.sweep().await {
                    Ok(notices) => {
                        for n in notices {
                            if tx.send(n).is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "deadline sweep failed"),
                }
                if tx.is_closed() {
                    return;
                }
                tokio::select! {
                    () = tokio::time::sleep(every) => {}
                    () = stop.wait() => return,
                }
            }
        })
    }

    /// Both players' time bank left now: the player to act has used his time since the
    /// decision came to him, beyond the allowance.
    pub(crate) fn banks_now(&self, l: &Loaded) -> [i64; 2] {
        let mut bank = l.row.bank;
        if let (Some(started), Some(who)) = (l.row.turn_started_at, self.waiting_on(l)) {
            let i = usize::from(l.row.players[1] == who);
            let over = (self.clock.now() - started - l.spec.time.per_move).max(0);
            bank[i] = (bank[i] - over).max(0);
        }
        bank
    }
}
