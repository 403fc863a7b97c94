//! When a drill card comes back: FSRS (the Free Spaced Repetition Scheduler, through the
//! `rs-fsrs` crate, its default weights, 90% retention asked, day-long intervals: the
//! long-term scheduler, no fuzz). A wrong answer is rated Again, a right one Good; a new
//! card answered right comes back in 3 days, wrong in 1, and each right answer after
//! stretches the interval (its stability grows). Plain computation over the card's
//! stored memory and the club's clock (Unix seconds).

use chrono::{DateTime, Utc};
use rs_fsrs::{Card, FSRS, Parameters, Rating, State};
use store::{DrillCardRow, DrillMemory};

/// A card is learnt once its stability (the days over which it is recalled 90% of the
/// time) reaches this, as Anki calls a card "mature" at a 21-day interval.
pub const LEARNT_DAYS: f64 = 21.0;

fn time(at: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(at, 0).unwrap_or_default()
}

fn state_of(n: i64) -> State {
    match n {
        1 => State::Learning,
        2 => State::Review,
        3 => State::Relearning,
        _ => State::New,
    }
}

fn state_number(s: State) -> i64 {
    match s {
        State::New => 0,
        State::Learning => 1,
        State::Review => 2,
        State::Relearning => 3,
    }
}

/// The scheduler: FSRS's default weights, long-term (day) intervals, no fuzz.
fn scheduler() -> FSRS {
    FSRS::new(Parameters {
        enable_short_term: false,
        enable_fuzz: false,
        ..Parameters::default()
    })
}

/// The card's memory after an answer at `now`, right or not.
pub(crate) fn after_answer(card: &DrillCardRow, right: bool, now: i64) -> DrillMemory {
    let before = Card {
        due: time(card.due_at),
        stability: card.stability,
        difficulty: card.difficulty,
        elapsed_days: 0,
        scheduled_days: card.scheduled_days,
        reps: i32::try_from(card.reps).unwrap_or(i32::MAX),
        lapses: i32::try_from(card.lapses).unwrap_or(i32::MAX),
        state: state_of(card.state),
        last_review: time(card.last_review.unwrap_or(card.created_at)),
    };
    let rating = if right { Rating::Good } else { Rating::Again };
    let next = scheduler().next(before, time(now), rating).card;
    DrillMemory {
        due_at: next.due.timestamp().max(now + 1),
        state: state_number(next.state),
        stability: next.stability,
        difficulty: next.difficulty,
        reps: i64::from(next.reps),
        lapses: i64::from(next.lapses),
        scheduled_days: next.scheduled_days,
        last_review: now,
    }
}

/// The streak: consecutive days (UTC) with at least one answer, up to today (or up to
/// yesterday, when none was given yet today); `days` newest first, as
/// `Store::drill_days` gives them.
pub(crate) fn streak(days: &[i64], now: i64) -> u32 {
    let today = now.div_euclid(86_400);
    let mut expect = match days.first() {
        Some(&d) if d == today || d == today - 1 => d,
        _ => return 0,
    };
    let mut n = 0;
    for &d in days {
        if d != expect {
            break;
        }
        n += 1;
        expect -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_card(at: i64) -> DrillCardRow {
        DrillCardRow {
            id: 1,
            player_id: 1,
            community_id: 1,
            analysis_id: 1,
            decision_key: "k".into(),
            question: String::new(),
            created_at: at,
            due_at: at,
            state: 0,
            stability: 0.0,
            difficulty: 0.0,
            reps: 0,
            lapses: 0,
            scheduled_days: 0,
            last_review: None,
        }
    }

    fn answered(mut c: DrillCardRow, right: bool, now: i64) -> DrillCardRow {
        let m = after_answer(&c, right, now);
        c.due_at = m.due_at;
        c.state = m.state;
        c.stability = m.stability;
        c.difficulty = m.difficulty;
        c.reps = m.reps;
        c.lapses = m.lapses;
        c.scheduled_days = m.scheduled_days;
        c.last_review = Some(m.last_review);
        c
    }

    #[test]
    fn a_failed_card_comes_back_before_a_passed_one() {
        let now = 1_000_000_000;
        let failed = answered(new_card(now), false, now);
        let passed = answered(new_card(now), true, now);
        assert!(
            failed.due_at < passed.due_at,
            "{} {}",
            failed.due_at,
            passed.due_at
        );
        assert!(failed.due_at > now);
        // A lapse after a pass: back the next day.
        let again = answered(passed.clone(), false, passed.due_at);
        assert_eq!(again.due_at - passed.due_at, 86_400);
    }

    #[test]
    fn intervals_grow_on_success() {
        // Given a card answered right each time it is due
        let mut c = new_card(0);
        let mut intervals = Vec::new();
        for _ in 0..5 {
            let now = c.due_at;
            c = answered(c, true, now);
            intervals.push(c.due_at - now);
        }
        // Then each interval is longer than the one before
        assert!(intervals.windows(2).all(|w| w[1] > w[0]), "{intervals:?}");
        assert_eq!(intervals[0], 3 * 86_400);
        // FSRS's default weights (docs/drills.md): 3, 11, 36, 105, 277 days.
        let days: Vec<i64> = intervals.iter().map(|i| i / 86_400).collect();
        assert_eq!(days, [3, 11, 36, 105, 277]);
    }

    #[test]
    fn the_streak_counts_days_in_a_row_up_to_today_or_yesterday() {
        let day = 86_400;
        let now = 100 * day + 5;
        assert_eq!(streak(&[100, 99, 98, 96], now), 3);
        assert_eq!(streak(&[99, 98], now), 2);
        assert_eq!(streak(&[98, 97], now), 0);
        assert_eq!(streak(&[], now), 0);
    }
}
