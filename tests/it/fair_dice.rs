//! Provably fair dice (scheme gammonbot-dice-v2; v1 records still verify): known answers
//! checked against the Python verifier (a separate implementation written from the
//! scheme's text), a chain crossing 4096, tampered exports rejected (throws left out,
//! repeated, not tied to the game), the dice's distribution over a million throws, and
//! matches of every ruleset, a league's and a chouette played through the club on the
//! production fair dice, whose exports verify end to end, also across a restart.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::sync::Arc;

use club::{
    Actor, ChallengeSpec, ChouetteOp, ChouetteRef, ChouetteSpec, Club, ClubError, Command, Entry,
    FairDice, FairOp, FairRef, Format, GameRecord, LeagueCommand, LeagueOp, ManualClock, MatchRef,
    Outcome, Played, RngDice, Starter, export_json, new_chain,
};
use engine::fair::{
    CHAIN_LEN, FairId, Scheme, anchor, chain, hex, line_order, message, message_v2,
    secret_from_hex, sha256, throw_dice,
};
use engine::welsh::{NominateFor, Parity, WelshAction};
use engine::{Action, Side};
use store::Store;

use testkit::{assert_match_rebuilds, match_log, scratch, store_url};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/verify_dice.py");

/// Runs the verifier on an export; (passed, its output).
fn verify(json: &str, name: &str) -> (bool, String) {
    let path = scratch(name).join("fair.json");
    std::fs::write(&path, json).unwrap();
    verify_path(&path)
}

fn verify_path(path: &Path) -> (bool, String) {
    let out = Process::new("python3")
        .arg(SCRIPT)
        .arg(path)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    (out.status.success(), text)
}

/// The verifier's dice for one throw (scheme v1).
fn python_dice(s: &[u8; 32], id: &str, k: u64, x: &str, o: &str, count: usize) -> Vec<u8> {
    python_dice_of("v1", s, id, k, x, o, count)
}

/// The verifier's dice for one throw under `scheme` (`v1`, `v2`).
fn python_dice_of(
    scheme: &str,
    s: &[u8; 32],
    id: &str,
    k: u64,
    x: &str,
    o: &str,
    count: usize,
) -> Vec<u8> {
    let out = Process::new("python3")
        .args([
            SCRIPT,
            "--dice",
            &hex(s),
            id,
            &k.to_string(),
            x,
            o,
            &count.to_string(),
            scheme,
        ])
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|d| d.parse().unwrap())
        .collect()
}

/// A known-answer case: chain value seed, id, k, seed_x, seed_o, dice.
type Case<'a> = (&'a [u8], FairId, u64, &'a str, &'a str, usize);

#[test]
fn known_answers_agree_with_the_python_verifier() {
    // Given chain values and messages of matches and chouettes, seeds with UTF-8
    let cases: &[Case] = &[
        (
            b"one",
            FairId::Match(12),
            1,
            "alice's seed",
            "0123456789abcdef",
            2,
        ),
        (b"two", FairId::Match(12), 4097, "x", "o", 2),
        (b"three", FairId::Chouette(3), 5, "Zoë ♞ 🎲", "|pipes|", 2),
        (b"four", FairId::Match(1), 77, "", "", 1),
        // 40 dice need more than one HMAC: the `|more` continuation.
        (b"five", FairId::Chouette(10), 2, "a", "b", 40),
    ];
    for &(seed, id, k, x, o, count) in cases {
        let s = sha256(seed);
        // When the bot's mapping and the verifier's compute the throw
        let ours = throw_dice(&s, &message(id, k, x, o), count);
        let theirs = python_dice(&s, &id.to_string(), k, x, o, count);
        // Then they agree, die for die
        assert_eq!(ours, theirs, "{id} k={k}");
        assert_eq!(ours.len(), count);
        assert!(ours.iter().all(|d| (1..=6).contains(d)));
    }
    // And a vector fixed in the text (from the scheme, by hand: HMAC over the message)
    let s = sha256(b"one");
    assert_eq!(
        message(FairId::Match(12), 1, "alice's seed", "0123456789abcdef"),
        "gammonbot-dice-v1|12|1|alice's seed|0123456789abcdef"
    );
    assert_eq!(
        throw_dice(&s, &message(FairId::Chouette(3), 9, "a", "b"), 2),
        python_dice(&s, "c3", 9, "a", "b", 2)
    );
}

#[test]
fn v2_known_answers_agree_with_the_python_verifier_and_seeds_with_bars_do_not_collide() {
    let cases: &[Case] = &[
        (b"one", FairId::Match(12), 1, "alice's seed", "x", 2),
        (b"two", FairId::Chouette(3), 5, "Zoë ♞ 🎲", "|pipes|", 2),
        (b"three", FairId::Match(1), 4097, "x|y", "z", 1),
        (b"four", FairId::Chouette(10), 2, "a", "b", 40),
    ];
    for &(seed, id, k, x, o, count) in cases {
        let s = sha256(seed);
        let ours = throw_dice(&s, &message_v2(id, k, x, o), count);
        let theirs = python_dice_of("v2", &s, &id.to_string(), k, x, o, count);
        assert_eq!(ours, theirs, "{id} k={k}");
    }
    // Given seeds "x|y","z" and "x","y|z", which v1 could not tell apart
    let s = sha256(b"bars");
    assert_eq!(
        message(FairId::Match(1), 1, "x|y", "z"),
        message(FairId::Match(1), 1, "x", "y|z")
    );
    // Then v2's messages differ, and so does the verifier's stream for them
    assert_ne!(
        message_v2(FairId::Match(1), 1, "x|y", "z"),
        message_v2(FairId::Match(1), 1, "x", "y|z")
    );
    assert_eq!(
        python_dice_of("v2", &s, "1", 1, "x|y", "z", 40),
        throw_dice(&s, &message_v2(FairId::Match(1), 1, "x|y", "z"), 40)
    );
    // And a chouette's line is the verifier's
    let seeds = ["ann's", "b|en", "cat", "dan", "eve"];
    let ours = line_order(&s, FairId::Chouette(4), &seeds);
    let out = Process::new("python3")
        .args([SCRIPT, "--line", &hex(&s), "c4"])
        .args(seeds)
        .output()
        .unwrap();
    let theirs: Vec<usize> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|d| d.parse().unwrap())
        .collect();
    assert_eq!(ours, theirs);
}

