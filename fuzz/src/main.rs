//! Fuzzes every parser of typed text: `cargo run --release -p gammonbot-fuzz -- N [SEED]`
//! runs N generated inputs (default 10,000,000) from SEED (default 1), round robin over
//! the targets of `gammonbot_fuzz`, and prints inputs, time and rate per target, then
//! each panic with its input. Exits 1 if anything panicked. See docs/fuzzing.md.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let inputs: u64 = args.next().map_or(10_000_000, |n| {
        n.replace('_', "").parse().expect("N: a number of inputs")
    });
    let seed: u64 = args
        .next()
        .map_or(1, |s| s.parse().expect("SEED: a number"));
    let targets = gammonbot_fuzz::targets();
    let started = Instant::now();
    let report = gammonbot_fuzz::run(&targets, inputs, seed, 20);
    let total = started.elapsed();
    println!(
        "{inputs} inputs from seed {seed} in {:.1} s ({:.0} inputs/s)",
        total.as_secs_f64(),
        inputs as f64 / total.as_secs_f64()
    );
    println!(
        "{:<40} {:>12} {:>10} {:>12}",
        "target", "inputs", "time (s)", "inputs/s"
    );
    for f in &report.figures {
        let secs = f.time.as_secs_f64();
        println!(
            "{:<40} {:>12} {:>10.2} {:>12.0}",
            f.name,
            f.inputs,
            secs,
            f.inputs as f64 / secs.max(1e-9)
        );
    }
    println!("panics: {}", report.panics);
    for d in &report.defects {
        println!("--- {}: input {:?}\n{}", d.target, d.input, d.message);
    }
    if report.panics == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
