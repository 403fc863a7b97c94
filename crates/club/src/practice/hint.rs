//! Practice: where it is allowed (a match against the bot, or two people's match opened
//! for practice; never a rated or a league match), and `/hint`: GNU Backgammon's best
//! plays for the roll in hand, or its cube decision, in words for the player on turn (a
//! Welsh match: gammonbot's own Welsh player's, `welsh_hint`).
//! A hint changes nothing in the match and writes nothing.

use crate::Refusal;
use crate::matches::loaded::Loaded;
use crate::practice::refusal::PracticeRefusal;
use crate::practice::welsh_hint::{welsh_adviser, welsh_hint_words};
use crate::{Club, ClubError, MatchRef, Outcome, next_words};
use engine::{AnyMatch, Match, Phase, Ruleset, Side};
use gnubg::{BotError, HINT_LEVEL, Pool, Situation, answer_words, cube_words, plays_words};
use store::{MatchStatus, PlayerRow};

/// How many of gnubg's plays a hint names.
pub(crate) const HINT_PLAYS: usize = 3;

/// Refuses `/verb` (hint, undo, keep) where practice is not allowed, saying why: a
/// league match, a rated match, a match of two people not opened for practice.
pub(super) async fn practice_allowed(
    club: &Club,
    l: &Loaded,
    verb: &'static str,
) -> Result<(), ClubError> {
    let id = l.row.id;
    if club.store.fixture_of_match(id).await?.is_some() {
        return Err(PracticeRefusal::LeagueMatch { id, verb }.into());
    }
    if l.spec.bot.is_some() {
        return Ok(());
    }
    // Money play is never rated.
    if l.spec.rated && (l.spec.ruleset == Ruleset::Welsh || l.spec.length.is_some()) {
        return Err(PracticeRefusal::Rated { id, verb }.into());
    }
    if !l.spec.practice {
        return Err(PracticeRefusal::NotPractice { id, verb }.into());
    }
    Ok(())
}

/// `/hint`: gnubg's advice for the decision in hand, for the player who must make it.
pub(super) async fn hint(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let l = club.find(me, community, m, "hint").await?;
    practice_allowed(club, &l, "hint").await?;
    let snap = match &l.snap {
        Some(s) if l.row.status == MatchStatus::Active && !s.is_over() => s,
        _ => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                l.row.status.to_string(),
                "there is no decision to give a hint for",
            )
            .into());
        }
    };
    let side = l.side_of(me.id).unwrap_or(Side::X);
    match snap.game.to_act() {
        Some(s) if s == side => {}
        Some(s) => {
            return Err(PracticeRefusal::NotYourDecision {
                name: l.names[s.index()].clone(),
                next: next_words(&snap.game),
            }
            .into());
        }
        // Before a game's opening throw nobody has a decision but the throw itself, which
        // either player may make.
        None if matches!(&snap.game, AnyMatch::Standard(g) if g.phase() == Phase::Opening) => {
            return Ok(Outcome {
                match_id: Some(l.row.id.into()),
                version: Some(l.row.version),
                lines: vec![format!(
                    "Hint for {} (match #{}): nothing to decide before the opening throw: \
                     /roll it (either player may; each throws one die, and the higher starts \
                     with the two dice as the first roll).",
                    l.names[side.index()],
                    l.row.id
                )],
                ..Outcome::default()
            });
        }
        None => {
            return Err(PracticeRefusal::NobodyToDecide.into());
        }
    }
    // GNU Backgammon's turn first (a standard match's hint): a hint that finds it busy for
    // the whole wait is refused before anything is counted. The bot's moves have a pool
    // of their own and never wait for it.
    let turn = match &snap.game {
        AnyMatch::Standard(_) => {
            Some(
                club.hints
                    .turn()
                    .await
                    .map_err(|wait| PracticeRefusal::GnubgBusy {
                        wait: crate::duration_words(
                            i64::try_from(wait.as_secs().max(1)).unwrap_or(i64::MAX),
                        ),
                    })?,
            )
        }
        AnyMatch::Welsh(_) => None,
    };
    // The hour's hints are counted only for a hint that will be given.
    let now = club.clock.now();
    if let Err(next) = club.hint_times.take(me.id, now, club.quotas.hints_per_hour) {
        return Err(PracticeRefusal::TooManyHints {
            limit: club.quotas.hints_per_hour,
            wait: crate::duration_words(next - now),
        }
        .into());
    }
    let (by, words) = match &snap.game {
        AnyMatch::Welsh(w) => {
            let (w, names) = (w.clone(), l.names.clone());
            // A 1-ply look: off the async runtime's workers.
            let words = tokio::task::spawn_blocking(move || welsh_hint_words(&w, side, &names))
                .await
                .map_err(PracticeRefusal::WelshHintFailed)?;
            (welsh_adviser(), words)
        }
        AnyMatch::Standard(game) => {
            let words = match (Question::of(game, side), turn) {
                (Ok(q), Some(turn)) => club
                    .hints
                    .run(turn, move |pool| q.answer(pool))
                    .await
                    .map_err(PracticeRefusal::GnubgHintFailed)?,
                (Ok(_), None) => unreachable!("a standard match's hint has gnubg's turn"),
                (Err(words), _) => words,
            };
            (format!("GNU Backgammon at {HINT_LEVEL}"), words)
        }
    };
    Ok(Outcome {
        match_id: Some(l.row.id.into()),
        version: Some(l.row.version),
        lines: vec![format!(
            "Hint for {} (match #{}, {by}): {words}",
            l.names[side.index()],
            l.row.id
        )],
        ..Outcome::default()
    })
}