#[test]
fn bytes_of_252_and_above_are_skipped() {
    // Given many keys, some of whose HMACs hold bytes >= 252
    let mut skipped = 0;
    for i in 0u32..2000 {
        let s = sha256(&i.to_le_bytes());
        let msg = message(FairId::Match(1), 1, "x", "o");
        let dice = throw_dice(&s, &msg, 2);
        // Then the dice are the first two bytes below 252, mapped b % 6 + 1
        let mac = hmac_bytes(&s, &msg);
        let wanted: Vec<u8> = mac
            .iter()
            .filter(|&&b| b < 252)
            .take(2)
            .map(|b| b % 6 + 1)
            .collect();
        assert_eq!(dice, wanted);
        if mac[0] >= 252 || mac[1] >= 252 {
            skipped += 1;
        }
    }
    assert!(skipped > 0, "no key tried had a byte to skip");
}

/// HMAC-SHA256 written out from SHA-256 (RFC 2104), independent of the hmac crate.
fn hmac_bytes(key: &[u8; 32], msg: &str) -> [u8; 32] {
    let mut k = [0u8; 64];
    k[..32].copy_from_slice(key);
    let mut inner: Vec<u8> = k.iter().map(|b| b ^ 0x36).collect();
    inner.extend_from_slice(msg.as_bytes());
    let mut outer: Vec<u8> = k.iter().map(|b| b ^ 0x5c).collect();
    outer.extend_from_slice(&sha256(&inner));
    sha256(&outer)
}

/// A record with its first chain and seeds, `n` throws made.
fn thrown(id: FairId, n: usize, seed: u64) -> FairDice {
    let src = RngDice::fair_seeded(seed);
    let mut f = FairDice::fresh(id, new_chain(&src, 1).unwrap());
    f.set_seed(Side::X, "seed of x".into());
    f.set_seed(Side::O, "seed of o".into());
    for i in 0..n {
        let count = if i % 7 == 3 { 1 } else { 2 };
        assert_eq!(f.throw(count, &src).unwrap().len(), count);
    }
    f
}

/// The throws of a record as a game would have played them (a roll each, no play).
fn played_of(f: &FairDice) -> Vec<Played> {
    f.throws()
        .iter()
        .map(|t| Played {
            by: "x".into(),
            what: "roll",
            dice: serde_json::from_str(&t.dice).unwrap(),
            play: None,
            nominated: false,
        })
        .collect()
}

fn export_of(f: &FairDice) -> String {
    let played = played_of(f);
    export_json(
        f,
        f.chains(),
        f.throws(),
        GameRecord {
            played: Some(&played),
            line: None,
        },
    )
}

#[test]
fn a_chain_crossing_4096_throws_is_renewed_and_verifies() {
    // Given a match that makes 4100 throws
    let mut f = thrown(FairId::Match(7), 4100, 1);
    // Then throw 4096 used up the first chain and a second began at 4097, announced
    let lines: Vec<String> = f
        .take_lines()
        .into_iter()
        .filter(|l| !l.contains("fixed with its first throw"))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("4097"), "{lines:?}");
    assert_eq!(f.chains().len(), 2);
    assert_eq!(f.chains()[1].first_k, 4097);
    assert_eq!(f.next_k(), 4101);
    // Each s_k hashes to s_{k-1}, throw 1's to the anchor, throw 4097's to the new anchor
    let t = f.throws();
    let s = |i: usize| secret_from_hex(&t[i].s).unwrap();
    assert_eq!(hex(&sha256(&s(0))), f.chains()[0].anchor);
    assert_eq!(sha256(&s(4095)), s(4094));
    assert_eq!(hex(&sha256(&s(4096))), f.chains()[1].anchor);
    assert_eq!(sha256(&s(4097)), s(4096));
    // And the export checks out with the verifier
    let json = export_of(&f);
    assert!(json.contains("\"anchors\""));
    let (ok, out) = verify(&json, "fair-crossing");
    assert!(ok, "{out}");
    assert!(out.contains("ok   throw 4097"), "{out}");
    assert!(
        out.contains("VERDICT: OK: throws 1 to 4100, none missing, all 4100"),
        "{out}"
    );
}

#[test]
fn a_tampered_export_is_rejected() {
    let f = thrown(FairId::Match(3), 30, 2);
    let good: serde_json::Value = serde_json::from_str(&export_of(&f)).unwrap();
    assert_eq!(good["match_id"], 3);
    let (ok, out) = verify(&good.to_string(), "fair-tamper-good");
    assert!(ok, "{out}");
    let tampered = |name: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        change(&mut v);
        let (ok, out) = verify(&v.to_string(), &format!("fair-tamper-{name}"));
        assert!(!ok, "{name}: accepted\n{out}");
        assert!(out.contains("VERDICT: FAILED"), "{name}: {out}");
    };
    // A die changed afterwards
    tampered("die", &|v| {
        let d = v["throws"][10]["dice"][0].as_u64().unwrap();
        v["throws"][10]["dice"][0] = (d % 6 + 1).into();
    });
    // Another s revealed for a throw
    tampered("s", &|v| {
        v["throws"][5]["s"] = hex(&sha256(b"forged")).into()
    });
    // A different anchor
    tampered("anchor", &|v| v["anchor"] = hex(&sha256(b"other")).into());
    // A seed changed after the throws
    tampered("seed", &|v| v["seed_o"] = "seed of O".into());
    // Another id
    tampered("id", &|v| v["match_id"] = 4.into());
    // Throws swapped
    tampered("order", &|v| {
        let t = v["throws"].as_array_mut().unwrap();
        t.swap(3, 4);
    });
}

