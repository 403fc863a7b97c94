//! `gammonbot welsh-table`, `welsh-match-duel` and `welsh-table-check`: the Welsh match
//! equity table made from self-play matches, duels of whole matches, and the table
//! checked against the matches its player wins from chosen scores (issue 50;
//! `docs/welsh-bot.md`).

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use welsh_player::match_play::{MakePlayer, wins_from};
use welsh_player::match_table::Next;
use welsh_player::{MatchTable, WelshPlayer, duel_matches, wilson95};

use super::welsh::{Spec, Timed, parse_spec, player};

fn spec_or_say(cmd: &str, s: &str) -> Option<Spec> {
    match parse_spec(s) {
        Ok(spec) => Some(spec),
        Err(e) => {
            eprintln!("{cmd}: {e}");
            None
        }
    }
}

/// `gammonbot welsh-table PLAYER --matches N --seed S --out FILE`: plays `matches`
/// self-play matches to `target` (both sides `player`), counts how every game ended from
/// its starter's view and writes the match equity table made from the counts, with the
/// command in its first lines. Returns `Ok(false)` after explaining a bad player.
///
/// # Errors
/// A player's action was refused (a bug), or the file cannot be written.
pub fn welsh_table(
    spec: &str,
    matches: u32,
    target: u32,
    seed: u64,
    threads: u32,
    out: &Path,
) -> std::io::Result<bool> {
    let Some(sp) = spec_or_say("welsh-table", spec) else {
        return Ok(false);
    };
    let started = Instant::now();
    let make = |s: u64| player(&sp, s);
    let step = (matches / 20).max(1);
    let progress = |n: u32| {
        if n % step == 0 {
            eprintln!(
                "welsh-table: {n}/{matches} matches ({:.0}s)",
                started.elapsed().as_secs_f64()
            );
        }
    };
    let r = duel_matches(&make, &make, target, matches, seed, threads, &progress)
        .map_err(|e| std::io::Error::other(format!("a player's action was refused: {e}")))?;
    let secs = started.elapsed().as_secs_f64();
    let provenance = vec![
        "gammonbot's Welsh match equity table (issue 50, docs/welsh-bot.md)".to_string(),
        format!(
            "made by: gammonbot welsh-table {spec} --matches {matches} --target {target} --seed {seed} --threads {threads}"
        ),
        format!(
            "{} self-play matches, {} games, in {secs:.0} s; the starter won {:.2}% of the games (a wash half)",
            r.matches,
            r.games,
            100.0 * r.counts.starter_share()
        ),
    ];
    let table = MatchTable::from_counts(r.counts, provenance);
    std::fs::write(out, table.to_text())?;
    println!(
        "wrote {} from {} games of {} matches in {secs:.0} s",
        out.display(),
        r.games,
        r.matches
    );
    Ok(true)
}

