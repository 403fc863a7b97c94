//! What players read, part A of issue 30: a refusal names the real reason; names, not
//! ids, and no gendered pronouns; the stakes at the moment of decision; no stale board
//! after a Welsh wash; a Welsh break holds the game. One test (or a few) per item, named
//! `item_NN_...`.

use engine::welsh::{Throw, resolve_welsh_play};
use engine::{Dice, Position, Side, resolve_play};
use testkit::source::rust_files;

fn start_x() -> engine::Board {
    Position::start().view(Side::X)
}

fn refusal(dice: (u8, u8), text: &str) -> String {
    let d = Dice::new(dice.0, dice.1).unwrap();
    resolve_play(&start_x(), d, text)
        .map(|l| format!("accepted: {l:?}"))
        .unwrap_or_else(|e| e.to_string())
}

fn welsh_refusal(board: &engine::Board, throw: Throw, text: &str) -> String {
    resolve_welsh_play(board, throw, text)
        .map(|l| format!("accepted: {l:?}"))
        .unwrap_or_else(|e| e)
}

// Item 1 -------------------------------------------------------------------------------

#[test]
fn item_01_standard_a_die_not_rolled_is_named_before_a_blocked_point() {
    // Given 4-2 from the start, When `6/1 6/4` is typed (6/1 needs a 5; the 1 point is
    // also held by the opponent), Then the refusal names the missing 5, not the 1 point
    let e = refusal((4, 2), "6/1 6/4");
    assert!(e.contains("`6/1` needs a 5") && e.contains("4-2"), "{e}");
    assert!(!e.contains("blocked"), "{e}");
}

#[test]
fn item_01_standard_a_blocked_point_on_the_way_is_named_with_its_number() {
    // Given 1-1 from the start, When `13/10 6/5` (13/10 fits 1-1 but passes the 12 point,
    // held by the opponent), Then the refusal names the 12 point
    let e = refusal((1, 1), "13/10 6/5");
    assert!(e.contains("12 point") && e.contains("blocked"), "{e}");
    assert!(!e.contains("does not fit"), "{e}");
}

#[test]
fn item_01_standard_a_checker_that_is_not_there_and_a_die_used_twice() {
    let e = refusal((6, 5), "20/14 13/8");
    assert!(e.contains("no checker on 20"), "{e}");
    // The 5 of 6-5 used twice
    let e = refusal((6, 5), "13/8 8/3");
    assert!(e.contains("`8/3`") && e.contains("already use"), "{e}");
    // Landing on a held point is still named as such
    let e = refusal((5, 1), "24/23 13/12");
    assert!(e.contains("the 12 point is blocked"), "{e}");
}

#[test]
fn item_01_welsh_skinny_sevens_is_named_by_number_and_name() {
    // Given a (nominated) 5-2 from the start, When `8/3 6/4` (8/3 crosses the central bar)
    let e = welsh_refusal(&start_x(), Throw::Two(5, 2), "8/3 6/4");
    // Then the refusal cites Skinny Sevens, rule 9, and not rules 7, 15, 18
    assert!(e.contains("rule 9") && e.contains("Skinny Sevens"), "{e}");
    assert!(
        !e.contains("rule 7") && !e.contains("15") && !e.contains("18"),
        "{e}"
    );
}

#[test]
fn item_01_welsh_crossing_the_stream_checking_out_and_unplayed_values() {
    // 13/11 on 2-1 from far spike 6: a man leaves the far outer board only with exactly 6
    // (rule 15).
    let e = welsh_refusal(&start_x(), Throw::Two(2, 1), "13/10");
    assert!(
        e.contains("rule 15") && e.contains("Crossing The Stream"),
        "{e}"
    );
    // Checking out with men outside home (rule 18)
    let b = testkit::position(&[(8, 1), (3, 14)], &[(1, 15)]).view(Side::X);
    let e = welsh_refusal(&b, Throw::Two(3, 1), "3/off 8/7");
    assert!(e.contains("rule 18") && e.contains("Checking-Out"), "{e}");
    // A larger value busts (rule 18)
    let b = testkit::position(&[(2, 2), (1, 1)], &[(1, 15)]).view(Side::X);
    let e = welsh_refusal(&b, Throw::Two(6, 5), "2/off");
    assert!(e.contains("exactly 2") && e.contains("rule 18"), "{e}");
    // A value left unplayed (rule 7)
    let e = welsh_refusal(&start_x(), Throw::Two(6, 5), "24/18");
    assert!(e.contains("the 5") && e.contains("rule 7"), "{e}");
}

