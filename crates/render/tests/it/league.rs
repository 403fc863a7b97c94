//! League pictures: the standings table and the knockout bracket (PNG, text, alt text).
//! Drawing is slow in debug builds, so there are few image tests.
//!
//! `GAMMONBOT_SAMPLES=/some/dir cargo test -p gammonbot-render --test it league::` writes the pictures there
//! to look at.

use image::{Rgb, RgbImage};
use render::{
    Bracket, BracketMatch, BracketRound, BracketSlot, Decision, Entrant, EntryStatus,
    STANDINGS_WIDTH, Seat, StandingsRow, StandingsTable, Zone, bracket_alt_text, bracket_height,
    bracket_image, bracket_png, bracket_text, bracket_width, standings_alt_text, standings_height,
    standings_image, standings_png, standings_text,
};

const BACKGROUND: Rgb<u8> = Rgb([38, 50, 56]);
const ZEBRA: Rgb<u8> = Rgb([48, 63, 70]);
const HIGHLIGHT: Rgb<u8> = Rgb([255, 179, 0]);
const MUTED: Rgb<u8> = Rgb([176, 196, 204]);
const PROMOTE: Rgb<u8> = Rgb([102, 187, 106]);
const RELEGATE: Rgb<u8> = Rgb([239, 83, 80]);

fn save(name: &str, png: &[u8]) {
    if let Ok(dir) = std::env::var("GAMMONBOT_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), png).expect("write the sample");
    }
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory(png)
        .expect("a PNG that decodes")
        .to_rgb8()
}

#[allow(clippy::too_many_arguments)]
fn row(
    rank: u32,
    name: &str,
    (played, won, lost): (u32, u32, u32),
    (forfeit_wins, forfeit_losses): (u32, u32),
    points: u32,
    tiebreak: &str,
    status: EntryStatus,
    zone: Zone,
) -> StandingsRow {
    StandingsRow {
        rank,
        name: name.into(),
        played,
        won,
        lost,
        forfeit_wins,
        forfeit_losses,
        points,
        tiebreak: tiebreak.into(),
        status,
        zone,
    }
}

/// Four players, one win by forfeit, one withdrawn.
fn four() -> StandingsTable {
    use EntryStatus::{Active, Withdrawn};
    use Zone::Neither;
    StandingsTable {
        title: "Cardiff Spring League".into(),
        subtitle: "Season 1 \u{b7} Division 1".into(),
        tiebreak_header: "Diff".into(),
        rows: vec![
            row(1, "alice", (3, 3, 0), (1, 0), 6, "+9", Active, Neither),
            row(2, "bob", (3, 2, 1), (0, 0), 4, "+4", Active, Neither),
            row(3, "carol", (3, 1, 2), (0, 0), 2, "-3", Active, Neither),
            row(4, "dai", (3, 0, 3), (0, 1), 0, "-10", Withdrawn, Neither),
        ],
        footnote: "Ties: points, head to head, difference.".into(),
    }
}

/// Twelve players over two divisions' worth of zones, a withdrawn and a voided player.
fn twelve() -> StandingsTable {
    use EntryStatus::{Active, Voided, Withdrawn};
    use Zone::{Neither, Promotion, Relegation};
    let names = [
        "Angharad",
        "Bartholomew Fitzwilliam-Jones",
        "Cerys",
        "Dafydd ap Gruffydd",
        "Eleri",
        "Ffion",
        "Gwilym",
        "Heledd",
        "Ieuan",
        "Llewelyn",
        "Myfanwy",
        "Rhodri",
    ];
    let rows = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let i = i as u32;
            let won = 11u32.saturating_sub(i);
            let lost = 11 - won;
            let zone = match i {
                0 | 1 => Promotion,
                9..=11 => Relegation,
                _ => Neither,
            };
            let status = match i {
                6 => Withdrawn,
                11 => Voided,
                _ => Active,
            };
            let ff = if i == 2 {
                (2, 0)
            } else if i == 6 {
                (0, 3)
            } else {
                (0, 0)
            };
            let diff = 40 - 7 * i as i32;
            row(
                i + 1,
                n,
                (11, won, lost),
                ff,
                2 * won,
                &format!("{diff:+}"),
                status,
                zone,
            )
        })
        .collect();
    StandingsTable {
        title: "South Wales Backgammon League".into(),
        subtitle: "Season 3 \u{b7} Division 2".into(),
        tiebreak_header: "Diff".into(),
        rows,
        footnote: "Ties are broken by points, then the match between the tied players, then \
                   the difference of match points won and lost, then matches won by forfeit \
                   count least."
            .into(),
    }
}