/// The verifier on an export changed by `change`: it must fail, saying `why`.
fn assert_rejected(
    good: &serde_json::Value,
    name: &str,
    why: &str,
    change: &dyn Fn(&mut serde_json::Value),
) {
    let mut v = good.clone();
    change(&mut v);
    let (ok, out) = verify(&v.to_string(), &format!("fair-tamper-{name}"));
    assert!(!ok, "{name}: accepted\n{out}");
    assert!(out.contains("VERDICT: FAILED"), "{name}: {out}");
    assert!(out.contains(why), "{name}: no `{why}` in\n{out}");
}

#[test]
fn a_throw_left_out_repeated_or_not_tied_to_the_game_fails_the_check() {
    // Given an untampered export of 30 throws with the game's throws as played: it passes
    let f = thrown(FairId::Match(11), 30, 5);
    let good: serde_json::Value = serde_json::from_str(&export_of(&f)).unwrap();
    assert_eq!(good["scheme"], "gammonbot-dice-v2");
    assert_eq!(good["count"], 30);
    let (ok, out) = verify(&good.to_string(), "fair-tie-good");
    assert!(ok, "{out}");
    assert!(
        out.contains("VERDICT: OK: throws 1 to 30, none missing, all 30"),
        "{out}"
    );
    let remove = |v: &mut serde_json::Value, i: usize| {
        v["throws"].as_array_mut().unwrap().remove(i);
    };
    // When a throw is left out of the proof (first, middle, last), with the count kept
    assert_rejected(
        &good,
        "first",
        "throw 2 comes where throw 1 was due",
        &|v| {
            remove(v, 0);
        },
    );
    assert_rejected(
        &good,
        "middle",
        "throw 12 comes where throw 11 was due",
        &|v| {
            remove(v, 10);
        },
    );
    assert_rejected(
        &good,
        "last",
        "was played but is not among the proven",
        &|v| {
            remove(v, 29);
            v["count"] = 29.into();
        },
    );
    // And the same with the count and the game's record cut to match: the gap still shows
    assert_rejected(&good, "gap", "throws 11 to 13 missing", &|v| {
        for _ in 0..3 {
            remove(v, 10);
            v["played"].as_array_mut().unwrap().remove(10);
        }
        v["count"] = 27.into();
    });
    // An export that starts at k = 7
    assert_rejected(
        &good,
        "late-start",
        "throw 7 comes where throw 1 was due",
        &|v| {
            v["throws"].as_array_mut().unwrap().drain(0..6);
        },
    );
    // A throw listed twice
    assert_rejected(&good, "duplicate", "throw 5 again", &|v| {
        let t = v["throws"][4].clone();
        v["throws"].as_array_mut().unwrap().insert(5, t);
    });
    // A throw played that no throw proves
    assert_rejected(
        &good,
        "unproven",
        "was played but is not among the proven",
        &|v| {
            v["played"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!({"by": "x", "what": "roll", "dice": [6, 6]}));
        },
    );
    // A throw proven that was not played
    assert_rejected(&good, "unplayed", "was proven but not played", &|v| {
        v["played"].as_array_mut().unwrap().pop();
    });
    // The dice of the game changed (the proof left alone)
    assert_rejected(&good, "game-dice", "was played, but throw 8 is", &|v| {
        let d = v["played"][7]["dice"][1].as_u64().unwrap();
        v["played"][7]["dice"][1] = (d % 6 + 1).into();
    });
    // The game's record taken out of a v2 export
    assert_rejected(&good, "no-record", "no game record", &|v| {
        v.as_object_mut().unwrap().remove("played");
    });
    // A nominated throw in the game's record is no throw of the proof: marked, it passes
    let mut v = good.clone();
    v["played"].as_array_mut().unwrap().insert(
        3,
        serde_json::json!({"by": "o", "what": "nominated", "dice": [3, 1], "nominated": true}),
    );
    let (ok, out) = verify(&v.to_string(), "fair-tie-nominated");
    assert!(ok, "{out}");
    assert!(out.contains("nominated 3-1"), "{out}");
    // Unmarked, it is a throw played that no throw proves
    v["played"][3].as_object_mut().unwrap().remove("nominated");
    let (ok, out) = verify(&v.to_string(), "fair-tie-unmarked");
    assert!(!ok, "{out}");
}

#[test]
fn a_v1_export_still_verifies_and_its_gaps_fail() {
    // Given a record made under v1 (fields joined by `|`), exported as before v2: no game
    // record
    let f = thrown(FairId::Match(4), 12, 6);
    let src = RngDice::fair_seeded(6);
    let mut v1 =
        FairDice::fresh(FairId::Match(4), new_chain(&src, 1).unwrap()).with_scheme(Scheme::V1);
    v1.set_seed(Side::X, "seed of x".into());
    v1.set_seed(Side::O, "seed of o".into());
    for _ in 0..12 {
        v1.throw(2, &src).unwrap();
    }
    let json = export_json(&v1, v1.chains(), v1.throws(), GameRecord::default());
    let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
    old.as_object_mut().unwrap().remove("count");
    assert_eq!(old["scheme"], "gammonbot-dice-v1");
    // Then it verifies, saying it is not tied to a game
    let (ok, out) = verify(&old.to_string(), "fair-v1");
    assert!(ok, "{out}");
    assert!(out.contains("not tied to the game"), "{out}");
    // And its dice are v1's, not v2's
    assert_ne!(export_of(&f), json);
    // And a throw left out of it fails
    assert_rejected(
        &old,
        "v1-gap",
        "throw 4 comes where throw 3 was due",
        &|v| {
            v["throws"].as_array_mut().unwrap().remove(2);
        },
    );
}

