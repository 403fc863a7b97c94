//! The fair-dice suite's shared set-ups: the Python checker run, exports read, clubs on
//! fair dice, matches played on.

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Entry, FairDice, FairOp, FairRef, GameRecord,
    LeagueCommand, LeagueOp, ManualClock, MatchOp, MatchRef, Outcome, Played, RngDice, Starter,
    export_json, new_chain,
};
use clubkit::{match_log, run};
use engine::fair::{FairId, hex, sha256};
use engine::welsh::{NominateFor, Parity, WelshAction};
use engine::{Action, Side};
use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::sync::Arc;
use store::Store;
use testkit::scratch;

pub(super) const SCRIPT: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/verify_dice.py");

/// Runs the verifier on an export; (passed, its output).
pub(super) fn verify(json: &str, name: &str) -> (bool, String) {
    let path = scratch(name).join("fair.json");
    std::fs::write(&path, json).unwrap();
    verify_path(&path)
}

pub(super) fn verify_path(path: &Path) -> (bool, String) {
    let out = Process::new("python3")
        .arg(SCRIPT)
        .arg(path)
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    (out.status.success(), text)
}

/// The verifier's dice for one throw (scheme v1).
pub(super) fn python_dice(
    s: &[u8; 32],
    id: &str,
    k: u64,
    x: &str,
    o: &str,
    count: usize,
) -> Vec<u8> {
    python_dice_of("v1", s, id, k, x, o, count)
}

/// The verifier's dice for one throw under `scheme` (`v1`, `v2`).
pub(super) fn python_dice_of(
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
pub(super) type Case<'a> = (&'a [u8], FairId, u64, &'a str, &'a str, usize);

/// HMAC-SHA256 written out from SHA-256 (RFC 2104), independent of the hmac crate.
pub(super) fn hmac_bytes(key: &[u8; 32], msg: &str) -> [u8; 32] {
    let mut k = [0u8; 64];
    k[..32].copy_from_slice(key);
    let mut inner: Vec<u8> = k.iter().map(|b| b ^ 0x36).collect();
    inner.extend_from_slice(msg.as_bytes());
    let mut outer: Vec<u8> = k.iter().map(|b| b ^ 0x5c).collect();
    outer.extend_from_slice(&sha256(&inner));
    sha256(&outer)
}

/// A record with its first chain and seeds, `n` throws made.
pub(super) fn thrown(id: FairId, n: usize, seed: u64) -> FairDice {
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
pub(super) fn played_of(f: &FairDice) -> Vec<Played> {
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

pub(super) fn export_of(f: &FairDice) -> String {
    let played = played_of(f);
    export_json(
        f,
        f.chains(),
        f.throws(),
        GameRecord {
            ruleset: engine::Ruleset::Standard,
            played: Some(&played),
            line: None,
        },
    )
}

/// The verifier on an export changed by `change`: it must fail, saying `why`.
pub(super) fn assert_rejected(
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

// ---- Through the club ----

pub(super) const START: i64 = 1_800_000_000;

pub(super) async fn open(path: &str, seed: u64) -> (Arc<Club>, Store) {
    let store = Store::open(path).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::fair_seeded(seed)),
        Arc::new(ManualClock::new(START)),
    ));
    (club, store)
}

pub(super) fn fair(id: i64, op: FairOp) -> Command {
    Command::Fair(FairRef::Match(MatchRef::id(id)), op)
}

/// Plays on answering what the club asks (standard: first legal play, never doubles).
pub(super) async fn play_on(club: &Club, id: i64, mut last: Outcome, limit: usize) -> Outcome {
    let m = MatchRef::id(id);
    for _ in 0..limit {
        let Some(next) = last.next.clone() else {
            return last;
        };
        let name = next.name.as_str();
        let cmd = if next.what.starts_with("move") {
            let moves = club.legal_moves(&Actor::local(name), m).await.unwrap();
            Command::Match(m, MatchOp::Move(moves[moves.len() / 2].clone()))
        } else if next.what.starts_with("take") {
            Command::Match(m, MatchOp::Take)
        } else if next.what.starts_with("call") {
            Command::Match(m, MatchOp::Call(Parity::Odd))
        } else if next.what.starts_with("choose") {
            Command::Match(m, MatchOp::Choose(Starter::Me))
        } else if next.what.starts_with("throw") || next.what.starts_with("roll") {
            Command::Match(m, MatchOp::Roll)
        } else {
            return last;
        };
        last = run(club, name, cmd).await;
    }
    last
}

/// The dice of every throw in a match's log, in order (a nominated throw is no throw).
pub(super) fn logged_throws(log: &[Entry]) -> Vec<Vec<u8>> {
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
pub(super) fn played_dice(json: &serde_json::Value) -> Vec<Vec<u8>> {
    json["played"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["nominated"] != true)
        .map(|p| serde_json::from_value(p["dice"].clone()).unwrap())
        .collect()
}

pub(super) fn export_throws(json: &serde_json::Value) -> Vec<Vec<u8>> {
    json["throws"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| serde_json::from_value(t["dice"].clone()).unwrap())
        .collect()
}

pub(super) async fn export(
    club: &Club,
    name: &str,
    id: i64,
    dir: &str,
) -> (serde_json::Value, PathBuf) {
    let out = run(club, name, fair(id, FairOp::Export)).await;
    let file = out.attachment.unwrap();
    assert_eq!(file.name, format!("fair-{id}.json"));
    let path = scratch(dir).join(&file.name);
    std::fs::write(&path, &file.text).unwrap();
    (serde_json::from_str(&file.text).unwrap(), path)
}

// ---- A full match of each ruleset on the production fair dice ----

/// A challenge by alice to bob on `spec`, accepted; the outcome of the accept.
pub(super) async fn accepted(club: &Club, spec: ChallengeSpec) -> (i64, Outcome) {
    let out = run(
        club,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let out = match spec.ruleset {
        engine::Ruleset::Welsh => {
            run(
                club,
                "bob",
                Command::Challenge(ChallengeOp::AcceptShaking(MatchRef::id(id), Starter::Me)),
            )
            .await
        }
        engine::Ruleset::Standard => {
            run(
                club,
                "bob",
                Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
            )
            .await
        }
    };
    (id, out)
}

/// The export verifies, and its game record is the log's throws.
pub(super) async fn assert_export_verifies(
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

pub(super) fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

/// A Discord user of guild 1.
pub(super) fn discord(name: &str) -> Actor {
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
