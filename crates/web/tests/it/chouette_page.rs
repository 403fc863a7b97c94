//! The chouette page over plain HTTP: served by the session's link with the terms, the
//! line (box, captain, crew), the standings and the boards step by step (PNGs under the
//! token, a version to poll); a guessed token, a match's token and a chouette's token
//! under `/m/` find nothing; payload names are escaped; no Discord id appears; a session
//! everyone left has ended: its version answer says so, its page is not live and says so,
//! and no one joins it.

use club::{Actor, Choice, ChouetteOp, ChouetteRef, ChouetteSpec, Club, Command};

use testkit::store_url;

use crate::common::{IMG_NAME, SCRIPT_NAME, accepted, get, served_at};

/// A Discord player on server 900000000000000001.
fn discord(id: &str, name: &str) -> Actor {
    Actor {
        platform: "discord".into(),
        user_id: id.into(),
        display_name: name.into(),
        community_id: "900000000000000001".into(),
        community_name: "A server".into(),
        channel: "700000000000000001".into(),
        identity: club::Identity::Account,
        reply_chars: None,
    }
}

/// `a` creates a chouette (the line as joined: `a` in the box, `b` captain, `c` crew),
/// `b` and `c` join, `a` starts, and they play until the first game is over (a double
/// dropped ends it soon): the session's id.
pub(crate) async fn one_game(club: &Club, players: [&Actor; 3]) -> i64 {
    let r = ChouetteRef::default();
    let spec = ChouetteSpec {
        shuffle: false,
        ..ChouetteSpec::default()
    };
    club.execute(players[0], Command::Chouette(r, ChouetteOp::Create(spec)))
        .await
        .unwrap();
    let mut id = None;
    for p in &players[1..] {
        let out = club
            .execute(p, Command::Chouette(r, ChouetteOp::Join))
            .await
            .unwrap();
        id = id.or(out.chouette);
    }
    let id = id.expect("the session joined");
    let r = ChouetteRef {
        id: Some(id),
        version: None,
    };
    let mut out = club
        .execute(players[0], Command::Chouette(r, ChouetteOp::Start))
        .await
        .unwrap();
    for _ in 0..200 {
        let Some(next) = out.next.clone() else { break };
        if next.choices.contains(&Choice::StartGame) {
            break;
        }
        let who = players
            .iter()
            .find(|p| p.display_name == next.name)
            .unwrap_or_else(|| panic!("{} acts", next.name));
        let op = if next.choices.contains(&Choice::Drop) {
            ChouetteOp::Drop(None)
        } else if next.choices.contains(&Choice::Double) {
            ChouetteOp::Double(Vec::new())
        } else if next.choices.contains(&Choice::Roll) {
            ChouetteOp::Roll
        } else {
            let plays = club.chouette_moves(who, r).await.unwrap();
            ChouetteOp::Move(plays[0].clone())
        };
        out = club.execute(who, Command::Chouette(r, op)).await.unwrap();
    }
    id
}

