//! The Welsh match equity table: the chance of winning a match from any score, made from
//! how the player's own self-play games end (issue 50; `docs/welsh-bot.md`).
//!
//! A Welsh match is played to N games (25 by the seed, rule 1; any length players
//! choose), each game scoring its winner the doubling die times 1, 3 or 6 (rules 2-4), a
//! wash scoring one game each (rule 22), and a rectangle winning the match outright
//! (rule 17b). The loser of a game starts the next ("mugs away", rule 6); after a wash the
//! call is made again, so either side starts with an even chance. The table holds, for
//! each pair of games still needed (`away`, 1 to [`TABLE_AWAY`] each), the chance that the
//! side starting the next game wins the match; the other side's chance is its
//! complement by symmetry.
//!
//! It is computed, exactly, from [`GameCounts`]: how many self-play games ended in each
//! way, from the starter's view (won or lost for how many games, washed, or a
//! rectangle). With `p` those shares, and `M(i, j)` the starter's chance needing `i`
//! against `j`:
//!
//! `M(i, j) = Σk win(k) · (1 − M(j, i − k)) + Σk lose(k) · M(i, j − k)
//!           + wash · ½ (M(i − 1, j − 1) + 1 − M(j − 1, i − 1)) + rect_starter`,
//!
//! where a side needing 0 or less has won, both reaching it together by a wash is a
//! sudden death whose next decided game wins (an even chance, the call being made again),
//! and the winner's opponent starts the next game. Every game scores at least one game
//! to someone, so the recursion ends.
//!
//! Equities at the score ([`MatchTable::mwc`]) are the position's chance of winning the
//! match with the doubling die as it stands (a "dead" die): each way the game can end,
//! weighted by the network's chances, times the table at the score it would leave.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use engine::Side;
use engine::welsh::GameEnd;

use crate::game::GameOutcome;
use crate::net::Probs;

/// The most games still needed that the table holds, for each side (the seed's match
/// length, rule 1).
pub const TABLE_AWAY: i32 = 25;

/// How self-play games ended, from the view of the side that started each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Games counted.
    pub games: u64,
    /// Games the starter won, by the games they scored.
    pub won: BTreeMap<u32, u64>,
    /// Games the starter lost, by the games they scored for the other side.
    pub lost: BTreeMap<u32, u64>,
    /// Washed games (rule 22).
    pub washes: u64,
    /// Matches the starter won by a rectangle (rule 17b).
    pub rectangle_won: u64,
    /// Matches the other side won by a rectangle.
    pub rectangle_lost: u64,
}

impl GameCounts {
    /// Counts one game that `starter` started and that ended as `out`.
    pub fn add(&mut self, starter: Side, out: &GameOutcome) {
        self.games += 1;
        match (out.winner, out.how) {
            (None, _) => self.washes += 1,
            (Some(w), None) if w == starter => self.rectangle_won += 1,
            (Some(_), None) => self.rectangle_lost += 1,
            (Some(w), Some(_)) => {
                let games = out.games.max(1);
                let into = if w == starter {
                    &mut self.won
                } else {
                    &mut self.lost
                };
                *into.entry(games).or_default() += 1;
            }
        }
    }

    /// Adds another set of counts.
    pub fn merge(&mut self, other: &GameCounts) {
        self.games += other.games;
        for (k, n) in &other.won {
            *self.won.entry(*k).or_default() += n;
        }
        for (k, n) in &other.lost {
            *self.lost.entry(*k).or_default() += n;
        }
        self.washes += other.washes;
        self.rectangle_won += other.rectangle_won;
        self.rectangle_lost += other.rectangle_lost;
    }

    /// The starter's share of the games won (a wash counting half).
    #[must_use]
    pub fn starter_share(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        let won: u64 = self.won.values().sum::<u64>() + self.rectangle_won;
        (won as f64 + self.washes as f64 / 2.0) / self.games as f64
    }
}

/// Who starts the game after the one being judged, as the table needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The side whose chance is asked.
    Me,
    /// The other side.
    Them,
    /// Decided by a new call (after a wash): either, evenly.
    Call,
}

