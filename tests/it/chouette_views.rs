//! What chouette players see: the legal plays (`/chouette moves`), a board with each
//! member's own cube and the last play, the standings between games only, a gammon named
//! in the settlement lines, and the README's example typed as it stands.

use std::sync::Arc;

use club::{
    Actor, ChouetteOp, ChouetteRef, ChouetteSpec, Club, Command, ManualClock, Outcome, RngDice,
};
use engine::chouette::{BOX, Chouette, ChouettePhase};
use gammonbot::console::{parse_line, run_line};
use render::{CubeView, Scene, render_image};
use store::Store;

use clubkit::ScriptDice;
use testkit::{position, store_url};

async fn open(name: &str, dice: &[u8]) -> (Club, Store) {
    let store = Store::open(&store_url(name).await).await.unwrap();
    let club = Club::new(
        store.clone(),
        Arc::new(ScriptDice::new(dice)),
        Arc::new(ManualClock::new(1_800_000_000)),
    );
    (club, store)
}

async fn run(club: &Club, who: &str, op: ChouetteOp) -> Outcome {
    let cmd = Command::Chouette(ChouetteRef::default(), op.clone());
    club.execute(&Actor::local(who), cmd)
        .await
        .unwrap_or_else(|e| panic!("{who}: {op:?}: {e}"))
}

/// ann (box), ben (captain) and cat, in that line; game 1 started. The opening throw is
/// the first two dice (box's die first).
async fn started(club: &Club) -> Outcome {
    let spec = ChouetteSpec {
        shuffle: false,
        ..ChouetteSpec::default()
    };
    run(club, "ann", ChouetteOp::Create(spec)).await;
    run(club, "ben", ChouetteOp::Join).await;
    run(club, "cat", ChouetteOp::Join).await;
    run(club, "ann", ChouetteOp::Start).await
}

#[tokio::test]
async fn chouette_moves_lists_the_legal_plays_of_the_roll_in_hand() {
    let (club, _) = open("chouette-moves", &[4, 1]).await;
    let out = started(&club).await;
    assert_eq!(out.next.unwrap().name, "ann", "the box won the opening 4-1");
    // Anyone at the table may look: the box, the captain, the crew
    for who in ["ann", "ben", "cat"] {
        let out = run(&club, who, ChouetteOp::Moves).await;
        let listed = out
            .lines
            .iter()
            .find(|l| l.starts_with("Legal plays:"))
            .unwrap_or_else(|| panic!("{who}: {:?}", out.lines));
        assert!(listed.contains("24/23 13/9"), "{listed}");
        assert!(out.board.is_some(), "with the board");
    }
    let (_, cmd) = parse_line("ben: /chouette moves").unwrap().unwrap();
    assert_eq!(
        cmd,
        Command::Chouette(ChouetteRef::default(), ChouetteOp::Moves)
    );
}

/// The board of the session as it stands (ben asks).
async fn board(club: &Club) -> (Scene, Vec<String>) {
    let out = run(club, "ben", ChouetteOp::Board).await;
    (out.board.expect("a board mid-game"), out.lines)
}

#[tokio::test]
async fn the_board_shows_each_members_own_cube_and_the_last_play() {
    // The box wins the opening with 4-1 and plays; the team rolls later.
    let (club, _) = open("chouette-cubes", &[4, 1]).await;
    started(&club).await;
    run(&club, "ann", ChouetteOp::Move("24/23 13/9".into())).await;
    // The last play is on the board for everyone who looks
    let (scene, lines) = board(&club).await;
    let last = scene.last_play.as_ref().expect("the last play is shown");
    assert_eq!(last.text, "24/23 13/9");
    assert!(
        !lines.iter().any(|l| l.starts_with("Standings")),
        "no standings mid-game: {lines:?}"
    );
    // cat (crew) doubles his own cube; the box takes it
    run(&club, "cat", ChouetteOp::Double(Vec::new())).await;
    run(&club, "ann", ChouetteOp::Take(Some("cat".into()))).await;
    let (scene, _) = board(&club).await;
    let cubes: Vec<(String, u64, String)> = scene
        .team_cubes
        .iter()
        .map(|c| (c.name.clone(), c.value, c.state.clone()))
        .collect();
    assert_eq!(
        cubes,
        [
            ("ben".to_string(), 1, "centred".to_string()),
            ("cat".to_string(), 2, "box's".to_string())
        ]
    );
    // The picture draws each member's cube, not one cube for the table: the single cube
    // of the scene is not drawn, and each member's value is.
    let drawn = render_image(&scene);
    let mut other_cube = scene.clone();
    other_cube.cube = CubeView::Owned {
        value: 8,
        owner: BOX,
    };
    assert!(
        drawn == render_image(&other_cube),
        "the table's single cube (a centred 64) is not drawn in a chouette"
    );
    let mut cat_at_4 = scene.clone();
    cat_at_4.team_cubes[1].value = 4;
    assert!(
        drawn != render_image(&cat_at_4),
        "each member's own cube is drawn"
    );
    let path = std::env::temp_dir().join("chouette-cubes.png");
    std::fs::write(&path, render::render_png(&scene).unwrap()).unwrap();
}

