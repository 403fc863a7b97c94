//! Drills from a player's own mistakes (issue 49): every analysed decision of a player
//! that lost at least gnubg's "doubtful" 0.04 becomes one card of theirs, once; `/drill`
//! asks the card due first, an answer is judged by the stored analysis' equities and the
//! card comes back by FSRS (a failed card before a passed one); `/drill stats` counts.
//! The analyses are stored with chosen decisions (no gnubg), except one test that runs
//! gnubg at 0 plies on a one-point match played at random.

use std::sync::Arc;

use club::{
    ChallengeSpec, Club, ClubError, Command, DOUBTFUL, Decision, DrillChoice, DrillOp, MatchOp,
    MatchRef, PlayerFigures, PracticeRefusal, Review, RngDice, Valued,
};
use clubkit::{Fixture, accepted, refused, run};
use engine::{ResignLevel, Side};
use store::NewAnalysis;
use testkit::{scratch, store_url};

const DAY: i64 = 86_400;
/// The opening position (gnubg's Position ID).
const START: &str = "4HPwATDgc/ABMA";

fn figures(name: &str) -> PlayerFigures {
    PlayerFigures {
        name: name.into(),
        error_rate: 10.0,
        rating: String::new(),
        pr: 5.0,
        chequer_rate: 10.0,
        cube_rate: 0.0,
        unforced_moves: 20,
        close_cube: 0,
        chequer_marks: [0; 3],
        cube_marks: [0; 3],
        missed_doubles: 0,
        wrong_doubles: 0,
        wrong_takes: 0,
        wrong_drops: 0,
        luck_rate: 0.0,
        luck_adjusted: 0.5,
        actual: 1.0,
    }
}

fn valued(words: &str, steps: &[[u8; 2]], equity: f64) -> Valued {
    Valued {
        words: words.into(),
        steps: steps.to_vec(),
        equity,
    }
}

/// A 3-1 from the opening: the best 8/5 6/5 (+0.20), then 24/21 6/5, 13/10 6/5; `side`
/// played 24/23 13/10 (equity `0.20 - loss`), decision number `index` of game 1.
fn opening_play(side: Side, index: u32, loss: f64) -> Decision {
    Decision {
        side,
        kind: "chequer".into(),
        game: 1,
        board: START.into(),
        board_side: side,
        dice: Some([3, 1]),
        steps: vec![[24, 23], [13, 10]],
        best_steps: vec![[8, 5], [6, 5]],
        played: "24/23 13/10".into(),
        best: "8/5 6/5".into(),
        loss,
        cube: 1,
        owner: None,
        score: [0, 0],
        index,
        choices: vec![
            valued("8/5 6/5", &[[8, 5], [6, 5]], 0.20),
            valued("24/21 6/5", &[[24, 21], [6, 5]], 0.15),
            valued("13/10 6/5", &[[13, 10], [6, 5]], 0.11),
            valued("24/23 13/10", &[[24, 23], [13, 10]], 0.20 - loss),
        ],
    }
}

/// A cube decision of `side`: `kind` (`missed double`, `wrong take`) with its two answers.
fn cube(side: Side, index: u32, kind: &str, loss: f64) -> Decision {
    let (played, best, choices) = if kind == "wrong take" {
        (
            "take",
            "drop",
            vec![valued("take", &[], -1.0 - loss), valued("drop", &[], -1.0)],
        )
    } else {
        (
            "no double",
            "double, take",
            vec![
                valued("no double", &[], 0.3),
                valued("double", &[], 0.3 + loss),
            ],
        )
    };
    Decision {
        side,
        kind: kind.into(),
        game: 1,
        board: START.into(),
        board_side: if kind == "wrong take" {
            side.opponent()
        } else {
            side
        },
        dice: None,
        steps: Vec::new(),
        best_steps: Vec::new(),
        played: played.into(),
        best: best.into(),
        loss,
        cube: 1,
        owner: None,
        score: [2, 1],
        index,
        choices,
    }
}