#[test]
fn a_million_throws_give_each_face_and_each_roll_its_share() {
    // Given the HMAC mapping over 10^6 throws of one chain value and consecutive k
    let s = chain(&sha256(b"chi-square"))[1];
    let mut faces = [0u64; 6];
    let mut rolls = [[0u64; 6]; 6];
    let n: u64 = 1_000_000;
    for k in 1..=n {
        let d = throw_dice(&s, &message(FairId::Match(99), k, "x", "o"), 2);
        faces[usize::from(d[0] - 1)] += 1;
        faces[usize::from(d[1] - 1)] += 1;
        let (hi, lo) = (d[0].max(d[1]), d[0].min(d[1]));
        rolls[usize::from(hi - 1)][usize::from(lo - 1)] += 1;
    }
    // Then each face is within 5 standard deviations of 1/6 and chi-square (5 df) is under
    // its 0.1% critical value 20.52
    let dice = (2 * n) as f64;
    let (e, sd) = (dice / 6.0, (dice * (1.0 / 6.0) * (5.0 / 6.0)).sqrt());
    let mut chi = 0.0;
    for (i, &c) in faces.iter().enumerate() {
        let c = c as f64;
        assert!((c - e).abs() < 5.0 * sd, "face {}: {c} vs {e}", i + 1);
        chi += (c - e).powi(2) / e;
    }
    assert!(chi < 20.52, "faces chi-square {chi}: {faces:?}");
    // And each of the 21 rolls (doubles 1/36, others 2/36) likewise; chi-square (20 df)
    // under 45.31
    let mut chi = 0.0;
    let throws = n as f64;
    for (hi, row) in rolls.iter().enumerate() {
        for (lo, &count) in row.iter().enumerate().take(hi + 1) {
            let p = if hi == lo { 1.0 / 36.0 } else { 2.0 / 36.0 };
            let (e, sd) = (throws * p, (throws * p * (1.0 - p)).sqrt());
            let c = count as f64;
            assert!(
                (c - e).abs() < 5.0 * sd,
                "roll {}-{}: {c} vs {e}",
                hi + 1,
                lo + 1
            );
            chi += (c - e).powi(2) / e;
        }
    }
    assert!(chi < 45.31, "rolls chi-square {chi}");
}

// ---- Through the club ----

const START: i64 = 1_800_000_000;

async fn open(path: &str, seed: u64) -> (Arc<Club>, Store) {
    let store = Store::open(path).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::fair_seeded(seed)),
        Arc::new(ManualClock::new(START)),
    ));
    (club, store)
}

async fn run(club: &Club, name: &str, cmd: Command) -> Outcome {
    match club.execute(&Actor::local(name), cmd.clone()).await {
        Ok(o) => o,
        Err(e) => panic!("{name}: {cmd:?} refused: {e}"),
    }
}

async fn refused(club: &Club, name: &str, cmd: Command) -> ClubError {
    match club.execute(&Actor::local(name), cmd.clone()).await {
        Ok(o) => panic!("{name}: {cmd:?} was accepted: {:?}", o.lines),
        Err(e) => e,
    }
}

fn fair(id: i64, op: FairOp) -> Command {
    Command::Fair(FairRef::Match(MatchRef::id(id)), op)
}

/// Plays on answering what the club asks (standard: first legal play, never doubles).
async fn play_on(club: &Club, id: i64, mut last: Outcome, limit: usize) -> Outcome {
    let m = MatchRef::id(id);
    for _ in 0..limit {
        let Some(next) = last.next.clone() else {
            return last;
        };
        let name = next.name.as_str();
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&Actor::local(name), m).await.unwrap();
            Command::Move(m, moves[moves.len() / 2].clone())
        } else if next.what.starts_with("take") {
            Command::Take(m)
        } else if next.what.starts_with("call") {
            Command::Call(m, Parity::Odd)
        } else if next.what.starts_with("choose") {
            Command::Choose(m, Starter::Me)
        } else if next.what.starts_with("throw") || next.what.starts_with("roll") {
            Command::Roll(m)
        } else {
            return last;
        };
        last = run(club, name, cmd).await;
    }
    last
}

/// The dice of every throw in a match's log, in order (a nominated throw is no throw).
fn logged_throws(log: &[Entry]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut nominated_for: Option<Side> = None;
    for e in log {
        if let Entry::Welsh {
            side,
            action: WelshAction::Nominate { whose, .. },
            ..
        } = e
        {
            if *whose == NominateFor::Opponent {
                nominated_for = Some(side.opponent());
            }
            continue;
        }
        if let Entry::Welsh {
            side,
            action: WelshAction::Roll(..),
            ..
        } = e
        {
            if nominated_for == Some(*side) {
                nominated_for = None;
                continue;
            }
        }
        match e {
            Entry::ThrownAgain { dice, .. } => out.push(vec![dice.0, dice.1]),
            Entry::Standard { action, .. } => match action {
                Action::OpeningRoll { x, o } => out.push(vec![*x, *o]),
                Action::Roll(d) => out.push(d.values().to_vec()),
                _ => {}
            },
            Entry::Welsh { action, .. } => match action {
                WelshAction::Call { shaker_dice, .. } => {
                    out.push(vec![shaker_dice.0, shaker_dice.1]);
                }
                WelshAction::Roll(a, b) | WelshAction::Reroll(a, b) => out.push(vec![*a, *b]),
                WelshAction::RollOne(a) => out.push(vec![*a]),
                _ => {}
            },
            _ => {}
        }
    }
    out
}

/// The dice of the export's game record, nominated throws aside.
fn played_dice(json: &serde_json::Value) -> Vec<Vec<u8>> {
    json["played"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["nominated"] != true)
        .map(|p| serde_json::from_value(p["dice"].clone()).unwrap())
        .collect()
}

fn export_throws(json: &serde_json::Value) -> Vec<Vec<u8>> {
    json["throws"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| serde_json::from_value(t["dice"].clone()).unwrap())
        .collect()
}

async fn export(club: &Club, name: &str, id: i64, dir: &str) -> (serde_json::Value, PathBuf) {
    let out = run(club, name, fair(id, FairOp::Export)).await;
    let file = out.attachment.unwrap();
    assert_eq!(file.name, format!("fair-{id}.json"));
    let path = scratch(dir).join(&file.name);
    std::fs::write(&path, &file.text).unwrap();
    (serde_json::from_str(&file.text).unwrap(), path)
}

