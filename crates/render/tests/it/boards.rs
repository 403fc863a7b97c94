//! The board renderer: golden images (compared with a small tolerance), PNG size, the text
//! board and its description (the `render` command: the program's `tests/it/cli_render.rs`).
//!
//! Regenerate the golden images deliberately with `GAMMONBOT_BLESS=1 cargo test -p
//! gammonbot-render --test it boards`, then look at every one before committing.

use std::path::PathBuf;

use engine::welsh::{WelshMatch, WelshRules};
use engine::{Action, Cube, Dice, Match, MatchRules, Position, Ruleset, Setup, Side, Step, Xgid};
use render::{
    CubeView, HEIGHT, LastPlay, Scene, WIDTH, alt_text, render_image, render_png, render_text,
};

fn xgid(s: &str) -> Xgid {
    s.parse().expect("a valid XGID")
}

fn names(mut scene: Scene) -> Scene {
    scene.names = ["alice".into(), "bob".into()];
    scene
}

const START: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10";
/// X on the bar after O's 13/8 6/4*, a stack of seven on X's 6, O owns the cube at 2.
const BAR_AND_HIT: &str = "XGID=-b--A-G-B---dC---d-caa--AA:1:-1:1:63:2:3:0:7:10";
/// A bear-off: X has 9 men off, O 4.
const BEAR_OFF: &str = "XGID=-ABA-B-------------bcdb---:2:1:-1:00:4:4:0:7:10";
/// Eight men on one point, cube owned by X at 4, money.
const STACKED: &str = "XGID=-a-BH---E----a-bb-bbe-----:2:1:1:41:0:0:0:0:10";
/// Welsh: X's full spread in his home board.
const WELSH_SPREAD: &str = "XGID=-AAAAAA-C---eC---c-eb---C-:2:1:-1:42:11:9:0:25:10";

/// The scenes with golden images: start from both sides, bar and a hit with the last play,
/// bear-off trays, a cube offered, a cube owned with a tall stack, Welsh with a full spread
/// and a nominated throw.
fn scenes() -> Vec<(&'static str, Scene)> {
    let start = xgid(START);
    let mut v = vec![
        (
            "start_x",
            names(Scene::from_xgid(&start, Ruleset::Standard, Some(Side::X))),
        ),
        (
            "start_o",
            names(Scene::from_xgid(&start, Ruleset::Standard, Some(Side::O))),
        ),
    ];
    let bar = xgid(BAR_AND_HIT);
    let mut hit = names(Scene::from_xgid(&bar, Ruleset::Standard, Some(Side::X)));
    hit.last_play = Some(LastPlay {
        side: Side::O,
        steps: vec![Step { from: 13, to: 8 }, Step { from: 6, to: 4 }],
        hits: vec![4],
        text: "13/8 6/4*".into(),
    });
    v.push(("bar_and_hit", hit));
    v.push((
        "bear_off",
        names(Scene::from_xgid(&xgid(BEAR_OFF), Ruleset::Standard, None)),
    ));
    // A cube offered, through the match itself: X doubles to 4 holding a cube at 2.
    let m = Match::from_setup(Setup {
        cube: Cube {
            value: 2,
            owner: Some(Side::X),
        },
        score: [2, 1],
        ..Setup::new(MatchRules::match_to(7), Position::start(), Side::X)
    })
    .expect("setup");
    let (m, _) = m.apply(Side::X, &Action::Double).expect("X may double");
    v.push((
        "cube_offered",
        Scene::from_match(&m, ["alice".into(), "bob".into()], None),
    ));
    v.push((
        "stacked",
        names(Scene::from_xgid(
            &xgid(STACKED),
            Ruleset::Standard,
            Some(Side::X),
        )),
    ));
    let mut welsh = names(Scene::from_xgid(&xgid(WELSH_SPREAD), Ruleset::Welsh, None));
    if let Some(d) = welsh.dice.as_mut() {
        d.nominated = true;
    }
    if let Some(w) = welsh.welsh.as_mut() {
        w.nominates_left = [true, false];
        w.washes = 2;
    }
    v.push(("welsh_full_spread", welsh));
    v
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

/// The parts of the picture that hold text and numbers: the players' lines and the match
/// line (top and bottom strips), the cube's column, the trays and their counts, and the
/// band across the middle where the dice and an offered cube stand. (x, y, width, height).
const TEXT_AREAS: [(u32, u32, u32, u32); 5] = [
    (0, 0, WIDTH, 64),
    (0, 536, WIDTH, HEIGHT - 536),
    (0, 0, 66, HEIGHT),
    (682, 0, WIDTH - 682, HEIGHT),
    (66, 262, 682 - 66, 90),
];

fn in_text_area(x: u32, y: u32) -> bool {
    TEXT_AREAS
        .iter()
        .any(|&(ax, ay, w, h)| x >= ax && x < ax + w && y >= ay && y < ay + h)
}

/// How `got` differs from `want`: pixels that differ by more than a blend step on the
/// felt, and in the text areas (where a wrong digit would show).
fn differences(want: &image::RgbImage, got: &image::RgbImage) -> (usize, usize) {
    let (mut felt, mut text) = (0, 0);
    for ((x, y, a), b) in want.enumerate_pixels().zip(got.pixels()) {
        let d = (0..3).map(|k| a.0[k].abs_diff(b.0[k])).max().unwrap_or(0);
        if d > 2 {
            if in_text_area(x, y) {
                text += 1;
            } else {
                felt += 1;
            }
        }
    }
    (felt, text)
}

/// Why `got` does not match the golden image `name`, if it does not: any pixel off in a
/// text area, or more than 0.2% of the felt.
fn mismatch(name: &str, got: &image::RgbImage) -> Option<String> {
    let path = golden(name);
    let want = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless to create it)", path.display()))
        .to_rgb8();
    assert_eq!(want.dimensions(), got.dimensions(), "{name}");
    let (felt, text) = differences(&want, got);
    (text > 0 || felt * 500 > (WIDTH * HEIGHT) as usize)
        .then(|| format!("{name}: {text} pixels differ in the text areas, {felt} on the felt"))
}

