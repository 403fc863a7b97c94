//! The position of the day (docs/puzzle.md): a server that asked for it
//! (`/server puzzle`) gets, once each UTC day at its hour, a position taken from its own
//! analysed matches: a drill card of the last [`RECENT_DAYS`] days (a real mistake: it
//! lost 0.04 or more) whose best answer is clear (at least [`CLEAR_GAP`] ahead of the
//! next), never posted there before. The post starts with the previous puzzle's
//! solution, the share who solved it and the server's solvers; then the board and the
//! choices. The post, its puzzle row and the day's mark are one transaction, so a
//! restart neither posts the day twice nor skips it; a day without a position is marked
//! too, and nothing is said. A player is named only if he allowed it (`/puzzle
//! names:on`), else shown by his colour. Answers are private, one per player, counted
//! while the puzzle is the server's latest.

use crate::practice::drill::card_analyses;
use crate::practice::drill_card::{Offered, Question, is_cube, is_right, offered, pick, unpicked};
use crate::practice::puzzle_words::{
    clear_gap, question_lines, shown_names, solution_lines, solvers_lines,
};
use crate::practice::refusal::PracticeRefusal;
use crate::{
    Actor, Club, ClubError, DAY, DailyPuzzle, DrillChoice, Notice, Outcome, PuzzleAsk, PuzzleOp,
    PuzzleSetting,
};
use store::{DrillCardRow, PlayerRow, PuzzleAnswered, PuzzleRow};

/// A position is taken from the drill cards made in the last this many days.
pub const RECENT_DAYS: i64 = 14;

/// The best answer must be at least this far ahead of the next (EMG).
pub const CLEAR_GAP: f64 = 0.08;

/// Cards looked at for a post.
const CANDIDATES: i64 = 200;

/// Players in the solvers' table.
const SOLVERS: i64 = 10;

/// The outbox row's body (`puzzle`): the post's words, the names it shows, its choices.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct PuzzleBody {
    pub(crate) puzzle: i64,
    pub(crate) lines: Vec<String>,
    pub(crate) names: [String; 2],
    pub(crate) ask: PuzzleAsk,
}

fn question_of(id: i64, text: &str) -> Result<Question, ClubError> {
    serde_json::from_str(text).map_err(|e| ClubError::Corrupt(id, e.to_string()))
}

/// The card's question and choices if it makes a puzzle: a choice to make, and a clear
/// best answer.
fn suitable(card: &DrillCardRow) -> Option<(Question, Vec<Offered>)> {
    let q: Question = serde_json::from_str(&card.question).ok()?;
    let options = offered(card.id, &q);
    (options.len() >= 2 && clear_gap(&options) >= CLEAR_GAP).then_some((q, options))
}

/// The names a puzzle from `q` (decided by `card`'s player) shows: each player's own if
/// he allowed it, else his colour.
async fn names_of(club: &Club, q: &Question) -> Result<[String; 2], ClubError> {
    let mut allowed = [false, false];
    if let Some(m) = club.store.load_match(q.match_id).await? {
        for (i, &player) in m.players.iter().enumerate() {
            allowed[i] = club.store.puzzle_names_allowed(player).await?;
        }
    }
    Ok(shown_names(q, allowed))
}

/// The board of puzzle `q`, with `names`.
fn scene_of(id: i64, q: &Question, names: &[String; 2]) -> Option<render::Scene> {
    let mut scene = match &q.welsh {
        Some(before) => Some(render::Scene::from_welsh(
            before,
            names.clone(),
            Some(q.decision.side),
        )),
        None => crate::analysis::review_words::decision_scene(
            q.match_id,
            q.length,
            names,
            &q.decision,
            false,
        ),
    };
    if let Some(s) = scene.as_mut() {
        s.prompt = Some(format!("Position of the day #{id}: your choice?"));
    }
    scene
}

