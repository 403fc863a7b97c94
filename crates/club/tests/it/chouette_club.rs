//! Chouette sessions through the club on a real SQLite file: a whole seeded session of
//! several games, rebuilt from its log, and a session surviving a restart.

use std::sync::Arc;

use club::{
    Actor, ChouetteEntry, ChouetteOp, ChouetteRef, ChouetteSpec, Club, Command, Look, ManualClock,
    Outcome, RngDice, rebuild_chouette,
};
use engine::chouette::{Chouette, ChouetteEvent, ChouettePhase, Consultation};
use engine::format_play;
use store::Store;

use testkit::{Rng, store_url};

async fn open(url: &str, seed: u64) -> (Arc<Club>, Store) {
    let store = Store::open(url).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(seed)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    (club, store)
}

async fn run(club: &Club, who: &str, op: ChouetteOp) -> Outcome {
    let cmd = Command::Chouette(ChouetteRef::default(), op.clone());
    club.execute(&Actor::local(who), cmd)
        .await
        .unwrap_or_else(|e| panic!("{who}: {op:?}: {e}"))
}

async fn state(store: &Store, id: i64) -> Chouette {
    serde_json::from_str(&store.load_chouette(id).await.unwrap().unwrap().state).unwrap()
}

async fn log(store: &Store, id: i64) -> Vec<ChouetteEntry> {
    store
        .chouette_actions(id)
        .await
        .unwrap()
        .iter()
        .map(|(_, e)| serde_json::from_str(e).unwrap())
        .collect()
}

const NAMES: [&str; 4] = ["ann", "ben", "cat", "dan"];

async fn open_session(club: &Club, spec: ChouetteSpec) {
    run(club, "ann", ChouetteOp::Create(spec)).await;
    for p in &NAMES[1..] {
        run(club, p, ChouetteOp::Join).await;
    }
}

/// Plays on from the stored state with simple choices until `games` games are over or
/// `limit` commands are sent.
async fn play_on(club: &Club, store: &Store, games: u32, limit: usize, rng: &mut Rng) -> usize {
    let mut next = |n: usize| rng.below(n);
    for sent in 0..limit {
        let c = state(store, 1).await;
        let name = |id: u64| NAMES[usize::try_from(id).unwrap() - 1];
        if c.phase() == ChouettePhase::Waiting {
            if c.games() >= games {
                return sent;
            }
            run(club, "ann", ChouetteOp::Start).await;
            continue;
        }
        let to_act = c.to_act();
        let who = name(to_act[0]);
        let pending: Vec<_> = c.cubes().iter().filter(|t| t.offered.is_some()).collect();
        let op = if let Some(t) = pending.first() {
            let member = name(t.member).to_string();
            let is_box = Some(to_act[0]) == c.box_player();
            let take = next(4) != 0;
            match (is_box, take) {
                (true, true) => ChouetteOp::Take(Some(member)),
                (true, false) => ChouetteOp::Drop(Some(member)),
                (false, true) => ChouetteOp::Take(None),
                (false, false) => ChouetteOp::Drop(None),
            }
        } else {
            match c.phase() {
                ChouettePhase::ToPlay { side, .. } => {
                    let plays = c.legal_plays();
                    let p = plays[next(plays.len())].play;
                    ChouetteOp::Move(format_play(&c.position().view(side), &p))
                }
                _ if next(8) == 0 => ChouetteOp::Double(Vec::new()),
                _ => ChouetteOp::Roll,
            }
        };
        match club
            .execute(
                &Actor::local(who),
                Command::Chouette(ChouetteRef::default(), op.clone()),
            )
            .await
        {
            Ok(_) => {}
            // A double that is not his to make: roll instead.
            Err(e) if matches!(op, ChouetteOp::Double(_)) => {
                assert!(
                    e.to_string().contains("cube") || e.to_string().contains("double"),
                    "{e}"
                );
                run(club, who, ChouetteOp::Roll).await;
            }
            Err(e) => panic!("{who}: {op:?}: {e}"),
        }
    }
    limit
}