// Item 2 -------------------------------------------------------------------------------

/// 3-away / 1-away... the leader at 3-1 of a 5-point match (post-Crawford) holds a 2 cube
/// and redoubles: a drop would give the leader the match.
fn must_take_match() -> engine::Match {
    use engine::{Action, Cube, Match, MatchRules, Setup};
    let mut s = Setup::new(MatchRules::match_to(5), Position::start(), Side::X);
    s.score = [3, 1];
    s.post_crawford = true;
    s.cube = Cube {
        value: 2,
        owner: Some(Side::X),
    };
    let m = Match::from_setup(s).unwrap();
    m.apply(Side::X, &Action::Double).unwrap().0
}

#[test]
fn item_02_a_double_that_may_not_be_dropped_offers_only_take_and_says_why() {
    use club::{NextUp, Outcome, next_words};
    use engine::AnyMatch;
    use render::{Scene, render_text};
    let m = must_take_match();
    assert!(!m.drop_allowed());
    // The prompt
    let words = next_words(&AnyMatch::Standard(m.clone()));
    assert_eq!(
        words,
        "take (a drop would end the match, which the rules do not allow)"
    );
    // The board (text and PNG share the prompt words)
    let mut scene = Scene::from_match(&m, ["alice".into(), "bob".into()], None);
    scene.prompt = Some(words.clone());
    let text = render_text(&scene);
    assert!(text.contains("a drop would end the match"), "{text}");
    if let Ok(dir) = std::env::var("ITEM_PNG_DIR") {
        let png = render::render_png(&scene).unwrap();
        std::fs::write(format!("{dir}/item_02_must_take.png"), png).unwrap();
    }
    // The buttons: Take, no Drop (made from the same choices as the words)
    let out = Outcome {
        match_id: Some(1.into()),
        version: Some(3),
        next: Some(NextUp::new(
            1.into(),
            "bob",
            "bob",
            club::next_choices(&AnyMatch::Standard(m.clone())),
        )),
        ..Outcome::default()
    };
    let rows = serde_json::to_string(&gammonbot::discord::buttons(&out)).unwrap();
    assert!(rows.contains("gb:take:1:3"), "{rows}");
    assert!(!rows.contains("gb:drop"), "{rows}");
    // The refusal of /drop says the same
    let e = m
        .apply(Side::O, &engine::Action::Drop)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a drop would end the match, which the rules do not allow"),
        "{e}"
    );
}

#[test]
fn item_02_a_double_that_may_be_dropped_still_offers_both() {
    use club::next_words;
    use engine::{Action, AnyMatch, Match, MatchRules, Setup};
    let m = Match::from_setup(Setup::new(
        MatchRules::match_to(5),
        Position::start(),
        Side::X,
    ))
    .unwrap();
    let m = m.apply(Side::X, &Action::Double).unwrap().0;
    assert!(m.drop_allowed());
    assert_eq!(next_words(&AnyMatch::Standard(m)), "take or drop");
}

// Items 5 onwards: the club through the local chat ----------------------------------------

mod chat {
    use std::sync::Arc;

    use club::{Club, ManualClock, RngDice};
    use gammonbot::console::run_line;
    use store::Store;

    pub struct Chat {
        pub club: Arc<Club>,
    }

    pub async fn open(name: &str, seed: u64) -> Chat {
        let store = Store::open(&testkit::store_url(name).await).await.unwrap();
        let club = Arc::new(Club::new(
            store,
            Arc::new(RngDice::seeded(seed)),
            Arc::new(ManualClock::new(1_800_000_000)),
        ));
        Chat { club }
    }

    impl Chat {
        /// A line the club accepts: its text.
        pub async fn say(&self, line: &str) -> String {
            let (text, refused) = run_line(&self.club, line, None).await;
            assert!(!refused, "`{line}` was refused:\n{text}");
            text
        }
        /// A line the club refuses: its text.
        pub async fn refused(&self, line: &str) -> String {
            let (text, refused) = run_line(&self.club, line, None).await;
            assert!(refused, "`{line}` was accepted:\n{text}");
            text
        }
    }

