//! Whole matches between two players (issue 50): a match played game after game to its
//! end, duels of matches on the same dice with the sides swapped, and the counts of how
//! self-play games end, from which the match equity table is made.

use engine::Side;
use engine::welsh::{WelshMatch, WelshPhase, WelshRules};

use crate::duel::{pair_seed, wilson95};
use crate::game::{GameOutcome, Refused, fresh_match, play_game};
use crate::match_table::GameCounts;
use crate::player::WelshPlayer;
use crate::rng::Rng;

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    /// Its winner.
    pub winner: Side,
    /// Games played (washes included).
    pub games: u32,
    /// The final score.
    pub score: [u32; 2],
}

/// Plays `m` to the end of the match, game after game, asking `players` (indexed by
/// [`Side::index`]) and throwing `dice`. `on_game` sees each game's start (the match,
/// the side that starts it: the first to throw) and how it ended.
///
/// # Errors
/// The first answer the engine refused (a player bug).
pub fn play_match(
    players: [&mut dyn WelshPlayer; 2],
    dice: &mut Rng,
    mut m: WelshMatch,
    on_game: &mut dyn FnMut(&WelshMatch, Side, &GameOutcome),
) -> Result<MatchOutcome, Refused> {
    let [a, b] = players;
    let mut games = 0;
    loop {
        if let WelshPhase::MatchOver { winner, .. } = m.phase() {
            return Ok(MatchOutcome {
                winner,
                games,
                score: m.score(),
            });
        }
        let start = m.clone();
        let mut starter = None;
        let (next, out) = play_game([&mut *a, &mut *b], dice, m, &mut |_, side| {
            starter.get_or_insert(side);
        })?;
        games += 1;
        // A game always has a first throw (a conceded or washed one too).
        on_game(&start, starter.unwrap_or(Side::X), &out);
        m = next;
    }
}

/// A match to `target` at the start of a game, `starter` to throw, the score `score`.
///
/// # Panics
/// Never: the start position has no overfull spike.
#[must_use]
pub fn match_at(target: u32, score: [u32; 2], starter: Side) -> WelshMatch {
    WelshMatch::at(
        WelshRules {
            target,
            first_shaker: Side::X,
        },
        engine::Position::start(),
        starter,
        score,
    )
    .expect("the start position is legal")
}

/// What a duel of matches measured, from the first player's (A's) side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchDuel {
    /// Matches played.
    pub matches: u32,
    /// Matches A won.
    pub wins_a: u32,
    /// Games played in all.
    pub games: u64,
    /// How the games ended, from the view of the side that started each.
    pub counts: GameCounts,
}

impl MatchDuel {
    /// A's share of the matches.
    #[must_use]
    pub fn share(&self) -> f64 {
        if self.matches == 0 {
            return 0.0;
        }
        f64::from(self.wins_a) / f64::from(self.matches)
    }

    /// The 95% Wilson interval of A's share.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        wilson95(f64::from(self.wins_a), f64::from(self.matches))
    }

    fn merge(&mut self, other: &MatchDuel) {
        self.matches += other.matches;
        self.wins_a += other.wins_a;
        self.games += other.games;
        self.counts.merge(&other.counts);
    }
}

impl std::fmt::Display for MatchDuel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (lo, hi) = self.interval();
        write!(
            f,
            "{} matches: A won {} ({:.1}%, 95% {:.1}% to {:.1}%); {} games ({:.2} a match)",
            self.matches,
            self.wins_a,
            100.0 * self.share(),
            100.0 * lo,
            100.0 * hi,
            self.games,
            self.games as f64 / f64::from(self.matches.max(1))
        )
    }
}

/// Makes a player for a duel's thread, from a seed.
pub type MakePlayer<'a> = dyn Fn(u64) -> Box<dyn WelshPlayer + 'a> + Sync + 'a;

/// Plays `matches` matches to `target` of A against B, made by `make_a` and `make_b` on
/// each of `threads` threads. Matches go in pairs on the same dice: match `2k` has A as
/// X, `2k + 1` A as O, both thrown from pair `k`'s seed (from `seed`), each starting with
/// the call. `progress` sees the number of matches done.
///
/// # Errors
/// The first action the engine refused.
pub fn duel_matches<'a>(
    make_a: &MakePlayer<'a>,
    make_b: &MakePlayer<'a>,
    target: u32,
    matches: u32,
    seed: u64,
    threads: u32,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<MatchDuel, Refused> {
    let threads = threads.clamp(1, 64);
    let pairs = matches.div_ceil(2);
    let done = std::sync::atomic::AtomicU32::new(0);
    let results: Vec<Result<MatchDuel, Refused>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let done = &done;
                s.spawn(move || -> Result<MatchDuel, Refused> {
                    let mut a = make_a(seed ^ 0xa ^ (u64::from(t) << 8));
                    let mut b = make_b(seed ^ 0xb ^ (u64::from(t) << 8));
                    let mut r = MatchDuel::default();
                    for k in (t..pairs).step_by(threads as usize) {
                        for g in [2 * k, 2 * k + 1] {
                            if g >= matches {
                                continue;
                            }
                            let mut dice = Rng::new(pair_seed(seed, k));
                            let a_side = if g % 2 == 0 { Side::X } else { Side::O };
                            let players: [&mut dyn WelshPlayer; 2] = if a_side == Side::X {
                                [a.as_mut(), b.as_mut()]
                            } else {
                                [b.as_mut(), a.as_mut()]
                            };
                            let counts = &mut r.counts;
                            let out = play_match(
                                players,
                                &mut dice,
                                fresh_match(target),
                                &mut |_, starter, o| counts.add(starter, o),
                            )?;
                            r.matches += 1;
                            r.games += u64::from(out.games);
                            r.wins_a += u32::from(out.winner == a_side);
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                            progress(n);
                        }
                    }
                    Ok(r)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a duel thread panicked"))
            .collect()
    });
    let mut all = MatchDuel::default();
    for r in results {
        all.merge(&r?);
    }
    Ok(all)
}

/// Self-play matches from one score, for the table's check: `matches` matches to
/// `target` from `score` at the start of a game that X starts, each side made by `make`;
/// X's wins.
///
/// # Errors
/// The first action the engine refused.
pub fn wins_from<'a>(
    make: &MakePlayer<'a>,
    target: u32,
    score: [u32; 2],
    matches: u32,
    seed: u64,
    threads: u32,
) -> Result<u32, Refused> {
    let threads = threads.clamp(1, 64);
    let results: Vec<Result<u32, Refused>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || -> Result<u32, Refused> {
                    let mut x = make(seed ^ 0x5eed ^ (u64::from(t) << 8));
                    let mut o = make(seed ^ 0x0b0e ^ (u64::from(t) << 8));
                    let mut wins = 0;
                    for k in (t..matches).step_by(threads as usize) {
                        let mut dice = Rng::new(pair_seed(seed, k));
                        let out = play_match(
                            [x.as_mut(), o.as_mut()],
                            &mut dice,
                            match_at(target, score, Side::X),
                            &mut |_, _, _| {},
                        )?;
                        wins += u32::from(out.winner == Side::X);
                    }
                    Ok(wins)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a check thread panicked"))
            .collect()
    });
    results.into_iter().sum()
}
