//! Ratings rebuilt from the finished matches, and by the operator's `gammonbot ratings
//! --rebuild`; bad rating input, as the local chat reads it, refused with nothing changed.
//! The program's part of the ratings suite; the rest (`club_ratings`) drives the club alone.

use club::PlayerRefusal;
use club::Refusal;
use club::{Actor, ChallengeOp, ChallengeSpec, Chart, ClubError, Command, DAY, Look, TimeControl};
use clubkit::ratings::{Fixture, rating_tables, resign, run, start};
use engine::ResignLevel;
use gammonbot::console::parse_line;
use testkit::{Rng, scratch, store_url};

/// A club on the test's store `name` (`store_url`) with dice seeded by `seed`.
async fn open(name: &str, seed: u64) -> Fixture {
    Fixture::open(&store_url(name).await, seed).await
}

#[tokio::test]
async fn rebuilding_from_the_finished_matches_gives_the_stored_ratings_after_300_matches() {
    // Given 300 seeded matches among six players on two servers: 1- to 3-point matches
    // ended by resignation, some unrated, and now and then a batch of Welsh matches and
    // standard matches lost on time
    let f = open("rating_rebuild", 9).await;
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let mut rng = Rng::new(17);
    let mut finished = 0;
    let mut timed = Vec::new();
    while finished < 300 {
        let a = rng.below(names.len());
        let b = (a + 1 + rng.below(names.len() - 1)) % names.len();
        let community = if rng.chance(25) { "two" } else { "local" };
        if rng.chance(4) {
            // Left to time out at the next batch
            let spec = if rng.chance(50) {
                let mut s = ChallengeSpec::welsh(13 + 12 * u32::from(rng.chance(50)));
                s.time = TimeControl::welsh_live();
                s
            } else {
                ChallengeSpec::standard(Some(5))
            };
            let (id, _) = start(&f, community, names[a], names[b], spec).await;
            timed.push(id);
            finished += 1;
            continue;
        }
        let length = 1 + u32::try_from(rng.below(3)).unwrap();
        let mut spec = ChallengeSpec::standard(Some(length));
        spec.rated = !rng.chance(10);
        let (id, _) = start(&f, community, names[a], names[b], spec).await;
        let level = match length {
            1 => ResignLevel::Single,
            2 => ResignLevel::Gammon,
            _ => ResignLevel::Backgammon,
        };
        resign(&f, community, id, names[b], names[a], level).await;
        finished += 1;
        if finished % 60 == 0 {
            f.clock.advance(8 * DAY);
            f.club.sweep().await.unwrap();
        }
    }
    f.clock.advance(8 * DAY);
    f.club.sweep().await.unwrap();
    for id in &timed {
        let row = f.store.load_match(id.get()).await.unwrap().unwrap();
        assert_eq!(row.status, "finished", "match #{id} timed out");
    }
    let stored = rating_tables(&f.path).await;
    assert!(stored.1.len() > 400, "{} rating changes", stored.1.len());
    let fingerprint = f.store.fingerprint().await.unwrap();
    // When every rating is rebuilt from the finished matches in order
    let done = f.store.rebuild_ratings().await.unwrap();
    // Then the tables are exactly as they were kept match by match
    assert_eq!(done.matches as usize * 2, stored.1.len());
    assert_eq!(done.ratings as usize, stored.0.len());
    assert_eq!(rating_tables(&f.path).await, stored);
    assert_eq!(f.store.fingerprint().await.unwrap(), fingerprint);
    // And so does the operator's command
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["ratings", "--rebuild", "--db", &f.path])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with(&format!(
            "rebuilt {} ratings from {} rated matches",
            done.ratings, done.matches
        )),
        "{said}"
    );
    assert_eq!(rating_tables(&f.path).await, stored);

    // The charts /rating and /leaderboard attach, written where they can be looked at
    let out = run(
        &f,
        "ann",
        Command::Look(Look::Rating {
            player: None,
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    let Some(Chart::History(history)) = &out.chart else {
        panic!("no history chart");
    };
    assert!(history.ratings.len() > 20, "{}", history.ratings.len());
    let png = render::history_png(history).unwrap();
    let pictures = scratch("rating-pictures");
    std::fs::write(pictures.join("rating-history.png"), &png).unwrap();
    let board = run(
        &f,
        "ann",
        Command::Look(Look::Leaderboard { ruleset: None }),
    )
    .await;
    let Some(Chart::Leaderboard(table)) = &board.chart else {
        panic!("no leaderboard");
    };
    assert_eq!(table.rows.len(), names.len());
    let png = render::leaderboard_png(table).unwrap();
    std::fs::write(pictures.join("leaderboard.png"), &png).unwrap();
}

#[tokio::test]
async fn bad_input_is_refused_clearly_and_changes_nothing() {
    let f = open("rating_bad", 1).await;
    let (id, _) = start(
        &f,
        "local",
        "alice",
        "bob",
        ChallengeSpec::standard(Some(1)),
    )
    .await;
    resign(&f, "local", id, "bob", "alice", ResignLevel::Single).await;
    let before = f.store.fingerprint().await.unwrap();
    // /rating of a player nobody has seen: refused, and no player is made up
    let e = f
        .club
        .execute(
            &Actor::local("alice"),
            Command::Look(Look::Rating {
                player: Some("zed".into()),
                ruleset: None,
                vs: None,
            }),
        )
        .await
        .unwrap_err();
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Player(PlayerRefusal::NotRated { .. }))
        ),
        "{e}"
    );
    assert!(e.to_string().contains("no player called `zed`"), "{e}");
    assert!(e.to_string().contains("/leaderboard"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    assert!(f.store.find_player("local", "zed").await.unwrap().is_none());
    // rules: nonsense, in /rating and /leaderboard
    for line in [
        "alice: /rating bob rules:chess",
        "alice: /leaderboard rules:chess",
    ] {
        let e = parse_line(line).unwrap_err();
        assert!(
            e.to_string()
                .contains("rules: standard or welsh, not `chess`"),
            "{line}: {e}"
        );
    }
    // rated:maybe
    let e = parse_line("alice: /challenge bob rated:maybe").unwrap_err();
    assert!(e.to_string().contains("rated: on"), "{e}");
    assert!(e.to_string().contains("off"), "{e}");
    assert!(e.to_string().contains("not `maybe`"), "{e}");
    // The well-formed lines read as they should
    assert_eq!(
        parse_line("alice: /challenge bob length:5 rated:off")
            .unwrap()
            .unwrap()
            .1,
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec {
                rated: false,
                ..ChallengeSpec::standard(Some(5))
            },
        })
    );
    assert_eq!(
        parse_line("carl: /rating alice rules:welsh")
            .unwrap()
            .unwrap()
            .1,
        Command::Look(Look::Rating {
            player: Some("alice".into()),
            ruleset: Some(engine::Ruleset::Welsh),
            vs: None,
        })
    );
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}