/// A five-point match of `a` against `b` ended by a resignation, and its analysis stored
/// as done with these mistakes (`a` is X... whichever side the match gave): the match
/// id and each player's side.
async fn analysed(
    at: &Fixture,
    a: &str,
    b: &str,
    mistakes: impl Fn(Side, Side) -> Vec<Decision>,
) -> (i64, Side, Side) {
    let (id, out) = accepted(at, a, b, ChallengeSpec::standard(Some(5))).await;
    let m = MatchRef::id(id);
    let loser = out.next.unwrap().name;
    let winner = if loser == a { b } else { a };
    run(
        at,
        &loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Gammon)),
    )
    .await;
    run(at, winner, Command::Match(m, MatchOp::AcceptResign)).await;
    let row = at.store.load_match(id.get()).await.unwrap().unwrap();
    let pa = at.store.find_player("local", a).await.unwrap().unwrap().id;
    // The match's players by side index.
    let side_of = |p: i64| {
        if row.players[Side::X.index()] == p {
            Side::X
        } else {
            Side::O
        }
    };
    let (sa, sb) = (side_of(pa), side_of(pa).opponent());
    let mut names = [String::new(), String::new()];
    names[sa.index()] = a.into();
    names[sb.index()] = b.into();
    let list = mistakes(sa, sb);
    let review = Review {
        match_id: id.get(),
        games: 1,
        length: 5,
        plies: 2,
        player_ids: row.players,
        players: [figures(&names[0]), figures(&names[1])],
        worst: Vec::new(),
        mistakes: Some(list),
        seconds: 1.0,
    };
    let (job, _) = at
        .store
        .request_analysis(&NewAnalysis {
            match_id: id.get(),
            games: 1,
            community_id: row.community_id,
            requested_by: row.players[0],
            channel: "local",
            plies: 2,
            now: at.club.now(),
        })
        .await
        .unwrap();
    at.store
        .claim_analysis(at.club.now())
        .await
        .unwrap()
        .unwrap();
    let text = serde_json::to_string(&review).unwrap();
    at.store
        .finish_analysis(job.id, Ok(&text), at.club.now())
        .await
        .unwrap();
    (id.get(), sa, sb)
}

fn drill(op: DrillOp) -> Command {
    Command::Drill(op)
}

fn answer(card: Option<i64>, choice: DrillChoice) -> Command {
    drill(DrillOp::Answer { card, choice })
}

/// The number (from 1) of `words` among the card's choices as shown.
fn number_of(out: &club::Outcome, words: &str) -> usize {
    let ask = out.drill.as_ref().expect("a card");
    1 + ask
        .options
        .iter()
        .position(|o| o == words)
        .unwrap_or_else(|| panic!("{words} not in {:?}", ask.options))
}

#[tokio::test]
async fn an_analysed_match_gives_each_player_a_card_for_each_decision_over_the_threshold() {
    // Given an analysed match: alice's 3-1 lost 0.05 and her missed double 0.12, a play
    // of hers lost 0.03 (under the threshold); bob's take lost 0.08
    let at = Fixture::seeded(&store_url("drill_cards_made").await, 3).await;
    analysed(&at, "alice", "bob", |a, b| {
        vec![
            opening_play(a, 2, 0.05),
            cube(a, 4, "missed double", 0.12),
            opening_play(a, 6, 0.03),
            cube(b, 5, "wrong take", 0.08),
        ]
    })
    .await;
    // When each asks for the stats (the cards are made then)
    let alice = run(&at, "alice", drill(DrillOp::Stats)).await;
    let bob = run(&at, "bob", drill(DrillOp::Stats)).await;
    // Then alice has the two decisions of hers at or over 0.04, bob his one, all due
    const { assert!(DOUBTFUL == 0.04) };
    assert!(
        alice.lines[0].starts_with("Drill cards: 2 in all, 2 due now, 0 learnt"),
        "{:?}",
        alice.lines
    );
    assert!(
        bob.lines[0].starts_with("Drill cards: 1 in all, 1 due now"),
        "{:?}",
        bob.lines
    );
    // And the analysis is read once: reading again makes no card
    assert_eq!(at.club.card_analyses().await.unwrap(), 0);
    let again = run(&at, "alice", drill(DrillOp::Stats)).await;
    assert_eq!(again.lines[0], alice.lines[0]);
}