/// Twenty rows, names long and odd.
fn twenty() -> StandingsTable {
    let mut t = twelve();
    t.rows = (1..=20)
        .map(|i| {
            let name = match i {
                1 => "Maximilian Alexander von Longname-Smythe the Third".to_owned(),
                2 => "\u{1F600}\u{200D}\u{1F525} \u{5c71}\u{7530}\u{592a}\u{90ce} \u{0645}\u{062d}\u{0645}\u{062f} Zalgo\u{0300}\u{0301}\u{0302}\u{0303}".repeat(3),
                3 => "W".repeat(60),
                _ => format!("player{i}"),
            };
            row(i, &name, (19, 20 - i, i - 1), (0, 0), 2 * (20 - i), "+999.5 SB", EntryStatus::Active, Zone::Neither)
        })
        .collect();
    t
}

fn p(name: &str, seed: u32) -> BracketSlot {
    BracketSlot::Player(Entrant {
        name: name.into(),
        seed: Some(seed),
    })
}

fn m(
    top: BracketSlot,
    bottom: BracketSlot,
    winner: Option<Seat>,
    score: Option<&str>,
) -> BracketMatch {
    BracketMatch {
        top,
        bottom,
        winner,
        score: score.map(Into::into),
        decision: Decision::Played,
    }
}

/// Six entrants, byes to seeds 1 and 2; round 1 played, one semi-final played.
fn six() -> Bracket {
    use BracketSlot::{Bye, Pending};
    use Seat::{Bottom, Top};
    Bracket {
        title: "Cardiff Cup".into(),
        subtitle: "Welsh backgammon \u{b7} knockout, 5 points".into(),
        rounds: vec![
            BracketRound {
                name: "Round 1".into(),
                matches: vec![
                    m(p("alice", 1), Bye, Some(Top), None),
                    m(p("dai", 4), p("erin", 5), Some(Bottom), Some("5\u{2013}3")),
                    m(p("carol", 3), p("fred", 6), Some(Top), None),
                    m(Bye, p("bob", 2), Some(Bottom), None),
                ],
            },
            BracketRound {
                name: "Semi-final".into(),
                matches: vec![
                    m(p("alice", 1), p("erin", 5), Some(Top), Some("5\u{2013}4")),
                    m(p("carol", 3), p("bob", 2), None, None),
                ],
            },
            BracketRound {
                name: "Grand final".into(),
                matches: vec![m(p("alice", 1), Pending, None, None)],
            },
        ],
        losers: Vec::new(),
    }
}