#[tokio::test]
async fn a_chouette_link_serves_the_line_the_standings_and_every_board() {
    let s = served_at(&store_url("web-chouette").await).await;
    let club = s.club();
    let [ann, ben, cat] = ["ann", "ben", "cat"].map(Actor::local);
    let id = one_game(club, [&ann, &ben, &cat]).await;
    let token = club.web().chouette_link(id).await.unwrap();
    assert_eq!(token.len(), 32, "128 bits in hex: {token}");
    assert_eq!(club.web().chouette_link(id).await.unwrap(), token);
    let page = get(s.addr, &format!("/c/{token}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-security-policy"), Some(web::CSP));
    let html = page.text();
    assert!(html.contains(&format!("<h1>Chouette #{id}</h1>")), "{html}");
    // The first game over: the line has turned (the box, who won, stays; cat is the
    // next captain, ben goes to the end).
    assert!(
        html.contains(
            "Box: <b><bdi>ann</bdi></b> · Captain: <b><bdi>cat</bdi></b> · Crew: <bdi>ben</bdi>"
        ),
        "{html}"
    );
    assert!(
        html.contains("Next game: ann in the box, cat captain"),
        "{html}"
    );
    assert!(html.contains("Standings after 1 game"), "{html}");
    let c = club.web().chouette_page(id).await.unwrap();
    assert_eq!(c.games, 1);
    assert_eq!(c.standings.len(), 3, "{:?}", c.standings);
    assert_eq!(c.standings.iter().map(|s| s.1).sum::<i64>(), 0, "zero-sum");
    for (name, points) in &c.standings {
        assert!(
            html.contains(&format!(
                "<tr><td><bdi>{name}</bdi></td><td>{points:+}</td></tr>"
            )),
            "{html}"
        );
    }
    // The log in words, a board per step: the game's start, its rolls and its end.
    assert!(
        html.contains("Game 1: ann in the box against captain ben"),
        "{html}"
    );
    assert!(html.contains("ben joins chouette"), "{html}");
    assert!(html.contains("ann creates chouette"), "{html}");
    assert!(html.contains("Game 1 over"), "{html}");
    let count = c.frames.len();
    assert!(count > 2, "{count} boards");
    assert!(
        html.contains(&format!("Step {count} of {count}")),
        "the last step shown: {html}"
    );
    assert!(html.contains("/static/match.js"), "{html}");
    for n in [0, count - 1] {
        let b = get(s.addr, &format!("/c/{token}/board/{n}.png")).await;
        assert_eq!(b.status, 200, "board {n}");
        assert_eq!(b.header("content-type"), Some("image/png"));
        assert!(b.body.starts_with(b"\x89PNG\r\n\x1a\n"));
        if n == 0 {
            let dir =
                std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/web-shots");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("chouette-board-0.png"), &b.body).unwrap();
        }
    }
    let first = get(s.addr, &format!("/c/{token}?n=0")).await.text();
    assert!(first.contains("Step 1 of"), "{first}");
    let v = get(s.addr, &format!("/c/{token}/version.json")).await;
    assert_eq!(
        v.text(),
        format!("{{\"version\":{},\"ended\":false}}", c.version)
    );
    assert!(html.contains("data-live=\"1\""), "{html}");
    assert!(!html.contains("id=\"ended\""), "{html}");
    // Nothing for: a step past the last, a guessed token, a short one, a match's token,
    // the chouette's token under /m/ and /p/.
    let guessed = format!("{:032x}", u128::from_str_radix(&token, 16).unwrap() ^ 1);
    let m = accepted(club, "ann", "ben", 1).await;
    let match_token = club.web().match_link(m).await.unwrap();
    for path in [
        format!("/c/{token}/board/{count}.png"),
        format!("/c/{guessed}"),
        format!("/c/{guessed}/board/0.png"),
        "/c/abc".into(),
        format!("/c/{match_token}"),
        format!("/m/{token}"),
        format!("/p/{token}"),
    ] {
        let a = get(s.addr, &path).await;
        assert_eq!(a.status, 404, "{path}");
        assert_eq!(
            a.header("content-security-policy"),
            Some(web::CSP),
            "{path}"
        );
    }
}

