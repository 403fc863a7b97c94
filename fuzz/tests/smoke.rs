//! A bounded run of the fuzz harness (`fuzz/src/main.rs` runs millions): every parser of
//! typed text answers generated and mutated inputs without panicking.

use gammonbot_fuzz::{Rng, generate, run, targets};

#[test]
fn every_parser_of_typed_text_answers_generated_inputs_without_panicking() {
    // Given a few thousand inputs for each target, from a fixed seed.
    let targets = targets();
    let report = run(&targets, 2_000 * targets.len() as u64, 7, 10);
    // Then none panicked (each defect is printed with its input).
    for d in &report.defects {
        eprintln!("{}: {:?}\n{}", d.target, d.input, d.message);
    }
    assert_eq!(report.panics, 0, "panics: {:#?}", report.defects);
    assert!(report.figures.iter().all(|f| f.inputs >= 2_000));
}

#[test]
fn the_harness_reports_a_panicking_parser_with_its_input() {
    // Given a target that panics on any input containing `!`.
    let t = gammonbot_fuzz::Target {
        name: "panics on !",
        seeds: &["a!b", "abc"],
        run: |s| assert!(!s.contains('!'), "a `!` in the input"),
    };
    // When the harness runs it, then the panic is caught and kept with its input.
    let report = run(&[t], 500, 3, 5);
    assert!(report.panics > 0);
    let d = &report.defects[0];
    assert!(d.input.contains('!'), "{d:?}");
    assert!(d.message.contains("a `!` in the input"), "{d:?}");
}

#[test]
fn generated_inputs_are_reproducible_from_the_seed_and_varied() {
    let seeds = ["13/7 8/7", "bar/22"];
    let a: Vec<String> = (0..200)
        .scan(Rng::new(5), |r, _| Some(generate(r, &seeds)))
        .collect();
    let b: Vec<String> = (0..200)
        .scan(Rng::new(5), |r, _| Some(generate(r, &seeds)))
        .collect();
    assert_eq!(a, b);
    let distinct: std::collections::HashSet<&String> = a.iter().collect();
    assert!(distinct.len() > 100, "{} distinct of 200", distinct.len());
    assert!(a.iter().any(|s| !s.is_ascii()), "some input beyond ASCII");
    assert!(a.iter().any(|s| s.len() > 200), "some long input");
}