/// The question a hint asks gnubg.
enum Question {
    /// The best plays for the dice in hand.
    Plays(Situation, engine::Dice),
    /// Double or roll.
    Cube(Situation),
    /// Take or pass the double on offer.
    Answer(Situation),
    /// Accept or reject the resignation on offer.
    Resignation(Situation),
}

impl Question {
    /// What `side`, whose decision it is, asks gnubg; or the hint in words when there is
    /// nothing to ask.
    fn of(game: &Match, side: Side) -> Result<Question, String> {
        // The side's view: `bot` is the player asking.
        let s = Situation::of(game, side);
        if game.resign_offer().is_some() {
            return Ok(Question::Resignation(s));
        }
        match game.phase() {
            Phase::ToPlay { dice, .. } => Ok(Question::Plays(s, dice)),
            Phase::ToRoll(_) => match game.may_double(side) {
                Ok(()) => Ok(Question::Cube(s)),
                Err(e) => Err(format!("no cube decision now ({e}): roll.")),
            },
            Phase::CubeOffered(o) if o.notches == 0 => Ok(Question::Answer(s)),
            Phase::CubeOffered(_) => Err(
                "GNU Backgammon always takes a beavered cube (it does not judge raccoons): take."
                    .into(),
            ),
            Phase::Opening | Phase::MatchOver { .. } => {
                Err("nothing to judge before the opening throw: roll.".into())
            }
        }
    }

    /// gnubg's answer in words. Blocks (run on a blocking thread).
    fn answer(&self, pool: &Pool) -> Result<String, BotError> {
        Ok(match self {
            Question::Plays(s, dice) => plays_words(&pool.hint_plays(s, *dice, HINT_PLAYS)?),
            Question::Cube(s) => cube_words(&pool.hint_cube(s)?),
            Question::Answer(s) => answer_words(&pool.hint_cube(s)?),
            Question::Resignation(s) => {
                if pool.accepts_resignation(s, HINT_LEVEL)? {
                    "Accept: what is offered is worth at least as much as playing on.".into()
                } else {
                    "Reject: playing on is worth more than what is offered.".into()
                }
            }
        })
    }
}
