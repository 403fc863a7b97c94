//! Rule 23: prizes, the backgammon scoop-pot and the tournament jack-pot, as pure functions.
//! Amounts are in minor units (pence); the rates are configurable, UK "friendly rates" by
//! default.

use super::phases::MatchEnd;

/// The amounts of rule 23, in minor units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rates {
    /// Basic wager for a match (10.00).
    pub match_stake: u64,
    /// Per game of score difference (0.25).
    pub per_game: u64,
    /// A match won by a rectangle (7.50, instead of the standard calculation).
    pub rectangle: u64,
    /// A match lost on time (20.00 to the player with time left, instead of the standard).
    pub timed_out: u64,
    /// "A match to nil puts a pony on the bill" (25.00 more).
    pub to_nil: u64,
    /// Scoop-pot: per game in the tally (1.00).
    pub scoop_per_game: u64,
    /// Tournament entry (10.00 each, three or more entrants).
    pub jackpot_entry: u64,
    /// The payment that makes an offer to concede to 24 compulsory (5.00).
    pub concede_to_24: u64,
}

impl Default for Rates {
    fn default() -> Rates {
        Rates {
            match_stake: 1000,
            per_game: 25,
            rectangle: 750,
            timed_out: 2000,
            to_nil: 2500,
            scoop_per_game: 100,
            jackpot_entry: 1000,
            concede_to_24: 500,
        }
    }
}

/// What the loser of a match pays the winner: the scores give the difference, and
/// `loser_games_won` (games he won, washes not counted) decides "a match to nil".
#[must_use]
pub fn match_prize(
    rates: &Rates,
    winner_games: u32,
    loser_games: u32,
    loser_games_won: u32,
    how: MatchEnd,
) -> u64 {
    let base = match how {
        MatchEnd::Games => {
            rates.match_stake + rates.per_game * u64::from(winner_games.saturating_sub(loser_games))
        }
        MatchEnd::Rectangle => rates.rectangle,
        MatchEnd::TimedOut => rates.timed_out,
    };
    base + if loser_games_won == 0 {
        rates.to_nil
    } else {
        0
    }
}

/// The backgammon scoop-pot of one pair of players: games played since their last backgammon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoopPot {
    /// Games the pair has played since its last backgammon.
    pub games: u32,
}

impl ScoopPot {
    /// Counts a finished game; a backgammon pays the pot (this game included) to its winner
    /// and starts the tally again. Returns the payment.
    pub fn record_game(&mut self, rates: &Rates, backgammon: bool) -> Option<u64> {
        self.games += 1;
        if backgammon {
            let pay = u64::from(self.games) * rates.scoop_per_game;
            self.games = 0;
            Some(pay)
        } else {
            None
        }
    }
}

/// The tournament jack-pot: every entrant's fee, when three or more play.
#[must_use]
pub fn jackpot(rates: &Rates, entrants: u32) -> Option<u64> {
    (entrants >= 3).then_some(u64::from(entrants) * rates.jackpot_entry)
}

/// An amount in minor units as `14.00`.
#[must_use]
pub fn format_amount(minor: u64) -> String {
    crate::Amount(minor).to_string()
}
