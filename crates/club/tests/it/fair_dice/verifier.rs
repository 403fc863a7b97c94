//! The verifier: known answers agreed with the players' Python checker, the chain renewed,
//! exports tampered with or with throws left out, repeated or not tied to the game, and
//! the faces' shares.

use super::fixtures::{
    Case, SCRIPT, assert_rejected, export_of, hmac_bytes, python_dice, python_dice_of, thrown,
    verify,
};
use club::{FairDice, GameRecord, RngDice, export_json, new_chain};
use engine::Side;
use engine::fair::{
    FairId, Scheme, chain, hex, line_order, message, message_v2, secret_from_hex, sha256,
    throw_dice,
};
use std::process::Command as Process;

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
    // A nominated throw in a Welsh match's record is no throw of the proof: marked, it
    // passes
    let mut v = good.clone();
    v["ruleset"] = "welsh".into();
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