#[tokio::test]
async fn a_whole_seeded_session_of_several_games_settles_per_cube_and_rebuilds_from_its_log() {
    let path = store_url("chouette-session").await;
    let (club, store) = open(&path, 17).await;
    let spec = ChouetteSpec {
        stake: 100,
        ..ChouetteSpec::default()
    };
    open_session(&club, spec).await;
    let mut rng = Rng::new(99);
    let sent = play_on(&club, &store, 4, 20_000, &mut rng).await;
    assert!(sent < 20_000, "the session did not finish 4 games");
    let c = state(&store, 1).await;
    assert_eq!(c.games(), 4);
    assert_eq!(c.phase(), ChouettePhase::Waiting);
    // Tallies are zero-sum, and the ledger agrees with them at 1.00 a point.
    assert_eq!(c.tally().iter().map(|t| t.1).sum::<i64>(), 0);
    for &(p, points) in c.tally() {
        let balance = store.balance(1, i64::try_from(p).unwrap()).await.unwrap();
        assert_eq!(balance, points * 100, "player {p}");
    }
    // The line was rotated after every game by the captain's result: replaying the log,
    // a winning captain became the box and the box went to the back; otherwise the box
    // stayed and the captain went to the back.
    let rotations = rotations(&log(&store, 1).await);
    assert_eq!(rotations.len(), 4, "{rotations:?}");
    for (before, captain_won, after) in &rotations {
        let (old_box, captain) = (before[0], before[1]);
        let mut want: Vec<u64> = before
            .iter()
            .copied()
            .filter(|&p| p != old_box && p != captain)
            .collect();
        if *captain_won {
            want.insert(0, captain);
            want.push(old_box);
        } else {
            want.insert(0, old_box);
            want.push(captain);
        }
        assert_eq!(after, &want, "line {before:?}, captain won: {captain_won}");
        assert_ne!(after, before);
    }
    assert_eq!(rotations[3].2, c.line());
    // The log alone gives the stored state.
    assert_eq!(rebuild_chouette(&log(&store, 1).await).unwrap(), c);
    let board = run(&club, "ben", ChouetteOp::Board).await;
    assert!(
        board
            .lines
            .iter()
            .any(|l| l.starts_with("Standings after 4 games")),
        "{:?}",
        board.lines
    );
}

#[tokio::test]
async fn a_chouette_session_survives_a_restart_mid_game() {
    let path = store_url("chouette-restart").await;
    let (club, store) = open(&path, 5).await;
    let spec = ChouetteSpec {
        shuffle: false,
        rules: engine::chouette::ChouetteRules {
            consultation: Consultation::Free,
            ..Default::default()
        },
        ..ChouetteSpec::default()
    };
    open_session(&club, spec).await;
    run(&club, "ann", ChouetteOp::Start).await;
    let mut rng = Rng::new(1);
    play_on(&club, &store, 1, 12, &mut rng).await;
    let before = state(&store, 1).await;
    assert_ne!(before.phase(), ChouettePhase::Waiting);
    let row_before = store.load_chouette(1).await.unwrap();
    store.close().await;
    drop(club);
    let (club, store) = open(&path, 6).await;
    assert_eq!(store.load_chouette(1).await.unwrap(), row_before);
    assert_eq!(state(&store, 1).await, before);
    // A crew member's suggestion is shown to the team (free consultation), and play goes on.
    // (A suggestion is a legal play of the captain's roll: wait for one.)
    let crew = before
        .cubes()
        .iter()
        .filter(|t| !t.out)
        .map(|t| t.member)
        .find(|&m| Some(m) != before.acting_captain())
        .unwrap();
    let crew_name = NAMES[usize::try_from(crew).unwrap() - 1];
    let c = drive(&club, &store, 1, &NAMES, |c| {
        matches!(
            c.phase(),
            ChouettePhase::ToPlay {
                side: engine::chouette::TEAM,
                ..
            }
        )
    })
    .await;
    let text = format_play(
        &c.position().view(engine::chouette::TEAM),
        &c.legal_plays()[0].play,
    );
    let out = run(&club, crew_name, ChouetteOp::Suggest(text.clone())).await;
    assert!(
        out.lines[0].contains(&format!("suggests to the captain: {text}")),
        "{:?}",
        out.lines
    );
    play_on(&club, &store, 2, 5000, &mut rng).await;
    assert_eq!(state(&store, 1).await.games(), 2);
    assert_eq!(
        rebuild_chouette(&log(&store, 1).await).unwrap(),
        state(&store, 1).await
    );
}