/// The bracket for `n` entrants (a power of two), every match won by the better seed
/// (`finished`) or nothing played.
fn full(n: u32, finished: bool) -> Bracket {
    // Standard seeding order: 1 v n, then the halves mirrored.
    let mut order = vec![1u32];
    while (order.len() as u32) < n {
        let k = 2 * order.len() as u32 + 1;
        order = order.iter().flat_map(|&s| [s, k - s]).collect();
    }
    let name = |s: u32| format!("player{s:02}");
    let mut slots: Vec<Option<u32>> = order.iter().map(|&s| Some(s)).collect();
    let mut rounds = Vec::new();
    let mut r = 1;
    while slots.len() > 1 {
        let size = slots.len();
        let round_name = match size {
            2 => "Final".to_owned(),
            4 => "Semi-final".to_owned(),
            8 => "Quarter-final".to_owned(),
            _ => format!("Round {r}"),
        };
        let mut matches = Vec::new();
        let mut next = Vec::new();
        for pair in slots.chunks(2) {
            let slot = |s: Option<u32>| s.map_or(BracketSlot::Pending, |s| p(&name(s), s));
            let winner = match (pair[0], pair[1]) {
                (Some(a), Some(b)) if finished => {
                    Some(if a < b { Seat::Top } else { Seat::Bottom })
                }
                _ => None,
            };
            let mut bm = m(
                slot(pair[0]),
                slot(pair[1]),
                winner,
                winner.map(|_| "7\u{2013}5"),
            );
            if finished && r == 1 && matches.len() == 1 {
                bm.decision = Decision::Forfeit;
                bm.score = None;
            }
            if finished && r == 2 && matches.is_empty() {
                bm.decision = Decision::Adjudicated;
            }
            matches.push(bm);
            next.push(match winner {
                Some(Seat::Top) => pair[0],
                Some(Seat::Bottom) => pair[1],
                None => None,
            });
        }
        rounds.push(BracketRound {
            name: round_name,
            matches,
        });
        slots = next;
        r += 1;
    }
    Bracket {
        title: format!("Open knockout, {n} players"),
        subtitle: "Standard backgammon \u{b7} 7 points".into(),
        rounds,
        losers: Vec::new(),
    }
}

/// Four players: 720 x (128 + 4 * 36 + 12 + 8 + 24 legend + 24 footnote); the amber rule,
/// zebra rows, rank 1 in amber; a 20-row table is 20 rows high and its odd names stop
/// short of the played column.
#[test]
fn standings_png_has_the_table_shape_and_cuts_long_names() {
    let t = four();
    let png = standings_png(&t).expect("encodes");
    save("standings_4.png", &png);
    let img = decode(&png);
    assert_eq!(STANDINGS_WIDTH, 720);
    assert_eq!(
        (img.width(), img.height()),
        (720, 116 + 4 * 36 + 12 + 8 + 48)
    );
    assert_eq!(standings_height(&t), img.height());
    assert_eq!(*img.get_pixel(360, 112), HIGHLIGHT);
    assert_eq!(*img.get_pixel(100, 116 + 2), BACKGROUND);
    assert_eq!(*img.get_pixel(100, 116 + 36 + 2), ZEBRA);
    assert_eq!(standings_image(&t), img);

    let big = twenty();
    let png = standings_png(&big).expect("encodes");
    save("standings_20.png", &png);
    let img = decode(&png);
    // No zones or forfeits: no legend; the footnote wraps to 2 lines.
    assert_eq!(
        (img.width(), img.height()),
        (720, 116 + 20 * 36 + 12 + 8 + 2 * 24)
    );
    // Names stop 52 px short of the played column (its right edge 376, "19" about 26 px
    // wide): a clear band from x = 326 to 348 on every row.
    for y in 116..116 + 20 * 36 {
        let ground = if (y - 116) / 36 % 2 == 1 {
            ZEBRA
        } else {
            BACKGROUND
        };
        for x in 326..348 {
            assert_eq!(*img.get_pixel(x, y), ground, "({x}, {y})");
        }
    }
}

/// Twelve players: the promotion rows carry a green bar at the left edge, the relegation
/// rows a red one, the rows between none.
#[test]
fn standings_png_marks_promotion_and_relegation_zones() {
    let t = twelve();
    let png = standings_png(&t).expect("encodes");
    save("standings_12.png", &png);
    let img = decode(&png);
    assert_eq!(img.height(), standings_height(&t));
    let row_y = |i: u32| 116 + 36 * i + 18;
    assert_eq!(*img.get_pixel(22, row_y(0)), PROMOTE);
    assert_eq!(*img.get_pixel(22, row_y(1)), PROMOTE);
    assert_ne!(*img.get_pixel(22, row_y(2)), PROMOTE);
    assert_ne!(*img.get_pixel(22, row_y(8)), RELEGATE);
    for i in 9..12 {
        assert_eq!(*img.get_pixel(22, row_y(i)), RELEGATE);
    }
}

