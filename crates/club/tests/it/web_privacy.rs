//! Private means private (issue 48): a player page kept private (`/web private on`) and a
//! link revoked are linked from no other page or answer. A private player's name shows
//! with no link on the leaderboard and in answers to others (his own answers still give
//! it); a revoked match is shown unlinked on its players' pages and its boards carry no
//! link; a revoked player page stays private until `/web private off`.

use club::{Command, Look, MatchRef, PageKind, RevokeTarget, Rights};
use clubkit::{Fixture, run, who};
use engine::ResignLevel;
use testkit::store_url;

use crate::h2h::beat;

/// The token the leaderboard page links for `name` (`None`: his name shown unlinked).
async fn leaderboard_link_of(f: &Fixture, name: &str) -> Option<String> {
    let out = run(f, name, Command::Look(Look::Leaderboard { ruleset: None })).await;
    let token = f
        .club
        .web()
        .web_page_link(out.web.expect("the leaderboard's page"))
        .await
        .unwrap();
    let page = f
        .club
        .web()
        .resolve_leaderboard_link(&token)
        .await
        .unwrap()
        .unwrap();
    page.boards
        .iter()
        .flat_map(|b| &b.rows)
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("{name} not on the leaderboard"))
        .player
        .clone()
}

/// The player page link of `/rating` about `about`, in the answer to `asker`.
async fn rating_link(f: &Fixture, asker: &str, about: &str) -> Option<String> {
    let out = run(
        f,
        asker,
        Command::Look(Look::Rating {
            player: Some(about.into()),
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    f.club
        .web()
        .outcome_link(&out, Some(&who(asker)))
        .await
        .unwrap()
        .map(|l| {
            assert_eq!(l.kind, PageKind::Player);
            l.token
        })
}

#[tokio::test]
async fn a_private_player_page_is_linked_only_in_his_own_answers_until_shared_again() {
    let f = Fixture::seeded(&store_url("web-private-on").await, 3).await;
    // Given alice beat bob in a rated match: both on the leaderboard, linked
    beat(&f, "alice", "bob", 1, ResignLevel::Single).await;
    let alice = rating_link(&f, "alice", "alice").await.unwrap();
    assert_eq!(leaderboard_link_of(&f, "alice").await, Some(alice.clone()));
    // When alice keeps her page private
    let words = f
        .club
        .web()
        .set_player_private(&who("alice"), true)
        .await
        .unwrap();
    assert!(words.contains("private now"), "{words}");
    // Then the leaderboard shows her name with no link, bob's still linked
    assert_eq!(leaderboard_link_of(&f, "alice").await, None);
    assert!(leaderboard_link_of(&f, "bob").await.is_some());
    // And bob's /rating of her gives no link; her own gives hers, unchanged
    assert_eq!(rating_link(&f, "bob", "alice").await, None);
    assert_eq!(rating_link(&f, "alice", "alice").await, Some(alice.clone()));
    // And a head-to-head asked by bob links his page only; asked by her, both
    let h2h = Command::Look(Look::HeadToHead {
        player: Some("alice".into()),
        opponent: "bob".into(),
    });
    let out = run(&f, "bob", h2h.clone()).await;
    let names = |links: Vec<(String, club::PageLink)>| -> Vec<String> {
        links.into_iter().map(|(n, _)| n).collect()
    };
    let web = f.club.web();
    assert_eq!(
        names(
            web.outcome_player_links(&out, Some(&who("bob")))
                .await
                .unwrap()
        ),
        ["bob"]
    );
    let out = run(&f, "alice", h2h).await;
    assert_eq!(
        names(
            web.outcome_player_links(&out, Some(&who("alice")))
                .await
                .unwrap()
        ),
        ["alice", "bob"]
    );
    // And the page itself still opens by its link
    assert!(web.resolve_player_link(&alice).await.unwrap().is_some());
    // When she shares it again: linked again, the same link
    web.set_player_private(&who("alice"), false).await.unwrap();
    assert_eq!(leaderboard_link_of(&f, "alice").await, Some(alice.clone()));
    assert_eq!(rating_link(&f, "bob", "alice").await, Some(alice));
}

#[tokio::test]
async fn a_revoked_player_page_is_linked_nowhere_until_its_player_shares_it_again() {
    let f = Fixture::seeded(&store_url("web-private-revoked-player").await, 3).await;
    beat(&f, "alice", "bob", 1, ResignLevel::Single).await;
    let old = rating_link(&f, "alice", "alice").await.unwrap();
    // When alice revokes her page's link
    let r = f
        .club
        .web()
        .revoke_link_by(&who("alice"), RevokeTarget::Player, &Rights::default())
        .await
        .unwrap();
    assert_ne!(r.link.token, old);
    // Then the leaderboard links neither the old page nor the new one
    assert_eq!(leaderboard_link_of(&f, "alice").await, None);
    assert_eq!(rating_link(&f, "bob", "alice").await, None);
    // And the answer says so, and what it cannot do
    let words = r.answer("https://example.org/p/new");
    for said in [
        "no longer works",
        "https://example.org/p/new",
        "private now",
        "/web private off",
        "cannot be recalled",
    ] {
        assert!(words.contains(said), "{said}: {words}");
    }
    // Until she shares it: the new link, not the old
    f.club
        .web()
        .set_player_private(&who("alice"), false)
        .await
        .unwrap();
    assert_eq!(leaderboard_link_of(&f, "alice").await, Some(r.link.token));
}

#[tokio::test]
async fn a_revoked_match_is_linked_from_no_other_page_or_answer() {
    let f = Fixture::seeded(&store_url("web-private-revoked-match").await, 3).await;
    let id = beat(&f, "alice", "bob", 1, ResignLevel::Single).await;
    let web = f.club.web();
    let old = web.match_link(id.into()).await.unwrap();
    // Bob's page links the match
    let bob = rating_link(&f, "bob", "bob").await.unwrap();
    let recent = |page: club::PlayerPage| page.recent[0].token.clone();
    assert_eq!(
        recent(web.resolve_player_link(&bob).await.unwrap().unwrap()),
        Some(old.clone())
    );
    // When alice revokes the match's link
    let r = web
        .revoke_link_by(&who("alice"), RevokeTarget::Match(id), &Rights::default())
        .await
        .unwrap();
    // Then bob's page shows the match with no link, neither old nor new
    assert_eq!(
        recent(web.resolve_player_link(&bob).await.unwrap().unwrap()),
        None
    );
    // And a board of the match carries no link
    let out = run(&f, "bob", Command::Look(Look::Board(MatchRef::id(id)))).await;
    assert!(out.board.is_some());
    assert_eq!(
        web.outcome_link(&out, Some(&who("bob"))).await.unwrap(),
        None
    );
    assert_eq!(
        web.outcome_link(&out, Some(&who("alice"))).await.unwrap(),
        None
    );
    // And only the revoker's answer has the new one, which opens the page
    assert_eq!(
        web.resolve_match_link(&r.link.token).await.unwrap(),
        Some(id)
    );
    assert_eq!(web.resolve_match_link(&old).await.unwrap(), None);
    let words = r.answer("https://example.org/m/new");
    for said in ["no longer works", "given only here", "cannot be recalled"] {
        assert!(words.contains(said), "{said}: {words}");
    }
}