#[tokio::test]
async fn payload_names_are_escaped_on_the_chouette_page() {
    let s = served_at(&store_url("web-chouette-escaping").await).await;
    let club = s.club();
    let [a, b, c] = [SCRIPT_NAME, IMG_NAME, "cat"].map(Actor::local);
    let id = one_game(club, [&a, &b, &c]).await;
    let token = club.web().chouette_link(id).await.unwrap();
    let html = get(s.addr, &format!("/c/{token}")).await.text();
    assert!(!html.contains(SCRIPT_NAME), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(!html.contains("<script>"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(
        html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
        "{html}"
    );
}

#[tokio::test]
async fn a_discord_chouettes_page_shows_no_discord_id() {
    let s = served_at(&store_url("web-chouette-discord").await).await;
    let club = s.club();
    let players = [
        discord("812345678901234561", "Dora"),
        discord("812345678901234562", "Eve"),
        discord("812345678901234563", "Finn"),
    ];
    let id = one_game(club, [&players[0], &players[1], &players[2]]).await;
    let token = club.web().chouette_link(id).await.unwrap();
    let html = get(s.addr, &format!("/c/{token}")).await.text();
    assert!(
        html.contains("Dora") && html.contains("Eve") && html.contains("Finn"),
        "{html}"
    );
    for secret in [
        "812345678901234561",
        "812345678901234562",
        "812345678901234563",
        "900000000000000001",
        "700000000000000001",
    ] {
        assert!(!html.contains(secret), "{secret}: {html}");
    }
}

#[tokio::test]
async fn a_chouette_everyone_left_has_ended_its_page_says_so_and_stops_polling() {
    let s = served_at(&store_url("web-chouette-ended").await).await;
    let club = s.club();
    let [ann, ben, cat, dan] = ["ann", "ben", "cat", "dan"].map(Actor::local);
    // An older session in the same channel, still open.
    let older = club
        .execute(
            &dan,
            Command::Chouette(
                ChouetteRef::default(),
                ChouetteOp::Create(ChouetteSpec::default()),
            ),
        )
        .await
        .unwrap();
    // (its number from the words: "Chouette #N opened by dan ...")
    let older: i64 = older.lines[0]
        .strip_prefix("Chouette #")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{:?}", older.lines));
    let id = one_game(club, [&ann, &ben, &cat]).await;
    assert!(id > older);
    let token = club.web().chouette_link(id).await.unwrap();
    let r = ChouetteRef {
        id: Some(id),
        version: None,
    };
    // Two leave: the session is between games, not ended.
    for p in [&ben, &ann] {
        club.execute(p, Command::Chouette(r, ChouetteOp::Leave))
            .await
            .unwrap();
    }
    let v = get(s.addr, &format!("/c/{token}/version.json")).await;
    assert!(v.text().ends_with(",\"ended\":false}"), "{}", v.text());
    // The last one leaves: ended.
    let out = club
        .execute(&cat, Command::Chouette(r, ChouetteOp::Leave))
        .await
        .unwrap();
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains(&format!("Chouette #{id} has ended: everyone left"))),
        "{:?}",
        out.lines
    );
    let c = club.web().chouette_page(id).await.unwrap();
    assert!(c.ended);
    assert_eq!(c.status, "ended after 1 game (everyone left)");
    let v = get(s.addr, &format!("/c/{token}/version.json")).await;
    assert_eq!(v.status, 200);
    assert_eq!(v.header("cache-control"), Some("private, no-store"));
    assert_eq!(
        v.text(),
        format!("{{\"version\":{},\"ended\":true}}", c.version)
    );
    // The page: not live (the script does not poll it) and it says so.
    let html = get(s.addr, &format!("/c/{token}")).await.text();
    assert!(html.contains("data-live=\"0\""), "{html}");
    assert!(
        html.contains(&format!(
            "<p id=\"ended\" role=\"status\">{}</p>",
            web::CHOUETTE_ENDED
        )),
        "{html}"
    );
    assert!(
        html.contains("ended after 1 game (everyone left)"),
        "{html}"
    );
    // The script says the same words when a page left open sees the end.
    let script = get(s.addr, "/static/match.js").await.text();
    assert!(
        script.contains("\"This chouette has ended (everyone left): the page is not \" +\n      \"updated any more.\""),
        "{script}"
    );
    assert_eq!(
        web::CHOUETTE_ENDED,
        "This chouette has ended (everyone left): the page is not updated any more."
    );
    // No one joins it any more (a member who left neither): nothing changes.
    for p in [&cat, &ann] {
        let e = club
            .execute(p, Command::Chouette(r, ChouetteOp::Join))
            .await
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "this chouette has ended (everyone left); /chouette create opens a new one"
        );
    }
    assert_eq!(
        club.web().chouette_version(id).await.unwrap(),
        Some(club::ChouetteVersion {
            version: c.version,
            ended: true
        })
    );
    // A join with no number looks past it (the newest) to the older session, open.
    let out = club
        .execute(
            &ann,
            Command::Chouette(ChouetteRef::default(), ChouetteOp::Join),
        )
        .await
        .unwrap();
    assert_eq!(out.chouette, Some(older), "{:?}", out.lines);
}
