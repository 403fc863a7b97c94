//! The league's pictures through the club: `/league standings` and `/league bracket`
//! carry the standings table and the knockout bracket as renderer data, which draw as
//! PNGs with alt text naming the leader and the champion. Set `LEAGUE_PICTURES_DIR` to
//! keep the two PNGs for a look.

use std::sync::Arc;

use club::{ChallengeSpec, Chart, Club, Command, Format, LeagueCommand, LeagueOp};
use render::{
    BracketSlot, EntryStatus, Seat, bracket_alt_text, bracket_png, standings_alt_text,
    standings_png,
};

use clubkit::{Fixture, match_of, run};
use testkit::store_url;

async fn open(name: &str, seed: u64) -> Arc<Club> {
    Fixture::seeded(&store_url(name).await, seed).await.club
}

fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

async fn adjudge(club: &Club, l: &str, winner: &str, loser: &str) {
    let m = match_of(club, l, winner, loser).await;
    let op = LeagueOp::Result {
        match_id: m,
        winner: winner.into(),
        reason: "agreed result".into(),
    };
    run(club, "org", league(l, op)).await;
}

/// Decodes a PNG and keeps it in `LEAGUE_PICTURES_DIR` when that is set.
fn decode(png: &[u8], file: &str) -> (u32, u32) {
    if let Ok(dir) = std::env::var("LEAGUE_PICTURES_DIR") {
        std::fs::write(std::path::Path::new(&dir).join(file), png).unwrap();
    }
    let img = image::load_from_memory(png).expect("a PNG that decodes");
    (img.width(), img.height())
}

#[tokio::test]
async fn standings_outcome_carries_a_png_whose_alt_text_names_the_leader() {
    // Given a round robin of four where Annie wins twice, Cleo forfeits to Bram and
    // Dara withdraws (her remaining matches forfeited)
    let club = open("league_pic_table", 5).await;
    let l = "Spring League";
    let create = LeagueOp::Create {
        name: l.into(),
        format: Format::RoundRobin,
        spec: ChallengeSpec::standard(Some(1)),
    };
    run(&club, "org", league(l, create)).await;
    for p in ["Annie", "Bram", "Cleo", "Dara"] {
        run(&club, p, league(l, LeagueOp::Join)).await;
    }
    run(&club, "org", league(l, LeagueOp::Start { order: None })).await;
    adjudge(&club, l, "Annie", "Bram").await;
    adjudge(&club, l, "Annie", "Cleo").await;
    let m = match_of(&club, l, "Bram", "Cleo").await;
    let op = LeagueOp::Forfeit {
        match_id: m,
        loser: "Cleo".into(),
        reason: "no show".into(),
    };
    run(&club, "org", league(l, op)).await;
    run(&club, "Dara", league(l, LeagueOp::Withdraw)).await;
    // When anyone asks for the standings
    let out = run(
        &club,
        "Cleo",
        league(l, LeagueOp::Standings { division: None }),
    )
    .await;
    // Then the outcome carries the table as a picture, Annie first, Dara withdrawn,
    // Bram's forfeit win marked
    let Some(Chart::Standings(table)) = out.chart else {
        panic!("no standings picture: {:?}", out.chart);
    };
    assert_eq!(table.title, l);
    assert_eq!(table.rows[0].name, "Annie");
    assert_eq!(table.rows[0].points, 3, "{:?}", table.rows);
    let dara = table.rows.iter().find(|r| r.name == "Dara").unwrap();
    assert_eq!(dara.status, EntryStatus::Withdrawn);
    let bram = table.rows.iter().find(|r| r.name == "Bram").unwrap();
    assert!(bram.forfeit_wins >= 1, "{bram:?}");
    assert!(
        table.footnote.contains("head to head"),
        "{}",
        table.footnote
    );
    // And the PNG decodes, and its alt text names the leader
    let (w, h) = decode(&standings_png(&table).unwrap(), "standings.png");
    assert_eq!(w, 720);
    assert!(h > 200, "{h}");
    let alt = standings_alt_text(&table);
    assert!(alt.contains("1. Annie"), "{alt}");
    assert!(alt.contains("Dara (withdrawn)"), "{alt}");
}

