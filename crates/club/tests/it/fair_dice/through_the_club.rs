//! Fair dice through the club: a standard match, the Welsh concealed and nominated throws, a
//! restart mid-match, a chouette's seeds, the anchor.

use super::fixtures::{
    assert_rejected, export, export_throws, fair, logged_throws, open, play_on, played_dice,
    verify, verify_path,
};
use club::{
    ChallengeOp, ChallengeSpec, ChouetteOp, ChouetteRef, ChouetteSpec, Command, Entry, FairOp,
    FairRef, Look, MatchOp, MatchRef, Starter,
};
use clubkit::{assert_match_rebuilds, match_log, refused, run};
use engine::fair::{CHAIN_LEN, FairId, anchor, chain, line_order, secret_from_hex, sha256};
use engine::welsh::{NominateFor, Parity, WelshAction};
use testkit::store_url;

#[tokio::test]
async fn a_standard_match_through_the_club_exports_throws_that_verify() {
    // Given a 3-point match whose anchor is shown with the challenge
    let (club, store) = open(&store_url("fair-standard").await, 1).await;
    let out = run(
        &club,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
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
    let out = run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
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
    let out = run(
        &club,
        "bob",
        Command::Match(MatchRef::id(id), MatchOp::Roll),
    )
    .await;
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
    assert_eq!(json["ruleset"], "standard");
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
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::welsh(5),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let m = MatchRef::id(id);
    run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::AcceptShaking(m, Starter::Me)),
    )
    .await;
    // Seeds may still be set after acceptance, before the first throw
    run(&club, "bob", fair(id, FairOp::Seed("bob's".into()))).await;
    let (json, _) = export(&club, "alice", id, "fair-welsh-0").await;
    assert_eq!(
        json["throws"].as_array().unwrap().len(),
        0,
        "no throw before the call"
    );
    // When alice calls: the concealed throw is throw 1, revealed with the call
    run(
        &club,
        "alice",
        Command::Match(m, MatchOp::Call(Parity::Odd)),
    )
    .await;
    let (json, _) = export(&club, "alice", id, "fair-welsh-1").await;
    let log = match_log(&store, id).await;
    assert_eq!(export_throws(&json), logged_throws(&log));
    assert_eq!(json["throws"].as_array().unwrap().len(), 1);
    assert_eq!(json["seed_o"], "bob's");
    // Whoever won the call chooses; the starter nominates his own throw and throws it
    let mut out = run(&club, "alice", Command::Look(Look::Board(m))).await;
    if out.next.as_ref().unwrap().what.starts_with("choose") {
        let who = out.next.unwrap().name.to_lowercase();
        out = run(&club, &who, Command::Match(m, MatchOp::Choose(Starter::Me))).await;
    }
    let starter = out.next.clone().unwrap().name.to_lowercase();
    let other = if starter == "alice" { "bob" } else { "alice" };
    let count = |json: &serde_json::Value| json["throws"].as_array().unwrap().len();
    let before = count(&export(&club, "alice", id, "fair-welsh-2").await.0);
    // When the starter nominates his own throw: it takes no k
    let mut out = run(
        &club,
        &starter,
        Command::Match(m, MatchOp::Nominate(NominateFor::Me, (6, 5))),
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
        Command::Match(m, MatchOp::Nominate(NominateFor::Opponent, (3, 1))),
    )
    .await;
    let out = run(&club, other, Command::Match(m, MatchOp::Roll)).await;
    assert_eq!(
        count(&export(&club, "alice", id, "fair-welsh-4").await.0),
        before + 1
    );
    // Then play on a while (the starter throws the nominated 3-1): every throw logged,
    // nominated ones aside, is exported, and the export verifies
    play_on(&club, id, out, 150).await;
    let (json, path) = export(&club, "alice", id, "fair-welsh-5").await;
    assert_eq!(json["ruleset"], "welsh");
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
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(5)),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let out = run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
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
    assert_eq!(json["ruleset"], "standard");
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