#[tokio::test]
async fn a_standard_match_through_the_club_exports_throws_that_verify() {
    // Given a 3-point match whose anchor is shown with the challenge
    let (club, store) = open(&store_url("fair-standard").await, 1).await;
    let out = run(
        &club,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let anchor_line = out
        .lines
        .iter()
        .find(|l| l.contains("anchor"))
        .unwrap()
        .clone();
    // And alice sets her seed before the match starts; a seed over 64 characters is refused
    run(
        &club,
        "alice",
        fair(id, FairOp::Seed("alice ♞ luck".into())),
    )
    .await;
    let e = refused(&club, "bob", fair(id, FairOp::Seed("x".repeat(65)))).await;
    assert!(e.to_string().contains("at most 64"), "{e}");
    // When bob accepts: no throw is made yet, and the acceptor may still set a seed
    let out = run(&club, "bob", Command::Accept(MatchRef::id(id))).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("alice has set `alice ♞ luck`") && l.contains("bob has set none")),
        "{:?}",
        out.lines
    );
    assert_eq!(out.next.as_ref().unwrap().what, "roll the opening throw");
    let (json, _) = export(&club, "bob", id, "fair-standard-0").await;
    assert_eq!(json["count"], 0, "no throw before a player asks for one");
    run(
        &club,
        "bob",
        fair(id, FairOp::Seed("bob's late seed".into())),
    )
    .await;
    // And bob (either player may) rolls the opening throw: both seeds are said with it
    let out = run(&club, "bob", Command::Roll(MatchRef::id(id))).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("fixed with its first throw")
                && l.contains("`alice ♞ luck`")
                && l.contains("`bob's late seed`")),
        "{:?}",
        out.lines
    );
    // And they play the match to its end
    let last = play_on(&club, id, out, 5000).await;
    assert!(last.next.is_none(), "the match did not end");
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().status,
        store::MatchStatus::Finished
    );
    // Then the seeds are fixed
    let e = refused(&club, "bob", fair(id, FairOp::Seed("late".into()))).await;
    assert!(e.to_string().contains("fixed"), "{e}");
    // And the export holds every throw of the log, in order, from k = 1, and verifies
    let (json, path) = export(&club, "bob", id, "fair-standard-export").await;
    assert_eq!(json["scheme"], "gammonbot-dice-v2");
    assert_eq!(json["match_id"], id);
    assert_eq!(json["seed_x"], "alice ♞ luck");
    assert_eq!(json["seed_o"], "bob's late seed");
    assert!(anchor_line.contains(json["anchor"].as_str().unwrap()));
    let log = match_log(&store, id).await;
    let logged = logged_throws(&log);
    assert!(logged.len() > 20, "only {} throws", logged.len());
    assert_eq!(export_throws(&json), logged);
    let ks: Vec<u64> = json["throws"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["k"].as_u64().unwrap())
        .collect();
    assert_eq!(ks, (1..=ks.len() as u64).collect::<Vec<_>>());
    assert_eq!(played_dice(&json), logged, "the game's throws as played");
    let (ok, text) = verify_path(&path);
    assert!(ok, "{text}");
    assert!(text.contains("none missing"), "{text}");
    // And /fair shows the anchor, both seeds and each throw with its s_k, the dice as the
    // game says them (the higher first)
    let t2: Vec<u8> = serde_json::from_value(json["throws"][1]["dice"].clone()).unwrap();
    let said = format!("Throw 2: {}-{}  s=", t2[0].max(t2[1]), t2[0].min(t2[1]));
    let shown = run(&club, "alice", fair(id, FairOp::Show))
        .await
        .lines
        .join("\n");
    assert!(shown.contains(json["anchor"].as_str().unwrap()), "{shown}");
    assert!(
        shown.contains(json["throws"][0]["s"].as_str().unwrap()),
        "{shown}"
    );
    assert!(shown.contains("alice ♞ luck"), "{shown}");
    assert!(shown.contains(&said), "{said} not in {shown}");
    assert_match_rebuilds(&store, id).await;
    // And a player of no match cannot look at it
    refused(&club, "carol", fair(id, FairOp::Show)).await;
    let _ = last;
}

#[tokio::test]
async fn the_welsh_concealed_throw_is_a_throw_and_a_nominated_throw_is_not() {
    // Given a Welsh match accepted with bob (the guest) choosing to shake
    let (club, store) = open(&store_url("fair-welsh").await, 2).await;
    let out = run(
        &club,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::welsh(5),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let m = MatchRef::id(id);
    run(&club, "bob", Command::AcceptShaking(m, Starter::Me)).await;
    // Seeds may still be set after acceptance, before the first throw
    run(&club, "bob", fair(id, FairOp::Seed("bob's".into()))).await;
    let (json, _) = export(&club, "alice", id, "fair-welsh-0").await;
    assert_eq!(
        json["throws"].as_array().unwrap().len(),
        0,
        "no throw before the call"
    );
    // When alice calls: the concealed throw is throw 1, revealed with the call
    run(&club, "alice", Command::Call(m, Parity::Odd)).await;
    let (json, _) = export(&club, "alice", id, "fair-welsh-1").await;
    let log = match_log(&store, id).await;
    assert_eq!(export_throws(&json), logged_throws(&log));
    assert_eq!(json["throws"].as_array().unwrap().len(), 1);
    assert_eq!(json["seed_o"], "bob's");
    // Whoever won the call chooses; the starter nominates his own throw and throws it
    let mut out = run(&club, "alice", Command::Board(m)).await;
    if out.next.as_ref().unwrap().what.starts_with("choose") {
        let who = out.next.unwrap().name.to_lowercase();
        out = run(&club, &who, Command::Choose(m, Starter::Me)).await;
    }
    let starter = out.next.clone().unwrap().name.to_lowercase();
    let other = if starter == "alice" { "bob" } else { "alice" };
    let count = |json: &serde_json::Value| json["throws"].as_array().unwrap().len();
    let before = count(&export(&club, "alice", id, "fair-welsh-2").await.0);
    // When the starter nominates his own throw: it takes no k
    let mut out = run(
        &club,
        &starter,
        Command::Nominate(m, NominateFor::Me, (6, 5)),
    )
    .await;
    assert_eq!(
        count(&export(&club, "alice", id, "fair-welsh-3").await.0),
        before
    );
    // And when his opponent, on his turn, nominates the starter's next throw and throws
    for _ in 0..20 {
        let next = out.next.clone().unwrap();
        if next.name.to_lowercase() == other && next.what.starts_with("throw") {
            break;
        }
        out = play_on(&club, id, out, 1).await;
    }
    run(
        &club,
        other,
        Command::Nominate(m, NominateFor::Opponent, (3, 1)),
    )
    .await;
    let out = run(&club, other, Command::Roll(m)).await;
    assert_eq!(
        count(&export(&club, "alice", id, "fair-welsh-4").await.0),
        before + 1
    );
    // Then play on a while (the starter throws the nominated 3-1): every throw logged,
    // nominated ones aside, is exported, and the export verifies
    play_on(&club, id, out, 150).await;
    let (json, path) = export(&club, "alice", id, "fair-welsh-5").await;
    let log = match_log(&store, id).await;
    let nominated = log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Welsh {
                    action: WelshAction::Roll(3, 1),
                    ..
                }
            )
        })
        .count();
    assert!(nominated >= 1, "the nominated 3-1 was not thrown");
    assert_eq!(export_throws(&json), logged_throws(&log));
    let (ok, text) = verify_path(&path);
    assert!(ok, "{text}");
}

