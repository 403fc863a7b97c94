//! The club suite's shared set-ups: a club on a store, matches played on, Welsh positions
//! planted, boards read.

use club::{
    ChallengeOp, ChallengeSpec, Command, Entry, Look, MatchOp, MatchRef, Outcome, Snapshot, Starter,
};
use clubkit::{Fixture, ScriptDice, run};
pub(super) use clubkit::{welsh_break_due, who};
use engine::welsh::{GameEnd, MatchEnd, Parity, WelshEvent};
use engine::{AnyMatch, Event, GameResult, Side};
use std::sync::Arc;
use testkit::Rng;

pub(super) const START: i64 = 1_800_000_000;

pub(super) async fn open(url: &str, seed: u64) -> Fixture {
    Fixture::seeded(url, seed).await
}

/// Plays match `id` from its current state until it ends or `limit` commands have been
/// sent, answering whatever the club says the player to act must do. Returns the last
/// outcome and the number of commands sent.
pub(super) async fn play_on(
    f: &Fixture,
    id: i64,
    mut last: Outcome,
    p: &mut Rng,
    limit: usize,
) -> (Outcome, usize) {
    let m = MatchRef::id(id);
    for sent in 0..limit {
        let Some(next) = last.next.clone() else {
            return (last, sent);
        };
        let name = next.name.as_str();
        let what = next.what.as_str();
        let cmd = if what.starts_with("move") {
            let moves = f.club.legal_moves(&who(name), m).await.unwrap();
            assert!(!moves.is_empty(), "no legal play listed for `{what}`");
            Command::Match(m, MatchOp::Move(moves[p.below(moves.len())].clone()))
        } else if what.contains("double") && p.below(6) == 0 {
            Command::Match(m, MatchOp::Double)
        } else if what.starts_with("take") {
            if p.below(4) == 0 {
                Command::Match(m, MatchOp::Drop)
            } else {
                Command::Match(m, MatchOp::Take)
            }
        } else if what.starts_with("call") {
            Command::Match(
                m,
                MatchOp::Call(if p.below(2) == 0 {
                    Parity::Odd
                } else {
                    Parity::Even
                }),
            )
        } else if what.starts_with("choose") {
            Command::Match(m, MatchOp::Choose(Starter::Me))
        } else if what.starts_with("accept or reject the offer") {
            Command::Match(m, MatchOp::AcceptConcede)
        } else if what.starts_with("accept or reject the resign") {
            Command::Match(m, MatchOp::AcceptResign)
        } else if what.starts_with("throw") || what.starts_with("roll") {
            Command::Match(m, MatchOp::Roll)
        } else {
            panic!("unexpected decision `{what}`");
        };
        last = run(f, name, cmd).await;
    }
    (last, limit)
}