/// The sweep's step: every server whose hour has come today and whose day is not dealt
/// with gets its post (or, no position found, its day marked). The posts are written to
/// the outbox by their own transactions: no notice is given back.
pub(crate) async fn puzzle_sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let now = club.clock.now();
    let (day, second) = (now.div_euclid(DAY), now.rem_euclid(DAY));
    let due = club.store.puzzles_due(day, second).await?;
    if due.is_empty() {
        return Ok(Vec::new());
    }
    // The analyses stored since the workers last carded them.
    card_analyses(club).await?;
    let mut first = None;
    for s in due {
        if let Err(e) = post_day(club, &s, day, now).await {
            tracing::warn!(community = s.community_id, error = %e, "the position of the day not posted");
            first.get_or_insert(e);
        }
    }
    club.ring_outbox();
    first.map_or(Ok(Vec::new()), Err)
}

/// Server `s`'s post of day `day`: the previous puzzle's solution and the solvers, then
/// today's position; or the day marked without a word.
async fn post_day(
    club: &Club,
    s: &store::PuzzleSettingRow,
    day: i64,
    now: i64,
) -> Result<(), ClubError> {
    let c = s.community_id;
    let chosen = club
        .store
        .puzzle_candidates(c, now - RECENT_DAYS * DAY, CANDIDATES)
        .await?
        .into_iter()
        .find_map(|card| suitable(&card).map(|(q, o)| (card, q, o)));
    let mut before = Vec::new();
    let mut names = [String::new(), String::new()];
    if let Some((_, q, _)) = &chosen {
        names = names_of(club, q).await?;
        if let Some(prev) = club.store.latest_puzzle(c).await? {
            let pq = question_of(prev.id, &prev.question)?;
            let (answers, solved) = club.store.puzzle_tally(prev.id).await?;
            before = solution_lines(prev.id, &pq, &offered(prev.card_id, &pq), answers, solved);
            before.extend(solvers_lines(&club.store.puzzle_solvers(c, SOLVERS).await?));
            before.push(String::new());
        }
    }
    let owed = |id: i64| {
        let Some((_, q, options)) = &chosen else {
            return crate::outbox::rows::puzzle_row(&s.channel, "{}");
        };
        let mut lines = before.clone();
        lines.extend(question_lines(id, q, options, &names));
        let body = PuzzleBody {
            puzzle: id,
            lines,
            names: names.clone(),
            ask: PuzzleAsk {
                puzzle: id,
                cube: is_cube(&q.decision),
                options: options.iter().map(|o| o.words.clone()).collect(),
            },
        };
        crate::outbox::rows::puzzle_row(
            &s.channel,
            &serde_json::to_string(&body).unwrap_or_else(|_| "{}".into()),
        )
    };
    let written = club
        .store
        .post_puzzle(&store::PuzzlePost {
            community_id: c,
            day,
            card: chosen.as_ref().map(|(card, _, _)| card),
            channel: &s.channel,
            now,
            owed: &owed,
        })
        .await?;
    match written {
        Some(Some(id)) => tracing::info!(
            community = c,
            puzzle = id,
            day,
            "position of the day posted"
        ),
        Some(None) => tracing::info!(community = c, day, "no position of the day found"),
        None => {}
    }
    Ok(())
}

/// A `puzzle` row of the outbox as a poster gets it: its words and choices, and the
/// board drawn from the puzzle's question. `None`: the body or the puzzle is gone.
pub(crate) async fn daily_puzzle(
    club: &Club,
    channel: &str,
    body: &str,
) -> Result<Option<DailyPuzzle>, ClubError> {
    let Ok(b) = serde_json::from_str::<PuzzleBody>(body) else {
        return Ok(None);
    };
    let Some(p) = club.store.puzzle(b.puzzle).await? else {
        return Ok(None);
    };
    let q = question_of(p.id, &p.question)?;
    Ok(Some(DailyPuzzle {
        channel: channel.to_string(),
        lines: b.lines,
        board: scene_of(p.id, &q, &b.names),
        ask: b.ask,
    }))
}

/// The setting in words.
fn setting_line(s: Option<&store::PuzzleSettingRow>, local: bool) -> String {
    match s {
        Some(s) => format!(
            "A position of the day from this server's analysed matches is posted {} each day \
             at {:02}:00 UTC; players are named only if they allow it (/puzzle names:on). \
             /server puzzle off stops it.",
            if local {
                "here".to_string()
            } else {
                format!("in <#{}>", s.channel)
            },
            s.hour
        ),
        None => "No position of the day here: /server puzzle channel:#x hour:18 (UTC) posts one \
                 each day from this server's analysed matches."
            .into(),
    }
}

