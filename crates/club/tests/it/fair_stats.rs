//! Dice statistics (issue 35): `/fair stats` counts the throws a player threw, from the
//! fair-dice records of his matches here, exactly as anyone recounts them from the exports
//! (`played` entries by him of the counted kinds); tests them once there are enough
//! throws, says there are too few below the threshold, and adds the server's line from
//! every proven two-dice throw here.

use std::sync::Arc;

use club::{
    Actor, ChallengeSpec, Command, FairOp, FairRef, Look, MIN_THROWS, MatchOp, MatchRef, RngDice,
    Tally,
};
use clubkit::{Fixture, accepted, refused, run};
use engine::Side;
use testkit::store_url;
use welsh_player::{EvalPlayer, Level};

async fn fair_fixture(name: &str, seed: u64) -> Fixture {
    Fixture::open(
        &store_url(name).await,
        Arc::new(RngDice::fair_seeded(seed)),
        clubkit::START,
    )
    .await
}

/// Plays standard matches between alice (X) and bob until alice has thrown at least
/// `throws` times (each player rolls and makes his first legal play; nobody doubles):
/// the matches' ids.
async fn play_standard(at: &Fixture, throws: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut alice = 0;
    while alice < throws {
        let (id, mut out) = accepted(at, "alice", "bob", ChallengeSpec::standard(Some(25))).await;
        ids.push(id.get());
        let m = MatchRef::id(id);
        while alice < throws {
            let Some(next) = out.next.clone() else { break };
            let cmd = if next.what.starts_with("move") {
                let plays = at
                    .club
                    .legal_moves(&Actor::local(&next.name), m)
                    .await
                    .unwrap();
                Command::Match(m, MatchOp::Move(plays[0].clone()))
            } else {
                if next.name == "alice" {
                    alice += 1;
                }
                Command::Match(m, MatchOp::Roll)
            };
            out = run(at, &next.name, cmd).await;
        }
    }
    ids
}

/// A Welsh match to one game between alice (X) and bob, played out.
async fn play_welsh(at: &Fixture) -> i64 {
    let (id, _) = accepted(at, "alice", "bob", ChallengeSpec::welsh(1)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        EvalPlayer::new(net, Level::Weak, 1),
        EvalPlayer::new(net, Level::Weak, 2),
    );
    clubkit::play_welsh_to_end(&at.store, id, [&mut x, &mut o], async |side, cmd| {
        run(at, if side == Side::X { "alice" } else { "bob" }, cmd).await;
    })
    .await;
    id.get()
}

/// The export of match `id`, as bob, one of its players, downloads it.
async fn export(at: &Fixture, id: i64) -> serde_json::Value {
    let out = run(
        at,
        "bob",
        Command::Fair(FairRef::Match(MatchRef::id(id)), FairOp::Export),
    )
    .await;
    serde_json::from_str(&out.attachment.unwrap().text).unwrap()
}

/// `name`'s throws recounted from exports as `docs/fair-dice.md` says: the `played`
/// entries by him, of the counted kinds, not nominated, of two dice.
fn recount(exports: &[serde_json::Value], name: &str) -> Tally {
    let mut t = Tally::default();
    for e in exports {
        for p in e["played"].as_array().unwrap() {
            let what = p["what"].as_str().unwrap();
            let dice: Vec<u8> = serde_json::from_value(p["dice"].clone()).unwrap();
            if p["by"] == name
                && p.get("nominated").is_none()
                && club::COUNTED.contains(&what)
                && dice.len() == 2
            {
                t.add(dice[0], dice[1]);
            }
        }
    }
    t
}

/// Every proven two-dice throw of the exports.
fn proven(exports: &[serde_json::Value]) -> u64 {
    exports
        .iter()
        .flat_map(|e| e["throws"].as_array().unwrap())
        .filter(|t| t["dice"].as_array().unwrap().len() == 2)
        .count() as u64
}

fn faces_line(t: &Tally) -> String {
    let faces: Vec<String> = t
        .faces()
        .iter()
        .zip(1..)
        .map(|(c, f)| format!("{f}: {c}"))
        .collect();
    format!("Faces: {} (expected", faces.join(", "))
}