pub(super) async fn challenge(f: &Fixture, spec: ChallengeSpec) -> (i64, Outcome) {
    let out = run(
        f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    let out = run(
        f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    (id, out)
}

/// X (named eve) bears off his last checker with any roll; O has none off.
pub(super) fn eve_about_to_win(
    length: u32,
    score: [u32; 2],
    cube: u64,
    crawford_game: bool,
) -> Snapshot {
    use engine::{Cube, Match, MatchRules, Setup};
    let mut s = Setup::new(
        MatchRules::match_to(length),
        testkit::position(&[(1, 1)], &[(12, 15)]),
        Side::X,
    );
    s.score = score;
    s.crawford_game = crawford_game;
    s.cube = Cube {
        value: cube,
        owner: (cube > 1).then_some(Side::X),
    };
    Snapshot {
        game: engine::AnyMatch::Standard(Match::from_setup(s).unwrap()),
        last: None,
        forfeit: None,
        break_due: None,
        break_until: None,
        stopped: None,
        ruling: None,
        tutor: None,
    }
}

pub(super) fn snapshot_step(snap: &mut Snapshot, action: engine::Action) -> Vec<String> {
    let names = ["eve".to_string(), "fay".to_string()];
    let mut lines = Vec::new();
    snap.apply(
        &Entry::Standard {
            side: Side::X,
            action,
            auto: false,
        },
        &names,
        &mut lines,
        &mut Vec::new(),
    )
    .unwrap();
    lines
}

pub(super) fn eve_bears_off(snap: &mut Snapshot) -> Vec<String> {
    use engine::{Action, AnyMatch, Dice};
    let mut lines = snapshot_step(snap, Action::Roll(Dice::new(2, 1).unwrap()));
    let AnyMatch::Standard(m) = &snap.game else {
        unreachable!()
    };
    let play = m.resolve_play(Side::X, "1/off").unwrap();
    lines.extend(snapshot_step(snap, Action::Play(play)));
    lines
}

/// The results the engine gave for the games of standard match log `log`, in order.
pub(super) fn standard_results(log: &[Entry]) -> Vec<GameResult> {
    let Some(Entry::Challenge { spec }) = log.first() else {
        panic!("a match log starts with its challenge")
    };
    let AnyMatch::Standard(mut m) = Snapshot::start(spec).unwrap().game else {
        panic!("a standard match")
    };
    let mut results = Vec::new();
    for e in log {
        if let Entry::Standard { side, action, .. } = e {
            let (next, events) = m.apply(*side, action).unwrap();
            results.extend(events.iter().filter_map(|e| match e {
                Event::GameOver(r) => Some(*r),
                _ => None,
            }));
            m = next;
        }
    }
    results
}

/// What the engine said while replaying a Welsh match log.
pub(super) struct WelshReplay {
    /// One entry a game ended (washes included): whether it was a backgammon.
    pub(super) games: Vec<bool>,
    /// Games each side won outright (washes are nobody's win).
    pub(super) won: [u32; 2],
    pub(super) match_over: Option<(Side, MatchEnd)>,
}

pub(super) fn welsh_replay(log: &[Entry]) -> WelshReplay {
    let Some(Entry::Challenge { spec }) = log.first() else {
        panic!("a match log starts with its challenge")
    };
    let AnyMatch::Welsh(mut m) = Snapshot::start(spec).unwrap().game else {
        panic!("a Welsh match")
    };
    let mut r = WelshReplay {
        games: Vec::new(),
        won: [0, 0],
        match_over: None,
    };
    for e in log {
        if let Entry::Welsh { side, action, .. } = e {
            let (next, events) = m.apply(*side, action).unwrap();
            for e in events {
                match e {
                    WelshEvent::GameOver { how, winner, .. } => {
                        r.games.push(how == GameEnd::Backgammon);
                        if let Some(w) = winner {
                            r.won[w.index()] += 1;
                        }
                    }
                    WelshEvent::MatchOver { winner, how } => r.match_over = Some((winner, how)),
                    _ => {}
                }
            }
            m = next;
        }
    }
    r
}

pub(super) async fn open_scripted(url: &str, dice: &[u8]) -> Fixture {
    Fixture::open(url, Arc::new(ScriptDice::new(dice)), START).await
}

/// Sets the Welsh game of match `id` to `game` directly in the database (a position the
/// dice would take long to reach). The log no longer folds into it: no rebuild check.
pub(super) async fn plant_welsh(url: &str, id: i64, game: engine::welsh::WelshMatch) {
    let pool = testkit::raw_pool(url).await;
    let state: String = sqlx::query_scalar("SELECT state FROM matches WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut snap: Snapshot = serde_json::from_str(&state).unwrap();
    snap.game = engine::AnyMatch::Welsh(game);
    sqlx::query("UPDATE matches SET state = $1 WHERE id = $2")
        .bind(serde_json::to_string(&snap).unwrap())
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// The Welsh game of match `id` as stored.
pub(super) async fn welsh_game(f: &Fixture, id: i64) -> engine::welsh::WelshMatch {
    let row = f.store.load_match(id).await.unwrap().unwrap();
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let AnyMatch::Welsh(m) = snap.game else {
        panic!("a Welsh match")
    };
    m
}

/// `name` (playing `side`) plays the first legal play of the throw in hand whose board
/// satisfies `want`, typed as the player would.
pub(super) async fn welsh_play_where(
    f: &Fixture,
    id: i64,
    name: &str,
    side: Side,
    want: impl Fn(&engine::Board) -> bool,
) -> Outcome {
    let m = welsh_game(f, id).await;
    let l = m
        .legal_plays()
        .into_iter()
        .find(|l| want(&l.board))
        .expect("a play of that kind");
    let text = engine::welsh::format_welsh_play(&m.position().view(side), &l.play);
    run(
        f,
        name,
        Command::Match(MatchRef::id(id), MatchOp::Move(text)),
    )
    .await
}

/// Issue 30 item 10: the first board of a new game shows nothing of the game before: the
/// announcement "Game N begins" is followed by a board with no last play (no "Last play"
/// in its words, no rings for the picture), and so is the board asked for afterwards.
pub(super) async fn assert_new_game_shows_no_last_play(
    f: &Fixture,
    id: i64,
    out: &Outcome,
    game: u32,
) {
    let begins = format!("Game {game} begins");
    assert!(
        out.lines.iter().any(|l| l.starts_with(&begins)),
        "{:?}",
        out.lines
    );
    let board = run(f, "alice", Command::Look(Look::Board(MatchRef::id(id)))).await;
    for scene in [out.board.as_ref(), board.board.as_ref()] {
        let scene = scene.expect("a board");
        assert_eq!(scene.last_play, None, "the old game's last play is drawn");
        let words = render::render_text(scene);
        assert!(!words.contains("Last play"), "{words}");
        let alt = render::alt_text(scene);
        assert!(!alt.contains("Last play"), "{alt}");
    }
    let snap: Snapshot = serde_json::from_str(
        f.store
            .load_match(id)
            .await
            .unwrap()
            .unwrap()
            .state
            .as_deref()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(snap.last, None);
}
