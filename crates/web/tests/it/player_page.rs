//! The player page over plain HTTP: served by its link with the record, the ratings, the
//! recent matches linking to their match pages and the head-to-head; the rating chart per
//! ruleset is a PNG under the page's token; the analysed matches' average error rate is
//! `/stats`'s, with the PR over the last ones and its chart (`/p/{token}/pr.png`); a
//! guessed token (or a match's token) finds nothing; a payload display name
//! is escaped; no Discord id appears.

use club::{ChallengeSpec, Club, Command, Look, MatchNo, MatchOp, MatchRef};
use clubkit::run;
use engine::ResignLevel;

use testkit::store_url;

use crate::common::{IMG_NAME, SCRIPT_NAME, accepted, discord_match, get, served_at};

/// A rated 1-point match that `winner` wins by `loser`'s resignation: its id.
pub async fn beat(club: &Club, winner: &str, loser: &str) -> MatchNo {
    let (id, mut out) =
        clubkit::accepted(club, winner, loser, ChallengeSpec::standard(Some(1))).await;
    let m = MatchRef::id(id);
    // The loser resigns on their turn (the winner plays on until it is).
    for _ in 0..20 {
        let next = out.next.clone().expect("someone acts");
        if next.name == loser {
            break;
        }
        let cmd = if next.what.starts_with("move") {
            let moves = club
                .legal_moves(&club::Actor::local(winner), m)
                .await
                .unwrap();
            Command::Match(m, MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(club, winner, cmd).await;
    }
    run(
        club,
        loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(club, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    id
}

/// The community and player id of `name` (the challenger X or O) in match `id`.
async fn player_of(club: &Club, id: MatchNo, x: bool) -> (i64, i64) {
    let row = club.store().load_match(id.get()).await.unwrap().unwrap();
    (row.community_id, row.players[usize::from(!x)])
}

#[tokio::test]
async fn a_player_link_serves_the_record_and_links_to_the_match_pages() {
    let s = served_at(&store_url("web-player").await).await;
    let club = s.club();
    let first = beat(club, "alice", "bob").await;
    let second = beat(club, "bob", "alice").await;
    let third = beat(club, "alice", "carol").await;
    let open = accepted(club, "alice", "bob", 3).await;
    let (community, alice) = player_of(club, first, true).await;
    let token = club.web().player_link(community, alice).await.unwrap();
    assert_eq!(token.len(), 32, "128 bits in hex: {token}");
    assert_eq!(
        club.web().player_link(community, alice).await.unwrap(),
        token
    );
    let page = get(s.addr, &format!("/p/{token}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-security-policy"), Some(web::CSP));
    let html = page.text();
    assert!(html.contains("<h1><bdi>alice</bdi></h1>"), "{html}");
    assert!(html.contains("Record: won 2, lost 1"), "{html}");
    // Rated as /rating reads it: 2-1 in standard, ranked among the three players.
    let rating = club
        .store()
        .rating(community, engine::Ruleset::Standard, alice)
        .await
        .unwrap()
        .unwrap();
    assert!(
        html.contains(&format!(
            "<td>standard</td><td>{}</td><td>{} of 3</td><td>2-1</td>",
            engine::rating::format_rating(rating.row.rating.value),
            rating.rank
        )),
        "{html}"
    );
    assert!(
        html.contains("<td>welsh</td><td>1500.00</td><td>no rated match</td>"),
        "{html}"
    );
    // Every match, newest first, linking to its page; the page served by that link.
    let recent = html.split("id=\"recent\"").nth(1).unwrap();
    let mut at = 0;
    for id in [open, third, second, first] {
        let m = club.web().match_link(id).await.unwrap();
        let link = format!("<a href=\"/m/{m}\">");
        let pos = recent
            .find(&link)
            .unwrap_or_else(|| panic!("#{id}: {html}"));
        assert!(pos >= at, "newest first: {html}");
        at = pos;
        assert_eq!(get(s.addr, &format!("/m/{m}")).await.status, 200);
    }
    assert!(
        recent.contains("vs <bdi>carol</bdi></a> · standard · won"),
        "{html}"
    );
    assert!(
        recent.contains("vs <bdi>bob</bdi></a> · standard · active"),
        "{html}"
    );
    // Head to head: bob twice (one won), carol once.
    assert!(
        html.contains(
            "<tr><td><bdi>bob</bdi></td><td>2</td><td>1</td></tr><tr><td><bdi>carol</bdi></td><td>1</td><td>1</td></tr>"
        ),
        "{html}"
    );
    assert!(!html.contains("<script"), "no script: {html}");
    // A guessed token, a match's token and a short one find nothing; the player's token
    // is no match page.
    let guessed = format!("{:032x}", u128::from_str_radix(&token, 16).unwrap() ^ 1);
    let match_token = club.web().match_link(first).await.unwrap();
    for path in [
        format!("/p/{guessed}"),
        format!("/p/{match_token}"),
        "/p/abc".into(),
        format!("/m/{token}"),
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
async fn a_payload_name_is_escaped_on_the_player_page() {
    let s = served_at(&store_url("web-player-escaping").await).await;
    let club = s.club();
    run(club, IMG_NAME, Command::Look(Look::Games)).await;
    let id = beat(club, SCRIPT_NAME, IMG_NAME).await;
    for x in [true, false] {
        let (community, player) = player_of(club, id, x).await;
        let token = club.web().player_link(community, player).await.unwrap();
        let html = get(s.addr, &format!("/p/{token}")).await.text();
        assert!(!html.contains(SCRIPT_NAME), "{html}");
        assert!(!html.contains("<img src=x"), "{html}");
        assert!(!html.contains("<script"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(
            html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
            "{html}"
        );
    }
}

#[tokio::test]
async fn a_discord_players_page_shows_no_discord_id() {
    let s = served_at(&store_url("web-player-discord").await).await;
    let club = s.club();
    let m = discord_match(club).await;
    for x in [true, false] {
        let (community, player) = player_of(club, m, x).await;
        let token = club.web().player_link(community, player).await.unwrap();
        let html = get(s.addr, &format!("/p/{token}")).await.text();
        assert!(html.contains("Dora") && html.contains("Eve"), "{html}");
        for secret in [
            "812345678901234567",
            "812345678901234568",
            "900000000000000001",
            "700000000000000001",
        ] {
            assert!(!html.contains(secret), "{secret}: {html}");
        }
    }
}

#[tokio::test]
async fn the_rating_chart_is_a_png_under_the_players_token_for_each_rated_ruleset() {
    let s = served_at(&store_url("web-player-chart").await).await;
    let club = s.club();
    let first = beat(club, "alice", "bob").await;
    beat(club, "bob", "alice").await;
    let (community, alice) = player_of(club, first, true).await;
    let token = club.web().player_link(community, alice).await.unwrap();
    let html = get(s.addr, &format!("/p/{token}")).await.text();
    // Standard has rated matches: its chart; Welsh has none: no chart.
    let src = format!("src=\"/p/{token}/rating/standard.png\"");
    assert!(html.contains(&src), "{html}");
    assert!(!html.contains("/rating/welsh.png"), "{html}");
    let chart = get(s.addr, &format!("/p/{token}/rating/standard.png")).await;
    assert_eq!(chart.status, 200);
    assert_eq!(chart.header("content-type"), Some("image/png"));
    assert_eq!(chart.header("content-security-policy"), Some(web::CSP));
    assert!(chart.body.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    // The renderer's own chart of the rating history, as /rating draws it.
    let history = club
        .web()
        .player_rating_chart(&token, engine::Ruleset::Standard)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(history.ratings.len(), 2);
    assert_eq!(chart.body, render::history_png(&history).unwrap());
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/web-shots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("player-chart.png"), &chart.body).unwrap();
    // No rated Welsh match, an unknown ruleset, a match's token: nothing.
    let match_token = club.web().match_link(first).await.unwrap();
    for path in [
        format!("/p/{token}/rating/welsh.png"),
        format!("/p/{token}/rating/chess.png"),
        format!("/p/{token}/rating/standard"),
        format!("/p/{match_token}/rating/standard.png"),
    ] {
        assert_eq!(get(s.addr, &path).await.status, 404, "{path}");
    }
}

#[tokio::test]
async fn the_player_page_shows_the_average_error_rate_of_the_analysed_matches() {
    let s = served_at(&store_url("web-player-analysis").await).await;
    let club = s.club();
    let id = beat(club, "alice", "bob").await;
    let (community, alice) = player_of(club, id, true).await;
    let token = club.web().player_link(community, alice).await.unwrap();
    let before = get(s.addr, &format!("/p/{token}")).await.text();
    assert!(before.contains("No analysed match yet."), "{before}");
    // gnubg analyses the match (the stored result the page reads, as /stats does).
    run(club, "alice", Command::Analyse(MatchRef::id(id))).await;
    club.run_next_analysis().await.unwrap().expect("a job ran");
    let stats = run(club, "alice", Command::Look(Look::Stats(None))).await;
    let average = stats.lines[1]
        .strip_prefix("Average error rate ")
        .and_then(|l| l.split(';').next())
        .unwrap_or_else(|| panic!("{:?}", stats.lines))
        .to_string();
    let html = get(s.addr, &format!("/p/{token}")).await.text();
    let expected = format!(
        "<li>standard: 1 analysed match, average error rate {}</li>",
        web::escape(&average)
    );
    assert!(html.contains(&expected), "{expected}\n{html}");
}

/// A rated 1-point match of `a` against `b` played for `turns` decisions with the first
/// legal play each time, then resigned by whoever is to act: its id.
async fn played(club: &Club, a: &str, b: &str, turns: usize) -> MatchNo {
    let (id, mut out) = clubkit::accepted(club, a, b, ChallengeSpec::standard(Some(1))).await;
    let m = MatchRef::id(id);
    for _ in 0..turns {
        let next = out.next.clone().expect("someone acts");
        let cmd = if next.what.starts_with("move") {
            let moves = club
                .legal_moves(&club::Actor::local(&next.name), m)
                .await
                .unwrap();
            Command::Match(m, MatchOp::Move(moves[0].clone()))
        } else {
            Command::Match(m, MatchOp::Roll)
        };
        out = run(club, &next.name, cmd).await;
    }
    let loser = out.next.expect("someone acts").name;
    let winner = if loser == a { b } else { a };
    run(
        club,
        &loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await;
    run(club, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    id
}

#[tokio::test]
async fn the_player_page_shows_the_pr_over_the_last_analysed_matches_and_its_chart() {
    let s = served_at(&store_url("web-player-pr").await).await;
    let club = s.club();
    let id = played(club, "alice", "bob", 16).await;
    let (community, alice) = player_of(club, id, true).await;
    let token = club.web().player_link(community, alice).await.unwrap();
    // No analysed match: no PR line, no PR chart.
    let pr_png = format!("/p/{token}/pr.png");
    assert!(
        !get(s.addr, &format!("/p/{token}"))
            .await
            .text()
            .contains("id=\"pr\"")
    );
    assert_eq!(get(s.addr, &pr_png).await.status, 404);
    // gnubg analyses the match
    run(club, "alice", Command::Analyse(MatchRef::id(id))).await;
    club.run_next_analysis().await.unwrap().expect("a job ran");
    // Then the page gives the PR over the last analysed matches as /stats words it, and
    // the renderer's PR chart under the page's token
    let stats = run(club, "alice", Command::Look(Look::Stats(None))).await;
    let pr = stats.lines.last().unwrap();
    assert!(pr.starts_with("PR "), "{:?}", stats.lines);
    let html = get(s.addr, &format!("/p/{token}")).await.text();
    let line = format!("<p class=\"pr\" id=\"pr\">{}</p>", web::escape(pr));
    assert!(html.contains(&line), "{line}\n{html}");
    assert!(html.contains(&format!("src=\"{pr_png}\"")), "{html}");
    let chart = get(s.addr, &pr_png).await;
    assert_eq!(chart.status, 200);
    assert_eq!(chart.header("content-type"), Some("image/png"));
    let history = club.web().player_pr_chart(&token).await.unwrap().unwrap();
    assert_eq!(history.points.len(), 1);
    assert_eq!(chart.body, render::pr_history_png(&history).unwrap());
}

#[tokio::test]
async fn the_player_page_shows_the_drill_cards_due_learnt_and_the_streak() {
    // Given alice's analysed match with two mistakes of hers, and bob with none
    let s = served_at(&store_url("web-player-drills").await).await;
    let club = s.club();
    let id = beat(club, "alice", "bob").await.get();
    clubkit::drills::store_drill_review(
        club,
        id,
        &club::Actor::local("alice"),
        &club::Actor::local("bob"),
        |s| {
            vec![
                clubkit::drills::opening_mistake(s),
                clubkit::drills::missed_double(s),
            ]
        },
    )
    .await;
    let row = club.store().load_match(id).await.unwrap().unwrap();
    let community = row.community_id;
    let player = |name: &'static str| async move {
        club.store()
            .find_player("local", name)
            .await
            .unwrap()
            .unwrap()
            .id
    };
    // When she answers one card (right: the best play typed) and her page is asked for
    run(club, "alice", Command::Drill(club::DrillOp::Next)).await;
    let answer = club::DrillOp::Answer {
        card: None,
        choice: club::DrillChoice::Typed("8/5 6/5".into()),
    };
    club.execute(&club::Actor::local("alice"), Command::Drill(answer))
        .await
        .ok();
    let token = club
        .web()
        .player_link(community, player("alice").await)
        .await
        .unwrap();
    let page = get(s.addr, &format!("/p/{token}")).await.text();
    // Then it counts her cards as /drill stats does: two, one due, none learnt, a streak
    // of one day
    assert!(
        page.contains(
            "<h2>Drills</h2><p class=\"drills\" id=\"drills\">2 drill cards, 1 due now, 0 \
             learnt; streak: 1 day</p>"
        ),
        "{page}"
    );
    // And bob's page, without cards, has no such section
    let token = club
        .web()
        .player_link(community, player("bob").await)
        .await
        .unwrap();
    let page = get(s.addr, &format!("/p/{token}")).await.text();
    assert!(!page.contains("id=\"drills\""), "{page}");
}