#[tokio::test]
async fn bracket_outcome_carries_a_png_with_the_grand_final_and_the_champion() {
    // Given a Welsh knockout of five seeded in order (byes to seeds 1 to 3), played to
    // its end by the organiser's results
    let club = open("league_pic_bracket", 7).await;
    let l = "Cup";
    let create = LeagueOp::Create {
        name: l.into(),
        format: Format::Knockout,
        spec: ChallengeSpec::welsh(3),
    };
    run(&club, "org", league(l, create)).await;
    let seeds = ["Gwen", "Huw", "Ifor", "Jac", "Kit"];
    for p in seeds {
        run(&club, p, league(l, LeagueOp::Join)).await;
    }
    let order = Some(seeds.iter().map(|s| s.to_string()).collect());
    run(&club, "org", league(l, LeagueOp::Start { order })).await;
    adjudge(&club, l, "Kit", "Jac").await;
    adjudge(&club, l, "Gwen", "Kit").await;
    // When the bracket is asked for with the grand final still to play
    let out = run(&club, "Huw", league(l, LeagueOp::Bracket)).await;
    let Some(Chart::Bracket(open_bracket)) = out.chart else {
        panic!("no bracket picture: {:?}", out.chart);
    };
    assert_eq!(open_bracket.rounds.len(), 3);
    assert_eq!(open_bracket.rounds[2].name, "Grand final");
    let first = &open_bracket.rounds[0].matches;
    assert_eq!(
        first
            .iter()
            .filter(|m| m.bottom == BracketSlot::Bye || m.top == BracketSlot::Bye)
            .count(),
        3,
        "byes to the top three seeds: {first:?}"
    );
    adjudge(&club, l, "Ifor", "Huw").await;
    adjudge(&club, l, "Ifor", "Gwen").await;
    // Then, once decided, the final's winner is Ifor and the PNG decodes with the
    // champion named in its alt text
    let out = run(&club, "Huw", league(l, LeagueOp::Bracket)).await;
    let Some(Chart::Bracket(bracket)) = out.chart else {
        panic!("no bracket picture: {:?}", out.chart);
    };
    let fin = &bracket.rounds[2].matches[0];
    let seat = fin.winner.expect("the final is decided");
    let champion = match seat {
        Seat::Top => &fin.top,
        Seat::Bottom => &fin.bottom,
    };
    assert!(matches!(champion, BracketSlot::Player(e) if e.name == "Ifor" && e.seed == Some(3)));
    let (w, h) = decode(&bracket_png(&bracket).unwrap(), "bracket.png");
    assert!(w >= 600 && h > 300, "{w}x{h}");
    let alt = bracket_alt_text(&bracket);
    assert!(alt.contains("Champion: Ifor"), "{alt}");
    assert!(alt.contains("Grand final"), "{alt}");
}

/// The organiser's result for the match `winner` and `loser` are playing now.
async fn beats(club: &Club, l: &str, winner: &str, loser: &str) {
    let lines = club
        .league_bracket(&clubkit::who("org"), Some(l))
        .await
        .unwrap();
    let m = lines
        .iter()
        .find(|b| {
            b.status == "playing"
                && b.names.contains(&Some(winner.to_string()))
                && b.names.contains(&Some(loser.to_string()))
        })
        .and_then(|b| b.match_id)
        .unwrap_or_else(|| panic!("{winner} and {loser} are not playing: {lines:?}"));
    let op = LeagueOp::Result {
        match_id: m,
        winner: winner.into(),
        reason: "agreed result".into(),
    };
    run(club, "org", league(l, op)).await;
}

#[tokio::test]
async fn a_double_elimination_bracket_shows_both_brackets_and_the_grand_final() {
    // Given a double elimination of six seeded in order (byes to seeds 1 and 2), the
    // first two winners' rounds played
    let club = open("league_pic_double", 3).await;
    let l = "Double Cup";
    let create = LeagueOp::Create {
        name: l.into(),
        format: Format::DoubleElimination,
        spec: ChallengeSpec::standard(Some(1)),
    };
    run(&club, "org", league(l, create)).await;
    let seeds = ["Gwen", "Huw", "Ifor", "Jac", "Kit", "Lyn"];
    for p in seeds {
        run(&club, p, league(l, LeagueOp::Join)).await;
    }
    let order = Some(seeds.iter().map(|s| s.to_string()).collect());
    run(&club, "org", league(l, LeagueOp::Start { order })).await;
    beats(&club, l, "Kit", "Jac").await;
    beats(&club, l, "Lyn", "Ifor").await;
    beats(&club, l, "Gwen", "Kit").await;
    beats(&club, l, "Huw", "Lyn").await;
    // When the bracket is asked for
    let out = run(&club, "Huw", league(l, LeagueOp::Bracket)).await;
    let Some(Chart::Bracket(bracket)) = out.chart else {
        panic!("no bracket picture: {:?}", out.chart);
    };
    // Then the winners' bracket runs into the grand final, the losers' bracket is under
    // it, and the first round's losers (Jac, Ifor) now meet the second's (Lyn, Kit)
    let names = |r: &[render::BracketRound]| r.iter().map(|r| r.name.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&bracket.rounds),
        [
            "Winners' round 1",
            "Winners' round 2",
            "Winners' final",
            "Grand final"
        ]
    );
    assert_eq!(
        names(&bracket.losers),
        [
            "Losers' round 1",
            "Losers' round 2",
            "Losers' round 3",
            "Losers' final"
        ]
    );
    for pair in [("Jac", "Lyn"), ("Ifor", "Kit")] {
        assert!(
            out.lines
                .iter()
                .any(|t| t.contains(&format!("{} v {}: playing", pair.0, pair.1))),
            "{:?}",
            out.lines
        );
    }
    let (w, h) = decode(&bracket_png(&bracket).unwrap(), "double_bracket.png");
    assert!(w >= 600 && h > 500, "{w}x{h}");
    let alt = bracket_alt_text(&bracket);
    assert!(alt.starts_with("Double elimination of Double Cup"), "{alt}");
}