fn stats(player: Option<&str>, ruleset: Option<engine::Ruleset>) -> Command {
    Command::Look(Look::FairStats {
        player: player.map(str::to_string),
        ruleset,
    })
}

#[tokio::test]
async fn a_players_counts_are_the_ones_recounted_from_the_exports_per_ruleset() {
    let at = fair_fixture("fair-stats-recount", 41).await;
    // Given standard matches and a Welsh match between alice and bob, on fair dice
    let standard = play_standard(&at, 60).await;
    let welsh = play_welsh(&at).await;
    let mut std_exports = Vec::new();
    for id in &standard {
        std_exports.push(export(&at, *id).await);
    }
    let welsh_exports = vec![export(&at, welsh).await];
    for (rules, exports) in [
        (Some(engine::Ruleset::Standard), std_exports.clone()),
        (Some(engine::Ruleset::Welsh), welsh_exports.clone()),
        (None, [std_exports.clone(), welsh_exports.clone()].concat()),
    ] {
        // When bob asks for alice's statistics in those rules
        let text = run(&at, "bob", stats(Some("alice"), rules)).await.lines;
        // Then her throws are exactly those recounted from the exports
        let want = recount(&exports, "alice");
        assert!(want.throws() > 0);
        assert!(
            text[0].contains(&format!(
                ": {} throws of two dice in {} match",
                want.throws(),
                exports.len()
            )),
            "{rules:?}: {}",
            text[0]
        );
        assert!(
            text[1].starts_with(&faces_line(&want)),
            "{rules:?}: {}",
            text[1]
        );
        assert!(
            text[2].starts_with(&format!("Doubles: {} (expected", want.doubles())),
            "{}",
            text[2]
        );
        // And they are fewer than the threshold: no verdict, the reason instead
        assert!(want.throws() < MIN_THROWS);
        assert!(
            text[5].starts_with("Too few throws to judge") && text[5].contains("180"),
            "{}",
            text[5]
        );
        // And the server's line counts every proven two-dice throw of the exports
        let all = proven(&exports);
        assert!(
            text[6].starts_with("Server-wide (every proven two-dice throw here, ")
                && text[6].contains(&format!("): {all} throws")),
            "{}",
            text[6]
        );
    }
}

#[tokio::test]
async fn with_enough_throws_each_test_has_a_p_value_and_a_plain_verdict() {
    let at = fair_fixture("fair-stats-enough", 42).await;
    let ids = play_standard(&at, MIN_THROWS as usize + 40).await;
    let mut exports = Vec::new();
    for id in &ids {
        exports.push(export(&at, *id).await);
    }
    let want = recount(&exports, "alice");
    assert!(want.throws() >= MIN_THROWS);
    let text = run(&at, "alice", stats(None, None)).await.lines;
    assert!(text[1].starts_with(&faces_line(&want)), "{}", text[1]);
    // Each test line ends with its chi-square, degrees of freedom and p-value
    for (line, df) in [(1, 5), (2, 1), (3, 20), (4, 1)] {
        assert!(
            text[line].contains(&format!(", df {df}, p = ")),
            "{}",
            text[line]
        );
    }
    // And the p-values are the tally's own
    let tests = want.tests();
    assert!(text[1].contains(&format!("chi-square {:.2}, df 5", tests[0].statistic)));
    // And one sentence says whether anything is unusual (p < 0.01 on any test)
    let unusual = tests.iter().any(|t| t.p < 0.01);
    assert_eq!(text[5].starts_with("Unusual:"), unusual, "{}", text[5]);
    assert_eq!(
        text[5].starts_with("Nothing unusual:"),
        !unusual,
        "{}",
        text[5]
    );
    assert!(text[6].starts_with("Server-wide"), "{}", text[6]);
}