#[tokio::test]
async fn a_gammon_is_called_a_gammon_and_the_standings_come_between_games() {
    // The box wins the opening 4-1 and plays; then he bears off his last man with 6-5.
    let (club, store) = open("chouette-gammon", &[4, 1, 6, 5]).await;
    started(&club).await;
    run(&club, "ann", ChouetteOp::Move("24/23 13/9".into())).await;
    // Plant a race the box is about to win: his last man on his 1-point, the team's
    // fifteen men still on their 6-point (none off): a gammon.
    let row = store.load_chouette(1).await.unwrap().unwrap();
    let c: Chouette = serde_json::from_str(&row.state).unwrap();
    let c = c.at(position(&[(1, 1)], &[(6, 15)]), BOX);
    let state = serde_json::to_string(&c).unwrap();
    store
        .commit_chouette(1, row.version, &state, &[], &[], 1_800_000_000, None)
        .await
        .unwrap();
    let out = run(&club, "ann", ChouetteOp::Roll).await;
    let text = out.lines.join("\n");
    for member in ["ben", "cat"] {
        assert!(
            out.lines
                .iter()
                .any(|l| l.starts_with(member) && l.contains("gammon") && l.contains('2')),
            "{member}'s settlement names the gammon: {text}"
        );
    }
    // Between games: the standings, on the lines and on the board
    let after: Chouette =
        serde_json::from_str(&store.load_chouette(1).await.unwrap().unwrap().state).unwrap();
    assert_eq!(after.phase(), ChouettePhase::Waiting);
    let out = run(&club, "ben", ChouetteOp::Board).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.starts_with("Standings after 1 game: ann +4")),
        "{:?}",
        out.lines
    );
    let scene = out.board.expect("the final position between games");
    assert!(
        scene
            .standings
            .as_deref()
            .is_some_and(|s| s.contains("ann +4")),
        "{:?}",
        scene.standings
    );
    assert!(scene.to_act.is_none() && scene.dice.is_none());
    let path = std::env::temp_dir().join("chouette-standings.png");
    std::fs::write(&path, render::render_png(&scene).unwrap()).unwrap();
}

/// The README's chouette example, line by line as typed.
fn readme_chouette_lines() -> Vec<String> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    readme
        .lines()
        .filter(|l| {
            l.split_once(": /chouette")
                .is_some_and(|(name, _)| !name.contains(' ') && !name.contains('`'))
        })
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn the_readme_chouette_example_works_as_typed_whatever_the_dice() {
    let lines = readme_chouette_lines();
    assert!(lines.len() >= 5, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("/chouette board")),
        "the example shows how to see the box and the captain: {lines:?}"
    );
    for seed in 1..=6 {
        let store = Store::open(&store_url(&format!("chouette-readme-{seed}")).await)
            .await
            .unwrap();
        let club = Club::new(
            store,
            Arc::new(RngDice::seeded(seed)),
            Arc::new(ManualClock::new(1_800_000_000)),
        );
        for line in &lines {
            let (out, refused) = run_line(&club, line, None).await;
            assert!(!refused, "seed {seed}: `{line}` refused: {out}");
        }
    }
}