/// The match equity table and the counts it is made from.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchTable {
    counts: GameCounts,
    /// How the counts were made (comment lines of the file, without `# `).
    provenance: Vec<String>,
    /// `start[i][j]`: the chance of the side starting the next game, needing `i` games
    /// against `j` (1..=[`TABLE_AWAY`]; index 0 unused).
    start: Vec<Vec<f64>>,
}

/// Games needed, as an index (1..=[`TABLE_AWAY`]).
fn ix(away: i32) -> usize {
    usize::try_from(away).unwrap_or(0)
}

impl MatchTable {
    /// The table computed from `counts` (see the module's recursion).
    ///
    /// # Examples
    /// A game the starter and the other side each win half the time, for one game:
    /// needing one game each, the starter wins the match half the time.
    /// ```
    /// use welsh_player::match_table::{GameCounts, MatchTable, Next};
    ///
    /// let mut counts = GameCounts::default();
    /// counts.games = 2;
    /// counts.won.insert(1, 1);
    /// counts.lost.insert(1, 1);
    /// let t = MatchTable::from_counts(counts, vec![]);
    /// assert!((t.away(1, 1, Next::Me) - 0.5).abs() < 1e-9);
    /// assert!(t.away(1, 2, Next::Me) > 0.5);
    /// assert_eq!(t.away(0, 3, Next::Them), 1.0);
    /// ```
    #[must_use]
    pub fn from_counts(counts: GameCounts, provenance: Vec<String>) -> MatchTable {
        let n = ix(TABLE_AWAY);
        let mut start = vec![vec![0.0f64; n + 1]; n + 1];
        let total = counts.games.max(1) as f64;
        let won: Vec<(i32, f64)> = counts
            .won
            .iter()
            .map(|(&k, &c)| (i32::try_from(k).unwrap_or(i32::MAX), c as f64 / total))
            .collect();
        let lost: Vec<(i32, f64)> = counts
            .lost
            .iter()
            .map(|(&k, &c)| (i32::try_from(k).unwrap_or(i32::MAX), c as f64 / total))
            .collect();
        let wash = counts.washes as f64 / total;
        let rect = counts.rectangle_won as f64 / total;
        // Cells in order of i + j: each depends only on cells of a smaller sum.
        for sum in 2..=2 * TABLE_AWAY {
            for i in 1..=TABLE_AWAY {
                let j = sum - i;
                if !(1..=TABLE_AWAY).contains(&j) {
                    continue;
                }
                // The starter's chance at (a, b) with `next` to start, from what is known.
                let at = |t: &Vec<Vec<f64>>, a: i32, b: i32, next: Next| -> f64 {
                    match (a <= 0, b <= 0) {
                        (true, true) => 0.5,
                        (true, false) => 1.0,
                        (false, true) => 0.0,
                        (false, false) => match next {
                            Next::Me => t[ix(a)][ix(b)],
                            Next::Them => 1.0 - t[ix(b)][ix(a)],
                            Next::Call => 0.5 * (t[ix(a)][ix(b)] + 1.0 - t[ix(b)][ix(a)]),
                        },
                    }
                };
                let mut v = rect;
                for &(k, p) in &won {
                    v += p * at(&start, i.saturating_sub(k), j, Next::Them);
                }
                for &(k, p) in &lost {
                    v += p * at(&start, i, j.saturating_sub(k), Next::Me);
                }
                v += wash * at(&start, i - 1, j - 1, Next::Call);
                start[ix(i)][ix(j)] = v;
            }
        }
        MatchTable {
            counts,
            provenance,
            start,
        }
    }

    /// The counts the table is made from.
    #[must_use]
    pub fn counts(&self) -> &GameCounts {
        &self.counts
    }

    /// How the counts were made.
    #[must_use]
    pub fn provenance(&self) -> &[String] {
        &self.provenance
    }

    /// Whether the table holds a score with `me` and `them` games still needed (both
    /// within [`TABLE_AWAY`]; a side at or past the target is held too).
    #[must_use]
    pub fn holds(me: i32, them: i32) -> bool {
        me <= TABLE_AWAY && them <= TABLE_AWAY
    }