/// Given each scene, when it is drawn, then it matches its golden image: every pixel of
/// the text areas (scores, pips, cube, dice, trays) within a blend step, at most 0.2% of
/// the felt differing, and its PNG is at most 60 KB.
#[test]
fn boards_match_their_golden_images() {
    let bless = std::env::var_os("GAMMONBOT_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, scene) in scenes() {
        let png = render_png(&scene).expect("encodes");
        assert!(png.len() <= 60 * 1024, "{name}: {} bytes", png.len());
        let path = golden(name);
        if bless {
            std::fs::write(&path, &png).expect("write golden");
            continue;
        }
        let got = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!((got.width(), got.height()), (WIDTH, HEIGHT));
        if let Some(why) = mismatch(name, &got) {
            let out = std::env::temp_dir().join(format!("gammonbot-{name}.png"));
            std::fs::write(&out, &png).expect("write actual");
            failures.push(format!("{why}; see {}", out.display()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Given the same position from each side, then each viewer's home board is bottom right:
/// the pictures differ, and the text board numbers the points for its viewer.
#[test]
fn each_viewer_sees_his_home_board_bottom_right() {
    let start = xgid(START);
    let x = names(Scene::from_xgid(&start, Ruleset::Standard, Some(Side::X)));
    let o = names(Scene::from_xgid(&start, Ruleset::Standard, Some(Side::O)));
    assert_ne!(render_image(&x), render_image(&o));
    let tx = render_text(&x);
    // X's two back men on his 24 (top right) and O's on X's 1 (bottom right).
    let top_row = tx.lines().nth(2).expect("a row");
    assert!(top_row.ends_with(" X |"), "{top_row}");
    assert!(
        tx.lines()
            .next()
            .unwrap_or("")
            .starts_with(" bob (O, dark)")
    );
    let to = render_text(&o);
    assert!(
        to.lines()
            .next()
            .unwrap_or("")
            .starts_with(" alice (X, light)")
    );
}

/// A stack taller than five shows its count, in the picture's text and the diagram.
#[test]
fn a_tall_stack_shows_its_count() {
    let s = names(Scene::from_xgid(
        &xgid(STACKED),
        Ruleset::Standard,
        Some(Side::X),
    ));
    let text = render_text(&s);
    assert!(text.contains(" 8 "), "{text}");
    assert!(alt_text(&s).contains("8 on 4"), "{}", alt_text(&s));
}

/// Money play shows its stakes beside the cube's place in the match line.
#[test]
fn money_play_shows_its_stakes() {
    let mut s = names(Scene::from_xgid(
        &xgid(STACKED),
        Ruleset::Standard,
        Some(Side::X),
    ));
    s.score.stakes = Some("1.00 a point".into());
    let text = render_text(&s);
    assert!(
        text.contains("money game, 1.00 a point; cube 4, owned by alice"),
        "{text}"
    );
}

/// The description says whose side, the score, where every man stands, the cube, the dice,
/// the last play and who acts.
#[test]
fn alt_text_describes_the_whole_board() {
    let (_, hit) = scenes().swap_remove(2);
    let alt = alt_text(&hit);
    for part in [
        "Backgammon board from alice's side, 7-point match",
        "alice (light): score 2, pips 150; 1 on the bar, 1 on 24, 3 on 13, 2 on 8, 7 on 6, 1 on 4",
        "bob (dark): score 3",
        "Cube 2, owned by bob",
        "alice threw 6-3",
        "Last play: bob 13/8 6/4*",
        "alice to act",
    ] {
        assert!(alt.contains(part), "missing `{part}` in {alt}");
    }
    assert!(alt.len() <= 1024, "Discord's alt text limit");
}

/// Welsh: the roof, the stream, nominate cards, a full spread, washes, the doubling die.
#[test]
fn welsh_board_text_shows_its_own_elements() {
    let (_, welsh) = scenes().pop().expect("the Welsh scene");
    let text = render_text(&welsh);
    assert!(text.contains("stream"), "{text}");
    assert!(text.contains("[nominate card]"), "{text}");
    assert!(text.contains("2 washes"), "{text}");
    assert!(text.contains("alice has a full spread"), "{text}");
    assert!(text.contains("doubling die 4, alice may turn it"), "{text}");
    assert!(text.contains("to play 4-2 (nominated)"), "{text}");
    let m = WelshMatch::new(WelshRules::default());
    let s = Scene::from_welsh(&m, ["alice".into(), "bob".into()], None);
    assert_eq!(
        s.cube,
        CubeView::Welsh {
            value: 1,
            right: None
        }
    );
    assert!(alt_text(&s).starts_with("Welsh backgammon board"));
}

/// The last play found from the board before it: hits are where a lone man stood.
#[test]
fn last_play_finds_its_hits_by_replaying() {
    let before = Position::start().view(Side::X);
    let mut b = *before.points();
    b[5] = -1; // an O blot on X's 5
    b[12] += 1; // (keep fifteen men: O's 13 point had five)
    let before = engine::Board::new(b).expect("valid");
    let last = LastPlay::new(
        Side::X,
        &before,
        &[Step { from: 8, to: 5 }, Step { from: 6, to: 5 }],
        "8/5* 6/5".into(),
    );
    assert_eq!(last.hits, vec![5]);
    let _ = Dice::new(3, 1);
}

/// Given the bar-and-hit scene with one number changed (a score, a pip count, the cube,
/// a die), when it is drawn, then it no longer matches the golden image. (The score, cube
/// and dice changes move 57, 114 and 207 pixels: fewer than the 960 that a tolerance over
/// the whole picture allowed.)
#[test]
fn one_wrong_number_on_the_board_fails_the_golden_comparison() {
    let (name, scene) = scenes().swap_remove(2);
    assert_eq!(name, "bar_and_hit");
    let mut score = scene.clone();
    score.score.score[1] = 4;
    // One of X's seven men on his 6 moved to his 5: pips 150 become 149.
    let mut pips = scene.clone();
    let mut points = *pips.position.view(Side::X).points();
    points[6] -= 1;
    points[5] += 1;
    pips.position = Position::from_view(Side::X, &engine::Board::new(points).unwrap());
    let mut cube = scene.clone();
    cube.cube = CubeView::Owned {
        value: 4,
        owner: Side::O,
    };
    let mut dice = scene.clone();
    if let Some(d) = dice.dice.as_mut() {
        d.values = [5, 3];
    }
    for (what, changed) in [
        ("score", score),
        ("pips", pips),
        ("cube", cube),
        ("dice", dice),
    ] {
        assert_ne!(changed, scene, "{what}");
        let got = render_image(&changed);
        let why = mismatch(name, &got);
        assert!(why.is_some(), "a wrong {what} matched the golden image");
        eprintln!("wrong {what}: {}", why.unwrap_or_default());
    }
}

/// Issue 30, item 7: given a player named in a script the board's font lacks (李雷), when
/// the board is drawn, then the name is drawn in letters from the fallback font, not as the
/// missing-glyph boxes two unassigned characters draw, and the PNG stays under 60 KB.
#[test]
fn a_chinese_name_is_drawn_in_letters_not_empty_boxes() {
    let mut scene = Scene::from_xgid(&xgid(BAR_AND_HIT), Ruleset::Standard, Some(Side::X));
    scene.names = ["李雷".into(), "Дмитрий".into()];
    assert_eq!(render::missing_glyphs("李雷"), Vec::<char>::new());
    let png = render_png(&scene).expect("encodes");
    std::fs::write(
        std::env::temp_dir().join("gammonbot-chinese-name.png"),
        &png,
    )
    .expect("write the picture to look at");
    assert!(png.len() <= 60 * 1024, "{} bytes", png.len());
    let mut boxes = scene.clone();
    boxes.names[0] = "\u{F0000}\u{F0001}".into();
    assert!(
        render_image(&scene) != render_image(&boxes),
        "李雷 is drawn as two missing-glyph boxes"
    );
}
