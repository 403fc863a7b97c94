//! `gammonbot welsh-train` and `gammonbot welsh-duel`: training the Welsh evaluator by
//! self-play, and measuring two Welsh players against each other (`docs/welsh-bot.md`).

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use engine::welsh::{Parity, WelshMatch};
use engine::{Board, LegalPlay, Side};
use welsh_player::{
    DuelResult, EvalPlayer, HeuristicPlayer, Level, MatchTable, Net, RandomPlayer, TrainConfig,
    Trainer, WelshPlayer, duel, duel_with,
};

/// What `welsh-train` is asked to do.
pub struct TrainArgs<'a> {
    /// Training games.
    pub games: u64,
    /// The seed of the network's first weights and of the dice.
    pub seed: u64,
    /// Where the weights go (rewritten at each checkpoint and at the end).
    pub out: &'a Path,
    /// Hidden units.
    pub hidden: usize,
    /// The chance of a random play in self-play.
    pub explore: f32,
    /// The share of games with one side playing random legal plays throughout.
    pub mix: f32,
    /// The learning rate.
    pub alpha: f32,
    /// TD(lambda)'s lambda.
    pub lambda: f32,
    /// Games between two progress lines.
    pub progress_every: u64,
    /// Games between two strength checkpoints (0: none before the end).
    pub checkpoint_every: u64,
    /// Games of each checkpoint duel.
    pub checkpoint_games: u32,
}

/// A player named on the command line: `random`, `heuristic`, or a level with its
/// weights file, `weak@FILE`, `medium@FILE`, `strong@FILE`, and for play at the match
/// score a match equity table after a `+` (`strong@FILE+TABLE`).
pub(super) enum Spec {
    Random,
    Heuristic,
    Learnt(Level, Net),
    AtScore(Level, Net, MatchTable),
}

pub(super) fn parse_spec(s: &str) -> Result<Spec, String> {
    match s {
        "random" => return Ok(Spec::Random),
        "heuristic" => return Ok(Spec::Heuristic),
        _ => {}
    }
    let (level, file) = s.split_once('@').ok_or_else(|| {
        format!(
            "`{s}` is not a player: say random, heuristic, or weak@FILE, medium@FILE, strong@FILE"
        )
    })?;
    let level = Level::parse(level).ok_or_else(|| {
        format!("`{level}` is not a level: say weak, medium or strong (as in strong@FILE)")
    })?;
    let (file, table) = match file.split_once('+') {
        Some((w, t)) => (w, Some(t)),
        None => (file, None),
    };
    let net = Net::load(Path::new(file)).map_err(|e| format!("cannot read the weights: {e}"))?;
    let Some(table) = table else {
        return Ok(Spec::Learnt(level, net));
    };
    let text = std::fs::read_to_string(table)
        .map_err(|e| format!("cannot read the match equity table {table}: {e}"))?;
    let table = MatchTable::parse(&text)
        .map_err(|e| format!("the match equity table {table} does not read: {e}"))?;
    Ok(Spec::AtScore(level, net, table))
}

pub(super) fn player<'a>(spec: &'a Spec, seed: u64) -> Box<dyn WelshPlayer + 'a> {
    match spec {
        Spec::Random => Box::new(RandomPlayer::new(seed)),
        Spec::Heuristic => Box::new(HeuristicPlayer),
        Spec::Learnt(level, net) => Box::new(EvalPlayer::new(net, *level, seed)),
        Spec::AtScore(level, net, table) => {
            Box::new(EvalPlayer::new(net, *level, seed).with_table(table))
        }
    }
}

/// A player whose answers are timed: the slowest decisions are what a live match and
/// `/hint` wait for.
pub(super) struct Timed<'a> {
    pub(super) inner: Box<dyn WelshPlayer + 'a>,
    pub(super) plays: Vec<f64>,
}

