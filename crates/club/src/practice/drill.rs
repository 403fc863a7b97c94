//! `/drill`: cards made from a player's own mistakes, on a spaced schedule
//! (docs/drills.md).
//!
//! Cards come from the stored analyses ([`card_analyses`]): each analysis not yet read
//! gives every player of it one card per decision of theirs that lost at least gnubg's
//! "doubtful" threshold, in one transaction that marks the analysis read; a decision is
//! carded once (its key is unique per player). The analysis workers read each analysis
//! as it is stored, and `/drill` reads any left (restart-safe: the mark is a row).
//! `/drill` shows the card due first; an answer is judged against the stored analysis'
//! equities (no gnubg) and moves the card on by FSRS (`drill_schedule`); `/drill stats`
//! counts. Every answer is for the player alone (the adapters keep it private).

use crate::analysis::review::Review;
use crate::analysis::welsh::WelshReview;
use crate::kernel::phrases::utc_words;
use crate::practice::drill_card::{
    Question, cards_of, is_cube, is_right, offered, pick, question_lines, unpicked, verdict_lines,
    welsh_cards_of,
};
use crate::practice::drill_schedule::{LEARNT_DAYS, after_answer, streak};
use crate::practice::refusal::PracticeRefusal;
use crate::{Club, ClubError, DrillAsk, DrillChoice, DrillOp, Outcome, duration_words};
use store::{DrillAnswer, DrillCardRow, NewDrillCard, PlayerRow};

/// Analyses read for cards in one pass.
const PASS: i64 = 50;

/// Days of answers read for the streak (a longer streak shows as this).
const STREAK_DAYS: i64 = 3650;

/// Makes the cards of the stored analyses not yet read (each read once, its cards and
/// its mark in one transaction); how many cards were added.
pub(crate) async fn card_analyses(club: &Club) -> Result<u64, ClubError> {
    let mut added = 0;
    loop {
        let rows = club.store.analyses_to_drill(PASS).await?;
        if rows.is_empty() {
            return Ok(added);
        }
        for row in &rows {
            // A review that cannot be read makes no card: it is marked read all the same.
            let text = row.result.as_deref().unwrap_or("");
            let mut made: Vec<(i64, String, Question)> = Vec::new();
            if let Ok(r) = serde_json::from_str::<WelshReview>(text) {
                for &player in &r.player_ids {
                    let cards = welsh_cards_of(&r, player);
                    made.extend(cards.into_iter().map(|(k, q)| (player, k, q)));
                }
            } else if let Ok(r) = serde_json::from_str::<Review>(text) {
                for &player in &r.player_ids {
                    let cards = cards_of(&r, player);
                    made.extend(cards.into_iter().map(|(k, q)| (player, k, q)));
                }
            }
            let mut cards = Vec::new();
            for (player, key, q) in made {
                let question = serde_json::to_string(&q)
                    .map_err(|e| ClubError::Corrupt(row.match_id, e.to_string()))?;
                cards.push(NewDrillCard {
                    player_id: player,
                    community_id: row.community_id,
                    decision_key: key,
                    question,
                });
            }
            added += club
                .store
                .add_drill_cards(row.id, &cards, club.clock.now())
                .await?;
        }
        if rows.len() < usize::try_from(PASS).unwrap_or(usize::MAX) {
            return Ok(added);
        }
    }
}

/// When, in words: `in 3 days (2027-01-15 08:00 UTC)`.
fn when(at: i64, now: i64) -> String {
    if at <= now {
        "now".into()
    } else {
        format!("in {} ({})", duration_words(at - now), utc_words(at))
    }
}

fn question_of(card: &DrillCardRow) -> Result<Question, ClubError> {
    serde_json::from_str(&card.question).map_err(|e| ClubError::Corrupt(card.id, e.to_string()))
}

/// `/drill`, `/drill answer`, `/drill stats`.
pub(super) async fn drill(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    op: DrillOp,
) -> Result<Outcome, ClubError> {
    match op {
        DrillOp::Next => {
            card_analyses(club).await?;
            next(club, me, community).await
        }
        DrillOp::Answer { card, choice } => answer(club, me, community, card, &choice).await,
        DrillOp::Stats => {
            card_analyses(club).await?;
            stats(club, me, community).await
        }
    }
}

