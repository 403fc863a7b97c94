//! The checker (`scripts/verify_dice.py`) on exports a sceptical player tampers with: the
//! export names its ruleset and a nominated throw outside Welsh fails; one bad throw is one
//! problem, at that throw, the later throws still tied to their game throws. (The dice
//! page's checker, `crates/web/static/dice.js`, is held to the same in the web crate's
//! browser test.)

use super::fixtures::{export_of, thrown, verify};
use engine::fair::FairId;
use serde_json::{Value, json};

/// A good export of 30 throws (every seventh of one die), tied to its game record.
fn good(id: i64, seed: u64) -> Value {
    let v: Value = serde_json::from_str(&export_of(&thrown(FairId::Match(id), 30, seed))).unwrap();
    let (ok, out) = verify(&v.to_string(), &format!("rules-good-{id}"));
    assert!(ok, "{out}");
    v
}

/// The checker on `v`: it fails with exactly `problems` problems, says `why`, and ties
/// every throw in `tied` to its game throw.
fn fails_once(
    v: &Value,
    name: &str,
    problems: usize,
    why: &str,
    tied: impl IntoIterator<Item = u64>,
) -> String {
    let (ok, out) = verify(&v.to_string(), &format!("rules-{name}"));
    assert!(!ok, "{name}: accepted\n{out}");
    let n = v["throws"].as_array().unwrap().len();
    let verdict = format!(
        "VERDICT: FAILED: {problems} problem{} in {n} throws",
        if problems == 1 { "" } else { "s" }
    );
    assert!(out.contains(&verdict), "{name}: no `{verdict}` in\n{out}");
    assert!(out.contains(why), "{name}: no `{why}` in\n{out}");
    for k in tied {
        assert!(
            out.contains(&format!("\nok   throw {k}: ")),
            "{name}: throw {k} is not tied to its game throw\n{out}"
        );
    }
    out
}

fn nominated() -> Value {
    json!({"by": "o", "what": "nominated", "dice": [3, 1], "nominated": true})
}

#[test]
fn the_export_names_its_ruleset_and_a_nominated_throw_outside_welsh_fails() {
    // Given a standard match's export: it names its ruleset
    let good = good(21, 9);
    assert_eq!(good["ruleset"], "standard");
    // When a nominated throw is put into its game record: one problem, at that game throw,
    // and every throw still tied to its game throw
    let mut v = good.clone();
    v["played"].as_array_mut().unwrap().insert(3, nominated());
    fails_once(
        &v,
        "nominated-standard",
        1,
        "BAD  game throw 4: nominated 3-1 (o, nominated): a nominated throw is Welsh only (rule 21)",
        1..=30,
    );
    // And marked only by what it is (no "nominated": true): the same
    let mut w = v.clone();
    w["played"][3].as_object_mut().unwrap().remove("nominated");
    fails_once(&w, "nominated-unmarked", 1, "Welsh only (rule 21)", 1..=30);
    // And with the ruleset taken out of the export: checked as standard, it fails too
    let mut w = v.clone();
    w.as_object_mut().unwrap().remove("ruleset");
    let out = fails_once(
        &w,
        "nominated-no-ruleset",
        1,
        "Welsh only (rule 21)",
        1..=30,
    );
    assert!(out.contains("names no ruleset"), "{out}");
    // And an unknown ruleset fails
    let mut w = good.clone();
    w["ruleset"] = "backgammon".into();
    fails_once(&w, "unknown-ruleset", 1, "ruleset \"backgammon\"", 1..=30);
    // But a Welsh match's record may hold it: it passes, the nominated throw listed
    let mut w = v.clone();
    w["ruleset"] = "welsh".into();
    let (ok, out) = verify(&w.to_string(), "rules-nominated-welsh");
    assert!(ok, "{out}");
    assert!(out.contains("ruleset welsh"), "{out}");
    assert!(out.contains("game throw 4: nominated 3-1"), "{out}");
    assert!(out.contains("(and 1 nominated throw, no dice)"), "{out}");
    // Though there only when marked `true`: another mark is a throw no throw proves
    w["played"][3]["nominated"] = "yes".into();
    fails_once(
        &w,
        "nominated-welsh-other-mark",
        1,
        "BAD  game throw 4: 3-1 (o, nominated) was played but is not among the proven throws",
        1..=30,
    );
    // And in a standard match any mark but absent, null or false is a nomination
    let mut w = v.clone();
    w["played"][3] = json!({"by": "o", "what": "roll", "dice": [3, 1], "nominated": 0});
    fails_once(
        &w,
        "nominated-standard-mark-0",
        1,
        "Welsh only (rule 21)",
        1..=30,
    );
}