    /// The chance of winning the match for a side needing `me` games against `them`,
    /// with `next` starting the next game. A side needing 0 or less has won; both at 0
    /// or less is the sudden death after a wash (an even chance). Scores beyond
    /// [`TABLE_AWAY`] are read at it.
    #[must_use]
    pub fn away(&self, me: i32, them: i32, next: Next) -> f64 {
        let (me, them) = (me.min(TABLE_AWAY), them.min(TABLE_AWAY));
        match (me <= 0, them <= 0) {
            (true, true) => 0.5,
            (true, false) => 1.0,
            (false, true) => 0.0,
            (false, false) => {
                let mine = self.start[ix(me)][ix(them)];
                let theirs = 1.0 - self.start[ix(them)][ix(me)];
                match next {
                    Next::Me => mine,
                    Next::Them => theirs,
                    Next::Call => 0.5 * (mine + theirs),
                }
            }
        }
    }

    /// The chance of winning the match of the side whose chances of the game are `p`
    /// (its view), needing `me` games against `them`, with the doubling die at `cube`
    /// staying there: the game's ways to end weighted by `p`, each at the score it
    /// leaves (the loser starts the next game). In a sudden death (both at the target)
    /// it is the chance of winning the game.
    #[must_use]
    pub fn mwc(&self, p: &Probs, me: i32, them: i32, cube: u32) -> f32 {
        self.mwc_split(p, me, them, cube, cube)
    }

    /// As [`MatchTable::mwc`], with the games this side wins counted at the die
    /// `win_cube` and those it loses at `lose_cube` (a die one side will have turned
    /// before the game ends).
    #[must_use]
    pub fn mwc_split(&self, p: &Probs, me: i32, them: i32, win_cube: u32, lose_cube: u32) -> f32 {
        if me <= 0 && them <= 0 {
            return p[0];
        }
        let vw = i32::try_from(win_cube.max(1)).unwrap_or(64);
        let vl = i32::try_from(lose_cube.max(1)).unwrap_or(64);
        let c = |x: f32| f64::from(x.clamp(0.0, 1.0));
        let (w, wg, wbg, lg, lbg) = (c(p[0]), c(p[1]), c(p[2]), c(p[3]), c(p[4]));
        let (wg, lg) = (wg.min(w), lg.min(1.0 - w));
        let (wbg, lbg) = (wbg.min(wg), lbg.min(lg));
        let win = |k: i32| self.away(me - k * vw, them, Next::Them);
        let lose = |k: i32| self.away(me, them - k * vl, Next::Me);
        let r = (w - wg) * win(1)
            + (wg - wbg) * win(3)
            + wbg * win(6)
            + (1.0 - w - lg) * lose(1)
            + (lg - lbg) * lose(3)
            + lbg * lose(6);
        r as f32
    }

    /// The chances of winning the match when the side needing `me` against `them` wins a
    /// single game at `cube`, and when it loses one: the two ends of the scale on which
    /// [`MatchTable::mwc`] is turned into an equity in games.
    #[must_use]
    pub fn single(&self, me: i32, them: i32, cube: u32) -> (f32, f32) {
        let v = i32::try_from(cube.max(1)).unwrap_or(64);
        (
            self.away(me - v, them, Next::Them) as f32,
            self.away(me, them - v, Next::Me) as f32,
        )
    }

