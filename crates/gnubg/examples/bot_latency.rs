//! What a bot decision costs, at each level (a benchmark, not a test): positions met in
//! the expert bot's games against itself (a 7-point match and money play, seeded dice),
//! and for each level every decision timed whole, as the club makes it: building the
//! situation from the match, gnubg's answer from the pool (request, evaluation, reply,
//! parsing, the engine's check of a play), and the engine applying the result. Prints
//! p50 / p99 / max per level, and per kind of decision; and first our side of a checker
//! play alone (no gnubg: the situation, the legal plays, the check, the match after it).
//!
//! `cargo run --release -p gammonbot-gnubg --example bot_latency -- [--plays N]
//! [--cubes N] [--seed S] [--seconds T]` (defaults 150, 60, 1 and 0): rounds over every
//! level until T seconds have passed (one round at least). The decisions are made one at
//! a time, through a pool of two gnubg processes started before the clock runs.
//!
//! Measured on the 2-core machine (release build, gnubg 1.07.001 at `nice` 10; 150 plays,
//! 60 cube actions and 60 answers per level; 2026-11-26), all decisions of a level:
//!
//! | level        | alone: p50 / p99 / max    | beside club_load at 300/s: p50 / p99 / max |
//! |--------------|---------------------------|--------------------------------------------|
//! | beginner     | 10.3 / 11.0 / 12.4 ms     | 0.3 / 11.1 / 12.8 ms                       |
//! | casual       | 10.4 / 10.5 / 11.6 ms     | 0.2 / 11.1 / 15.5 ms                       |
//! | intermediate | 10.3 / 10.5 / 12.1 ms     | 0.2 / 11.0 / 13.5 ms                       |
//! | advanced     | 10.3 / 10.8 / 14.3 ms     | 0.2 / 11.1 / 12.1 ms                       |
//! | expert       | 10.3 / 10.5 / 11.1 ms     | 0.2 / 11.1 / 13.3 ms                       |
//! | world class  | 10.5 / 123.0 / 125.8 ms   | 12.0 / 122.2 / 132.7 ms                    |
//!
//! (world class checker plays alone: p50 24.0, p99 125.3 ms). Our side of a play is a few
//! microseconds; the 10 ms floor is gnubg's own: its main thread waits for its evaluation
//! thread by polling every 10 ms (`WaitForAllTasks` in gnubg's multithread.c), so on an
//! idle machine a 0-ply decision takes one poll, and on a busy one it often takes none
//! (the evaluation is done before the first look), hence the lower p50 under load.
//! club_load's round trip in that minute: p99 5.05 ms, against 4.94 ms in the minute
//! before without the bot (its p99 alone varied from 3.9 to 7.2 ms over nine runs that
//! day: others share the machine).

mod selfplay;

use std::time::{Duration, Instant};

use engine::{Action, Match, MatchRules, Phase, legal_plays};
use gnubg::{Answer, BotSettings, CubeAction, Level, Pool, Situation};
use selfplay::{Decided, Player, play_on};
use testkit::Rng;

/// A position to decide in, and what is to be decided there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Play,
    Cube,
    Answer,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Play => "play",
            Kind::Cube => "cube",
            Kind::Answer => "answer",
        }
    }
}

fn number(args: &[String], flag: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{flag} takes a number, not {v}"))
        })
}

/// Positions from the expert's self-play: `plays` checker plays with a choice, `cubes`
/// positions where the player on roll may double, and as many doubled positions to answer.
fn sample(plays: usize, cubes: usize, seed: u64) -> Vec<(Kind, Match)> {
    let pool = Pool::new(BotSettings::default());
    let expert = Player::Bot(Level::Expert);
    let (mut p, mut c) = (Vec::new(), Vec::new());
    let mut rng = Rng::new(seed);
    for round in 0.. {
        if p.len() >= plays && c.len() >= cubes {
            break;
        }
        let rules = if round % 2 == 0 {
            MatchRules::match_to(7)
        } else {
            MatchRules::money()
        };
        let m = Match::new(rules).expect("rules");
        play_on(
            &pool,
            m,
            [expert; 2],
            &mut rng,
            2,
            &mut |d| match d.decided {
                Decided::Play(..) if d.before.legal_plays().len() > 1 => p.push(d.before.clone()),
                Decided::Cube(_) => c.push(d.before.clone()),
                _ => {}
            },
        )
        .expect("self-play");
    }
    // Spread over the games rather than the first ones only.
    let spread = |v: Vec<Match>, n: usize| -> Vec<Match> {
        let step = (v.len() / n.max(1)).max(1);
        v.into_iter().step_by(step).take(n).collect()
    };
    let c = spread(c, cubes);
    let answers: Vec<Match> = c
        .iter()
        .map(|m| m.apply(m.on_roll(), &Action::Double).expect("a double").0)
        .collect();
    let mut out: Vec<(Kind, Match)> = spread(p, plays)
        .into_iter()
        .map(|m| (Kind::Play, m))
        .collect();
    out.extend(c.into_iter().map(|m| (Kind::Cube, m)));
    out.extend(answers.into_iter().map(|m| (Kind::Answer, m)));
    out
}