#[test]
fn standings_text_aligns_columns_marks_zones_and_status() {
    assert_eq!(
        standings_text(&four()),
        "Cardiff Spring League: Season 1 \u{b7} Division 1\n\
         #    Player           P  W  L   FF  Pts  Diff\n\
         1    alice            3  3  0  1/0    6    +9\n\
         2    bob              3  2  1    -    4    +4\n\
         3    carol            3  1  2    -    2    -3\n\
         4    dai (withdrawn)  3  0  3  0/1    0   -10\n\
         FF: won/lost by forfeit\n\
         Ties: points, head to head, difference.\n"
    );
    let mut t = twelve();
    t.rows.truncate(3);
    t.rows.push(twelve().rows.remove(11));
    t.footnote.clear();
    assert_eq!(
        standings_text(&t),
        "South Wales Backgammon League: Season 3 \u{b7} Division 2\n\
         \x20#    Player                 P   W   L   FF  Pts  Diff\n\
         \x201 ^  Angharad              11  11   0    -   22   +40\n\
         \x202 ^  Bartholomew Fitzwil\u{2026}  11  10   1    -   20   +33\n\
         \x203    Cerys                 11   9   2  2/0   18   +26\n\
         12 v  Rhodri (void)         11   0  11    -    0   -37\n\
         ^ promotion, v relegation, FF: won/lost by forfeit\n"
    );
    let empty = StandingsTable {
        rows: vec![],
        footnote: String::new(),
        ..four()
    };
    assert_eq!(
        standings_text(&empty),
        "Cardiff Spring League: Season 1 \u{b7} Division 1\nNo players yet.\n"
    );
}

#[test]
fn standings_alt_text_reads_every_row() {
    assert_eq!(
        standings_alt_text(&four()),
        "Standings of Cardiff Spring League, Season 1 \u{b7} Division 1, 4 players: \
         1. alice, 3 played, 3 won (1 by forfeit), 0 lost, 6 points, Diff +9; \
         2. bob, 3 played, 2 won, 1 lost, 4 points, Diff +4; \
         3. carol, 3 played, 1 won, 2 lost, 2 points, Diff -3; \
         4. dai (withdrawn), 3 played, 0 won, 3 lost (1 by forfeit), 0 points, Diff -10. \
         Ties: points, head to head, difference."
    );
    let t = twelve();
    let alt = standings_alt_text(&t);
    assert!(
        alt.contains(
            "1. Angharad, 11 played, 11 won, 0 lost, 22 points, Diff +40, promotion zone;"
        ),
        "{alt}"
    );
    assert!(alt.contains("12. Rhodri (withdrawn, results void), 11 played, 0 won, 11 lost, 0 points, Diff -37, relegation zone."), "{alt}");
}

#[test]
fn bracket_text_lists_rounds_byes_and_results() {
    assert_eq!(
        bracket_text(&six()),
        "Cardiff Cup: Welsh backgammon \u{b7} knockout, 5 points\n\
         Round 1\n\
         \x20 (1) alice: bye\n\
         \x20 (4) dai v (5) erin: erin won 5\u{2013}3\n\
         \x20 (3) carol v (6) fred: carol won\n\
         \x20 (2) bob: bye\n\
         Semi-final\n\
         \x20 (1) alice v (5) erin: alice won 5\u{2013}4\n\
         \x20 (3) carol v (2) bob: to play\n\
         Grand final\n\
         \x20 (1) alice v ?\n"
    );
    let done = full(4, true);
    assert_eq!(
        bracket_text(&done),
        "Open knockout, 4 players: Standard backgammon \u{b7} 7 points\n\
         Semi-final\n\
         \x20 (1) player01 v (4) player04: player01 won 7\u{2013}5\n\
         \x20 (2) player02 v (3) player03: player02 won by forfeit\n\
         Final\n\
         \x20 (1) player01 v (2) player02: player01 won 7\u{2013}5, by adjudication\n\
         Champion: player01\n"
    );
}