    /// The file's text: the provenance as comment lines, the counts, then the table
    /// (rows: games the starter of the next game needs; columns: the other side's), for
    /// people to read; [`MatchTable::parse`] recomputes the table from the counts and
    /// checks the printed one against it.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for line in &self.provenance {
            let _ = writeln!(s, "# {line}");
        }
        let c = &self.counts;
        let _ = writeln!(s, "games {}", c.games);
        let _ = writeln!(s, "washes {}", c.washes);
        let _ = writeln!(s, "rectangle_won {}", c.rectangle_won);
        let _ = writeln!(s, "rectangle_lost {}", c.rectangle_lost);
        for (k, n) in &c.won {
            let _ = writeln!(s, "won {k} {n}");
        }
        for (k, n) in &c.lost {
            let _ = writeln!(s, "lost {k} {n}");
        }
        let _ = writeln!(
            s,
            "# The starter of the next game's chance of winning the match, in percent: row i \
             needs i games, column j the other side's."
        );
        let _ = write!(s, "table    ");
        for j in 1..=TABLE_AWAY {
            let _ = write!(s, " {j:>5}");
        }
        let _ = writeln!(s);
        for i in 1..=TABLE_AWAY {
            let _ = write!(s, "away {i:>3}");
            for j in 1..=TABLE_AWAY {
                let _ = write!(s, " {:>5.1}", 100.0 * self.start[ix(i)][ix(j)]);
            }
            let _ = writeln!(s);
        }
        s
    }

    /// Reads a table file ([`MatchTable::to_text`]): the counts, from which the table is
    /// computed; the printed rows must agree with it to their last digit.
    ///
    /// # Errors
    /// A line that does not read, or a printed row unlike the computed one.
    pub fn parse(text: &str) -> Result<MatchTable, String> {
        let mut counts = GameCounts::default();
        let mut provenance = Vec::new();
        let mut rows: Vec<(i32, Vec<f64>)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = |what: &str| format!("line {}: {what}: `{line}`", n + 1);
            if let Some(c) = line.strip_prefix('#') {
                // The leading comment lines are the provenance; later ones explain.
                if counts.games == 0 && rows.is_empty() {
                    provenance.push(c.strip_prefix(' ').unwrap_or(c).to_string());
                }
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let num = |i: usize| -> Result<u64, String> {
                words
                    .get(i)
                    .and_then(|w| w.parse::<u64>().ok())
                    .ok_or_else(|| bad("a number is missing"))
            };
            match words.first().copied() {
                None | Some("table") => {}
                Some("games") => counts.games = num(1)?,
                Some("washes") => counts.washes = num(1)?,
                Some("rectangle_won") => counts.rectangle_won = num(1)?,
                Some("rectangle_lost") => counts.rectangle_lost = num(1)?,
                Some("won") => {
                    counts
                        .won
                        .insert(u32::try_from(num(1)?).map_err(|_| bad("too big"))?, num(2)?);
                }
                Some("lost") => {
                    counts
                        .lost
                        .insert(u32::try_from(num(1)?).map_err(|_| bad("too big"))?, num(2)?);
                }
                Some("away") => {
                    let i = i32::try_from(num(1)?).map_err(|_| bad("too big"))?;
                    let cells: Result<Vec<f64>, String> = words[2..]
                        .iter()
                        .map(|w| w.parse::<f64>().map_err(|_| bad("not a percentage")))
                        .collect();
                    rows.push((i, cells?));
                }
                Some(_) => return Err(bad("not a line of a table file")),
            }
        }
        let ended: u64 = counts.won.values().sum::<u64>()
            + counts.lost.values().sum::<u64>()
            + counts.washes
            + counts.rectangle_won
            + counts.rectangle_lost;
        if ended != counts.games || counts.games == 0 {
            return Err(format!(
                "the counts add up to {ended} games, not the {} said",
                counts.games
            ));
        }
        let table = MatchTable::from_counts(counts, provenance);
        for (i, cells) in rows {
            for (j, printed) in (1..).zip(cells) {
                let computed = 100.0 * table.away(i, j, Next::Me);
                if (computed - printed).abs() > 0.051 {
                    return Err(format!(
                        "the printed chance at {i}-away, {j}-away is {printed}, the counts give {computed:.2}"
                    ));
                }
            }
        }
        Ok(table)
    }
}

/// How a game that ends now ends, for the table: exactly as the engine scores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Won for the die times this many games (1, 3 or 6).
    Won(u32),
    /// The match is won outright (a rectangle, rule 17b).
    Match,
    /// A wash (rule 22): one game each.
    Wash,
}

impl Ending {
    /// The mover's chance of winning the match after the game ends this way, needing `me`
    /// games against `them` with the die at `cube`.
    #[must_use]
    pub fn mwc(self, t: &MatchTable, me: i32, them: i32, cube: u32) -> f32 {
        if me <= 0 && them <= 0 {
            return match self {
                Ending::Wash => 0.5,
                _ => 1.0,
            };
        }
        let v = i32::try_from(cube.max(1)).unwrap_or(64);
        match self {
            Ending::Match => 1.0,
            Ending::Wash => t.away(me - 1, them - 1, Next::Call) as f32,
            Ending::Won(k) => {
                t.away(me - v * i32::try_from(k).unwrap_or(6), them, Next::Them) as f32
            }
        }
    }
}