/// Plants session 1 at `position` with `to_roll` about to roll.
async fn plant(store: &Store, position: engine::Position, to_roll: engine::Side) {
    let row = store.load_chouette(1).await.unwrap().unwrap();
    let c: Chouette = serde_json::from_str(&row.state).unwrap();
    let state = serde_json::to_string(&c.at(position, to_roll)).unwrap();
    store
        .commit_chouette(1, row.version, &state, &[], &[], 1_800_000_000, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn chouette_board_names_the_box_and_the_captain_with_their_roles_and_no_score() {
    let (club, store) = open("chouette-roles", &[4, 1, 6, 5]).await;
    started(&club).await;
    run(&club, "ann", ChouetteOp::Move("24/23 13/9".into())).await;
    let (scene, _) = board(&club).await;
    let text = render::render_text(&scene);
    assert!(
        text.contains("ann (X, light)  box  pips"),
        "the box named with the role: {text}"
    );
    assert!(
        text.contains("ben (O, dark)  captain  pips"),
        "the captain named with the role: {text}"
    );
    assert!(
        !text.contains("score"),
        "no match score in a chouette: {text}"
    );
    // The game ends (the team bears off): the final board still names that game's box
    // and captain, though the line has turned.
    plant(
        &store,
        position(&[(6, 15)], &[(1, 1)]),
        engine::chouette::TEAM,
    )
    .await;
    run(&club, "ben", ChouetteOp::Roll).await;
    let out = run(&club, "ben", ChouetteOp::Board).await;
    let scene = out.board.expect("the final position between games");
    assert_eq!(scene.names, ["ann".to_string(), "ben".to_string()]);
    let text = render::render_text(&scene);
    assert!(
        !text.contains("the box") && !text.contains("the team"),
        "{text}"
    );
    assert!(text.contains("ann (X, light)  box"), "{text}");
    let path = std::env::temp_dir().join("chouette-roles-end.png");
    std::fs::write(&path, render::render_png(&scene).unwrap()).unwrap();
}

#[tokio::test]
async fn chouette_end_of_game_board_says_won_for_a_member_who_won_not_out() {
    let (club, store) = open("chouette-won", &[4, 1, 6, 5]).await;
    started(&club).await;
    run(&club, "ann", ChouetteOp::Move("24/23 13/9".into())).await;
    plant(
        &store,
        position(&[(6, 15)], &[(1, 1)]),
        engine::chouette::TEAM,
    )
    .await;
    run(&club, "ben", ChouetteOp::Roll).await;
    let out = run(&club, "ben", ChouetteOp::Board).await;
    let scene = out.board.expect("the final position between games");
    let cubes: Vec<(String, String)> = scene
        .team_cubes
        .iter()
        .map(|c| (c.name.clone(), c.state.clone()))
        .collect();
    assert_eq!(
        cubes,
        [
            ("ben".to_string(), "won +2".to_string()),
            ("cat".to_string(), "won +2".to_string())
        ]
    );
}

#[tokio::test]
async fn chouette_prompt_sits_with_the_member_who_must_answer_the_double() {
    let (club, store) = open("chouette-answer", &[4, 1]).await;
    started(&club).await;
    plant(&store, engine::Position::start(), BOX).await;
    // The box doubles every member; ben (captain) takes, cat must still answer.
    run(&club, "ann", ChouetteOp::Double(Vec::new())).await;
    let out = run(&club, "ben", ChouetteOp::Take(None)).await;
    assert_eq!(out.next.as_ref().unwrap().name, "cat");
    let scene = out.board.unwrap();
    let text = render::render_text(&scene);
    let ben_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("ben (O"))
        .unwrap();
    assert!(
        ben_line.ends_with("<- cat to take or drop"),
        "the prompt names cat, not the captain: {text}"
    );
    let path = std::env::temp_dir().join("chouette-answer.png");
    std::fs::write(&path, render::render_png(&scene).unwrap()).unwrap();
}

#[tokio::test]
async fn chouette_with_two_players_does_not_suggest_start() {
    let (club, _) = open("chouette-two", &[4, 1]).await;
    let spec = ChouetteSpec {
        shuffle: false,
        ..ChouetteSpec::default()
    };
    run(&club, "ann", ChouetteOp::Create(spec)).await;
    let out = run(&club, "ben", ChouetteOp::Join).await;
    let text = out.lines.join("\n");
    assert!(!text.contains("/chouette start"), "{text}");
    assert!(text.contains("/chouette join"), "{text}");
    let out = run(&club, "cat", ChouetteOp::Join).await;
    let text = out.lines.join("\n");
    assert!(text.contains("/chouette start to play game 1"), "{text}");
}
