//! Per-player limits on the expensive work one player can ask for (issue 48): open
//! matches against the bot, analyses waiting, hints an hour. A command past a limit is
//! refused saying the limit and when it frees up; nothing is written.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// The limits (the operator's settings `BOT_MATCHES_PER_PLAYER`, `ANALYSES_PER_PLAYER`,
/// `HINTS_PER_HOUR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quotas {
    /// Open matches (challenged or under way) a player may have against the bot at once,
    /// in one server.
    pub bot_matches: u32,
    /// Analyses a player may have waiting or running at once.
    pub analyses: u32,
    /// Hints a player may ask for in any hour.
    pub hints_per_hour: u32,
}

impl Default for Quotas {
    /// 3 bot matches, 2 analyses, 30 hints an hour.
    fn default() -> Quotas {
        Quotas {
            bot_matches: 3,
            analyses: 2,
            hints_per_hour: 30,
        }
    }
}

/// When each player asked for their hints in the last hour (kept in memory: a restart
/// forgets them, which only ever lets a player ask for more).
#[derive(Debug, Default)]
pub(crate) struct HintTimes(Mutex<HashMap<i64, VecDeque<i64>>>);

impl HintTimes {
    /// Counts a hint of `player` at `now` if fewer than `limit` were asked for in the hour
    /// before; otherwise when the next one may be asked for.
    pub(crate) fn take(&self, player: i64, now: i64, limit: u32) -> Result<(), i64> {
        let mut all = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let times = all.entry(player).or_default();
        while times.front().is_some_and(|&t| t <= now - 3600) {
            times.pop_front();
        }
        if times.len() >= limit as usize {
            return Err(times.front().map_or(now, |&t| t + 3600));
        }
        times.push_back(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::HintTimes;

    #[test]
    fn the_hour_window_frees_a_hint_an_hour_after_the_oldest() {
        let h = HintTimes::default();
        assert_eq!(h.take(1, 100, 2), Ok(()));
        assert_eq!(h.take(1, 200, 2), Ok(()));
        assert_eq!(h.take(1, 300, 2), Err(3700));
        assert_eq!(h.take(2, 300, 2), Ok(()));
        assert_eq!(h.take(1, 3700, 2), Ok(()));
    }
}