/// The game end `how` as the table counts it, for a side that won (`None` for a wash).
#[must_use]
pub fn ending_of(how: Option<GameEnd>, games: u32) -> Ending {
    match how {
        None => Ending::Match,
        Some(GameEnd::WashBySticks | GameEnd::WashBySnakes) => Ending::Wash,
        Some(_) => Ending::Won(games.max(1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn even_single_games() -> GameCounts {
        let mut c = GameCounts {
            games: 2,
            ..GameCounts::default()
        };
        c.won.insert(1, 1);
        c.lost.insert(1, 1);
        c
    }

    #[test]
    fn with_even_single_games_the_table_is_the_binomial_race() {
        // Given games of one game each, won half the time by either side
        let t = MatchTable::from_counts(even_single_games(), vec![]);
        // Then needing 1 against 2 wins 3 in 4 (the first game, or the second of two)
        assert!((t.away(1, 2, Next::Me) - 0.75).abs() < 1e-12);
        assert!((t.away(2, 2, Next::Call) - 0.5).abs() < 1e-12);
        // And 2 against 3 is 11 in 16 (the race to 2 wins before 3 losses)
        assert!((t.away(2, 3, Next::Them) - 11.0 / 16.0).abs() < 1e-12);
    }

    #[test]
    fn the_loser_of_a_game_starts_the_next_so_starting_is_worth_its_share() {
        // Given a starter who wins 60% of single games
        let mut c = GameCounts {
            games: 10,
            ..GameCounts::default()
        };
        c.won.insert(1, 6);
        c.lost.insert(1, 4);
        let t = MatchTable::from_counts(c, vec![]);
        // Then at one game each the starter wins 60%, the other 40%
        assert!((t.away(1, 1, Next::Me) - 0.6).abs() < 1e-12);
        assert!((t.away(1, 1, Next::Them) - 0.4).abs() < 1e-12);
        // And at two each: win 0.6 then (at 1-2, the other starting) ...
        let one_two_them_start = 1.0 - t.away(2, 1, Next::Me);
        let two_one_me_start = t.away(2, 1, Next::Me);
        let expect = 0.6 * one_two_them_start + 0.4 * two_one_me_start;
        assert!((t.away(2, 2, Next::Me) - expect).abs() < 1e-12);
    }

    #[test]
    fn a_wash_at_one_game_each_is_a_sudden_death_at_evens() {
        // Given only washes and rectangles never, a match at 1-away each
        let c = GameCounts {
            games: 1,
            washes: 1,
            ..GameCounts::default()
        };
        let t = MatchTable::from_counts(c, vec![]);
        // Then the wash takes both to the target: the call decides evenly
        assert!((t.away(1, 1, Next::Me) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn the_file_reads_back_and_a_tampered_row_is_refused() {
        let mut c = even_single_games();
        c.games = 4;
        c.won.insert(3, 1);
        c.lost.insert(6, 1);
        let t = MatchTable::from_counts(c, vec!["made by a test".into()]);
        let text = t.to_text();
        let back = MatchTable::parse(&text).unwrap();
        assert_eq!(back, t);
        let row = text.lines().find(|l| l.starts_with("away   2")).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        let changed = format!("{} {} 99.9 {}", cells[0], cells[1], cells[3..].join(" "));
        let tampered = text.replace(row, &changed);
        let err = MatchTable::parse(&tampered).unwrap_err();
        assert!(err.contains("2-away, 1-away"), "{err}");
        let short = text.replace("games 4", "games 5");
        assert!(
            MatchTable::parse(&short)
                .unwrap_err()
                .contains("add up to 4")
        );
    }

    #[test]
    fn a_dead_die_equity_weighs_each_ending_at_the_score_it_leaves() {
        let t = MatchTable::from_counts(even_single_games(), vec![]);
        // A sure single win at 3-away with the die on 2 leaves 1-away, the other starting.
        let p = [1.0, 0.0, 0.0, 0.0, 0.0];
        let m = t.mwc(&p, 3, 3, 2);
        assert!((f64::from(m) - t.away(1, 3, Next::Them)).abs() < 1e-6);
        // A sure gammon at the same score wins the match.
        assert_eq!(t.mwc(&[1.0, 1.0, 0.0, 0.0, 0.0], 3, 3, 2), 1.0);
        // In a sudden death it is the chance of winning the game.
        assert_eq!(t.mwc(&[0.3, 0.2, 0.1, 0.1, 0.0], 0, 0, 4), 0.3);
    }
}