#[tokio::test]
async fn a_restart_mid_match_continues_the_chain() {
    // Given a match played a while, then the bot stopped
    let db = store_url("fair-restart").await;
    let (club, store) = open(&db, 3).await;
    let out = run(
        &club,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(5)),
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let out = run(&club, "bob", Command::Accept(MatchRef::id(id))).await;
    let out = play_on(&club, id, out, 40).await;
    let (before, _) = export(&club, "alice", id, "fair-restart-1").await;
    drop(club);
    store.close().await;
    // When it starts again (other secrets in its source: the chain is the stored one)
    let (club, store) = open(&db, 999).await;
    play_on(&club, id, out, 60).await;
    // Then the throws continue from the next k on the same anchor and seeds, and verify
    let (after, path) = export(&club, "alice", id, "fair-restart-2").await;
    assert_eq!(after["anchor"], before["anchor"]);
    assert_eq!(after["seed_x"], before["seed_x"]);
    let (b, a) = (
        before["throws"].as_array().unwrap(),
        after["throws"].as_array().unwrap(),
    );
    assert!(a.len() > b.len(), "{} then {}", b.len(), a.len());
    assert_eq!(&a[..b.len()], &b[..]);
    assert_eq!(
        a[b.len()]["k"].as_u64().unwrap(),
        b.len() as u64 + 1,
        "the next throw after the restart"
    );
    assert_eq!(
        export_throws(&after),
        logged_throws(&match_log(&store, id).await)
    );
    let (ok, text) = verify_path(&path);
    assert!(ok, "{text}");
}

#[tokio::test]
async fn a_chouette_uses_the_box_and_captain_seeds_and_verifies() {
    // Given a chouette of four, one of whom sets a seed before the start
    let (club, _store) = open(&store_url("fair-chouette").await, 4).await;
    let ch = |op| Command::Chouette(ChouetteRef::default(), op);
    let out = run(
        &club,
        "ann",
        ch(ChouetteOp::Create(ChouetteSpec::default())),
    )
    .await;
    assert!(
        out.lines.iter().any(|l| l.contains("anchor")),
        "{:?}",
        out.lines
    );
    for p in ["ben", "cat", "dan"] {
        run(&club, p, ch(ChouetteOp::Join)).await;
    }
    let fr = |op| Command::Fair(FairRef::Chouette(ChouetteRef::default()), op);
    for p in ["ann", "ben", "cat", "dan"] {
        run(&club, p, fr(FairOp::Seed(format!("{p}'s seed")))).await;
    }
    // When the session starts (the opening throw at once) and a few rolls follow
    let out = run(&club, "ann", ch(ChouetteOp::Start)).await;
    let seeds_line = out
        .lines
        .iter()
        .find(|l| l.contains("seeds for chouette"))
        .unwrap()
        .clone();
    // Then seed_x is the box's and seed_o the captain's, and the export verifies
    let out = run(&club, "cat", fr(FairOp::Export)).await;
    let file = out.attachment.unwrap();
    let json: serde_json::Value = serde_json::from_str(&file.text).unwrap();
    assert_eq!(json["match_id"], "c1");
    let (x, o) = (
        json["seed_x"].as_str().unwrap().to_string(),
        json["seed_o"].as_str().unwrap().to_string(),
    );
    assert!(x.ends_with("'s seed") && o.ends_with("'s seed") && x != o);
    assert!(
        seeds_line.contains(&format!("box {}", &x[..3])),
        "{seeds_line}"
    );
    assert!(!json["throws"].as_array().unwrap().is_empty());
    let (ok, text) = verify(&file.text, "fair-chouette-export");
    assert!(ok, "{text}");
    // And the line was drawn from throw 1's chain value and all four seeds: the checker
    // recomputes it, and the box's and captain's seeds are the ones the throws use
    assert_eq!(json["line"]["shuffled"], true);
    assert_eq!(json["line"]["members"].as_array().unwrap().len(), 4);
    assert!(
        text.contains("ok   the line drawn from s_1 and the 4 members' seeds"),
        "{text}"
    );
    let members: Vec<String> = json["line"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["seed"].as_str().unwrap().to_string())
        .collect();
    let seeds: Vec<&str> = members.iter().map(String::as_str).collect();
    let s1 = secret_from_hex(json["throws"][0]["s"].as_str().unwrap()).unwrap();
    let order = line_order(&s1, FairId::Chouette(1), &seeds);
    assert_eq!(json["seed_x"].as_str().unwrap(), seeds[order[0]]);
    assert_eq!(json["seed_o"].as_str().unwrap(), seeds[order[1]]);
    // And another line (the box and a crew member swapped) fails the check
    let good: serde_json::Value = json.clone();
    assert_rejected(&good, "chouette-line", "the line is", &|v| {
        v["line"]["line"].as_array_mut().unwrap().swap(0, 2);
    });
    // And the seeds cannot change now
    refused(&club, "ann", fr(FairOp::Seed("again".into()))).await;
}

