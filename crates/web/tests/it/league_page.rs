//! The league, leaderboard and public pages over plain HTTP: a league's link serves its
//! standings (the club's order, with the tie-break columns), its fixtures linking to
//! match pages that answer, and a knockout's bracket; the leaderboard's link lists the
//! ratings with links to player pages; a guessed token or one of another kind finds
//! nothing, nor does a revoked league's, leaderboard's or chouette's link; payload names
//! and league names are escaped; a server's public address
//! answers only while it is on; no Discord id appears.

use club::{Actor, ChallengeSpec, Club, Command, Format, LeagueCommand, LeagueOp, Look, WebPage};
use clubkit::{match_of, run};

use crate::common::{IMG_NAME, SCRIPT_NAME, get, served};
use crate::player_page::beat;

/// A league name with the characters a league name may have that HTML must escape.
const LEAGUE: &str = "Tom & Jerry's Cup";

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

/// A league `name` of `format` (1-point standard matches) that `players` join and the
/// organiser `org` starts.
pub(crate) async fn started(club: &Club, name: &str, format: Format, players: &[&str]) {
    let create = LeagueOp::Create {
        name: name.into(),
        format,
        spec: ChallengeSpec::standard(Some(1)),
    };
    run(club, "org", league(name, create)).await;
    for p in players {
        run(club, p, league(name, LeagueOp::Join)).await;
    }
    run(club, "org", league(name, LeagueOp::Start { order: None })).await;
}

/// The organiser gives the match of `winner` and `loser` to `winner`.
pub(crate) async fn adjudge(club: &Club, l: &str, winner: &str, loser: &str) -> i64 {
    let m = match_of(club, l, winner, loser).await;
    let op = LeagueOp::Result {
        match_id: m,
        winner: winner.into(),
        reason: "agreed result".into(),
    };
    run(club, "org", league(l, op)).await;
    m
}

