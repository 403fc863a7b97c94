//! A match's time banks: the clock of the turn a change leaves (banks, the turn's
//! start, its deadline and reminder), and both banks as they stand now.

use crate::matches::loaded::Loaded;
use crate::matches::prompts::acting_side;
use crate::matches::work::Work;
use crate::{Club, Entry};

/// The clock of the turn a change leaves: the banks, when the turn started, its deadline
/// and its reminder.
pub(crate) struct TurnClock {
    pub(crate) bank: [i64; 2],
    pub(crate) turn_started_at: Option<i64>,
    pub(crate) deadline_at: Option<i64>,
    pub(crate) reminder_at: Option<i64>,
}

/// The clock after `work` by `actor`, written with it.
pub(super) fn turn_clock(
    club: &Club,
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
    let bank = if pause
        || (actor.is_some() && actor == super::which_match::waiting_on(club, l) && !bot_acts)
    {
        banks_now(club, l)
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

/// Both players' time bank left now: the player to act has used his time since the
/// decision came to him, beyond the allowance.
pub(super) fn banks_now(club: &Club, l: &Loaded) -> [i64; 2] {
    let mut bank = l.row.bank;
    if let (Some(started), Some(who)) = (
        l.row.turn_started_at,
        super::which_match::waiting_on(club, l),
    ) {
        let i = usize::from(l.row.players[1] == who);
        let over = (club.clock.now() - started - l.spec.time.per_move).max(0);
        bank[i] = (bank[i] - over).max(0);
    }
    bank
}