#[test]
fn the_anchor_commits_to_the_whole_chain() {
    let top = sha256(b"top");
    let c = chain(&top);
    assert_eq!(c.len() as u64, CHAIN_LEN + 1);
    assert_eq!(anchor(&top), c[0]);
    for w in c.windows(2).take(50) {
        assert_eq!(sha256(&w[1]), w[0]);
    }
}

// ---- A full match of each ruleset on the production fair dice ----

/// A challenge by alice to bob on `spec`, accepted; the outcome of the accept.
async fn accepted(club: &Club, spec: ChallengeSpec) -> (i64, Outcome) {
    let out = run(
        club,
        "alice",
        Command::Challenge {
            opponent: "bob".into(),
            spec,
        },
    )
    .await;
    let id = out.match_id.unwrap();
    let out = match spec.ruleset {
        engine::Ruleset::Welsh => {
            run(
                club,
                "bob",
                Command::AcceptShaking(MatchRef::id(id), Starter::Me),
            )
            .await
        }
        engine::Ruleset::Standard => run(club, "bob", Command::Accept(MatchRef::id(id))).await,
    };
    (id, out)
}

/// The export verifies, and its game record is the log's throws.
async fn assert_export_verifies(
    club: &Club,
    store: &Store,
    id: i64,
    who: &str,
    dir: &str,
) -> serde_json::Value {
    let (json, path) = export(club, who, id, dir).await;
    let logged = logged_throws(&match_log(store, id).await);
    assert_eq!(export_throws(&json), logged);
    assert_eq!(played_dice(&json), logged);
    let (ok, text) = verify_path(&path);
    assert!(ok, "{text}");
    json
}

#[tokio::test]
async fn a_money_session_on_fair_dice_is_played_and_stopped_and_verifies() {
    let (club, store) = open(&store_url("fair-money").await, 21).await;
    let (id, mut out) = accepted(&club, ChallengeSpec::standard(None)).await;
    let m = MatchRef::id(id);
    // When they play a game or more and stop the session between games
    let mut stopped = false;
    for i in 0..4000 {
        out = play_on(&club, id, out, 1).await;
        if i > 40 {
            if let Ok(o) = club.execute(&Actor::local("alice"), Command::Stop(m)).await {
                out = o;
                stopped = true;
                break;
            }
        }
    }
    assert!(stopped, "the session never reached the end of a game");
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().status,
        store::MatchStatus::Finished
    );
    // Then every throw of the session is proven and tied to the game
    let json = assert_export_verifies(&club, &store, id, "alice", "fair-money-export").await;
    assert!(json["count"].as_u64().unwrap() > 10);
    let _ = out;
}

#[tokio::test]
async fn a_welsh_match_on_fair_dice_is_played_to_its_end_and_verifies() {
    let (club, store) = open(&store_url("fair-welsh-full").await, 22).await;
    let (id, out) = accepted(&club, ChallengeSpec::welsh(3)).await;
    let last = play_on(&club, id, out, 6000).await;
    assert!(
        last.next.is_none(),
        "the match did not end: {:?}",
        last.lines
    );
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().status,
        store::MatchStatus::Finished
    );
    let json = assert_export_verifies(&club, &store, id, "alice", "fair-welsh-full-export").await;
    assert_eq!(json["played"][0]["what"], "call");
    assert_match_rebuilds(&store, id).await;
}

#[tokio::test]
async fn a_chouette_game_on_fair_dice_is_played_to_its_end_and_verifies() {
    let (club, _store) = open(&store_url("fair-chouette-full").await, 23).await;
    let ch = |op| Command::Chouette(ChouetteRef::default(), op);
    run(
        &club,
        "ann",
        ch(ChouetteOp::Create(ChouetteSpec::default())),
    )
    .await;
    for p in ["ben", "cat"] {
        run(&club, p, ch(ChouetteOp::Join)).await;
    }
    // Nobody sets a seed: each member gets one when the line is drawn
    let mut out = run(&club, "ann", ch(ChouetteOp::Start)).await;
    let mut games_done = false;
    for _ in 0..3000 {
        let Some(next) = out.next.clone() else { break };
        let who = next.name.to_lowercase();
        let op = if next.what.starts_with("move") {
            let moves = club
                .chouette_moves(&Actor::local(&who), ChouetteRef::default())
                .await
                .unwrap();
            ChouetteOp::Move(moves[moves.len() / 2].clone())
        } else if next.what.starts_with("take") {
            ChouetteOp::Take(None)
        } else if next.what.contains("roll") || next.what.contains("throw") {
            ChouetteOp::Roll
        } else {
            break;
        };
        out = run(&club, &who, ch(op)).await;
        if out.lines.iter().any(|l| l.contains("/chouette start")) {
            games_done = true;
            break;
        }
    }
    assert!(games_done, "the game did not end: {:?}", out.lines);
    let fr = |op| Command::Fair(FairRef::Chouette(ChouetteRef::default()), op);
    let file = run(&club, "ben", fr(FairOp::Export))
        .await
        .attachment
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(&file.text).unwrap();
    assert_eq!(json["line"]["members"].as_array().unwrap().len(), 3);
    assert_eq!(
        json["played"].as_array().unwrap().len(),
        json["throws"].as_array().unwrap().len()
    );
    let (ok, text) = verify(&file.text, "fair-chouette-full-export");
    assert!(ok, "{text}");
}

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