#[test]
fn bracket_alt_text_reads_rounds_and_champion() {
    assert_eq!(
        bracket_alt_text(&six()),
        "Knockout bracket of Cardiff Cup, 6 entrants, 3 rounds (Welsh backgammon \u{b7} \
         knockout, 5 points). Round 1: alice (seed 1) has a bye; erin (seed 5) beat dai \
         (seed 4) 5\u{2013}3; carol (seed 3) beat fred (seed 6); bob (seed 2) has a bye. \
         Semi-final: alice (seed 1) beat erin (seed 5) 5\u{2013}4; carol (seed 3) against \
         bob (seed 2), not yet decided. Grand final: alice (seed 1) against a player to be \
         decided, not yet decided."
    );
    let alt = bracket_alt_text(&full(4, true));
    assert!(
        alt.ends_with(
            "Final: player01 (seed 1) beat player02 (seed 2) 7\u{2013}5, by adjudication. \
             Champion: player01."
        ),
        "{alt}"
    );
}

/// Six entrants (4 first-round matches, byes included): 3 rounds of 200 px with 32
/// between across, 134 + 75 * 4 high. A 64-entrant bracket: 6 rounds, 32 first-round
/// matches. Two entrants: the narrowest picture, and taller for the champion's box.
/// The winner's slot has the amber bar; the line from a match reaches the next round.
#[test]
fn bracket_png_sizes_from_six_to_sixty_four_entrants() {
    let b = six();
    let png = bracket_png(&b).expect("encodes");
    save("bracket_6.png", &png);
    let img = decode(&png);
    assert_eq!(
        (img.width(), img.height()),
        (2 * 20 + 3 * 232 - 32, 134 + 75 * 4)
    );
    assert_eq!(
        (bracket_width(&b), bracket_height(&b)),
        (img.width(), img.height())
    );
    // Round 1, match 2 (top 128 + 75): erin (bottom slot, rows 234..264) won.
    assert_eq!(*img.get_pixel(22, 128 + 75 + 31 + 15), HIGHLIGHT);
    assert_ne!(*img.get_pixel(22, 128 + 75 + 15), HIGHLIGHT);
    // The line leaving match 1's right edge (x 220) at its middle (row 128 + 30).
    assert_ne!(*img.get_pixel(225, 128 + 30), BACKGROUND);
    assert_eq!(bracket_image(&b), img);

    let big = full(64, false);
    let png = bracket_png(&big).expect("encodes");
    save("bracket_64.png", &png);
    let img = decode(&png);
    assert_eq!(
        (img.width(), img.height()),
        (2 * 20 + 6 * 232 - 32, 134 + 75 * 32)
    );
    // Two entrants: the final (rows 128-188), 34 down the champion's box (30 high) and
    // a margin of 20.
    let two = full(2, true);
    assert_eq!(
        (bracket_width(&two), bracket_height(&two)),
        (600, 189 + 34 + 30 + 20)
    );
}