/// The token of the page an outcome is about.
async fn page_token(club: &Club, page: Option<WebPage>) -> String {
    club.web()
        .web_page_link(page.expect("the answer names its web page"))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_league_link_serves_the_standings_in_the_club_order_and_links_every_match() {
    let s = served("web-league").await;
    let club = s.club();
    let players = ["alice", SCRIPT_NAME, IMG_NAME, "dave"];
    started(club, LEAGUE, Format::RoundRobin, &players).await;
    let m1 = adjudge(club, LEAGUE, "alice", SCRIPT_NAME).await;
    let m2 = adjudge(club, LEAGUE, "alice", IMG_NAME).await;
    let m3 = adjudge(club, LEAGUE, IMG_NAME, "dave").await;
    let out = run(
        club,
        "dave",
        league(LEAGUE, LeagueOp::Standings { division: None }),
    )
    .await;
    let token = page_token(club, out.web).await;
    assert_eq!(token.len(), 32, "128 bits in hex: {token}");
    let fixtures = run(club, "dave", league(LEAGUE, LeagueOp::Fixtures)).await;
    assert_eq!(
        page_token(club, fixtures.web).await,
        token,
        "one token a league"
    );

    let page = get(s.addr, &format!("/l/{token}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-security-policy"), Some(web::CSP));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    let html = page.text();
    assert!(
        html.contains("<h1><bdi>Tom &amp; Jerry&#39;s Cup</bdi></h1>"),
        "{html}"
    );
    assert!(html.contains("<title>Tom &amp; Jerry&#39;s Cup"), "{html}");
    for raw in [SCRIPT_NAME, IMG_NAME, LEAGUE] {
        assert!(!html.contains(raw), "{raw} unescaped: {html}");
    }
    assert!(!html.contains("<script"), "no script at all: {html}");
    // The table in the club's order (as /league standings reads it), with its columns:
    // alice 2 won; the img name 1 won, 1 lost; dave 1 lost; the script name 1 lost.
    let table = club
        .league_table(&Actor::local("dave"), Some(LEAGUE), 1)
        .await
        .unwrap();
    let standings = html.split("id=\"standings-1-1\"").nth(1).unwrap();
    let mut at = 0;
    for t in &table {
        let cell = format!("<td class=\"who\"><bdi>{}</bdi></td>", web::escape(&t.name));
        let pos = standings
            .find(&cell)
            .unwrap_or_else(|| panic!("{cell}: {html}"));
        assert!(pos >= at, "the club's order: {html}");
        at = pos;
    }
    assert_eq!(table[0].name, "alice");
    let r = &table[0].row;
    assert!(
        standings.contains(&format!(
            "<tr><td>1</td><td class=\"who\"><bdi>alice</bdi></td><td>2</td><td>2</td><td>0</td><td>2</td><td>{}</td><td>{}</td><td>{:+}</td></tr>",
            r.head_to_head, r.sonneborn_berger, r.difference
        )),
        "{html}"
    );
    assert!(
        html.contains("Ties: points, head to head (H2H), Sonneborn-Berger (SB)"),
        "{html}"
    );
    // Every match of the season, played or not, links to its match page, which answers.
    let fixtures = html.split("id=\"fixtures-1\"").nth(1).unwrap();
    assert_eq!(fixtures.matches("<li><a href=\"/m/").count(), 6, "{html}");
    for m in [m1, m2, m3, match_of(club, LEAGUE, "alice", "dave").await] {
        let t = club.web().match_link(m.into()).await.unwrap();
        assert!(
            fixtures.contains(&format!("<a href=\"/m/{t}\">")),
            "#{m}: {html}"
        );
        assert_eq!(get(s.addr, &format!("/m/{t}")).await.status, 200);
    }
    // In the words of /league fixtures: the organiser's rulings, the matches under way.
    let line = fixtures
        .split("<li>")
        .find(|l| l.contains(&format!(" #{m1}: ")))
        .unwrap_or_else(|| panic!("#{m1}: {html}"));
    assert!(
        line.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{line}"
    );
    assert!(
        line.contains(": alice won by the organiser&#39;s adjudication: agreed result</a></li>"),
        "{line}"
    );
    let open = fixtures
        .split("<li>")
        .find(|l| l.contains("dave") && l.contains("alice"))
        .unwrap();
    assert!(open.contains(": playing</a></li>"), "{open}");
}

#[tokio::test]
async fn a_guessed_token_or_one_of_another_kind_finds_no_league_or_leaderboard() {
    let s = served("web-league-404").await;
    let club = s.club();
    started(club, "Cup", Format::RoundRobin, &["ann", "bob", "cid"]).await;
    let m = adjudge(club, "Cup", "ann", "bob").await;
    let out = run(
        club,
        "ann",
        league("Cup", LeagueOp::Standings { division: None }),
    )
    .await;
    let league_token = page_token(club, out.web).await;
    let out = run(
        club,
        "ann",
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    let board_token = page_token(club, out.web).await;
    let match_token = club.web().match_link(m.into()).await.unwrap();
    for path in [
        "/l/0123456789abcdef0123456789abcdef".to_string(),
        "/l/not-a-token".to_string(),
        format!("/l/{}", league_token.to_uppercase()),
        format!("/l/{match_token}"),
        format!("/l/{board_token}"),
        format!("/m/{league_token}"),
        format!("/p/{league_token}"),
        format!("/r/{league_token}"),
        format!("/r/{match_token}"),
        "/r/0123456789abcdef0123456789abcdef".to_string(),
        format!("/l/{league_token}/bracket/1.png"),
        format!("/s/{league_token}"),
        format!("/s/{board_token}/r"),
    ] {
        let a = get(s.addr, &path).await;
        assert_eq!(a.status, 404, "{path}");
        assert_eq!(
            a.header("content-security-policy"),
            Some(web::CSP),
            "{path}"
        );
    }
    assert_eq!(get(s.addr, &format!("/l/{league_token}")).await.status, 200);
    assert_eq!(get(s.addr, &format!("/r/{board_token}")).await.status, 200);
}

#[tokio::test]
async fn a_revoked_league_leaderboard_or_chouette_link_gives_404_once_served_and_cached() {
    let s = served("web-league-revoked").await;
    let club = s.club();
    started(club, "Cup", Format::RoundRobin, &["ann", "bob", "cid"]).await;
    let chouette = |op| Command::Chouette(club::ChouetteRef::default(), op);
    run(
        club,
        "ann",
        chouette(club::ChouetteOp::Create(Default::default())),
    )
    .await;
    run(club, "bob", chouette(club::ChouetteOp::Join)).await;
    let ann = Actor::local("ann");
    let org = Actor::local("org");
    let pages = [
        (&org, club::RevokeTarget::League(None), "l"),
        (&ann, club::RevokeTarget::Leaderboard, "r"),
        (&ann, club::RevokeTarget::Chouette(1), "c"),
    ];
    let old = [
        club.web().league_link(1).await.unwrap(),
        club.web().leaderboard_link(1).await.unwrap(),
        club.web().chouette_link(1).await.unwrap(),
    ];
    for ((who, target, path), old) in pages.into_iter().zip(old) {
        // served (and kept in the page cache), then revoked
        assert_eq!(get(s.addr, &format!("/{path}/{old}")).await.status, 200);
        let rights = club::Rights {
            manager: target == club::RevokeTarget::Leaderboard,
            roles: Vec::new(),
        };
        let new = club
            .web()
            .revoke_link_by(who, target, &rights)
            .await
            .unwrap();
        let a = get(s.addr, &format!("/{path}/{old}")).await;
        assert_eq!(a.status, 404, "/{path}/ after revoking");
        assert_eq!(a.header("content-security-policy"), Some(web::CSP));
        let a = get(s.addr, &format!("/{path}/{}", new.link.token)).await;
        assert_eq!(a.status, 200, "/{path}/ the new link");
    }
}

#[tokio::test]
async fn a_knockout_page_shows_its_bracket_drawn_by_the_renderer() {
    let s = served("web-league-ko").await;
    let club = s.club();
    started(
        club,
        "Knock",
        Format::Knockout,
        &["ann", "bob", "cid", "dan"],
    )
    .await;
    let out = run(club, "ann", league("Knock", LeagueOp::Bracket)).await;
    let token = page_token(club, out.web).await;
    let html = get(s.addr, &format!("/l/{token}")).await.text();
    assert!(
        html.contains(&format!(
            "<img src=\"/l/{token}/bracket/1.png\" alt=\"The bracket of season 1\">"
        )),
        "{html}"
    );
    let png = get(s.addr, &format!("/l/{token}/bracket/1.png")).await;
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert!(png.body.starts_with(b"\x89PNG"), "a PNG");
    for missing in ["2.png", "0.png", "1.gif", "x.png"] {
        let a = get(s.addr, &format!("/l/{token}/bracket/{missing}")).await;
        assert_eq!(a.status, 404, "{missing}");
    }
}

#[tokio::test]
async fn the_leaderboard_link_lists_the_ratings_with_links_to_player_pages() {
    let s = served("web-leaderboard").await;
    let club = s.club();
    beat(club, "alice", SCRIPT_NAME).await;
    beat(club, "alice", "bob").await;
    let out = run(
        club,
        "bob",
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    let token = page_token(club, out.web).await;
    let rating = run(
        club,
        "bob",
        Command::Look(Look::Rating {
            player: None,
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    assert_eq!(
        page_token(club, rating.web).await,
        token,
        "/rating links it too"
    );
    let page = get(s.addr, &format!("/r/{token}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-security-policy"), Some(web::CSP));
    let html = page.text();
    assert!(!html.contains(SCRIPT_NAME), "{html}");
    let board = html.split("id=\"board-standard\"").nth(1).unwrap();
    // As /leaderboard lists them: alice first; every name links to a page that answers.
    let listed = out.lines.join("\n");
    assert!(listed.contains("alice"), "{listed}");
    let mut at = 0;
    for name in ["alice", "bob", SCRIPT_NAME] {
        let row = club
            .store()
            .find_player("local", &name.to_lowercase())
            .await
            .unwrap()
            .unwrap();
        let community = club
            .store()
            .load_match(1)
            .await
            .unwrap()
            .unwrap()
            .community_id;
        let p = club.web().player_link(community, row.id).await.unwrap();
        let link = format!("<a href=\"/p/{p}\"><bdi>{}</bdi></a>", web::escape(name));
        let pos = board
            .find(&link)
            .unwrap_or_else(|| panic!("{link}: {html}"));
        assert!(name == SCRIPT_NAME || pos >= at, "rating order: {html}");
        at = at.max(pos);
        assert_eq!(get(s.addr, &format!("/p/{p}")).await.status, 200);
    }
    assert!(board.starts_with("><thead>"), "{html}");
    assert!(
        board.contains("<tr><td>1</td><td class=\"who\"><a href=\"/p/"),
        "{html}"
    );
    assert!(
        html.contains("<h2>welsh</h2><p>No rated match yet.</p>"),
        "{html}"
    );
}

/// A player of the Discord server 900000000000000001 (ids 81234567890123456x).
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

#[tokio::test]
async fn public_pages_answer_while_the_server_opts_in_and_show_no_discord_id() {
    let s = served("web-public").await;
    let club = s.club();
    let org = discord("812345678901234560", "Org");
    let create = LeagueCommand {
        league: Some("Open".into()),
        op: LeagueOp::Create {
            name: "Open".into(),
            format: Format::RoundRobin,
            spec: ChallengeSpec::standard(Some(1)),
        },
        manage_server: true,
        roles: Vec::new(),
    };
    club.execute(&org, Command::League(create)).await.unwrap();
    for (id, name) in [
        ("812345678901234561", "Dora"),
        ("812345678901234562", "Eve"),
        ("812345678901234563", SCRIPT_NAME),
    ] {
        let join = LeagueCommand {
            league: Some("Open".into()),
            op: LeagueOp::Join,
            manage_server: false,
            roles: Vec::new(),
        };
        club.execute(&discord(id, name), Command::League(join))
            .await
            .unwrap();
    }
    let start = LeagueCommand {
        league: Some("Open".into()),
        op: LeagueOp::Start { order: None },
        manage_server: true,
        roles: Vec::new(),
    };
    club.execute(&org, Command::League(start)).await.unwrap();
    let standings = LeagueCommand {
        league: Some("Open".into()),
        op: LeagueOp::Standings { division: None },
        manage_server: false,
        roles: Vec::new(),
    };
    let out = club
        .execute(&org, Command::League(standings))
        .await
        .unwrap();
    let Some(WebPage::League(league_id)) = out.web else {
        panic!("the standings name their league");
    };
    // A local league: another server's, never under this server's key.
    started(
        club,
        "Elsewhere",
        Format::RoundRobin,
        &["ann", "bob", "cid"],
    )
    .await;
    let other = run(club, "ann", league("Elsewhere", LeagueOp::Fixtures)).await;
    let Some(WebPage::League(other_id)) = other.web else {
        panic!("the fixtures name their league");
    };

    assert_eq!(
        club.web().web_public(&org).await.unwrap(),
        None,
        "off by default"
    );
    let key = club
        .web()
        .set_web_public(&org, true)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(key.len(), 32);
    assert_eq!(
        club.web().set_web_public(&org, true).await.unwrap(),
        Some(key.clone())
    );
    let pages = [
        format!("/s/{key}"),
        format!("/s/{key}/l/{league_id}"),
        format!("/s/{key}/r"),
    ];
    let index = get(s.addr, &pages[0]).await;
    assert_eq!(index.status, 200);
    let html = index.text();
    assert!(
        !html.contains("A server"),
        "no server name (on Discord, made of its id): {html}"
    );
    assert!(
        html.contains(&format!(
            "<li><a href=\"/s/{key}/l/{league_id}\"><bdi>Open</bdi></a></li>"
        )),
        "{html}"
    );
    assert!(!html.contains("Elsewhere"), "{html}");
    for path in &pages {
        let a = get(s.addr, path).await;
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(
            a.header("content-security-policy"),
            Some(web::CSP),
            "{path}"
        );
        let text = a.text();
        for id in [
            "8123456789012345",
            "900000000000000001",
            "700000000000000001",
        ] {
            assert!(!text.contains(id), "{path} shows {id}: {text}");
        }
        assert!(!text.contains(SCRIPT_NAME), "{path}: {text}");
    }
    let league_html = get(s.addr, &pages[1]).await.text();
    assert!(
        league_html.contains("<td class=\"who\"><bdi>Dora</bdi></td>"),
        "{league_html}"
    );
    for path in [
        format!("/s/{key}/l/{other_id}"),
        format!("/s/{key}/l/999"),
        format!("/s/{key}/l/x"),
        "/s/0123456789abcdef0123456789abcdef".to_string(),
    ] {
        assert_eq!(get(s.addr, &path).await.status, 404, "{path}");
    }
    // Off: every public address finds nothing; on again: a new key.
    assert_eq!(club.web().set_web_public(&org, false).await.unwrap(), None);
    assert_eq!(club.web().web_public(&org).await.unwrap(), None);
    for path in &pages {
        assert_eq!(get(s.addr, path).await.status, 404, "off: {path}");
    }
    let again = club
        .web()
        .set_web_public(&org, true)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(again, key, "a new key");
    assert_eq!(get(s.addr, &pages[0]).await.status, 404, "the old key");
    assert_eq!(get(s.addr, &format!("/s/{again}")).await.status, 200);
}
