//! Sixty-four players (the leagues run from the local chat are the program's
//! `leagues_chat`).

use super::fixtures::{START, league, one_point, open_with, who};
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