/// The card due first: its board, question and choices; or when the next one is due.
async fn next(club: &Club, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    let Some(card) = club.store.next_drill_card(me.id, community, now).await? else {
        let line = match club.store.next_drill_due(me.id, community).await? {
            Some(at) => format!(
                "No drill card is due now: the next one is due {}.",
                when(at, now)
            ),
            None => "You have no drill cards yet: each decision of yours that an analysis \
                     finds lost 0.04 or more becomes one (every finished rated, league or bot \
                     match is analysed by itself; /analyse asks for others)."
                .into(),
        };
        return Ok(Outcome {
            lines: vec![line],
            ..Outcome::default()
        });
    };
    let q = question_of(&card)?;
    let options = offered(card.id, &q);
    let mut lines = question_lines(card.id, &q, &options);
    lines.push(if is_cube(&q.decision) {
        "Answer with a button (the local chat: /drill answer 1 or 2).".into()
    } else {
        "Answer by picking a play (the local chat: /drill answer <number>, or the play typed)."
            .into()
    });
    let mut scene = match &q.welsh {
        Some(before) => Some(render::Scene::from_welsh(
            before,
            q.names.clone(),
            Some(q.decision.side),
        )),
        None => crate::analysis::review_words::decision_scene(
            q.match_id,
            q.length,
            &q.names,
            &q.decision,
            false,
        ),
    };
    if let Some(s) = scene.as_mut() {
        s.prompt = Some(format!("Drill card #{}: your choice?", card.id));
    }
    Ok(Outcome {
        lines,
        board: scene,
        drill: Some(DrillAsk {
            card: card.id,
            cube: is_cube(&q.decision),
            options: options.into_iter().map(|o| o.words).collect(),
        }),
        ..Outcome::default()
    })
}

/// An answer: judged against the stored analysis, the card moved on by its schedule.
async fn answer(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    card: Option<i64>,
    choice: &DrillChoice,
) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    let card = match card {
        Some(id) => club
            .store
            .drill_card(id)
            .await?
            .filter(|c| c.player_id == me.id && c.community_id == community)
            .ok_or(PracticeRefusal::NoDrillCard { card: id })?,
        None => club
            .store
            .next_drill_card(me.id, community, now)
            .await?
            .ok_or(PracticeRefusal::NoDrillDue)?,
    };
    if card.due_at > now {
        return Err(PracticeRefusal::DrillAnswered {
            card: card.id,
            when: when(card.due_at, now),
        }
        .into());
    }
    let q = question_of(&card)?;
    let options = offered(card.id, &q);
    let Some(i) = pick(&q, &options, choice) else {
        let (given, listed) = unpicked(&options, choice);
        return Err(PracticeRefusal::NotADrillChoice {
            card: card.id,
            given,
            count: options.len(),
            options: listed,
        }
        .into());
    };
    let right = is_right(&options, i);
    let memory = after_answer(&card, right, now);
    let written = club
        .store
        .answer_drill(&DrillAnswer {
            card: &card,
            choice: &options[i].words,
            correct: right,
            at: now,
            memory,
        })
        .await?;
    if !written {
        let due = club
            .store
            .drill_card(card.id)
            .await?
            .map_or(now, |c| c.due_at);
        return Err(PracticeRefusal::DrillAnswered {
            card: card.id,
            when: when(due, now),
        }
        .into());
    }
    let mut lines = verdict_lines(card.id, &q, &options, i);
    lines.push(format!(
        "This card comes back {}.",
        when(memory.due_at, now)
    ));
    let due = club
        .store
        .drill_counts(me.id, community, now, LEARNT_DAYS)
        .await?
        .due;
    lines.push(if due > 0 {
        format!(
            "{due} more card{} due now: /drill shows the next.",
            if due == 1 { "" } else { "s" }
        )
    } else {
        "No more cards due now.".into()
    });
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

/// `/drill stats`: cards due, learnt, answers and the streak.
async fn stats(club: &Club, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    let c = club
        .store
        .drill_counts(me.id, community, now, LEARNT_DAYS)
        .await?;
    let days = club.store.drill_days(me.id, community, STREAK_DAYS).await?;
    let s = streak(&days, now);
    let mut lines = vec![format!(
        "Drill cards: {} in all, {} due now, {} learnt (recalled over {LEARNT_DAYS:.0} days or \
         more); {} answer{} given.",
        c.cards,
        c.due,
        c.learnt,
        c.answers,
        if c.answers == 1 { "" } else { "s" }
    )];
    lines.push(format!(
        "Streak: {s} day{} in a row with a card answered.",
        if s == 1 { "" } else { "s" }
    ));
    if c.due == 0
        && let Some(at) = club.store.next_drill_due(me.id, community).await?
    {
        lines.push(format!("The next card is due {}.", when(at, now)));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}