/// The local name of a player id (ids are given in the order players first used the bot).
fn name_of(names: &[&'static str], id: u64) -> &'static str {
    names[usize::try_from(id).unwrap() - 1]
}

async fn run_in(club: &Club, who: &str, id: i64, op: ChouetteOp) -> Outcome {
    let r = ChouetteRef {
        id: Some(id),
        version: None,
    };
    club.execute(&Actor::local(who), Command::Chouette(r, op.clone()))
        .await
        .unwrap_or_else(|e| panic!("{who}: #{id} {op:?}: {e}"))
}

/// Rolls and plays the first legal play for whoever must act in session `id` until
/// `done` holds (no doubles).
async fn drive(
    club: &Club,
    store: &Store,
    id: i64,
    names: &[&'static str],
    done: impl Fn(&Chouette) -> bool,
) -> Chouette {
    for _ in 0..400 {
        let c = state(store, id).await;
        if done(&c) {
            return c;
        }
        assert_ne!(c.phase(), ChouettePhase::Waiting, "the game ended first");
        let who = name_of(names, c.to_act()[0]);
        let op = match c.phase() {
            ChouettePhase::ToPlay { side, .. } => {
                let p = c.legal_plays()[0].play;
                ChouetteOp::Move(format_play(&c.position().view(side), &p))
            }
            _ => ChouetteOp::Roll,
        };
        run_in(club, who, id, op).await;
    }
    panic!("never got there")
}

fn no_double_pending(c: &Chouette) -> bool {
    c.cubes().iter().all(|t| t.offered.is_none())
}

const SIX: [&str; 6] = ["ann", "ben", "cat", "dan", "eve", "fay"];

/// Two sessions in one channel: ann, ben, cat in #1; dan, eve, fay in #2 (line as joined).
async fn two_sessions(club: &Club, second: [&str; 3]) {
    let spec = ChouetteSpec {
        shuffle: false,
        ..ChouetteSpec::default()
    };
    run(club, "ann", ChouetteOp::Create(spec)).await;
    run(club, "ben", ChouetteOp::Join).await;
    run(club, "cat", ChouetteOp::Join).await;
    // dan, eve and fay use the bot before #2 is created (ids 4, 5, 6).
    for p in ["dan", "eve", "fay"] {
        club.execute(&Actor::local(p), Command::Look(Look::Games))
            .await
            .unwrap();
    }
    run(club, second[0], ChouetteOp::Create(spec)).await;
    run_in(club, second[1], 2, ChouetteOp::Join).await;
    run_in(club, second[2], 2, ChouetteOp::Join).await;
}

#[tokio::test]
async fn chouette_commands_without_a_number_act_on_the_players_own_session() {
    // Given two sessions open in one channel, #2 the newer
    let path = store_url("chouette-two-sessions").await;
    let (club, store) = open(&path, 11).await;
    two_sessions(&club, ["dan", "eve", "fay"]).await;
    // When every command is sent without #N
    run(&club, "ann", ChouetteOp::Start).await;
    run(&club, "dan", ChouetteOp::Start).await;
    let board = run(&club, "ben", ChouetteOp::Board).await;
    assert_eq!(board.chouette, Some(1), "ben's own session");
    let mut rng = Rng::new(99);
    let mut next = |n: usize| rng.below(n);
    let mut sent = 0;
    loop {
        let (a, b) = (state(&store, 1).await, state(&store, 2).await);
        if a.games() >= 2
            && b.games() >= 2
            && a.phase() == ChouettePhase::Waiting
            && b.phase() == ChouettePhase::Waiting
        {
            break;
        }
        sent += 1;
        assert!(sent < 6000, "the sessions never finished");
        let id = if sent % 2 == 0 { 1 } else { 2 };
        let c = if id == 1 { a } else { b };
        if c.phase() == ChouettePhase::Waiting {
            if c.games() < 2 {
                run(&club, name_of(&SIX, c.line()[0]), ChouetteOp::Start).await;
            }
            continue;
        }
        let who_id = c.to_act()[0];
        let who = name_of(&SIX, who_id);
        let pending: Vec<_> = c.cubes().iter().filter(|t| t.offered.is_some()).collect();
        let op = if let Some(t) = pending.first() {
            let member = name_of(&SIX, t.member).to_string();
            let is_box = Some(who_id) == c.box_player();
            match (is_box, next(4) != 0) {
                (true, true) => ChouetteOp::Take(Some(member)),
                (true, false) => ChouetteOp::Drop(Some(member)),
                (false, true) => ChouetteOp::Take(None),
                (false, false) => ChouetteOp::Drop(None),
            }
        } else {
            match c.phase() {
                ChouettePhase::ToPlay { side, .. } => {
                    let plays = c.legal_plays();
                    let p = plays[next(plays.len())].play;
                    ChouetteOp::Move(format_play(&c.position().view(side), &p))
                }
                _ if c.may_double(who_id) && next(6) == 0 => {
                    if Some(who_id) == c.box_player() {
                        // The box names the members he doubles.
                        let mine: Vec<String> = c
                            .cubes()
                            .iter()
                            .filter(|t| !t.out && t.owner != Some(engine::chouette::TEAM))
                            .map(|t| name_of(&SIX, t.member).to_string())
                            .collect();
                        ChouetteOp::Double(mine)
                    } else {
                        ChouetteOp::Double(Vec::new())
                    }
                }
                _ => ChouetteOp::Roll,
            }
        };
        let out = run(&club, who, op).await;
        assert_eq!(
            out.chouette,
            Some(id),
            "{who}'s command went to the wrong session"
        );
    }
    for id in [1, 2] {
        assert_eq!(
            rebuild_chouette(&log(&store, id).await).unwrap(),
            state(&store, id).await
        );
    }
    let board = run(&club, "eve", ChouetteOp::Board).await;
    assert_eq!(board.chouette, Some(2));
}

#[tokio::test]
async fn chouette_command_asks_which_session_when_the_player_is_in_several() {
    // Given ann in both sessions of the channel, neither started
    let path = store_url("chouette-which").await;
    let (club, store) = open(&path, 12).await;
    two_sessions(&club, ["dan", "eve", "ann"]).await;
    // When ann starts without #N, she is asked which, as for matches
    let e = club
        .execute(
            &Actor::local("ann"),
            Command::Chouette(ChouetteRef::default(), ChouetteOp::Start),
        )
        .await
        .expect_err("ambiguous");
    let msg = e.to_string();
    assert!(msg.contains("#1") && msg.contains("#2"), "{msg}");
    assert!(msg.contains("/chouette start #"), "{msg}");
    // A player in one session only is not asked
    run(&club, "ben", ChouetteOp::Start).await;
    // A name from another session is refused, naming the session
    let e = club
        .execute(
            &Actor::local("ben"),
            Command::Chouette(
                ChouetteRef::default(),
                ChouetteOp::Double(vec!["eve".into()]),
            ),
        )
        .await
        .expect_err("eve is not in #1");
    assert!(e.to_string().contains("not a player of chouette #1"), "{e}");
    // Once #1 waits on ann (she is its box) and #2 does not, #1 is hers without #N
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    drive(&club, &store, 1, &names, |c| c.to_act() == vec![1]).await;
    let out = run(&club, "ann", ChouetteOp::Board).await;
    assert_eq!(out.chouette, Some(1));
}

#[tokio::test]
async fn multiple_cubes_the_box_double_says_each_cubes_new_value() {
    let path = store_url("chouette-double-words").await;
    let (club, store) = open(&path, 13).await;
    two_sessions(&club, ["dan", "eve", "fay"]).await;
    run(&club, "ann", ChouetteOp::Start).await;
    // Given ben's cube at 2 on the box's side
    drive(&club, &store, 1, &SIX, |c| {
        c.phase() == ChouettePhase::ToRoll(engine::chouette::TEAM)
    })
    .await;
    run(&club, "ben", ChouetteOp::Double(Vec::new())).await;
    run(&club, "ann", ChouetteOp::Take(Some("ben".into()))).await;
    drive(&club, &store, 1, &SIX, |c| {
        c.phase() == ChouettePhase::ToRoll(engine::chouette::BOX)
    })
    .await;
    // When the box doubles ben and cat (cat's cube centred)
    let out = run(
        &club,
        "ann",
        ChouetteOp::Double(vec!["ben".into(), "cat".into()]),
    )
    .await;
    // Then each cube's new value is said by name
    assert!(
        out.lines
            .iter()
            .any(|l| l == "ann (box) doubles ben to 4, cat to 2"),
        "{:?}",
        out.lines
    );
    let out = run(&club, "ben", ChouetteOp::Take(None)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l == "ben takes; ben's cube is at 4"),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn multiple_cubes_the_box_with_no_cube_to_turn_is_rolled_for() {
    let path = store_url("chouette-no-cube").await;
    let (club, store) = open(&path, 14).await;
    two_sessions(&club, ["dan", "eve", "fay"]).await;
    run(&club, "ann", ChouetteOp::Start).await;
    drive(&club, &store, 1, &SIX, |c| {
        c.phase() == ChouettePhase::ToRoll(engine::chouette::BOX)
    })
    .await;
    // Given the box doubled both: ben took (his cube), cat dropped
    run(&club, "ann", ChouetteOp::Double(Vec::new())).await;
    run(&club, "cat", ChouetteOp::Drop(None)).await;
    let out = run(&club, "ben", ChouetteOp::Take(None)).await;
    // Then the box, with no cube left to turn, is rolled for at once
    assert!(
        out.lines.iter().any(|l| l == "(rolled for ann)"),
        "{:?}",
        out.lines
    );
    assert!(
        !out.lines.iter().any(|l| l.contains("roll or double")),
        "{:?}",
        out.lines
    );
    assert_ne!(
        state(&store, 1).await.phase(),
        ChouettePhase::ToRoll(engine::chouette::BOX)
    );
    // The team may redouble (ben holds his cube): its turn is not rolled for
    let c = drive(&club, &store, 1, &SIX, |c| {
        matches!(c.phase(), ChouettePhase::ToRoll(engine::chouette::TEAM)) && no_double_pending(c)
    })
    .await;
    assert!(c.may_double(2));
    let board = run(&club, "ben", ChouetteOp::Board).await.board.unwrap();
    assert_eq!(board.prompt.as_deref(), Some("roll or double"));
    // and the box's next turn is rolled for again: he never waits to roll
    let c = drive(&club, &store, 1, &SIX, |c| {
        matches!(
            c.phase(),
            ChouettePhase::ToRoll(engine::chouette::BOX)
                | ChouettePhase::ToPlay {
                    side: engine::chouette::BOX,
                    ..
                }
        )
    })
    .await;
    assert!(
        matches!(c.phase(), ChouettePhase::ToPlay { .. }),
        "{:?}",
        c.phase()
    );
}

#[tokio::test]
async fn consultation_a_suggestion_that_is_not_a_legal_play_is_refused() {
    let path = store_url("chouette-suggest").await;
    let (club, store) = open(&path, 15).await;
    let spec = ChouetteSpec {
        shuffle: false,
        rules: engine::chouette::ChouetteRules {
            consultation: Consultation::Free,
            ..Default::default()
        },
        ..ChouetteSpec::default()
    };
    open_session(&club, spec).await;
    run(&club, "ann", ChouetteOp::Start).await;
    let c = drive(&club, &store, 1, &NAMES, |c| {
        matches!(
            c.phase(),
            ChouettePhase::ToPlay {
                side: engine::chouette::TEAM,
                ..
            }
        )
    })
    .await;
    // A play of another roll is refused, and says so
    let e = club
        .execute(
            &Actor::local("cat"),
            Command::Chouette(
                ChouetteRef::default(),
                ChouetteOp::Suggest("24/18 24/17 1/0".into()),
            ),
        )
        .await
        .expect_err("not a legal play");
    assert!(
        matches!(
            e,
            club::ClubError::Refused(club::Refusal::Chouette(club::ChouetteRefusal::Rule(_)))
        ),
        "{e}"
    );
    // A legal play is shown to the team
    let view = c.position().view(engine::chouette::TEAM);
    let text = format_play(&view, &c.legal_plays()[0].play);
    let out = run(&club, "cat", ChouetteOp::Suggest(text.clone())).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l == &format!("cat suggests to the captain: {text}")),
        "{:?}",
        out.lines
    );
}

/// For each game of a session log: the line when it started (box, captain, crew), whether
/// the captain's own cube won, and the line after it.
fn rotations(entries: &[ChouetteEntry]) -> Vec<(Vec<u64>, bool, Vec<u64>)> {
    let Some(ChouetteEntry::Create { spec, creator }) = entries.first() else {
        panic!("a session log starts with its creation")
    };
    let mut c = Chouette::new(spec.rules, u64::try_from(*creator).unwrap());
    let mut out = Vec::new();
    let mut current: Option<(Vec<u64>, i64)> = None;
    for e in &entries[1..] {
        let ChouetteEntry::Act { by, action, .. } = e else {
            panic!("one creation")
        };
        let (next, events) = c.apply(u64::try_from(*by).unwrap(), action).unwrap();
        for ev in &events {
            match ev {
                ChouetteEvent::GameStarted {
                    captain,
                    box_player,
                    ..
                } => {
                    assert_eq!(&next.line()[..2], &[*box_player, *captain]);
                    current = Some((next.line().to_vec(), 0));
                }
                ChouetteEvent::Settled { member, points } => {
                    if let Some((line, result)) = current.as_mut() {
                        if *member == line[1] {
                            *result += points;
                        }
                    }
                }
                ChouetteEvent::Rotated { .. } => {
                    let (line, result) = current.take().expect("a game was on");
                    out.push((line, result > 0, next.line().to_vec()));
                }
                _ => {}
            }
        }
        c = next;
    }
    out
}