#[tokio::test]
async fn a_player_without_fair_throws_is_told_so_and_an_unknown_player_is_refused() {
    let at = fair_fixture("fair-stats-none", 43).await;
    play_standard(&at, 5).await;
    run(&at, "carol", Command::Look(Look::Games)).await;
    let text = run(&at, "alice", stats(Some("carol"), None)).await.lines;
    assert!(text[0].contains(": 0 throws"), "{}", text[0]);
    assert_eq!(
        text[1],
        "No throw of carol here is in a fair-dice record yet."
    );
    assert!(text[2].contains("too few to judge"), "{}", text[2]);
    let kept = at.store.fingerprint().await.unwrap();
    let e = refused(&at, "alice", stats(Some("zed"), None)).await;
    assert!(e.to_string().contains("no player called `zed`"), "{e}");
    assert_eq!(at.store.fingerprint().await.unwrap(), kept);
}

/// A chouette of alice, bob and carol on fair dice, played with first legal plays and no
/// doubles for `commands` commands; its number is 1.
async fn play_chouette(at: &Fixture, commands: usize) {
    use club::{ChouetteOp, ChouetteRef};
    use engine::chouette::{Chouette, ChouettePhase};
    let chouette = |op| Command::Chouette(ChouetteRef::default(), op);
    run(
        at,
        "alice",
        chouette(ChouetteOp::Create(club::ChouetteSpec::default())),
    )
    .await;
    run(at, "bob", chouette(ChouetteOp::Join)).await;
    run(at, "carol", chouette(ChouetteOp::Join)).await;
    let names = ["alice", "bob", "carol"];
    let mut sent = 0;
    while sent < commands {
        let row = at.store.load_chouette(1).await.unwrap().unwrap();
        let c: Chouette = serde_json::from_str(&row.state).unwrap();
        let op = match c.phase() {
            ChouettePhase::Waiting => {
                run(
                    at,
                    names[usize::try_from(c.line().first().copied().unwrap_or(1)).unwrap() - 1],
                    chouette(ChouetteOp::Start),
                )
                .await;
                sent += 1;
                continue;
            }
            ChouettePhase::ToPlay { side, .. } => {
                let plays = c.legal_plays();
                ChouetteOp::Move(engine::format_play(
                    &c.position().view(side),
                    &plays[0].play,
                ))
            }
            _ => ChouetteOp::Roll,
        };
        let who = names[usize::try_from(c.to_act()[0]).unwrap() - 1];
        run(at, who, chouette(op)).await;
        sent += 1;
    }
}

#[tokio::test]
async fn a_players_chouette_rolls_count_for_him_as_recounted_from_the_session_export() {
    let at = fair_fixture("fair-stats-chouette", 44).await;
    // Given a chouette session of alice, bob and carol on fair dice, and no match
    play_chouette(&at, 150).await;
    let export = run(
        &at,
        "bob",
        Command::Fair(
            FairRef::Chouette(club::ChouetteRef {
                id: Some(1),
                version: None,
            }),
            FairOp::Export,
        ),
    )
    .await;
    let exports =
        vec![serde_json::from_str::<serde_json::Value>(&export.attachment.unwrap().text).unwrap()];
    for name in ["alice", "bob", "carol"] {
        // When bob asks for each player's statistics
        let text = run(&at, "bob", stats(Some(name), None)).await.lines;
        // Then the rolls each made in the session are his, as the export's game record
        // recounts them
        let want = recount(&exports, name);
        assert!(
            text[0].contains(&format!(
                ": {} throws of two dice in 0 matches and 1 chouette session with fair dice",
                want.throws()
            )),
            "{name}: {}",
            text[0]
        );
        assert!(
            text[1].starts_with(&faces_line(&want)),
            "{name}: {}",
            text[1]
        );
    }
    // Together the members threw every two-dice throw but the openings
    let all: u64 = ["alice", "bob", "carol"]
        .iter()
        .map(|n| recount(&exports, n).throws())
        .sum();
    let openings = exports[0]["played"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["what"] == "opening")
        .count() as u64;
    assert!(all > 0);
    assert_eq!(all + openings, proven(&exports));
    // And a chouette is standard: none of it in a Welsh count
    let text = run(
        &at,
        "bob",
        stats(Some("alice"), Some(engine::Ruleset::Welsh)),
    )
    .await
    .lines;
    assert!(text[0].contains(": 0 throws"), "{}", text[0]);
}