/// `/server puzzle`: the position of the day set, turned off, or shown.
pub(crate) async fn server_puzzle(
    club: &Club,
    actor: &Actor,
    community: i64,
    setting: Option<PuzzleSetting>,
) -> Result<Outcome, ClubError> {
    match setting {
        Some(PuzzleSetting::On { channel, hour }) => {
            if !(0..=23).contains(&hour) {
                return Err(PracticeRefusal::PuzzleHour { hour }.into());
            }
            club.store
                .set_puzzle(community, &channel, hour, club.clock.now())
                .await?;
            tracing::info!(community, by = %actor.user_id, hour, "position of the day set");
        }
        Some(PuzzleSetting::Off) => {
            club.store.puzzle_off(community).await?;
            tracing::info!(community, by = %actor.user_id, "position of the day off");
        }
        None => {}
    }
    let now = club.store.puzzle_setting(community).await?;
    Ok(Outcome {
        lines: vec![setting_line(now.as_ref(), actor.platform == "local")],
        ..Outcome::default()
    })
}

/// The puzzle an answer or `/puzzle` names: `id` if it is this server's, else the
/// server's latest.
async fn named(club: &Club, community: i64, id: Option<i64>) -> Result<PuzzleRow, ClubError> {
    let p = match id {
        Some(id) => club
            .store
            .puzzle(id)
            .await?
            .filter(|p| p.community_id == community),
        None => club.store.latest_puzzle(community).await?,
    };
    Ok(p.ok_or(PracticeRefusal::NoPuzzle)?)
}

/// `/puzzle`, `/puzzle answer`, `/puzzle names`.
pub(crate) async fn puzzle(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    op: PuzzleOp,
) -> Result<Outcome, ClubError> {
    match op {
        PuzzleOp::Names(allow) => {
            club.store
                .allow_puzzle_names(me.id, allow, club.clock.now())
                .await?;
            Ok(Outcome {
                lines: vec![if allow {
                    "Your name may be shown on a position of the day taken from your matches."
                        .into()
                } else {
                    "Your name is never shown on a position of the day: you are named by your \
                     colour (White or Black)."
                        .into()
                }],
                ..Outcome::default()
            })
        }
        PuzzleOp::Show => {
            let p = named(club, community, None).await?;
            let q = question_of(p.id, &p.question)?;
            let options = offered(p.card_id, &q);
            let names = names_of(club, &q).await?;
            let lines = question_lines(p.id, &q, &options, &names);
            Ok(Outcome {
                lines,
                board: scene_of(p.id, &q, &names),
                puzzle: Some(PuzzleAsk {
                    puzzle: p.id,
                    cube: is_cube(&q.decision),
                    options: options.into_iter().map(|o| o.words).collect(),
                }),
                ..Outcome::default()
            })
        }
        PuzzleOp::Answer { puzzle, choice } => answer(club, me, community, puzzle, &choice).await,
    }
}

/// An answer: counted once, judged later (the next post gives the solution).
async fn answer(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    id: Option<i64>,
    choice: &DrillChoice,
) -> Result<Outcome, ClubError> {
    let p = named(club, community, id).await?;
    let q = question_of(p.id, &p.question)?;
    let options = offered(p.card_id, &q);
    let Some(i) = pick(&q, &options, choice) else {
        let (given, listed) = unpicked(&options, choice);
        return Err(PracticeRefusal::NotAPuzzleChoice {
            puzzle: p.id,
            given,
            count: options.len(),
            options: listed,
        }
        .into());
    };
    let words = &options[i].words;
    let right = is_right(&options, i);
    match club
        .store
        .answer_puzzle(&p, me.id, words, right, club.clock.now())
        .await?
    {
        PuzzleAnswered::Counted => Ok(Outcome {
            lines: vec![format!(
                "Your answer to position of the day #{}, {words}, is counted (only you see \
                 it). The solution comes with the next post.",
                p.id
            )],
            ..Outcome::default()
        }),
        PuzzleAnswered::Already(first) => Err(PracticeRefusal::PuzzleAnswered {
            puzzle: p.id,
            first,
        }
        .into()),
        PuzzleAnswered::Closed => Err(PracticeRefusal::PuzzleClosed { puzzle: p.id }.into()),
    }
}