impl Timed<'_> {
    /// The `q` quantile of the play decisions' times, in milliseconds.
    pub(super) fn quantile_ms(&self, q: f64) -> f64 {
        if self.plays.is_empty() {
            return 0.0;
        }
        let mut v = self.plays.clone();
        v.sort_by(f64::total_cmp);
        let i = ((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1;
        1000.0 * v[i]
    }
}

impl WelshPlayer for Timed<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn call(&mut self, m: &WelshMatch, me: Side) -> Parity {
        self.inner.call(m, me)
    }
    fn starter(&mut self, m: &WelshMatch, me: Side) -> Side {
        self.inner.starter(m, me)
    }
    fn double(&mut self, m: &WelshMatch, me: Side) -> bool {
        let t = Instant::now();
        let d = self.inner.double(m, me);
        self.plays.push(t.elapsed().as_secs_f64());
        d
    }
    fn nominate_for_me(&mut self, m: &WelshMatch, me: Side) -> Option<(u8, u8)> {
        self.inner.nominate_for_me(m, me)
    }
    fn throw_one_die(&mut self, m: &WelshMatch, me: Side) -> bool {
        self.inner.throw_one_die(m, me)
    }
    fn throw_again(&mut self, m: &WelshMatch, me: Side) -> bool {
        self.inner.throw_again(m, me)
    }
    fn play(&mut self, m: &WelshMatch, me: Side, plays: &[LegalPlay]) -> usize {
        let t = Instant::now();
        let i = self.inner.play(m, me, plays);
        self.plays.push(t.elapsed().as_secs_f64());
        i
    }
    fn nominate_for_opponent(
        &mut self,
        m: &WelshMatch,
        me: Side,
        after: &Board,
    ) -> Option<(u8, u8)> {
        self.inner.nominate_for_opponent(m, me, after)
    }
    fn offer_concede(&mut self, m: &WelshMatch, me: Side, most: u32) -> Option<u32> {
        self.inner.offer_concede(m, me, most)
    }
    fn accept_concede(&mut self, m: &WelshMatch, me: Side, games: u32) -> bool {
        self.inner.accept_concede(m, me, games)
    }
}

/// `gammonbot welsh-duel A B --games N --seed S`: plays the two players in pairs of games
/// on the same dice (sides swapped) and prints wins, points and a 95% interval. Returns
/// `Ok(false)` after explaining a bad player name or an unreadable weights file.
///
/// # Errors
/// Writing to the terminal failed.
pub fn welsh_duel(a: &str, b: &str, games: u32, seed: u64) -> std::io::Result<bool> {
    let (sa, sb) = match (parse_spec(a), parse_spec(b)) {
        (Ok(sa), Ok(sb)) => (sa, sb),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("welsh-duel: {e}");
            return Ok(false);
        }
    };
    let mut pa = Timed {
        inner: player(&sa, seed ^ 0xa),
        plays: Vec::new(),
    };
    let mut pb = player(&sb, seed ^ 0xb);
    let started = Instant::now();
    let step = (games / 20).max(1);
    let result = duel_with(&mut pa, pb.as_mut(), games, seed, &mut |r: &DuelResult| {
        if r.games % step == 0 && r.games < games {
            eprintln!(
                "welsh-duel: {}/{games} games, A {:.1}% so far ({:.0}s)",
                r.games,
                100.0 * r.share(),
                started.elapsed().as_secs_f64()
            );
        }
    })
    .map_err(|e| std::io::Error::other(format!("a player's action was refused: {e}")))?;
    println!("A = {a}, B = {b}, seed {seed}");
    println!("{result}");
    let decided = result.wins_a + result.wins_b;
    if decided > 0 {
        println!(
            "A won {:.1}% of the {decided} games not washed",
            100.0 * f64::from(result.wins_a) / f64::from(decided)
        );
    }
    println!(
        "A's plays and doubling decisions: {} decisions, median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms; {:.1}s in all",
        pa.plays.len(),
        pa.quantile_ms(0.5),
        pa.quantile_ms(0.99),
        pa.quantile_ms(1.0),
        started.elapsed().as_secs_f64()
    );
    Ok(true)
}