    /// The `-> name to what` line of a reply.
    pub fn next(text: &str) -> Option<(String, String)> {
        let line = text.lines().find_map(|l| l.strip_prefix("-> "))?;
        let (name, what) = line.split_once(" to ")?;
        Some((name.to_string(), what.to_string()))
    }
}

#[tokio::test]
async fn item_05_a_chouette_refusal_names_the_member_not_an_id() {
    let c = chat::open("reasons_chouette_names", 3).await;
    c.say("ann: /chouette create cubes:multiple order:joined")
        .await;
    for who in ["ben", "cat", "dan"] {
        c.say(&format!("{who}: /chouette join")).await;
    }
    let mut text = c.say("ann: /chouette start").await;
    // Play on until the team is to roll (and may double).
    for _ in 0..20 {
        let (name, what) = chat::next(&text).expect("someone to act");
        if name != "ann" && what.contains("double") {
            break;
        }
        text = if what.starts_with("move") {
            let moves = c.say(&format!("{name}: /chouette moves")).await;
            let first = moves
                .lines()
                .find_map(|l| l.strip_prefix("Legal plays: "))
                .map_or("pass", |l| l.split(", ").next().unwrap_or("pass"))
                .to_string();
            c.say(&format!("{name}: /chouette move {first}")).await
        } else {
            c.say(&format!("{name}: /chouette roll")).await
        };
    }
    let (name, _) = chat::next(&text).unwrap();
    let other = ["ben", "cat", "dan"]
        .into_iter()
        .find(|n| *n != name)
        .unwrap();
    c.say(&format!("{name}: /chouette double")).await;
    let e = c.refused(&format!("ann: /chouette take {other}")).await;
    assert!(e.contains(&format!("{other} has not doubled you")), "{e}");
    assert!(!e.contains("player "), "{e}");
}

// Item 6 -------------------------------------------------------------------------------

/// Every string literal in `tokens` (doc comments left out: they are not messages), with
/// its file.
fn string_literals(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
    use proc_macro2::TokenTree;
    let mut prev: Vec<String> = Vec::new();
    for t in tokens {
        match &t {
            TokenTree::Group(g) => string_literals(g.stream(), out),
            TokenTree::Literal(l) => {
                let text = l.to_string();
                let is_doc =
                    prev.len() >= 2 && prev[prev.len() - 2] == "doc" && prev[prev.len() - 1] == "=";
                if !is_doc && (text.starts_with('"') || text.starts_with('r')) {
                    out.push(text);
                }
            }
            _ => {}
        }
        prev.push(t.to_string());
    }
}

#[test]
fn item_06_no_message_template_uses_a_gendered_pronoun() {
    // Given every string literal of the program (messages, help, button labels)
    // (the program's own src/ and its crates: crates/*/src but the tests' testkit, fuzz/src).
    let mut files = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    files.extend(rust_files(&root.join("src")));
    files.extend(rust_files(&root.join("fuzz/src")));
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = krate.unwrap().path().join("src");
        if src.is_dir() && !src.starts_with(root.join("crates/testkit")) {
            files.extend(rust_files(&src));
        }
    }
    let pronouns = [
        "he", "his", "him", "himself", "she", "her", "hers", "herself",
    ];
    let mut found = Vec::new();
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        let tokens: proc_macro2::TokenStream = src.parse().unwrap();
        let mut lits = Vec::new();
        string_literals(tokens, &mut lits);
        for lit in lits {
            let words = lit
                .split(|c: char| !c.is_ascii_alphabetic())
                .map(str::to_ascii_lowercase);
            if words.into_iter().any(|w| pronouns.contains(&w.as_str())) {
                found.push(format!("{}: {lit}", f.display()));
            }
        }
    }
    // Then none says he, his, him, she or her of a player
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[tokio::test]
async fn item_06_a_nomination_names_whose_throw_it_is_without_pronouns() {
    let c = chat::open("reasons_nominate_words", 5).await;
    c.say("gwen: /challenge huw rules:welsh").await;
    c.say("huw: /accept").await;
    let text = c.say("huw: /call odds").await;
    let (chooser, _) = chat::next(&text).expect("someone chooses");
    let text = c.say(&format!("{chooser}: /choose me")).await;
    let (starter, _) = chat::next(&text).expect("someone throws");
    let text = c.say(&format!("{starter}: /nominate me 5-2")).await;
    assert!(
        text.contains(&format!(
            "{starter} nominates 5-2 for {starter}'s own next throw"
        )),
        "{text}"
    );
}