/// The pictures kept for review (`GAMMONBOT_SAMPLES` writes them out to look at, and
/// prints draw and encode times: run with --release --nocapture for real figures):
/// brackets of 2, 16 and 64 entrants, an empty standings table and an empty bracket. Each
/// is drawn at the size its table or bracket is laid out at; a bracket of more entrants
/// is taller and no narrower; the empty table's one row holds its words ("No players
/// yet", in the muted colour).
#[test]
fn samples_for_review_are_drawn_at_their_laid_out_sizes() {
    if std::env::var("GAMMONBOT_SAMPLES").is_ok() {
        let time = |what: &str, f: &dyn Fn() -> Vec<u8>| {
            let start = std::time::Instant::now();
            for _ in 0..10 {
                std::hint::black_box(f());
            }
            eprintln!("{what}: {:?} per picture", start.elapsed() / 10);
        };
        time("standings, 12 rows", &|| standings_png(&twelve()).unwrap());
        time("standings, 64 rows", &|| {
            let mut t = twenty();
            let rows = t.rows.clone();
            t.rows = rows.iter().cycle().take(64).cloned().collect();
            standings_png(&t).unwrap()
        });
        time("bracket, 16 entrants", &|| {
            bracket_png(&full(16, true)).unwrap()
        });
        time("bracket, 64 entrants", &|| {
            bracket_png(&full(64, true)).unwrap()
        });
    }
    let bracket = |name: &str, b: &Bracket| {
        let png = bracket_png(b).unwrap();
        save(name, &png);
        let img = decode(&png);
        assert_eq!(
            (img.width(), img.height()),
            (bracket_width(b), bracket_height(b)),
            "{name}"
        );
        (img.width(), img.height())
    };
    let sizes = [
        bracket("bracket_2.png", &full(2, true)),
        bracket("bracket_16.png", &full(16, true)),
        bracket("bracket_64_done.png", &full(64, true)),
    ];
    for pair in sizes.windows(2) {
        assert!(pair[0].1 < pair[1].1 && pair[0].0 <= pair[1].0, "{sizes:?}");
    }
    bracket(
        "bracket_empty.png",
        &Bracket {
            rounds: vec![],
            ..six()
        },
    );
    let empty = StandingsTable {
        rows: vec![],
        ..four()
    };
    let png = standings_png(&empty).unwrap();
    save("standings_empty.png", &png);
    let img = decode(&png);
    assert_eq!(
        (img.width(), img.height()),
        (STANDINGS_WIDTH, standings_height(&empty))
    );
    let words = (116..152)
        .flat_map(|y| (0..STANDINGS_WIDTH).map(move |x| (x, y)))
        .filter(|&(x, y)| *img.get_pixel(x, y) == MUTED)
        .count();
    assert!(
        words > 50,
        "{words} pixels of words in the empty table's row"
    );
}

/// A double elimination of four, the winners' final not yet decided: the line from the
/// winners' final runs into the grand final's upper slot, where the winners' champion
/// goes (X), not the lower one, the losers' champion's (O).
#[test]
fn the_winners_final_feeds_the_grand_finals_upper_slot_before_it_is_decided() {
    use BracketSlot::Pending;
    use Seat::{Bottom, Top};
    let round = |name: &str, matches: Vec<BracketMatch>| BracketRound {
        name: name.into(),
        matches,
    };
    let b = Bracket {
        title: "Double Cup".into(),
        subtitle: "Season 1 \u{b7} double elimination, bracket reset".into(),
        rounds: vec![
            round(
                "Winners' round 1",
                vec![
                    m(p("gwen", 1), p("jac", 4), Some(Top), Some("1\u{2013}0")),
                    m(p("huw", 2), p("ifor", 3), Some(Top), Some("1\u{2013}0")),
                ],
            ),
            round(
                "Winners' final",
                vec![m(p("gwen", 1), p("huw", 2), None, None)],
            ),
            round("Grand final", vec![m(Pending, Pending, None, None)]),
        ],
        losers: vec![
            round(
                "Losers' round 1",
                vec![m(p("jac", 4), p("ifor", 3), Some(Bottom), None)],
            ),
            round("Losers' final", vec![m(p("ifor", 3), Pending, None, None)]),
        ],
    };
    let png = bracket_png(&b).expect("encodes");
    save("double_4_grand_final_pending.png", &png);
    let img = decode(&png);
    // The winners' final's box: top 165 (between the first round's 128 and 203), in the
    // second column; the grand final's the same height in the third (x 484). The line's
    // last stretch, from the middle of the gap (x 468) to the box, is at the upper slot's
    // middle (165 + 15), and nothing is at the lower one's (165 + 31 + 15).
    assert_ne!(*img.get_pixel(475, 165 + 15), BACKGROUND, "the upper slot");
    assert_eq!(
        *img.get_pixel(475, 165 + 31 + 15),
        BACKGROUND,
        "the lower slot"
    );
}
