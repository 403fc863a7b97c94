//! `gammonbot assets`: the pictures the README and the bot show, drawn from fixed sample
//! data, so that they stay what the renderer draws today.

use std::path::Path;

use engine::{Ruleset, Side, Step, Xgid};
use render::{
    Bracket, BracketMatch, BracketRound, BracketSlot, Decision, Entrant, EntryStatus, LastPlay,
    RenderError, Scene, Seat, StandingsRow, StandingsTable, Zone, avatar_png, bracket_png,
    render_png, standings_png,
};

/// The files [`assets`] writes, in the order it writes them.
pub const ASSET_FILES: [&str; 4] = ["board.png", "standings.png", "bracket.png", "avatar.png"];

/// `gammonbot assets`: writes [`ASSET_FILES`] into `out` (made if missing): a board in
/// the middle of a game, a division's standings, a knockout bracket and the bot's avatar.
/// Prints each file's path.
///
/// # Errors
/// When the folder or a file cannot be written.
pub fn assets(out: &Path) -> std::io::Result<bool> {
    std::fs::create_dir_all(out)?;
    let pictures: [Result<Vec<u8>, RenderError>; 4] = [
        render_png(&sample_board()),
        standings_png(&sample_standings()),
        bracket_png(&sample_bracket()),
        avatar_png(),
    ];
    for (name, png) in ASSET_FILES.iter().zip(pictures) {
        let path = out.join(name);
        std::fs::write(&path, png.map_err(std::io::Error::other)?)?;
        println!("{}", path.display());
    }
    Ok(true)
}

/// A contact position seen by alice: her man on the bar after bob's 13/8 6/4*, a stack
/// of seven, bob's cube at 2 in a 7-point match.
fn sample_board() -> Scene {
    let x: Xgid = "XGID=-b--A-G-B---dC---d-caa--AA:1:-1:1:63:2:3:0:7:10"
        .parse()
        .expect("a valid XGID");
    let mut scene = Scene::from_xgid(&x, Ruleset::Standard, Some(Side::X));
    scene.names = ["alice".into(), "bob".into()];
    scene.last_play = Some(LastPlay {
        side: Side::O,
        steps: vec![Step { from: 13, to: 8 }, Step { from: 6, to: 4 }],
        hits: vec![4],
        text: "13/8 6/4*".into(),
    });
    scene
}

/// One player's line in the sample standings.
fn row(rank: u32, name: &str, won: u32, lost: u32, diff: i32, zone: Zone) -> StandingsRow {
    StandingsRow {
        rank,
        name: name.into(),
        played: won + lost,
        won,
        lost,
        points: 2 * won,
        tiebreak: format!("{diff:+}"),
        zone,
        ..StandingsRow::default()
    }
}

/// Six players of a division near the end of a season: two going up, one going down,
/// a win by forfeit and a withdrawn player.
fn sample_standings() -> StandingsTable {
    use Zone::{Neither, Promotion, Relegation};
    let mut rows = vec![
        row(1, "Angharad", 4, 1, 14, Promotion),
        row(2, "bob", 4, 1, 9, Promotion),
        row(3, "Cerys", 3, 2, 2, Neither),
        row(4, "Dafydd", 2, 3, -3, Neither),
        row(5, "erin", 1, 4, -8, Neither),
        row(6, "Gwilym", 1, 4, -14, Relegation),
    ];
    rows[1].forfeit_wins = 1;
    rows[4].forfeit_losses = 1;
    rows[4].status = EntryStatus::Withdrawn;
    StandingsTable {
        title: "Cardiff Spring League".into(),
        subtitle: "Season 2 \u{b7} Division 1".into(),
        tiebreak_header: "Diff".into(),
        rows,
        footnote: "Ties: points, head to head, then the difference of match points.".into(),
    }
}

fn player(name: &str, seed: u32) -> BracketSlot {
    BracketSlot::Player(Entrant {
        name: name.into(),
        seed: Some(seed),
    })
}

fn game(top: BracketSlot, bottom: BracketSlot, won: Option<(Seat, &str)>) -> BracketMatch {
    BracketMatch {
        top,
        bottom,
        winner: won.map(|w| w.0),
        score: won.map(|w| w.1.to_string()),
        decision: Decision::Played,
    }
}

/// Eight players: the quarter-finals played, one semi-final played, the final to come.
fn sample_bracket() -> Bracket {
    use Seat::{Bottom, Top};
    Bracket {
        title: "Cardiff Cup".into(),
        subtitle: "Standard backgammon \u{b7} knockout, 7 points".into(),
        rounds: vec![
            BracketRound {
                name: "Quarter-final".into(),
                matches: vec![
                    game(
                        player("alice", 1),
                        player("Heledd", 8),
                        Some((Top, "7\u{2013}2")),
                    ),
                    game(
                        player("Dafydd", 4),
                        player("erin", 5),
                        Some((Bottom, "7\u{2013}6")),
                    ),
                    game(
                        player("Cerys", 3),
                        player("fred", 6),
                        Some((Top, "7\u{2013}4")),
                    ),
                    game(
                        player("Gwilym", 7),
                        player("bob", 2),
                        Some((Bottom, "7\u{2013}5")),
                    ),
                ],
            },
            BracketRound {
                name: "Semi-final".into(),
                matches: vec![
                    game(
                        player("alice", 1),
                        player("erin", 5),
                        Some((Top, "7\u{2013}3")),
                    ),
                    game(player("Cerys", 3), player("bob", 2), None),
                ],
            },
            BracketRound {
                name: "Final".into(),
                matches: vec![game(player("alice", 1), BracketSlot::Pending, None)],
            },
        ],
        losers: Vec::new(),
    }
}