/// One decision, timed from the match to the match after it.
fn decide(pool: &Pool, kind: Kind, m: &Match, level: Level) -> Duration {
    let t = Instant::now();
    let (side, action) = match (kind, m.phase()) {
        (Kind::Play, Phase::ToPlay { side, dice }) => {
            let play = pool
                .play(&Situation::of(m, side), dice, level)
                .expect("a play");
            (side, Action::Play(play))
        }
        (Kind::Cube, Phase::ToRoll(side)) => {
            let v = pool
                .cube_action(&Situation::of(m, side), level)
                .expect("a cube action");
            let action = if v.action == CubeAction::Double {
                Action::Double
            } else {
                // The roll is the club's, not the bot's; a fixed one is enough here.
                Action::Roll(engine::Dice::new(3, 1).expect("dice"))
            };
            (side, action)
        }
        (Kind::Answer, Phase::CubeOffered(o)) => {
            let a = pool
                .answer_double(&Situation::of(m, o.responder), level)
                .expect("an answer");
            let action = match a {
                Answer::Take => Action::Take,
                Answer::Drop => Action::Drop,
                Answer::Beaver => Action::Beaver,
            };
            (o.responder, action)
        }
        _ => panic!("a sample position that does not fit its kind"),
    };
    m.apply(side, &action).expect("the engine applies it");
    t.elapsed()
}

/// Our side of a checker play without gnubg: the situation built, the legal plays listed,
/// the play found among them (as [`Pool::play`] checks gnubg's), and the match after it.
fn ours(m: &Match) -> Duration {
    let Phase::ToPlay { side, dice } = m.phase() else {
        panic!("not a play");
    };
    let chosen = m.legal_plays()[0];
    let t = Instant::now();
    let s = Situation::of(m, side);
    let legal = legal_plays(&s.position.view(side), dice);
    let found = legal
        .iter()
        .find(|l| l.board == chosen.board)
        .expect("the play");
    m.apply(side, &Action::Play(found.play)).expect("applied");
    t.elapsed()
}

fn line(what: &str, times: &mut [Duration]) -> String {
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        times[i].as_secs_f64() * 1000.0
    };
    format!(
        "{what:<22} n={:<4} p50 {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let plays = number(&args, "--plays", 150) as usize;
    let cubes = number(&args, "--cubes", 60) as usize;
    let seed = number(&args, "--seed", 1);
    let seconds = number(&args, "--seconds", 0);
    let positions = sample(plays, cubes, seed);
    let pool = Pool::new(BotSettings::default());
    // Both processes started before the clock runs.
    std::thread::scope(|s| {
        for (kind, m) in positions.iter().take(2) {
            let pool = &pool;
            s.spawn(move || decide(pool, *kind, m, Level::Expert));
        }
    });
    let started = Instant::now();
    let mut engine_side: Vec<Duration> = positions
        .iter()
        .filter(|(k, _)| *k == Kind::Play)
        .map(|(_, m)| ours(m))
        .collect();
    println!("{}", line("ours alone, play", &mut engine_side));
    // Rounds over every level, until `--seconds` have passed (one round by default).
    let mut times: Vec<Vec<(Kind, Duration)>> = vec![Vec::new(); Level::ALL.len()];
    let mut rounds = 0;
    loop {
        for (level, times) in Level::ALL.into_iter().zip(&mut times) {
            for (kind, m) in &positions {
                times.push((*kind, decide(&pool, *kind, m, level)));
            }
        }
        rounds += 1;
        if started.elapsed().as_secs() >= seconds {
            break;
        }
    }
    println!(
        "{rounds} round(s) over the levels of {} decisions each",
        positions.len()
    );
    for (level, times) in Level::ALL.into_iter().zip(&times) {
        let mut all: Vec<Duration> = times.iter().map(|(_, t)| *t).collect();
        println!("{}", line(&format!("{level}, all"), &mut all));
        for kind in [Kind::Play, Kind::Cube, Kind::Answer] {
            let mut v: Vec<Duration> = times
                .iter()
                .filter(|(k, _)| *k == kind)
                .map(|(_, t)| *t)
                .collect();
            println!("{}", line(&format!("  {}", kind.name()), &mut v));
        }
    }
    println!("took {:.1} s", started.elapsed().as_secs_f64());
}