/// `gammonbot welsh-match-duel A B --matches N --target T --seed S`: whole matches of A
/// against B in pairs on the same dice, sides swapped; prints A's share of the matches
/// with its 95% interval and how long A's plays and doubling decisions took.
///
/// # Errors
/// A player's action was refused (a bug).
pub fn welsh_match_duel(
    a: &str,
    b: &str,
    matches: u32,
    target: u32,
    seed: u64,
    threads: u32,
) -> std::io::Result<bool> {
    let (Some(sa), Some(sb)) = (
        spec_or_say("welsh-match-duel", a),
        spec_or_say("welsh-match-duel", b),
    ) else {
        return Ok(false);
    };
    let times = Mutex::new(Vec::<f64>::new());
    let started = Instant::now();
    // Each thread's A records its decision times into `times` when it is dropped.
    struct Collect<'a, 'b> {
        timed: Timed<'a>,
        into: &'b Mutex<Vec<f64>>,
    }
    impl Drop for Collect<'_, '_> {
        fn drop(&mut self) {
            if let Ok(mut all) = self.into.lock() {
                all.append(&mut self.timed.plays);
            }
        }
    }
    impl WelshPlayer for Collect<'_, '_> {
        fn name(&self) -> String {
            self.timed.name()
        }
        fn call(
            &mut self,
            m: &engine::welsh::WelshMatch,
            me: engine::Side,
        ) -> engine::welsh::Parity {
            self.timed.call(m, me)
        }
        fn starter(&mut self, m: &engine::welsh::WelshMatch, me: engine::Side) -> engine::Side {
            self.timed.starter(m, me)
        }
        fn double(&mut self, m: &engine::welsh::WelshMatch, me: engine::Side) -> bool {
            self.timed.double(m, me)
        }
        fn nominate_for_me(
            &mut self,
            m: &engine::welsh::WelshMatch,
            me: engine::Side,
        ) -> Option<(u8, u8)> {
            self.timed.nominate_for_me(m, me)
        }
        fn throw_one_die(&mut self, m: &engine::welsh::WelshMatch, me: engine::Side) -> bool {
            self.timed.throw_one_die(m, me)
        }
        fn throw_again(&mut self, m: &engine::welsh::WelshMatch, me: engine::Side) -> bool {
            self.timed.throw_again(m, me)
        }
        fn play(
            &mut self,
            m: &engine::welsh::WelshMatch,
            me: engine::Side,
            plays: &[engine::LegalPlay],
        ) -> usize {
            self.timed.play(m, me, plays)
        }
        fn nominate_for_opponent(
            &mut self,
            m: &engine::welsh::WelshMatch,
            me: engine::Side,
            after: &engine::Board,
        ) -> Option<(u8, u8)> {
            self.timed.nominate_for_opponent(m, me, after)
        }
        fn offer_concede(
            &mut self,
            m: &engine::welsh::WelshMatch,
            me: engine::Side,
            most: u32,
        ) -> Option<u32> {
            self.timed.offer_concede(m, me, most)
        }
        fn accept_concede(
            &mut self,
            m: &engine::welsh::WelshMatch,
            me: engine::Side,
            games: u32,
        ) -> bool {
            self.timed.accept_concede(m, me, games)
        }
    }
    let make_a = |s: u64| -> Box<dyn WelshPlayer + '_> {
        Box::new(Collect {
            timed: Timed {
                inner: player(&sa, s),
                plays: Vec::new(),
            },
            into: &times,
        })
    };
    let make_b = |s: u64| player(&sb, s);
    let step = (matches / 20).max(1);
    let progress = |n: u32| {
        if n % step == 0 {
            eprintln!(
                "welsh-match-duel: {n}/{matches} matches ({:.0}s)",
                started.elapsed().as_secs_f64()
            );
        }
    };
    let (ma, mb): (&MakePlayer<'_>, &MakePlayer<'_>) = (&make_a, &make_b);
    let r = duel_matches(ma, mb, target, matches, seed, threads, &progress)
        .map_err(|e| std::io::Error::other(format!("a player's action was refused: {e}")))?;
    println!("A = {a}, B = {b}, matches to {target}, seed {seed}");
    println!("{r}");
    let t = Timed {
        inner: player(&sb, 0),
        plays: times.into_inner().unwrap_or_default(),
    };
    println!(
        "A's plays and doubling decisions: {} decisions, median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms; {:.1}s in all",
        t.plays.len(),
        t.quantile_ms(0.5),
        t.quantile_ms(0.99),
        t.quantile_ms(1.0),
        started.elapsed().as_secs_f64()
    );
    Ok(true)
}

/// The scores `welsh-table-check` looks at: (target, the starter's score, the other's).
pub const CHECK_SCORES: [(u32, u32, u32); 10] = [
    (25, 0, 0),
    (25, 10, 5),
    (25, 20, 20),
    (25, 15, 21),
    (7, 0, 0),
    (7, 3, 5),
    (7, 5, 2),
    (5, 2, 3),
    (3, 1, 1),
    (3, 0, 2),
];

/// `gammonbot welsh-table-check PLAYER --matches N`: for each of [`CHECK_SCORES`], plays
/// `matches / 10` self-play matches from that score (the side on the left starting the
/// game, both sides `player`, which must name a table) and prints the table's chance
/// beside the share won with its 95% interval.
///
/// # Errors
/// A player's action was refused (a bug).
pub fn welsh_table_check(
    spec: &str,
    matches: u32,
    seed: u64,
    threads: u32,
) -> std::io::Result<bool> {
    let Some(sp) = spec_or_say("welsh-table-check", spec) else {
        return Ok(false);
    };
    let Spec::AtScore(_, _, table) = &sp else {
        eprintln!("welsh-table-check: name a player with its table, as medium@WEIGHTS+TABLE");
        return Ok(false);
    };
    let make = |s: u64| player(&sp, s);
    let each = (matches / CHECK_SCORES.len() as u32).max(1);
    let started = Instant::now();
    let mut inside = 0;
    println!("{each} self-play matches from each score, {spec}, seed {seed}");
    println!("target  score  table  won (95% interval)  inside");
    for (k, &(target, mine, theirs)) in CHECK_SCORES.iter().enumerate() {
        let wins = wins_from(
            &make,
            target,
            [mine, theirs],
            each,
            seed ^ (k as u64),
            threads,
        )
        .map_err(|e| std::io::Error::other(format!("a player's action was refused: {e}")))?;
        let expect = table.away(
            i32::try_from(target - mine).unwrap_or(0),
            i32::try_from(target - theirs).unwrap_or(0),
            Next::Me,
        );
        let (lo, hi) = wilson95(f64::from(wins), f64::from(each));
        let ok = (lo..=hi).contains(&expect);
        inside += u32::from(ok);
        println!(
            "{target:>6}  {mine:>2}-{theirs:<2}  {:>5.1}%  {:>5.1}% ({:.1}-{:.1})  {}   [{:.0}s]",
            100.0 * expect,
            100.0 * f64::from(wins) / f64::from(each),
            100.0 * lo,
            100.0 * hi,
            if ok { "yes" } else { "no" },
            started.elapsed().as_secs_f64()
        );
    }
    println!(
        "{inside} of {} scores within the interval",
        CHECK_SCORES.len()
    );
    Ok(true)
}