#[tokio::test]
async fn the_analysis_workers_card_the_stored_analyses_when_they_start() {
    // Given an analysis stored and not yet read for cards (as one stored before drills,
    // or by a bot stopped before reading it)
    let at = Fixture::seeded(&store_url("drill_workers").await, 2).await;
    analysed(&at, "alice", "bob", |a, _| vec![opening_play(a, 2, 0.09)]).await;
    let pid = card_player(&at).await;
    assert_eq!(at.store.drills_due(pid, at.club.now()).await.unwrap(), 0);
    // When the analysis workers start
    let workers = Arc::clone(&at.club).spawn_analysis();
    let mut due = 0;
    for _ in 0..100 {
        due = at.store.drills_due(pid, at.club.now()).await.unwrap();
        if due > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    at.club.stop();
    for w in workers {
        w.await.unwrap();
    }
    // Then alice's card is there, before anyone typed /drill
    assert_eq!(due, 1);
}

#[tokio::test]
async fn the_verdict_ranks_the_choices_as_the_stored_analysis_does() {
    // Given alice's one card: the 3-1 she played 24/23 13/10, losing 0.09
    let at = Fixture::seeded(&store_url("drill_verdict").await, 4).await;
    analysed(&at, "alice", "bob", |a, _| vec![opening_play(a, 2, 0.09)]).await;
    // When she asks for it
    let card = run(&at, "alice", drill(DrillOp::Next)).await;
    // Then it shows the board with the dice, and four choices: gnubg's three and hers
    let ask = card.drill.clone().expect("a card");
    assert!(!ask.cube);
    let mut shown = ask.options.clone();
    shown.sort();
    assert_eq!(shown, ["13/10 6/5", "24/21 6/5", "24/23 13/10", "8/5 6/5"]);
    let board = card.board.as_ref().expect("the board");
    assert_eq!(board.dice.map(|d| d.values), Some([3, 1]));
    assert!(
        card.lines.iter().any(|l| l.contains("You rolled 3-1")),
        "{:?}",
        card.lines
    );
    // When she answers 24/21 6/5 by its number
    let n = number_of(&card, "24/21 6/5");
    let verdict = run(&at, "alice", answer(Some(ask.card), DrillChoice::Number(n))).await;
    // Then it is wrong by 0.05, and the choices come ranked by the analysis' equities
    assert_eq!(
        verdict.lines[0],
        format!(
            "Not this time: 24/21 6/5 loses 0.050 against the best, 8/5 6/5 (drill card #{}).",
            ask.card
        )
    );
    assert_eq!(
        verdict.lines[2..6],
        [
            "1. 8/5 6/5: best",
            "2. 24/21 6/5: -0.050 (your answer)",
            "3. 13/10 6/5: -0.090",
            "4. 24/23 13/10: -0.090 (played in the match)",
        ]
    );
}

#[tokio::test]
async fn a_failed_card_comes_back_before_a_passed_one_and_intervals_grow_on_success() {
    // Given two cards of alice's: a 3-1 and a missed double
    let at = Fixture::seeded(&store_url("drill_schedule").await, 5).await;
    analysed(&at, "alice", "bob", |a, _| {
        vec![opening_play(a, 2, 0.09), cube(a, 4, "missed double", 0.12)]
    })
    .await;
    // When she gets the play wrong and the double right (the play typed, in its own
    // order; the double by its button's word)
    let first = run(&at, "alice", drill(DrillOp::Next)).await;
    let first_card = first.drill.clone().unwrap();
    let (failed, passed) = if first_card.cube {
        run(
            &at,
            "alice",
            answer(None, DrillChoice::Typed("double".into())),
        )
        .await;
        let play = run(&at, "alice", drill(DrillOp::Next)).await.drill.unwrap();
        run(
            &at,
            "alice",
            answer(None, DrillChoice::Typed("13/10 24/23".into())),
        )
        .await;
        (play.card, first_card.card)
    } else {
        let out = run(
            &at,
            "alice",
            answer(None, DrillChoice::Typed("13/10 24/23".into())),
        )
        .await;
        assert!(
            out.lines[0].starts_with("Not this time: 24/23 13/10"),
            "{:?}",
            out.lines
        );
        let double = run(&at, "alice", drill(DrillOp::Next)).await.drill.unwrap();
        assert_eq!(double.options, ["no double", "double"]);
        let out = run(&at, "alice", answer(None, DrillChoice::Number(2))).await;
        assert!(out.lines[0].starts_with("Right: double"), "{:?}", out.lines);
        (first_card.card, double.card)
    };
    // Then nothing is due now, and /drill says when the next one is (a day on)
    let none = run(&at, "alice", drill(DrillOp::Next)).await;
    assert!(none.drill.is_none());
    assert!(
        none.lines[0].starts_with("No drill card is due now: the next one is due in 1 day ("),
        "{:?}",
        none.lines
    );
    // And a day on, the failed card is due and the passed one is not
    at.clock.advance(DAY);
    let next = run(&at, "alice", drill(DrillOp::Next)).await;
    assert_eq!(next.drill.as_ref().map(|d| d.card), Some(failed));
    // And answered right each time it is due, the passed card's intervals grow
    let mut intervals = Vec::new();
    for _ in 0..4 {
        let row = at.store.drill_card(passed).await.unwrap().unwrap();
        let wait = row.due_at - at.club.now();
        at.clock.advance(wait.max(0));
        intervals.push(wait);
        let out = run(
            &at,
            "alice",
            answer(Some(passed), DrillChoice::Typed("double".into())),
        )
        .await;
        assert!(out.lines[0].starts_with("Right"), "{:?}", out.lines);
    }
    assert!(intervals.windows(2).all(|w| w[1] > w[0]), "{intervals:?}");
    // And the streak counts the days she answered on
    let stats = run(&at, "alice", drill(DrillOp::Stats)).await;
    assert!(
        stats.lines[1].starts_with("Streak: 1 day"),
        "{:?}",
        stats.lines
    );
}

#[tokio::test]
async fn an_answer_refused_changes_nothing() {
    // Given alice's card, and bob with none
    let at = Fixture::seeded(&store_url("drill_refused").await, 6).await;
    analysed(&at, "alice", "bob", |a, _| vec![opening_play(a, 2, 0.09)]).await;
    let card = run(&at, "alice", drill(DrillOp::Next))
        .await
        .drill
        .unwrap()
        .card;
    let before = at.store.fingerprint().await.unwrap();
    // When she answers with a number past the list, or a play not among the choices,
    // and bob answers her card
    let e = refused(&at, "alice", answer(Some(card), DrillChoice::Number(9))).await;
    assert!(
        matches!(
            e,
            ClubError::Refused(club::Refusal::Practice(PracticeRefusal::NotADrillChoice {
                count: 4,
                ..
            }))
        ),
        "{e}"
    );
    let e = refused(
        &at,
        "alice",
        answer(None, DrillChoice::Typed("6/4 6/3".into())),
    )
    .await;
    assert!(
        e.to_string().contains("answer with a number from 1 to 4"),
        "{e}"
    );
    let e = refused(&at, "bob", answer(Some(card), DrillChoice::Number(1))).await;
    assert!(
        matches!(
            e,
            ClubError::Refused(club::Refusal::Practice(PracticeRefusal::NoDrillCard { .. }))
        ),
        "{e}"
    );
    // Then nothing changed
    assert_eq!(at.store.fingerprint().await.unwrap(), before);
    // And answered once, a second answer is refused, saying when it comes back
    run(&at, "alice", answer(Some(card), DrillChoice::Number(1))).await;
    let after = at.store.fingerprint().await.unwrap();
    let e = refused(&at, "alice", answer(Some(card), DrillChoice::Number(1))).await;
    assert!(
        e.to_string()
            .contains("was answered already; it comes back in"),
        "{e}"
    );
    assert_eq!(at.store.fingerprint().await.unwrap(), after);
}

#[tokio::test]
async fn the_daily_digest_says_how_many_cards_are_due() {
    // Given alice's two cards, a challenge from bob waiting on her, and her digest at 09:00
    let at = Fixture::seeded(&store_url("drill_digest").await, 7).await;
    analysed(&at, "alice", "bob", |a, _| {
        vec![opening_play(a, 2, 0.09), cube(a, 4, "missed double", 0.12)]
    })
    .await;
    at.club.card_analyses().await.unwrap();
    run(
        &at,
        "bob",
        Command::Challenge(club::ChallengeOp::New {
            opponent: "alice".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let digest = Command::Player(club::PlayerOp::Settings {
        auto_roll: None,
        notify_dm: None,
        digest: club::DigestOptions {
            daily: Some(true),
            at: Some("09:00".into()),
            tz: None,
        },
    });
    run(&at, "alice", digest).await;
    let digest_text = |notices: Vec<club::Notice>| {
        notices
            .into_iter()
            .find(|n| n.text.starts_with("Your daily digest, alice"))
            .map(|n| n.text)
            .expect("alice's digest")
    };
    // When her digest goes out
    at.clock.advance(3600);
    let text = digest_text(at.club.sweep().await.unwrap());
    // Then its last line says two cards are due
    assert!(
        text.ends_with("\n2 drill cards of your own mistakes are due: /drill"),
        "{text}"
    );
    // And once she has answered both right, the next day's digest says nothing of drills
    for _ in 0..2 {
        let ask = run(&at, "alice", drill(DrillOp::Next)).await.drill.unwrap();
        let right = if ask.cube { "double" } else { "8/5 6/5" };
        run(&at, "alice", answer(None, DrillChoice::Typed(right.into()))).await;
    }
    at.clock.advance(DAY);
    let text = digest_text(at.club.sweep().await.unwrap());
    assert!(!text.contains("drill"), "{text}");
}

/// A Welsh match to one game played to its end by the Welsh player at its weak level
/// (its noise makes mistakes), judged by the Welsh player: each player's cards are that
/// review's decisions of theirs that lost 0.04 or more, each drawn as a Welsh board, and
/// each verdict puts the Welsh player's own choice first.
#[tokio::test]
async fn a_welsh_match_gives_the_cards_of_its_mistakes_judged_by_the_welsh_player() {
    let at = Fixture::seeded(&store_url("drill_welsh").await, 21).await;
    let (id, _) = accepted(&at, "alice", "bob", ChallengeSpec::welsh(1)).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        welsh_player::EvalPlayer::new(net, welsh_player::Level::Weak, 11),
        welsh_player::EvalPlayer::new(net, welsh_player::Level::Weak, 12),
    );
    clubkit::play_welsh_to_end(&at.store, id, [&mut x, &mut o], async |side, cmd| {
        run(&at, if side == Side::X { "alice" } else { "bob" }, cmd).await;
    })
    .await;
    run(&at, "alice", Command::Analyse(MatchRef::id(id))).await;
    let report = at.club.run_next_analysis().await.unwrap().unwrap();
    assert!(!report.failed, "{:?}", report.lines);
    let row = at.store.analysis(report.job).await.unwrap().unwrap();
    let review: club::WelshReview = serde_json::from_str(row.result.as_deref().unwrap()).unwrap();
    let mistakes = review.mistakes.clone().expect("the mistakes stored");
    let mut checked = 0;
    for name in ["alice", "bob"] {
        let pid = at
            .store
            .find_player("local", name)
            .await
            .unwrap()
            .unwrap()
            .id;
        let side = if review.player_ids[Side::X.index()] == pid {
            Side::X
        } else {
            Side::O
        };
        let over: Vec<_> = mistakes
            .iter()
            .filter(|w| w.decision.side == side && w.decision.loss.is_some_and(|l| l >= DOUBTFUL))
            .collect();
        let stats = run(&at, name, drill(DrillOp::Stats)).await;
        assert!(
            stats.lines[0].starts_with(&format!("Drill cards: {} in all", over.len())),
            "{name}: {:?}",
            stats.lines
        );
        for _ in 0..over.len() {
            let card = run(&at, name, drill(DrillOp::Next)).await;
            let ask = card.drill.clone().expect("a card due");
            assert!(!ask.cube);
            assert!(
                card.lines[0].contains("from Welsh match"),
                "{:?}",
                card.lines
            );
            let board = card.board.as_ref().expect("a Welsh board");
            assert!(board.welsh.is_some());
            if let Ok(to) = std::env::var("DRILL_WELSH_PNG") {
                std::fs::write(&to, render::render_png(board).unwrap()).unwrap();
            }
            let q = at.store.drill_card(ask.card).await.unwrap().unwrap();
            let v: serde_json::Value = serde_json::from_str(&q.question).unwrap();
            let d = &v["decision"];
            // The Welsh player's choice: its best play, or the best it named.
            let best = d["choices"]
                .as_array()
                .and_then(|c| c.first())
                .map_or(d["best"].as_str().unwrap(), |c| {
                    c["words"].as_str().unwrap()
                })
                .to_string();
            let verdict = run(
                &at,
                name,
                answer(Some(ask.card), DrillChoice::Typed(best.clone())),
            )
            .await;
            assert!(
                verdict.lines[0].starts_with(&format!("Right: {best}")),
                "{:?}",
                verdict.lines
            );
            assert!(
                verdict.lines[2].starts_with(&format!("1. {best}: best")),
                "{:?}",
                verdict.lines
            );
            checked += 1;
        }
    }
    println!("{checked} Welsh cards checked against the Welsh player's choice");
    assert!(checked > 0, "the weak level made no mistake of 0.04");
}

/// gnubg at 0 plies on a one-point match played at random: the cards are the analysis'
/// decisions over the threshold, and each card's choices rank as gnubg listed them (its
/// best play first).
#[tokio::test]
async fn a_match_analysed_by_gnubg_gives_the_cards_of_its_mistakes() {
    if club::find_gnubg(&club::AnalysisSettings::default().search_path).is_none() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let at = Fixture::seeded(&store_url("drill_gnubg").await, 8).await;
    let club = Arc::new(
        Club::new(
            at.store.clone(),
            Arc::new(RngDice::seeded(8)),
            at.clock.clone(),
        )
        .with_analysis(club::AnalysisSettings {
            plies: 0,
            work_dir: scratch("drill_gnubg-work"),
            ..club::AnalysisSettings::default()
        }),
    );
    let mut rng = testkit::Rng::new(9);
    let local = club::Actor::local;
    let id = club
        .execute(
            &local("ann"),
            Command::Challenge(club::ChallengeOp::New {
                opponent: "ben".into(),
                spec: ChallengeSpec::standard(Some(3)),
            }),
        )
        .await
        .unwrap()
        .match_id
        .unwrap();
    let mut out = club
        .execute(
            &local("ben"),
            Command::Challenge(club::ChallengeOp::Accept(MatchRef::id(id))),
        )
        .await
        .unwrap();
    while let Some(up) = out.next.clone() {
        let cmd = clubkit::load::answer(&club, &up, rng.next_u64() as usize).await;
        out = club.execute(&local(&up.name), cmd).await.unwrap();
    }
    assert_eq!(club.queue_finished_analyses().await.unwrap(), 1);
    let report = club.run_next_analysis().await.unwrap().expect("a job");
    assert!(!report.failed, "{:?}", report.lines);
    club.card_analyses().await.unwrap();
    let job = at.store.analysis(report.job).await.unwrap().unwrap();
    let review: Review = serde_json::from_str(job.result.as_deref().unwrap()).unwrap();
    let mistakes = review.mistakes.clone().expect("the mistakes stored");
    let mut checked = 0;
    for (i, name) in ["ann", "ben"].iter().enumerate() {
        let pid = at
            .store
            .find_player("local", name)
            .await
            .unwrap()
            .unwrap()
            .id;
        let side = if review.player_ids[Side::X.index()] == pid {
            Side::X
        } else {
            Side::O
        };
        let over = mistakes
            .iter()
            .filter(|d| d.side == side && d.loss >= DOUBTFUL)
            .count();
        let stats = club
            .execute(&local(name), drill(DrillOp::Stats))
            .await
            .unwrap();
        assert!(
            stats.lines[0].starts_with(&format!("Drill cards: {over} in all")),
            "player {i}: {over} mistakes; {:?}",
            stats.lines
        );
        // Each card's verdict puts gnubg's best play (or cube answer) first.
        for _ in 0..over {
            let card = club
                .execute(&local(name), drill(DrillOp::Next))
                .await
                .unwrap();
            let ask = card.drill.clone().expect("a card due");
            let verdict = club
                .execute(&local(name), answer(Some(ask.card), DrillChoice::Number(1)))
                .await
                .unwrap();
            let q = at.store.drill_card(ask.card).await.unwrap().unwrap();
            let d: serde_json::Value = serde_json::from_str(&q.question).unwrap();
            let choices = d["decision"]["choices"].as_array().unwrap();
            // gnubg's best: the first of the highest equity, as it listed them.
            let top = choices
                .iter()
                .map(|c| c["equity"].as_f64().unwrap())
                .fold(f64::MIN, f64::max);
            let best = choices
                .iter()
                .find(|c| c["equity"].as_f64().unwrap() == top)
                .unwrap();
            let best_words = best["words"].as_str().unwrap();
            let best_words = if best_words.starts_with("double") {
                "double"
            } else {
                best_words
            };
            assert!(
                verdict.lines[2].starts_with(&format!("1. {best_words}: best")),
                "{:?} {choices:?}",
                verdict.lines
            );
            checked += 1;
        }
    }
    println!("{checked} cards' verdicts checked against gnubg's order");
    assert!(checked > 0);
}

/// The figure of docs/drills.md: `/drill` answers' latency over 1000 answers (the club's
/// work: the card read, judged from the stored analysis, rescheduled and written; no
/// gnubg), alice holding 200 cards, the clock moved on to the next due card whenever
/// none is due. `cargo test -p gammonbot-club --test it drill_cards -- --ignored
/// --nocapture answer_latency`.
#[tokio::test]
#[ignore = "a figure: run on demand"]
async fn answer_latency_over_1000_answers() {
    let at = Fixture::seeded(&store_url("drill_latency").await, 9).await;
    analysed(&at, "alice", "bob", |a, _| {
        (0..200)
            .map(|i| {
                if i % 4 == 3 {
                    cube(a, i, "missed double", 0.05 + f64::from(i) / 1000.0)
                } else {
                    opening_play(a, i, 0.05 + f64::from(i) / 1000.0)
                }
            })
            .collect()
    })
    .await;
    let mut shown = Vec::new();
    let mut answers = Vec::new();
    let mut rng = testkit::Rng::new(3);
    while answers.len() < 1000 {
        let t = std::time::Instant::now();
        let card = run(&at, "alice", drill(DrillOp::Next)).await;
        shown.push(t.elapsed());
        let Some(ask) = card.drill else {
            let here = at
                .store
                .find_community("local", "local")
                .await
                .unwrap()
                .unwrap();
            let due = at.store.next_drill_due(card_player(&at).await, here).await;
            let wait = due.unwrap().unwrap_or(0) - at.club.now();
            at.clock.advance(wait.max(1));
            continue;
        };
        let n = 1 + (rng.next_u64() as usize) % ask.options.len();
        let t = std::time::Instant::now();
        run(&at, "alice", answer(Some(ask.card), DrillChoice::Number(n))).await;
        answers.push(t.elapsed());
    }
    let pct = |v: &mut Vec<std::time::Duration>, p: f64| {
        v.sort();
        v[((v.len() as f64 * p).ceil() as usize).min(v.len()) - 1]
    };
    println!(
        "1000 answers: p50 {:?}, p99 {:?}, max {:?}; {} cards shown: p50 {:?}, p99 {:?}",
        pct(&mut answers, 0.50),
        pct(&mut answers, 0.99),
        pct(&mut answers, 1.0),
        shown.len(),
        pct(&mut shown, 0.50),
        pct(&mut shown, 0.99),
    );
}

/// Alice's player id.
async fn card_player(at: &Fixture) -> i64 {
    at.store
        .find_player("local", "alice")
        .await
        .unwrap()
        .unwrap()
        .id
}
