//! Blocking (issue 35): a blocked player cannot challenge the blocker (told only that the
//! challenge was refused, in the words of any such refusal) nor join a chouette the blocker
//! sits in; `/block` alone lists whom one blocks; `/unblock` lifts it. Blocks survive a
//! restart; refusals (oneself, a block already there, an unblock of nobody) change
//! nothing.

use std::sync::Arc;

use club::{
    ChallengeOp, ChallengeSpec, ChouetteOp, ChouetteRef, ChouetteSpec, Club, Command, Look,
    PlayerOp, RngDice,
};
use clubkit::{Fixture, refused, run};
use testkit::store_url;

fn challenge(opponent: &str) -> Command {
    Command::Challenge(ChallengeOp::New {
        opponent: opponent.into(),
        spec: ChallengeSpec::standard(Some(3)),
    })
}

fn block(who: &str) -> Command {
    Command::Player(PlayerOp::Block(Some(who.into())))
}

/// Makes `names` known to the club.
async fn known(at: &Fixture, names: &[&str]) {
    for n in names {
        run(at, n, Command::Look(Look::Games)).await;
    }
}

#[tokio::test]
async fn a_blocked_player_is_told_only_that_his_challenge_was_refused() {
    let at = Fixture::seeded(&store_url("block-challenge").await, 1).await;
    known(&at, &["alice", "bob"]).await;
    // Given alice blocks bob
    let out = run(&at, "alice", block("bob")).await;
    assert!(out.lines[0].starts_with("You block bob"), "{:?}", out.lines);
    // When bob challenges alice
    let kept = at.store.fingerprint().await.unwrap();
    let e = refused(&at, "bob", challenge("alice")).await;
    // Then he is told it was refused, in the words of any refusal of a challenge, and
    // nothing about blocking; nothing is stored
    assert_eq!(e.to_string(), club::challenge_refused("alice").to_string());
    assert!(!e.to_string().contains("block"), "{e}");
    assert_eq!(at.store.fingerprint().await.unwrap(), kept);
    // And alice, who blocks bob, is told to lift it before challenging him
    let e = refused(&at, "alice", challenge("bob")).await;
    assert!(e.to_string().contains("/unblock bob"), "{e}");
    // And bob may still challenge carol
    run(&at, "bob", challenge("carol")).await;
    // When alice unblocks bob, his challenge goes through
    let out = run(
        &at,
        "alice",
        Command::Player(PlayerOp::Unblock("bob".into())),
    )
    .await;
    assert_eq!(
        out.lines,
        ["You no longer block bob: that player may challenge you again."]
    );
    run(&at, "bob", challenge("alice")).await;
}

#[tokio::test]
async fn a_blocked_player_cannot_join_a_chouette_the_blocker_sits_in() {
    let at = Fixture::seeded(&store_url("block-chouette").await, 2).await;
    known(&at, &["ann", "ben", "cat"]).await;
    run(&at, "ann", block("ben")).await;
    // Given cat opens a chouette and ann joins it
    let c = |op| Command::Chouette(ChouetteRef::default(), op);
    run(&at, "cat", c(ChouetteOp::Create(ChouetteSpec::default()))).await;
    run(&at, "ann", c(ChouetteOp::Join)).await;
    // When ben, whom ann blocks, tries to join: refused, nothing stored, no word of why
    let kept = at.store.fingerprint().await.unwrap();
    let e = refused(&at, "ben", c(ChouetteOp::Join)).await;
    assert_eq!(e.to_string(), club::join_refused(1).to_string());
    assert_eq!(at.store.fingerprint().await.unwrap(), kept);
    // And dave, whom nobody blocks, joins
    run(&at, "dave", c(ChouetteOp::Join)).await;
}

#[tokio::test]
async fn block_alone_lists_whom_you_block_and_blocks_survive_a_restart() {
    let url = store_url("block-list").await;
    let at = Fixture::seeded(&url, 3).await;
    known(&at, &["alice", "bob", "carol"]).await;
    let listed = run(&at, "alice", Command::Player(PlayerOp::Block(None)))
        .await
        .lines;
    assert!(listed[0].starts_with("You block nobody."), "{listed:?}");
    run(&at, "alice", block("carol")).await;
    at.clock.advance(60);
    run(&at, "alice", block("bob")).await;
    // Given the bot restarts on the same database
    drop(at);
    let store = store::Store::open(&url).await.unwrap();
    let club = Club::new(
        store,
        Arc::new(RngDice::seeded(3)),
        Arc::new(club::ManualClock::new(clubkit::START)),
    );
    // Then alice's blocks are there, in the order she made them, and still hold
    let listed = run(&club, "alice", Command::Player(PlayerOp::Block(None)))
        .await
        .lines;
    assert_eq!(
        listed,
        ["You block: carol, bob. /unblock <player> lifts it."]
    );
    let e = refused(&club, "bob", challenge("alice")).await;
    assert_eq!(e.to_string(), club::challenge_refused("alice").to_string());
}

#[tokio::test]
async fn blocking_yourself_twice_or_unblocking_nobody_is_refused_with_nothing_changed() {
    let at = Fixture::seeded(&store_url("block-refusals").await, 4).await;
    known(&at, &["alice", "bob"]).await;
    run(&at, "alice", block("bob")).await;
    let kept = at.store.fingerprint().await.unwrap();
    for (cmd, words) in [
        (block("alice"), "you cannot block yourself"),
        (block("bob"), "you already block bob"),
        (
            Command::Player(PlayerOp::Unblock("alice".into())),
            "you cannot block or unblock yourself",
        ),
        (
            Command::Player(PlayerOp::Block(Some("zed".into()))),
            "no player called `zed`",
        ),
    ] {
        let e = refused(&at, "alice", cmd).await;
        assert!(e.to_string().contains(words), "{e}");
    }
    let e = refused(
        &at,
        "bob",
        Command::Player(PlayerOp::Unblock("alice".into())),
    )
    .await;
    assert_eq!(
        e.to_string(),
        "you do not block alice; /block lists whom you block"
    );
    assert_eq!(at.store.fingerprint().await.unwrap(), kept);
}
