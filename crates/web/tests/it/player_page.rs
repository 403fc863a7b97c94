//! The player page over plain HTTP: served by its link with the record, the ratings, the
//! recent matches linking to their match pages and the head-to-head; a guessed token (or
//! a match's token) finds nothing; a payload display name is escaped; no Discord id
//! appears.

use club::{ChallengeSpec, Club, Command, MatchRef};
use clubkit::run;
use engine::ResignLevel;

use crate::common::{IMG_NAME, SCRIPT_NAME, accepted, discord_match, get, served};

/// A rated 1-point match that `winner` wins by `loser`'s resignation: its id.
pub async fn beat(club: &Club, winner: &str, loser: &str) -> i64 {
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
            Command::Move(m, moves[0].clone())
        } else {
            Command::Roll(m)
        };
        out = run(club, winner, cmd).await;
    }
    run(club, loser, Command::Resign(m, ResignLevel::Single)).await;
    run(club, winner, Command::AcceptResign(m)).await;
    id
}

/// The community and player id of `name` (the challenger X or O) in match `id`.
async fn player_of(club: &Club, id: i64, x: bool) -> (i64, i64) {
    let row = club.store().load_match(id).await.unwrap().unwrap();
    (row.community_id, row.players[usize::from(!x)])
}

#[tokio::test]
async fn a_player_link_serves_the_record_and_links_to_the_match_pages() {
    let s = served("web-player").await;
    let club = s.club();
    let first = beat(club, "alice", "bob").await;
    let second = beat(club, "bob", "alice").await;
    let third = beat(club, "alice", "carol").await;
    let open = accepted(club, "alice", "bob", 3).await;
    let (community, alice) = player_of(club, first, true).await;
    let token = club.player_link(community, alice).await.unwrap();
    assert_eq!(token.len(), 32, "128 bits in hex: {token}");
    assert_eq!(club.player_link(community, alice).await.unwrap(), token);
    let page = get(s.addr, &format!("/p/{token}")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-security-policy"), Some(web::CSP));
    let html = page.text();
    assert!(html.contains("<h1>alice</h1>"), "{html}");
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
        let m = club.match_link(id).await.unwrap();
        let link = format!("<a href=\"/m/{m}\">");
        let pos = recent
            .find(&link)
            .unwrap_or_else(|| panic!("#{id}: {html}"));
        assert!(pos >= at, "newest first: {html}");
        at = pos;
        assert_eq!(get(s.addr, &format!("/m/{m}")).await.status, 200);
    }
    assert!(recent.contains("vs carol</a> · standard · won"), "{html}");
    assert!(recent.contains("vs bob</a> · standard · active"), "{html}");
    // Head to head: bob twice (one won), carol once.
    assert!(
        html.contains(
            "<tr><td>bob</td><td>2</td><td>1</td></tr><tr><td>carol</td><td>1</td><td>1</td></tr>"
        ),
        "{html}"
    );
    assert!(!html.contains("<script"), "no script: {html}");
    // A guessed token, a match's token and a short one find nothing; the player's token
    // is no match page.
    let guessed = format!("{:032x}", u128::from_str_radix(&token, 16).unwrap() ^ 1);
    let match_token = club.match_link(first).await.unwrap();
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
    let s = served("web-player-escaping").await;
    let club = s.club();
    run(club, IMG_NAME, Command::Games).await;
    let id = beat(club, SCRIPT_NAME, IMG_NAME).await;
    for x in [true, false] {
        let (community, player) = player_of(club, id, x).await;
        let token = club.player_link(community, player).await.unwrap();
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
    let s = served("web-player-discord").await;
    let club = s.club();
    let m = discord_match(club).await;
    for x in [true, false] {
        let (community, player) = player_of(club, m, x).await;
        let token = club.player_link(community, player).await.unwrap();
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
