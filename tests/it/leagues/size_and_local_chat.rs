//! Sixty-four players, and a league run from the local chat.

use super::fixtures::{START, league, one_point, open, open_with, who};
use club::{Format, LeagueOp, RngDice};
use clubkit::run;
use testkit::store_url;

#[tokio::test]
async fn sixty_four_players_start_and_standings_timed() {
    // Fair dice as in production: each match's chain is made when it starts.
    let f = open_with(
        &store_url("league_64").await,
        RngDice::fair_seeded(1),
        START,
    )
    .await;
    let l = "Big";
    run(
        &f,
        "org",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format: Format::RoundRobin,
                spec: one_point(),
            },
        ),
    )
    .await;
    for i in 0..64 {
        run(&f, &format!("p{i}"), league(l, LeagueOp::Join)).await;
    }
    let t0 = std::time::Instant::now();
    let out = run(&f, "org", league(l, LeagueOp::Start { order: None })).await;
    let start = t0.elapsed();
    assert!(
        out.lines[0].contains("64 players, 2016 matches"),
        "{:?}",
        out.lines
    );
    let t0 = std::time::Instant::now();
    let t = f.club.league_table(&who("org"), Some(l), 1).await.unwrap();
    let table = t0.elapsed();
    assert_eq!(t.len(), 64);
    eprintln!("64-player round robin: start {start:?}, standings {table:?} (this build)");
}

#[tokio::test]
async fn the_local_chat_runs_a_league_with_spaces_in_its_name() {
    use gammonbot::console::run_line;
    let f = open(&store_url("league_chat").await, 6, START).await;
    let lines = [
        "alice: /league create name:Autumn Cup format:knockout length:1",
        "alice: /league join league:Autumn Cup",
        "bob: /league join",
        "carol: /league join",
        "alice: /league start order:carol,bob,alice",
        "bob: /league bracket",
        "dave: /league standings league:Autumn Cup",
    ];
    let mut all = String::new();
    for l in lines {
        let (text, refused) = run_line(&f.club, l, None).await;
        assert!(!refused, "{l}: {text}");
        all.push_str(&text);
    }
    assert!(
        all.contains("League Autumn Cup (#1) created by alice: a knockout"),
        "{all}"
    );
    assert!(all.contains("3 players, 1 matches"), "{all}");
    assert!(all.contains("carol (bye)"), "{all}");
    let (text, refused) = run_line(&f.club, "bob: /league start", None).await;
    assert!(refused && text.contains("only the organiser"), "{text}");
    let (text, refused) = run_line(&f.club, "bob: /league result #1 reason:x", None).await;
    assert!(refused && text.contains("winner:"), "{text}");
    let (text, _) = run_line(&f.club, "bob: /help", None).await;
    assert!(text.contains("/league create"), "{text}");
}

#[tokio::test]
async fn the_local_chat_runs_a_double_elimination_and_refuses_a_bad_reset() {
    use gammonbot::console::run_line;
    let f = open(&store_url("league_chat_double").await, 6, START).await;
    let run_ok = |line: &'static str| {
        let club = f.club.clone();
        async move {
            let (text, refused) = run_line(&club, line, None).await;
            assert!(!refused, "{line}: {text}");
            text
        }
    };
    let text =
        run_ok("alice: /league create name:Twice Cup format:double-elimination length:1").await;
    assert!(
        text.contains("created by alice: a double elimination"),
        "{text}"
    );
    // A reset that is neither on nor off is refused and changes nothing.
    let before = f.store.fingerprint().await.unwrap();
    let (text, refused) = run_line(
        &f.club,
        "alice: /league settings league:Twice Cup reset:maybe",
        None,
    )
    .await;
    assert!(
        refused && text.contains("reset: on or off, not `maybe`"),
        "{text}"
    );
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    run_ok("alice: /league settings league:Twice Cup reset:off").await;
    for p in ["bob", "carol", "dave"] {
        run_ok(match p {
            "bob" => "bob: /league join",
            "carol" => "carol: /league join",
            _ => "dave: /league join",
        })
        .await;
    }
    let text = run_ok("alice: /league start order:bob,carol,dave").await;
    assert!(text.contains("3 players, 1 matches"), "{text}");
    assert!(text.contains("(winners' round 1)"), "{text}");
    let text = run_ok("carol: /league bracket").await;
    for part in [
        "Winners' round 1",
        "bob (bye)",
        "Winners' final",
        "Losers' final",
        "Grand final",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
}