#[tokio::test]
async fn a_league_match_posts_its_anchor_before_any_throw_takes_seeds_and_verifies_to_its_end() {
    // Given a knockout of three on fair dice (one bye, one match)
    let (club, store) = open(&store_url("fair-league").await, 24).await;
    run(
        &club,
        "org",
        league(
            "Cup",
            LeagueOp::Create {
                name: "Cup".into(),
                format: Format::Knockout,
                spec: ChallengeSpec::standard(Some(1)),
            },
        ),
    )
    .await;
    for p in ["ann", "ben", "cat"] {
        run(&club, p, league("Cup", LeagueOp::Join)).await;
    }
    // When the organiser starts the season
    let out = run(&club, "org", league("Cup", LeagueOp::Start { order: None })).await;
    let line = out
        .lines
        .iter()
        .find(|l| l.starts_with("Match #"))
        .unwrap()
        .clone();
    let id: i64 = line["Match #".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let m = MatchRef::id(id);
    // Then the announcement carries the match's anchor, and no throw is made yet
    let rec = store.load_fair(&id.to_string()).await.unwrap().unwrap();
    assert!(line.contains(&rec.chains[0].anchor), "{line}");
    assert_eq!(rec.seed_x, None, "no seed drawn before a player acts");
    assert!(store.fair_throws(&id.to_string()).await.unwrap().is_empty());
    // And each player may set a seed until the first throw
    let row = store.load_match(id).await.unwrap().unwrap();
    let x: String = store
        .player_by_id(row.players[0])
        .await
        .unwrap()
        .display_name;
    let o: String = store
        .player_by_id(row.players[1])
        .await
        .unwrap()
        .display_name;
    run(
        &club,
        &o,
        Command::Fair(FairRef::Match(m), FairOp::Seed(format!("{o} seeds"))),
    )
    .await;
    // When a player rolls the opening throw and they play to the end
    let out = run(&club, &x, Command::Roll(m)).await;
    let e = refused(
        &club,
        &x,
        Command::Fair(FairRef::Match(m), FairOp::Seed("late".into())),
    )
    .await;
    assert!(e.to_string().contains("fixed"), "{e}");
    let last = play_on(&club, id, out, 3000).await;
    assert!(last.next.is_none(), "the match did not end");
    // Then the export verifies against the anchor posted at the start: X's seed drawn at
    // the first throw, O's as set
    let json = assert_export_verifies(&club, &store, id, &x, "fair-league-export").await;
    assert_eq!(json["anchor"], rec.chains[0].anchor.as_str());
    assert_eq!(json["seed_o"], format!("{o} seeds").as_str());
    assert_eq!(json["seed_x"].as_str().unwrap().len(), 32);
}

// ---- Where the proof is shown ----

#[tokio::test]
async fn the_local_chat_writes_the_export_beside_the_boards_and_takes_the_session_either_side() {
    use gammonbot::console::run_line;
    // Given a chouette of three started in the local chat on fair dice
    let (club, _store) = open(&store_url("fair-chat").await, 31).await;
    for l in [
        "ann: /chouette create",
        "ben: /chouette join",
        "cat: /chouette join",
        "ann: /chouette start",
    ] {
        let (text, refused) = run_line(&club, l, None).await;
        assert!(!refused, "{l}: {text}");
    }
    // When ben asks for `/fair export c1`, as /help shows it, with a pictures folder
    let dir = scratch("fair-chat-boards");
    let (text, refused) = run_line(&club, "ben: /fair export c1", Some(&dir)).await;
    // Then it is accepted, the file is written there and the chat says where
    assert!(!refused, "{text}");
    let path = dir.join("fair-c1.json");
    assert!(
        text.contains(&format!("(file: {})", path.display())),
        "{text}"
    );
    let (ok, out) = verify_path(&path);
    assert!(ok, "{out}");
    // And `/fair c1 export` gives the same file
    let first = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let (again, refused) = run_line(&club, "ben: /fair c1 export", Some(&dir)).await;
    assert!(!refused, "{again}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    // And without a folder the chat says the file was not written
    let (text, refused) = run_line(&club, "ben: /fair export c1", None).await;
    assert!(!refused && text.contains("not written"), "{text}");
}

/// A Discord user of guild 1.
fn discord(name: &str) -> Actor {
    Actor {
        identity: club::Identity::Account,
        reply_chars: Some(2000),
        platform: "discord".into(),
        user_id: name.into(),
        display_name: name.into(),
        community_id: "g1".into(),
        community_name: "guild".into(),
        channel: "c1".into(),
    }
}

#[tokio::test]
async fn on_discord_fair_says_how_many_throws_it_leaves_out_and_points_to_the_export() {
    // Given a match on Discord with many throws made
    let (club, _store) = open(&store_url("fair-discord-cut").await, 32).await;
    let bob = discord("222");
    club.execute(&bob, Command::Games).await.unwrap();
    let out = club
        .execute(
            &discord("111"),
            Command::Challenge {
                opponent: "222".into(),
                spec: ChallengeSpec::standard(Some(5)),
            },
        )
        .await
        .unwrap();
    let id = out.match_id.unwrap();
    let m = MatchRef::id(id);
    let mut out = club.execute(&bob, Command::Accept(m)).await.unwrap();
    for _ in 0..400 {
        let Some(next) = out.next.clone() else { break };
        let who = discord(&next.user_id);
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&who, m).await.unwrap();
            Command::Move(m, moves[0].clone())
        } else {
            Command::Roll(m)
        };
        out = club.execute(&who, cmd).await.unwrap();
    }
    let throws = club
        .execute(&bob, Command::Fair(FairRef::Match(m), FairOp::Export))
        .await
        .unwrap()
        .lines[0]
        .clone();
    // When a player asks for /fair there
    let shown = club
        .execute(&bob, Command::Fair(FairRef::Match(m), FairOp::Show))
        .await
        .unwrap()
        .lines
        .join("\n");
    // Then the reply fits Discord's 2,000 characters, says how many lines it left out, and
    // points to /fair export; the newest throw is shown
    assert!(shown.chars().count() < 2000, "{} characters", shown.len());
    assert!(shown.contains("left out here"), "{shown}");
    assert!(shown.contains("/fair export gives all"), "{shown}");
    let n: usize = throws["Fair dice of match #".len() + id.to_string().len() + 2..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 30, "{throws}");
    assert!(shown.contains(&format!("Throw {n}: ")), "{shown}");
    assert!(shown.contains(&format!("all {n} throws")), "{shown}");
}
