//! Chouette sessions through the club on a real SQLite file: a whole seeded session of
//! several games, rebuilt from its log, and a session surviving a restart.

use std::sync::Arc;

use gammonbot::club::{
    Actor, ChouetteEntry, ChouetteOp, ChouetteRef, ChouetteSpec, Club, Command, ManualClock,
    Outcome, RngDice, rebuild_chouette,
};
use gammonbot::engine::chouette::{Chouette, ChouetteEvent, ChouettePhase, Consultation};
use gammonbot::engine::format_play;
use gammonbot::store::Store;

mod common;
use common::scratch_db;

async fn open(path: &std::path::Path, seed: u64) -> (Arc<Club>, Store) {
    let store = Store::open(path.to_str().unwrap()).await.unwrap();
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
async fn play_on(club: &Club, store: &Store, games: u32, limit: usize, seed: &mut u64) -> usize {
    let mut next = |n: usize| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        usize::try_from(*seed % n as u64).unwrap()
    };
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
    let path = scratch_db("chouette-session");
    let (club, store) = open(&path, 17).await;
    let spec = ChouetteSpec {
        stake: 100,
        ..ChouetteSpec::default()
    };
    open_session(&club, spec).await;
    let mut seed = 99;
    let sent = play_on(&club, &store, 4, 20_000, &mut seed).await;
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
    let path = scratch_db("chouette-restart");
    let (club, store) = open(&path, 5).await;
    let spec = ChouetteSpec {
        shuffle: false,
        rules: gammonbot::engine::chouette::ChouetteRules {
            consultation: Consultation::Free,
            ..Default::default()
        },
        ..ChouetteSpec::default()
    };
    open_session(&club, spec).await;
    run(&club, "ann", ChouetteOp::Start).await;
    let mut seed = 7;
    play_on(&club, &store, 1, 12, &mut seed).await;
    let before = state(&store, 1).await;
    assert_ne!(before.phase(), ChouettePhase::Waiting);
    let row_before = store.load_chouette(1).await.unwrap();
    store.close().await;
    drop(club);
    let (club, store) = open(&path, 6).await;
    assert_eq!(store.load_chouette(1).await.unwrap(), row_before);
    assert_eq!(state(&store, 1).await, before);
    // A crew member's suggestion is shown to the team (free consultation), and play goes on.
    let crew = before
        .cubes()
        .iter()
        .map(|t| t.member)
        .find(|&m| Some(m) != before.acting_captain())
        .unwrap();
    let crew_name = NAMES[usize::try_from(crew).unwrap() - 1];
    let out = run(&club, crew_name, ChouetteOp::Suggest("8/5 6/5".into())).await;
    assert!(
        out.lines[0].contains("suggests to the captain: 8/5 6/5"),
        "{:?}",
        out.lines
    );
    play_on(&club, &store, 2, 5000, &mut seed).await;
    assert_eq!(state(&store, 1).await.games(), 2);
    assert_eq!(
        rebuild_chouette(&log(&store, 1).await).unwrap(),
        state(&store, 1).await
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
