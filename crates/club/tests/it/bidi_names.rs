//! Names are isolated (issue 48): a display name is taken without its bidirectional
//! controls, as the platform sends it with a command and as a player renames himself, so
//! that a right-to-left override in a name cannot turn the words after it around.

use club::{Actor, Command, Identity, Look, PlayerOp};
use clubkit::Fixture;
use testkit::store_url;

fn discord(name: &str) -> Actor {
    Actor {
        platform: "discord".into(),
        user_id: "812345678901234567".into(),
        display_name: name.into(),
        community_id: "900000000000000001".into(),
        community_name: "A server".into(),
        channel: "700000000000000001".into(),
        identity: Identity::Account,
        reply_chars: None,
    }
}

/// The stored display name of the Discord player of [`discord`].
async fn stored(f: &Fixture) -> String {
    f.club
        .store()
        .find_player("discord", "812345678901234567")
        .await
        .unwrap()
        .unwrap()
        .display_name
}

#[tokio::test]
async fn bidi_controls_are_stripped_where_names_are_taken() {
    let f = Fixture::seeded(&store_url("club-bidi-names").await, 1).await;
    let evil = discord("\u{202E}evil\u{200F}");
    f.club
        .execute(&evil, Command::Look(Look::Games))
        .await
        .unwrap();
    assert_eq!(stored(&f).await, "evil", "as the platform sends it");
    let out = f
        .club
        .execute(
            &discord("evil"),
            Command::Player(PlayerOp::Rename("\u{2066}Mal\u{202B}lory\u{2069}".into())),
        )
        .await
        .unwrap();
    assert_eq!(stored(&f).await, "Mallory", "renamed");
    let said = out.lines.join("\n");
    assert!(!said.chars().any(render::is_bidi_control), "{said:?}");
}