// Items 8 and 9 ------------------------------------------------------------------------

#[tokio::test]
async fn item_08_09_a_resignation_offer_says_its_amount_and_a_finished_money_game_the_running_net()
{
    let c = chat::open("reasons_resign_money", 7).await;
    c.say("alice: /challenge bob length:money stake:1.00 jacoby:off")
        .await;
    c.say("bob: /accept").await;
    // Each game of a money session waits for its opening throw.
    c.say("alice: /roll").await;
    let text = c.say("bob: /resign gammon").await;
    assert!(
        text.contains(
            "bob offers to resign (gammon): accepting gives alice 2 points (gammon x2, cube 1)"
        ),
        "{text}"
    );
    assert!(
        text.contains("At 1.00 a point, accepting makes bob pay alice 2.00"),
        "{text}"
    );
    // Item 9: the finished game says what was paid and the session's running net
    let text = c.say("alice: /resign accept").await;
    assert!(
        text.contains("bob pays alice 2.00 (2 points at 1.00 a point); the session so far: alice +2.00 (2 points)"),
        "{text}"
    );
    c.say("bob: /roll").await;
    let text = c.say("alice: /resign single").await;
    assert!(text.contains("accepting gives bob 1 point"), "{text}");
    let text = c.say("bob: /resign accept").await;
    assert!(
        text.contains("alice pays bob 1.00 (1 point at 1.00 a point); the session so far: alice +1.00 (1 point)"),
        "{text}"
    );
}

#[tokio::test]
async fn item_08_with_jacoby_a_gammon_resignation_counts_single() {
    let c = chat::open("reasons_resign_jacoby", 7).await;
    c.say("alice: /challenge bob length:money jacoby:on").await;
    c.say("bob: /accept").await;
    c.say("alice: /roll").await;
    let text = c.say("bob: /resign gammon").await;
    assert!(
        text.contains("accepting gives alice 1 point (the Jacoby rule"),
        "{text}"
    );
}

#[tokio::test]
async fn item_08_in_match_play_an_offer_says_whether_accepting_ends_the_match() {
    let c = chat::open("reasons_resign_match", 7).await;
    c.say("alice: /challenge bob length:3").await;
    c.say("bob: /accept").await;
    let text = c.say("bob: /resign single").await;
    assert!(
        text.contains("accepting gives alice 1 point; the match goes on at alice 1, bob 0 (to 3)"),
        "{text}"
    );
    c.say("alice: /resign reject").await;
    let text = c.say("bob: /resign backgammon").await;
    assert!(
        text.contains("accepting gives alice 3 points (backgammon x3, cube 1); accepting ends the match: alice wins it"),
        "{text}"
    );
}

// Item 4 -------------------------------------------------------------------------------

#[test]
fn item_04_a_repeated_challenge_option_is_refused() {
    for (line, key) in [
        ("alice: /challenge bob length:5 length:7", "length"),
        ("alice: /challenge bob rules:welsh rules:standard", "rules"),
        (
            "alice: /challenge bob length:money stake:1 stake:2",
            "stake",
        ),
    ] {
        let e = gammonbot::console::parse_line(line).expect_err(line);
        assert!(
            e.0.contains(&format!("`{key}` is given twice")),
            "{line}: {}",
            e.0
        );
    }
    assert!(gammonbot::console::parse_line("alice: /challenge bob length:7").is_ok());
}

#[tokio::test]
async fn item_04_the_move_time_limit_says_the_time_allowed_for_a_move() {
    let c = chat::open("reasons_move_time", 1).await;
    let e = c.refused("alice: /challenge bob move:40d").await;
    assert!(
        e.contains("the time allowed for a move is 0 to 30 days"),
        "{e}"
    );
}