/// One checkpoint line: the network at the medium level against the heuristic and the
/// random player (the same seeds at every checkpoint).
fn checkpoint(net: &Net, games: u32) -> std::io::Result<String> {
    let refused = |e: welsh_player::Refused| std::io::Error::other(format!("refused: {e}"));
    let mut medium = EvalPlayer::new(net, Level::Medium, 1);
    let h = duel(&mut medium, &mut HeuristicPlayer, games, 7).map_err(refused)?;
    let r = duel(&mut medium, &mut RandomPlayer::new(7), games, 7).map_err(refused)?;
    let (hl, hh) = h.interval();
    let (rl, rh) = r.interval();
    Ok(format!(
        "medium vs heuristic {:.1}% ({:.1}-{:.1}, points {:.1}%, washes {}), vs random {:.1}% ({:.1}-{:.1}, washes {}) over {games} games each",
        100.0 * h.share(),
        100.0 * hl,
        100.0 * hh,
        100.0 * h.points_share(),
        h.washes,
        100.0 * r.share(),
        100.0 * rl,
        100.0 * rh,
        r.washes
    ))
}

/// `gammonbot welsh-train --games N --seed S --out FILE`: trains a new network by
/// self-play, printing progress lines and strength checkpoints, and writes the weights.
///
/// # Errors
/// The weights cannot be written, or a player's action was refused (a bug).
pub fn welsh_train(args: &TrainArgs<'_>) -> std::io::Result<bool> {
    let config = TrainConfig {
        hidden: args.hidden,
        explore: args.explore,
        mix: args.mix,
        alpha: args.alpha,
        lambda: args.lambda,
    };
    let mut trainer = Trainer::new(config, args.seed);
    let started = Instant::now();
    let (mut err, mut positions, mut since) = (0.0f64, 0usize, 0u64);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "welsh-train: {} games, seed {}, {} hidden units, alpha {}, lambda {}, explore {}, mix {}, to {}",
        args.games,
        args.seed,
        config.hidden,
        config.alpha,
        config.lambda,
        config.explore,
        config.mix,
        args.out.display()
    )?;
    for g in 1..=args.games {
        let s = trainer
            .train_game()
            .map_err(|e| std::io::Error::other(format!("a player's action was refused: {e}")))?;
        err += f64::from(s.td_error);
        positions += s.positions;
        since += 1;
        if g % args.progress_every.max(1) == 0 || g == args.games {
            let secs = started.elapsed().as_secs_f64();
            let rate = g as f64 / secs.max(1e-9);
            writeln!(
                out,
                "games {g}/{} ({:.0}%), {rate:.0} games/s, {:.0} positions/game, TD error {:.5}, eta {:.0}s",
                args.games,
                100.0 * g as f64 / args.games as f64,
                positions as f64 / since as f64,
                err / since as f64,
                (args.games - g) as f64 / rate
            )?;
            (err, positions, since) = (0.0, 0, 0);
        }
        let at_checkpoint = args.checkpoint_every > 0 && g % args.checkpoint_every == 0;
        if at_checkpoint || g == args.games {
            trainer.net.save(args.out)?;
            let line = checkpoint(&trainer.net, args.checkpoint_games)?;
            writeln!(out, "checkpoint at {g} games: {line}")?;
        }
        out.flush()?;
    }
    writeln!(
        out,
        "wrote {} after {:.0}s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::{Spec, parse_spec};

    #[test]
    fn a_player_is_named_by_kind_or_by_level_and_weights_file() {
        assert!(matches!(parse_spec("random"), Ok(Spec::Random)));
        assert!(matches!(parse_spec("heuristic"), Ok(Spec::Heuristic)));
        let err = |s: &str| parse_spec(s).err().unwrap_or_default();
        assert!(
            err("gnubg").contains("say random, heuristic, or weak@FILE"),
            "{}",
            err("gnubg")
        );
        assert!(
            err("expert@w.bin").contains("`expert` is not a level"),
            "{}",
            err("expert@w.bin")
        );
        assert!(err("strong@/no/such/file").contains("cannot read the weights"));

        let dir = std::env::temp_dir().join(format!("welsh-spec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.bin");
        welsh_player::Net::new(4, 1).save(&path).unwrap();
        let spec = parse_spec(&format!("medium@{}", path.display()));
        assert!(
            matches!(spec, Ok(Spec::Learnt(welsh_player::Level::Medium, ref n)) if n.hidden() == 4)
        );
        std::fs::write(&path, b"not weights").unwrap();
        assert!(
            err(&format!("weak@{}", path.display())).contains("not a Welsh evaluator weights file")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
