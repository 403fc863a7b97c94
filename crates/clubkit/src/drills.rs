//! A match with drill cards to answer: a five-point match of two players ended by a
//! resignation, and its analysis stored as done with chosen mistakes (no gnubg run).

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, Command, Decision, MatchOp, MatchRef, PlayerFigures,
    Review, Valued,
};
use engine::{ResignLevel, Side};
use store::NewAnalysis;

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

/// `side`'s 3-1 from the opening played 24/23 13/10, losing 0.09 against gnubg's best
/// 8/5 6/5 (+0.20; then 24/21 6/5 +0.15, 13/10 6/5 +0.11).
#[must_use]
pub fn opening_mistake(side: Side) -> Decision {
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
        loss: 0.09,
        cube: 1,
        owner: None,
        score: [0, 0],
        index: 2,
        choices: vec![
            valued("8/5 6/5", &[[8, 5], [6, 5]], 0.20),
            valued("24/21 6/5", &[[24, 21], [6, 5]], 0.15),
            valued("13/10 6/5", &[[13, 10], [6, 5]], 0.11),
            valued("24/23 13/10", &[[24, 23], [13, 10]], 0.11),
        ],
    }
}

/// `side`'s missed double, losing 0.12 (no double +0.30, double +0.42).
#[must_use]
pub fn missed_double(side: Side) -> Decision {
    Decision {
        side,
        kind: "missed double".into(),
        game: 1,
        board: START.into(),
        board_side: side,
        dice: None,
        steps: Vec::new(),
        best_steps: Vec::new(),
        played: "no double".into(),
        best: "double, take".into(),
        loss: 0.12,
        cube: 1,
        owner: None,
        score: [2, 1],
        index: 4,
        choices: vec![valued("no double", &[], 0.30), valued("double", &[], 0.42)],
    }
}

/// `side`'s 3-1 from the opening played 24/23 13/10, losing 0.15 against gnubg's best
/// 8/5 6/5 (+0.20), which is clear: the next best, 24/21 6/5, is at +0.05.
#[must_use]
pub fn clear_opening_mistake(side: Side) -> Decision {
    let mut d = opening_mistake(side);
    d.loss = 0.15;
    d.choices = vec![
        valued("8/5 6/5", &[[8, 5], [6, 5]], 0.20),
        valued("24/21 6/5", &[[24, 21], [6, 5]], 0.05),
        valued("13/10 6/5", &[[13, 10], [6, 5]], 0.04),
        valued("24/23 13/10", &[[24, 23], [13, 10]], 0.05),
    ];
    d
}

/// A five-point match of `a` against `b` (`b` known to the club by its platform id)
/// ended by a resignation, and its analysis stored as done with `a`'s two mistakes
/// ([`opening_mistake`], [`missed_double`]): the match's id.
///
/// # Panics
/// When the club refuses a step of it (a test's set-up).
pub async fn drill_match(club: &Club, a: &Actor, b: &Actor) -> i64 {
    drill_match_with(club, a, b, |s| vec![opening_mistake(s), missed_double(s)]).await
}

/// [`drill_match`] with `a`'s mistakes as `mistakes` gives them for his side.
///
/// # Panics
/// When the club refuses a step of it (a test's set-up).
pub async fn drill_match_with(
    club: &Club,
    a: &Actor,
    b: &Actor,
    mistakes: impl Fn(Side) -> Vec<Decision>,
) -> i64 {
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: b.user_id.clone(),
        spec: ChallengeSpec::standard(Some(5)),
    });
    let id = club.execute(a, challenge).await.unwrap().match_id.unwrap();
    let m = MatchRef::id(id);
    let out = club
        .execute(b, Command::Challenge(ChallengeOp::Accept(m)))
        .await
        .unwrap();
    let (loser, winner) = if out.next.unwrap().user_id == a.user_id {
        (a, b)
    } else {
        (b, a)
    };
    club.execute(
        loser,
        Command::Match(m, MatchOp::Resign(ResignLevel::Single)),
    )
    .await
    .unwrap();
    club.execute(winner, Command::Match(m, MatchOp::AcceptResign))
        .await
        .unwrap();
    store_drill_review(club, id.get(), a, b, mistakes).await;
    id.get()
}

/// The analysis of finished match `id` of `a` against `b` stored as done, with `a`'s
/// mistakes as `mistakes` gives them for his side.
///
/// # Panics
/// When the store refuses a step of it (a test's set-up).
pub async fn store_drill_review(
    club: &Club,
    id: i64,
    a: &Actor,
    b: &Actor,
    mistakes: impl Fn(Side) -> Vec<Decision>,
) {
    let store = club.store();
    let row = store.load_match(id).await.unwrap().unwrap();
    let pa = store
        .find_player(&a.platform, &a.user_id)
        .await
        .unwrap()
        .unwrap()
        .id;
    let sa = if row.players[Side::X.index()] == pa {
        Side::X
    } else {
        Side::O
    };
    let mut names = [String::new(), String::new()];
    names[sa.index()].clone_from(&a.display_name);
    names[sa.opponent().index()].clone_from(&b.display_name);
    let review = Review {
        match_id: id,
        games: 1,
        length: 5,
        plies: 2,
        player_ids: row.players,
        players: [figures(&names[0]), figures(&names[1])],
        worst: Vec::new(),
        mistakes: Some(mistakes(sa)),
        seconds: 1.0,
    };
    let now = club.now();
    let (job, _) = store
        .request_analysis(&NewAnalysis {
            match_id: id,
            games: 1,
            community_id: row.community_id,
            requested_by: row.players[0],
            channel: &row.channel,
            plies: 2,
            now,
        })
        .await
        .unwrap();
    store.claim_analysis(now).await.unwrap().unwrap();
    store
        .finish_analysis(job.id, Ok(&serde_json::to_string(&review).unwrap()), now)
        .await
        .unwrap();
}