#[test]
fn one_changed_die_is_one_problem_and_the_later_throws_stay_tied_to_their_game_throws() {
    let good = good(22, 10);
    // When one die of throw 11 is changed in the proof: one problem, at throw 11, and
    // every other throw still tied to its game throw
    let mut v = good.clone();
    let d = v["throws"][10]["dice"][0].as_u64().unwrap();
    v["throws"][10]["dice"][0] = (d % 6 + 1).into();
    let out = fails_once(
        &v,
        "one-die",
        1,
        "BAD  throw 11: dice",
        (1..=10).chain(12..=30),
    );
    assert!(out.contains("game throw 11: "), "{out}");
    // And when it is changed in the game's record instead: the same
    let mut v = good.clone();
    let d = v["played"][10]["dice"][0].as_u64().unwrap();
    v["played"][10]["dice"][0] = (d % 6 + 1).into();
    fails_once(
        &v,
        "one-game-die",
        1,
        "was played, but throw 11 is",
        (1..=10).chain(12..=30),
    );
}

#[test]
fn a_throw_added_to_or_left_out_of_the_game_or_the_proof_is_one_problem() {
    let good = good(23, 11);
    // A throw added to the game's record, unmarked
    let mut v = good.clone();
    v["played"]
        .as_array_mut()
        .unwrap()
        .insert(3, json!({"by": "x", "what": "roll", "dice": [6, 6]}));
    fails_once(
        &v,
        "added",
        1,
        "BAD  game throw 4: 6-6 (x, roll) was played but is not among the proven throws",
        1..=30,
    );
    // A throw left out of the game's record
    let mut v = good.clone();
    v["played"].as_array_mut().unwrap().remove(10);
    fails_once(
        &v,
        "left-out-of-the-game",
        1,
        "was proven but not played in the game",
        (1..=10).chain(12..=30),
    );
    // Three throws left out of both, the count cut to match: the gap, once
    let mut v = good.clone();
    for _ in 0..3 {
        v["throws"].as_array_mut().unwrap().remove(10);
        v["played"].as_array_mut().unwrap().remove(10);
    }
    v["count"] = 27.into();
    fails_once(
        &v,
        "gap",
        1,
        "throws 11 to 13 missing",
        (1..=10).chain(14..=30),
    );
    // A throw left out of the proof only (the count kept): the gap and the count
    let mut v = good.clone();
    v["throws"].as_array_mut().unwrap().remove(10);
    fails_once(
        &v,
        "left-out-of-the-proof",
        2,
        "throw 12 comes where throw 11 was due",
        (1..=10).chain(12..=30),
    );
    // The first six throws left out of the proof
    let mut v = good.clone();
    v["throws"].as_array_mut().unwrap().drain(0..6);
    v["count"] = 24.into();
    fails_once(
        &v,
        "late-start",
        1,
        "throw 7 comes where throw 1 was due",
        7..=30,
    );
    // Two throws swapped: each out of its place, once
    let mut v = good.clone();
    v["throws"].as_array_mut().unwrap().swap(3, 4);
    fails_once(
        &v,
        "swapped",
        2,
        "throw 4 again (or out of order)",
        (1..=3).chain(5..=30),
    );
}
