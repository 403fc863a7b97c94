//! Provably fair dice (scheme gammonbot-dice-v1): known answers checked against the Python
//! verifier (a separate implementation written from the scheme's text), a chain crossing
//! 4096, tampered exports rejected, the dice's distribution over a million throws, and
//! matches and a chouette played through the club whose exports verify, also across a
//! restart.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::sync::Arc;

use gammonbot::club::{
    Actor, ChallengeSpec, ChouetteOp, ChouetteRef, ChouetteSpec, Club, ClubError, Command, Entry,
    FairDice, FairOp, FairRef, ManualClock, MatchRef, Outcome, RngDice, Starter, export_json,
    new_chain,
};
use gammonbot::engine::fair::{
    CHAIN_LEN, FairId, anchor, chain, hex, message, secret_from_hex, sha256, throw_dice,
};
use gammonbot::engine::welsh::{NominateFor, Parity, WelshAction};
use gammonbot::engine::{Action, Side};
use gammonbot::store::Store;

mod common;
use common::{assert_match_rebuilds, match_log, scratch, store_url};

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

/// The verifier's dice for one throw.
fn python_dice(s: &[u8; 32], id: &str, k: u64, x: &str, o: &str, count: usize) -> Vec<u8> {
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

fn export_of(f: &FairDice) -> String {
    export_json(f.id(), f.seeds(), f.chains(), f.throws())
}

#[test]
fn a_chain_crossing_4096_throws_is_renewed_and_verifies() {
    // Given a match that makes 4100 throws
    let mut f = thrown(FairId::Match(7), 4100, 1);
    // Then throw 4096 used up the first chain and a second began at 4097, announced
    let lines = f.take_lines();
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
    assert!(out.contains("VERDICT: OK: all 4100 throws"), "{out}");
}

#[test]
fn a_tampered_export_is_rejected() {
    let f = thrown(FairId::Chouette(3), 30, 2);
    let good: serde_json::Value = serde_json::from_str(&export_of(&f)).unwrap();
    assert_eq!(good["match_id"], "c3");
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
    tampered("id", &|v| v["match_id"] = "c4".into());
    // Throws swapped
    tampered("order", &|v| {
        let t = v["throws"].as_array_mut().unwrap();
        t.swap(3, 4);
    });
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
    // When bob accepts (the opening throw is made at once) and they play on
    let out = run(&club, "bob", Command::Accept(MatchRef::id(id))).await;
    assert!(
        out.lines.iter().any(|l| l.contains("`alice ♞ luck`")),
        "{:?}",
        out.lines
    );
    let last = play_on(&club, id, out, 400).await;
    // Then the seeds are fixed
    let e = refused(&club, "bob", fair(id, FairOp::Seed("late".into()))).await;
    assert!(e.to_string().contains("fixed"), "{e}");
    // And the export holds every throw of the log, in order, from k = 1, and verifies
    let (json, path) = export(&club, "bob", id, "fair-standard-export").await;
    assert_eq!(json["scheme"], "gammonbot-dice-v1");
    assert_eq!(json["match_id"], id);
    assert_eq!(json["seed_x"], "alice ♞ luck");
    assert_eq!(
        json["seed_o"].as_str().unwrap().len(),
        32,
        "16 random bytes, hex"
    );
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
    let (ok, text) = verify_path(&path);
    assert!(ok, "{text}");
    // And /fair shows the anchor, both seeds and each throw with its s_k
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
