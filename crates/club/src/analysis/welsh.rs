//! `/analyse` of a Welsh match: gammonbot's own Welsh player (`welsh_player::advice`, at
//! its strongest level) judges each decision of a finished match from its log, in place
//! of GNU Backgammon, who knows the standard rules only. What it finds is a
//! [`WelshReview`]: the equity each judged decision lost, each player's totals, the
//! worst three with the match as it stood (drawn as Welsh boards).
//!
//! The judge is the bot's own view, at the score (issue 50,
//! [`crate::practice::welsh_hint::welsh_advisor`]): equities are its network's chance of
//! winning the match through the match equity table, put on the scale of games per unit
//! of the doubling die ("normalised equity at the score"). Where the score is beyond the
//! table (a match longer than its 25 games) they are cubeless, in games, and doubling is
//! judged as before the table (below).
//!
//! Judged, each against the Welsh player's own choice:
//! - a **play** with more than one legal play: the best of the strong level's candidates
//!   and the play made, each at 1-ply, against the play made;
//! - a **nominate** decision (rule 21) where the player or the Welsh player nominates
//!   (both keeping the card is no decision): for itself before the throw, for the
//!   opponent before the play (seeing the board the play made leaves); keeping the card
//!   is worth the average throw plus the player's price for the card;
//! - an **acey-deucey** (rule 13): the 1-2's best play against the average throw;
//! - **doubling** (before a throw, where the player may double), at the score: each
//!   choice's chance of winning the match one throw ahead
//!   ([`welsh_player::CubeView`]), the loss the better one's over the one made, in games
//!   ([`welsh_player::CubeView::loss_in_games`], the scale of the plays' losses); judged
//!   when either side of it doubles or doubling would lose less than
//!   [`DOUBLE_CLOSE_GAMES`]. Beyond the table: when either doubles or the cubeless chance
//!   of winning is within [`DOUBLE_CLOSE`] of the cubeless doubling point, whether the
//!   decision is the Welsh player's, with no equity;
//! - an **answer to an offer to concede** (rule 18; not the compulsory acceptance of an
//!   offer to 24 with the payment): accepting against playing on by the chance of winning
//!   the match, the loss turned into games by the scale of a single game at the die
//!   ([`per_game`]); beyond the table, the games offered against the cubeless equity
//!   times the die, in games;
//! - an **offer to concede** where the player held the occasion (rule 18) and the player
//!   or the Welsh player offers (both playing on is no decision): the games offered, or
//!   playing on, valued by the chance of winning the match if the offer is accepted (or
//!   playing on), against the Welsh player's offer, in games the same way; at the score
//!   only.
//!
//! Not judged: the call (no call is better), who starts, one die beside a full spread.
//! Actions taken back with the tutor's `/undo` are left out. The job runs on a blocking
//! thread (the caller's); this file is plain computation over the log.

use serde::{Deserialize, Serialize};

use crate::Entry;
use crate::Snapshot;
use crate::analysis::review::{DOUBTFUL, Valued};
use crate::command::ChallengeSpec;
use crate::practice::welsh_hint::{throw_words, welsh_adviser};
use engine::welsh::{
    NominateFor, Throw, WelshAction, WelshEvent, WelshMatch, WelshPhase, format_welsh_play,
};
use engine::{AnyMatch, LegalPlay, Play, Position, Side};
use render::{BlunderBoard, LastPlay, Scene};
use welsh_player::advice::{Advisor, acey_deucey, nominate_matters};
use welsh_player::eval_player::DOUBLE_AT;
use welsh_player::match_table::TABLE_AWAY;
use welsh_player::player::{can_double, may_nominate_for_me};

use crate::practice::undo::welsh_actions;
use crate::practice::welsh_hint::{pct, per_game, welsh_advisor};

/// A decision that loses less than this is not among the worst.
const NOTABLE: f64 = 0.0005;

/// A doubling decision is judged when either side of it doubles, or when the chance of
/// winning is within this of the Welsh player's doubling point (a close decision).
const DOUBLE_CLOSE: f32 = 0.10;

/// At the score, a doubling decision is judged when either side of it doubles, or when
/// doubling would lose less than this many games (a close decision).
const DOUBLE_CLOSE_GAMES: f32 = 0.10;

/// One judged decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WelshDecision {
    /// Who made it.
    pub side: Side,
    /// `play`, `doubling`, `nominate for itself`, `nominate for the opponent`,
    /// `acey-deucey`, `concession answer`, `offer to concede`.
    pub kind: String,
    /// 1 for the first game.
    pub game: u32,
    /// The number of the log entry it was made in (1 for the first).
    pub entry: usize,
    /// What was done, in words (a play in Welsh notation).
    pub played: String,
    /// What the Welsh player would do.
    pub best: String,
    /// The equity lost against the Welsh player's choice (never below 0); `None` for
    /// doubling judged without an equity (beyond the match equity table, or in a review
    /// stored before it).
    pub loss: Option<f64>,
    /// A play that lost at least [`DOUBTFUL`]: the strong level's best five and the play
    /// made, with their equities (1-ply, for the mover), for drills; empty otherwise.
    #[serde(default)]
    pub choices: Vec<Valued>,
}

/// One of the worst decisions, with the match as it stood, to draw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WelshWorst {
    pub decision: WelshDecision,
    /// The match just before the decision.
    pub before: WelshMatch,
    /// A play: the one made.
    pub play: Option<Play>,
}

/// One player's figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WelshFigures {
    pub name: String,
    /// Decisions judged with an equity.
    pub decisions: u32,
    pub plays: u32,
    pub nominates: u32,
    pub acey_deuceys: u32,
    /// Equity lost over them, in all.
    pub lost: f64,
    /// Doubling decisions, and how many were not the Welsh player's.
    pub doublings: u32,
    pub doublings_unlike: u32,
    /// Offers to concede and answers to them judged (rule 18).
    #[serde(default)]
    pub concessions: u32,
}

impl WelshFigures {
    /// The equity lost a decision.
    #[must_use]
    pub fn per_decision(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.lost / f64::from(self.decisions)
        }
    }
}

/// What a Welsh analysis found, as stored (the `analyses` row's result).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WelshReview {
    pub match_id: i64,
    /// Games played (washes included).
    pub games: u32,
    /// Games to win the match.
    pub target: u32,
    /// Who judged: "gammonbot's Welsh player at strong".
    pub judge: String,
    /// The self-play games its network was trained on (which weights judged).
    #[serde(default)]
    pub network_games: u64,
    /// Judged at the score: the self-play games the match equity table was made from.
    /// `None` for a match beyond the table (judged cubeless) and in reviews stored before
    /// the table.
    #[serde(default)]
    pub table_games: Option<u64>,
    /// Player ids by [`Side::index`].
    pub player_ids: [i64; 2],
    /// By [`Side::index`].
    pub players: [WelshFigures; 2],
    /// Every judged decision, in the order made.
    pub decisions: Vec<WelshDecision>,
    /// The three worst decisions, worst first.
    pub worst: Vec<WelshWorst>,
    /// Every decision that lost at least [`DOUBTFUL`] of the Welsh player's equity, in
    /// the order made, with the match as it stood: what drill cards are made from. `None`
    /// in reviews stored before drills.
    #[serde(default)]
    pub mistakes: Option<Vec<WelshWorst>>,
    /// Seconds the analysis took.
    pub seconds: f64,
}

/// What a Welsh analysis reads: the match's terms, names, ids and log.
pub(crate) struct WelshJob {
    pub(crate) match_id: i64,
    pub(crate) spec: ChallengeSpec,
    pub(crate) names: [String; 2],
    pub(crate) player_ids: [i64; 2],
    pub(crate) entries: Vec<Entry>,
}

/// A Welsh action of the log: the entry's number (from 1), who acted, the action.
type Act = (usize, Side, WelshAction);

/// The Welsh match the log starts (at its acceptance), and the Welsh actions after it
/// (those taken back by `/undo` left out).
fn actions(job: &WelshJob) -> Result<(WelshMatch, Vec<Act>), String> {
    let mut start = None;
    for e in &job.entries {
        match e {
            Entry::Accept => start = Some(Snapshot::start(&job.spec)?),
            Entry::AcceptWelsh { shaker } => {
                start = Some(Snapshot::start_with_shaker(&job.spec, *shaker)?);
            }
            _ => {}
        }
    }
    // An action the tutor let the player take back is no decision of the match.
    let out = welsh_actions(&job.entries);
    match start.map(|s| s.game) {
        Some(AnyMatch::Welsh(m)) => Ok((m, out)),
        _ => Err("the log holds no accepted Welsh match".into()),
    }
}

/// The games played to their end in the log of a Welsh match (washes included).
pub(crate) fn welsh_games(job: &WelshJob) -> Result<u32, String> {
    let (mut m, acts) = actions(job)?;
    let mut games = 0;
    for (_, side, a) in acts {
        let (next, events) = m.apply(side, &a).map_err(|e| e.to_string())?;
        games += events
            .iter()
            .filter(|e| matches!(e, WelshEvent::GameOver { .. }))
            .count() as u32;
        m = next;
    }
    Ok(games)
}

/// The index of `made` among `plays`, by the play or by the board it leaves.
fn index_of(plays: &[LegalPlay], made: &Play, after: &engine::Board) -> Option<usize> {
    plays
        .iter()
        .position(|l| l.play == *made)
        .or_else(|| plays.iter().position(|l| l.board == *after))
}

/// A judged decision with what it needs to be drawn.
struct Judged {
    decision: WelshDecision,
    before: WelshMatch,
    play: Option<Play>,
}

/// Reviews the Welsh match of `job`; `progress(game, games)` is told as each game's
/// judging begins. Blocks (seconds for a long match).
///
/// # Errors
/// A log the engine refuses, in words.
pub(crate) fn review_welsh(
    job: &WelshJob,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<WelshReview, String> {
    let started = std::time::Instant::now();
    let games = welsh_games(job)?;
    let (mut m, acts) = actions(job)?;
    let adv = welsh_advisor();
    let mut judged: Vec<Judged> = Vec::new();
    // What was judged in the turn under way (the doubling die, a nomination, an
    // acey-deucey), so that each is judged once in it.
    let mut turn_key: Option<(u32, WelshPhase)> = None;
    let mut done: Vec<&'static str> = Vec::new();
    let mut told = 0;
    for (k, &(entry, side, action)) in acts.iter().enumerate() {
        let game = m.game_number();
        if game != told && game <= games.max(1) {
            told = game;
            progress(game, games);
        }
        let key = (game, m.phase());
        if turn_key != Some(key) {
            turn_key = Some(key);
            done.clear();
        }
        let (next, _) = m.apply(side, &action).map_err(|e| e.to_string())?;
        if let Some(j) = judge_concession(&adv, &m, &next, side, action, game, entry) {
            judged.push(j);
        }
        if m.concede().1.is_none() && m.to_act() == Some(side) {
            // A doubling decision's two choices, for a drill card (it is judged first in
            // its turn, so it is the first pushed below).
            let base = judged.len();
            let mut doubling_choices = None;
            let mut push = |kind: &'static str,
                            played: String,
                            best: String,
                            loss: Option<f64>,
                            play: Option<Play>| {
                judged.push(Judged {
                    decision: WelshDecision {
                        side,
                        kind: kind.into(),
                        game,
                        entry,
                        played,
                        best,
                        loss,
                        choices: Vec::new(),
                    },
                    before: m.clone(),
                    play,
                });
            };
            match (m.phase(), action) {
                (WelshPhase::ToRoll(_), _) => {
                    let double = matches!(action, WelshAction::Double);
                    let throws = matches!(action, WelshAction::Roll(..) | WelshAction::RollOne(_));
                    let own = match action {
                        WelshAction::Nominate {
                            whose: NominateFor::Me,
                            dice,
                        } => Some(dice),
                        _ => None,
                    };
                    if (double || throws || own.is_some())
                        && can_double(&m, side)
                        && !done.contains(&"doubling")
                    {
                        done.push("doubling");
                        let a = adv.doubling(&m, side);
                        let words = |d: bool| if d { "double" } else { "no double" }.to_string();
                        match a.at_score {
                            Some(v) => {
                                let close = double
                                    || a.double
                                    || v.loss_in_games(true) < DOUBLE_CLOSE_GAMES;
                                if close {
                                    let loss = f64::from(v.loss_in_games(double));
                                    push(
                                        "doubling",
                                        words(double),
                                        format!(
                                            "{} (match-winning chance {} doubling, {} not)",
                                            words(a.double),
                                            pct(v.double),
                                            pct(v.no_double)
                                        ),
                                        Some(loss),
                                        None,
                                    );
                                    doubling_choices =
                                        Some(two_choices(&words(a.double), &words(double), loss));
                                }
                            }
                            None => {
                                let close =
                                    double || a.double || a.p_win >= DOUBLE_AT - DOUBLE_CLOSE;
                                if close {
                                    push(
                                        "doubling",
                                        words(double),
                                        format!(
                                            "{} (chance of winning {:.0}%)",
                                            words(a.double),
                                            100.0 * a.p_win
                                        ),
                                        None,
                                        None,
                                    );
                                }
                            }
                        }
                    }
                    if (throws || own.is_some())
                        && may_nominate_for_me(&m, side)
                        && (own.is_some() || nominate_matters(&m.position().view(side)))
                    {
                        let a = adv.nominate_for_me(&m, side);
                        // A decision when either nominates (both keeping the card: none).
                        if own.is_some() || a.choice.is_some() {
                            push(
                                "nominate for itself",
                                nominate_text(own),
                                nominate_text(a.choice),
                                Some(f64::from(a.loss(own))),
                                None,
                            );
                        }
                    }
                }
                (WelshPhase::ToPlay { .. }, WelshAction::Reroll(..)) => {
                    let a = adv.throw_again(&m, side);
                    push(
                        "acey-deucey",
                        "throw again".into(),
                        acey_text(a.again),
                        Some(f64::from(a.loss(true))),
                        None,
                    );
                }
                (
                    WelshPhase::ToPlay { .. },
                    WelshAction::Nominate {
                        whose: NominateFor::Opponent,
                        dice,
                    },
                ) => {
                    judge_acey(&adv, &m, side, &mut done, &mut push);
                    // The board the play that follows leaves.
                    let follows = acts[k + 1..].iter().find_map(|&(_, s, a)| match a {
                        WelshAction::Play(p) if s == side => Some(p),
                        _ => None,
                    });
                    let plays = m.legal_plays();
                    if let Some(l) = follows.and_then(|p| plays.iter().find(|l| l.play == p)) {
                        done.push("nominate for the opponent");
                        let a = adv.nominate_for_opponent(&m, side, &l.board);
                        push(
                            "nominate for the opponent",
                            nominate_text(Some(dice)),
                            nominate_text(a.choice),
                            Some(f64::from(a.loss(Some(dice)))),
                            None,
                        );
                    }
                }
                (WelshPhase::ToPlay { .. }, WelshAction::Play(p)) => {
                    judge_acey(&adv, &m, side, &mut done, &mut push);
                    let plays = m.legal_plays();
                    let before = m.position().view(side);
                    let after = next.position().view(side);
                    if let Some(made) = index_of(&plays, &p, &after) {
                        if m.nominate_left(side)
                            && !done.contains(&"nominate for the opponent")
                            && nominate_matters(&plays[made].board.swapped())
                        {
                            let a = adv.nominate_for_opponent(&m, side, &plays[made].board);
                            if a.choice.is_some() {
                                push(
                                    "nominate for the opponent",
                                    nominate_text(None),
                                    nominate_text(a.choice),
                                    Some(f64::from(a.loss(None))),
                                    None,
                                );
                            }
                        }
                        if plays.len() > 1 {
                            let ranked = adv.plays(&m, side, &plays, 1, Some(made));
                            let best = ranked
                                .iter()
                                .copied()
                                .fold(ranked[0], |b, r| if r.equity > b.equity { r } else { b });
                            let mine = ranked
                                .iter()
                                .find(|r| r.index == made)
                                .map_or(best.equity, |r| r.equity);
                            let text = |i: usize| {
                                let t = format_welsh_play(&before, &plays[i].play);
                                if t.is_empty() { "pass".to_string() } else { t }
                            };
                            let loss = f64::from((best.equity - mine).max(0.0));
                            push(
                                "play",
                                text(made),
                                text(best.index),
                                Some(loss),
                                Some(plays[made].play),
                            );
                            if loss >= DOUBTFUL
                                && let Some(j) = judged.last_mut()
                            {
                                // Its choices, for a drill card: the best five and the
                                // play made, best first.
                                let mut order = ranked.clone();
                                order.sort_by(|a, b| b.equity.total_cmp(&a.equity));
                                let mut shown: Vec<_> = order.iter().take(5).copied().collect();
                                if !shown.iter().any(|r| r.index == made)
                                    && let Some(r) = order.iter().find(|r| r.index == made)
                                {
                                    shown.push(*r);
                                }
                                j.decision.choices = shown
                                    .iter()
                                    .map(|r| Valued {
                                        words: text(r.index),
                                        steps: Vec::new(),
                                        equity: f64::from(r.equity),
                                    })
                                    .collect();
                            }
                        }
                    }
                }
                _ => {}
            }
            if let (Some(c), Some(j)) = (doubling_choices, judged.get_mut(base)) {
                j.decision.choices = c;
            }
        }
        m = next;
    }
    Ok(summary(job, games, judged, started.elapsed().as_secs_f64()))
}

/// The choices of a decision of two (the best at 0, the one made at minus its loss), for
/// a drill card.
fn two_choices(best: &str, made: &str, loss: f64) -> Vec<Valued> {
    let mut v = vec![Valued {
        words: best.into(),
        steps: Vec::new(),
        equity: 0.0,
    }];
    if made != best {
        v.push(Valued {
            words: made.into(),
            steps: Vec::new(),
            equity: -loss,
        });
    }
    v
}

/// An answer to an offer to concede (`action`, by `side`), or the offer of the side
/// holding the occasion to make one, which `action` makes or lets pass (rule 18); `m`
/// before it, `next` after.
fn judge_concession(
    adv: &Advisor<'_>,
    m: &WelshMatch,
    next: &WelshMatch,
    side: Side,
    action: WelshAction,
    game: u32,
    entry: usize,
) -> Option<Judged> {
    let judged =
        |who: Side, kind: &str, played: String, best: String, loss: f64, bw: &str| Judged {
            decision: WelshDecision {
                side: who,
                kind: kind.into(),
                game,
                entry,
                played: played.clone(),
                best,
                loss: Some(loss),
                choices: two_choices(bw, &played, loss),
            },
            before: m.clone(),
            play: None,
        };
    let answer = |accept: bool| if accept { "accept" } else { "refuse" };
    match (m.concede(), action) {
        (
            (_, Some((by, games, payment))),
            WelshAction::AcceptConcede | WelshAction::RejectConcede,
        ) if by != side => {
            let c = adv.concession(m, side, games, payment);
            if c.compulsory {
                return None;
            }
            let accepted = matches!(action, WelshAction::AcceptConcede);
            let (loss, best) = match (c.at_score, per_game(m, side)) {
                (Some((acc, on)), Some(scale)) => {
                    let (made, other) = if accepted { (acc, on) } else { (on, acc) };
                    (
                        ((other - made).max(0.0) / scale),
                        format!(
                            "{} (match-winning chance {} accepting, {} playing on)",
                            answer(c.accept),
                            pct(acc),
                            pct(on)
                        ),
                    )
                }
                _ => {
                    let offered = games as f32;
                    let loss = if accepted {
                        c.expected - offered
                    } else {
                        offered - c.expected
                    };
                    (
                        loss.max(0.0),
                        format!(
                            "{} ({:.2} games expected playing on, cubeless)",
                            answer(c.accept),
                            c.expected
                        ),
                    )
                }
            };
            Some(judged(
                side,
                "concession answer",
                answer(accepted).into(),
                best,
                f64::from(loss),
                answer(c.accept),
            ))
        }
        ((Some(holder), None), _) if next.concede().0 != Some(holder) => {
            let most = m.concede_most(holder).unwrap_or(0);
            if most == 0 {
                return None;
            }
            let made = match action {
                WelshAction::OfferConcede { games, .. } if side == holder => Some(games),
                _ => None,
            };
            let a = adv.offer(m, holder, most)?;
            if made.is_none() && a.offer.is_none() {
                return None;
            }
            let scale = per_game(m, holder)?;
            let value = |o: Option<u32>| match o {
                None => a.play_on,
                Some(g) => a
                    .by_games
                    .iter()
                    .find(|(n, _)| *n == g)
                    .map_or(a.play_on, |(_, v)| *v),
            };
            let words = |o: Option<u32>| match o {
                None => "play on".to_string(),
                Some(g) => format!("offer {g} game{}", if g == 1 { "" } else { "s" }),
            };
            let loss = (value(a.offer) - value(made)).max(0.0) / scale;
            let best = if made == a.offer {
                format!(
                    "{} (match-winning chance {})",
                    words(a.offer),
                    pct(value(a.offer))
                )
            } else {
                format!(
                    "{} (match-winning chance {} against {} to {}; an offer valued as accepted)",
                    words(a.offer),
                    pct(value(a.offer)),
                    pct(value(made)),
                    words(made)
                )
            };
            Some(judged(
                holder,
                "offer to concede",
                words(made),
                best,
                f64::from(loss),
                &words(a.offer),
            ))
        }
        _ => None,
    }
}

/// The acey-deucey decision to play a 1-2, judged once in its turn.
fn judge_acey(
    adv: &Advisor<'_>,
    m: &WelshMatch,
    side: Side,
    done: &mut Vec<&'static str>,
    push: &mut dyn FnMut(&'static str, String, String, Option<f64>, Option<Play>),
) {
    if acey_deucey(m, side) && !done.contains(&"acey-deucey") {
        done.push("acey-deucey");
        let a = adv.throw_again(m, side);
        push(
            "acey-deucey",
            "play the 1-2".into(),
            acey_text(a.again),
            Some(f64::from(a.loss(false))),
            None,
        );
    }
}

fn nominate_text(d: Option<(u8, u8)>) -> String {
    d.map_or("keep the card".into(), |d| {
        format!("nominate {}", throw_words(d))
    })
}

fn acey_text(again: bool) -> String {
    if again { "throw again" } else { "play the 1-2" }.into()
}

/// Totals per player and the worst three.
fn summary(job: &WelshJob, games: u32, judged: Vec<Judged>, seconds: f64) -> WelshReview {
    let mut players: [WelshFigures; 2] = [
        WelshFigures {
            name: job.names[0].clone(),
            ..WelshFigures::default()
        },
        WelshFigures {
            name: job.names[1].clone(),
            ..WelshFigures::default()
        },
    ];
    for j in &judged {
        let d = &j.decision;
        let p = &mut players[d.side.index()];
        if d.kind == "doubling" {
            p.doublings += 1;
            if !d.best.starts_with(&format!("{} (", d.played)) {
                p.doublings_unlike += 1;
            }
        }
        if let Some(loss) = d.loss {
            p.decisions += 1;
            p.lost += loss;
            match d.kind.as_str() {
                "play" => p.plays += 1,
                "acey-deucey" => p.acey_deuceys += 1,
                "doubling" => {}
                "concession answer" | "offer to concede" => p.concessions += 1,
                _ => p.nominates += 1,
            }
        }
    }
    // Judged at the score when the match is within the table (its length decides it).
    let target = job.spec.length.unwrap_or(25);
    let at_score = i32::try_from(target).is_ok_and(|t| t <= TABLE_AWAY);
    let mut order: Vec<usize> = (0..judged.len())
        .filter(|&i| judged[i].decision.loss.is_some_and(|l| l >= NOTABLE))
        .collect();
    order.sort_by(|&a, &b| {
        let l = |i: usize| judged[i].decision.loss.unwrap_or(0.0);
        l(b).total_cmp(&l(a))
    });
    let mistakes = judged
        .iter()
        .filter(|j| j.decision.loss.is_some_and(|l| l >= DOUBTFUL))
        .map(|j| WelshWorst {
            decision: j.decision.clone(),
            before: j.before.clone(),
            play: j.play,
        })
        .collect();
    let worst = order
        .iter()
        .take(3)
        .map(|&i| WelshWorst {
            decision: judged[i].decision.clone(),
            before: judged[i].before.clone(),
            play: judged[i].play,
        })
        .collect();
    WelshReview {
        match_id: job.match_id,
        games,
        target,
        judge: welsh_adviser(),
        network_games: welsh_player::shipped().games,
        table_games: at_score.then(|| welsh_player::shipped_table().counts().games),
        player_ids: job.player_ids,
        players,
        decisions: judged
            .into_iter()
            .map(|j| {
                let mut d = j.decision;
                // The choices are kept with the mistakes.
                d.choices.clear();
                d
            })
            .collect(),
        worst,
        mistakes: Some(mistakes),
        seconds,
    }
}

fn title(r: &WelshReview, d: &WelshDecision, before: &WelshMatch) -> String {
    let name = &r.players[d.side.index()].name;
    match before.phase() {
        WelshPhase::ToPlay {
            throw: Throw::Two(a, b),
            ..
        } if d.kind == "play" => format!("Game {}, {name} to play {}", d.game, throw_words((a, b))),
        WelshPhase::ToPlay {
            throw: Throw::One(a),
            ..
        } if d.kind == "play" => format!("Game {}, {name} to play {a} (one die)", d.game),
        _ => format!("Game {}, {name}: {}", d.game, d.kind),
    }
}

/// The review in words: who judged and how, one line per player, the worst decisions.
#[must_use]
pub fn welsh_review_lines(r: &WelshReview) -> Vec<String> {
    let how = match r.table_games {
        Some(t) => format!(
            "at the score through the match equity table made from {t} self-play games (the match-winning chance put on the scale of games per unit of the doubling die)"
        ),
        None if i32::try_from(r.target).is_ok_and(|t| t > TABLE_AWAY) => format!(
            "cubeless, in games per unit of the doubling die (the match is longer than the match equity table's {TABLE_AWAY} games)"
        ),
        None => "cubeless, in games per unit of the doubling die".into(),
    };
    let mut lines = vec![format!(
        "Analysis of Welsh match #{} (to {} game{}; {} game{} played) by {}, not a perfect judge: equities are its network's ({} self-play games) {how}.",
        r.match_id,
        r.target,
        if r.target == 1 { "" } else { "s" },
        r.games,
        if r.games == 1 { "" } else { "s" },
        r.judge.replacen(" at ", " at level ", 1),
        r.network_games
    )];
    for p in &r.players {
        if r.table_games.is_some() {
            lines.push(format!(
                "{}: {} decisions judged ({} plays, {} nominate, {} acey-deucey, {} doubling of which {} unlike the Welsh player's, {} offer to concede or answer), equity lost {:.3} in all, {:.3} a decision",
                p.name,
                p.decisions,
                p.plays,
                p.nominates,
                p.acey_deuceys,
                p.doublings,
                p.doublings_unlike,
                p.concessions,
                p.lost,
                p.per_decision(),
            ));
            continue;
        }
        lines.push(format!(
            "{}: {} decisions judged ({} plays, {} nominate, {} acey-deucey{}), equity lost {:.3} in all, {:.3} a decision; doubling: {} decision{}, {} unlike the Welsh player's (no equity: cubeless, its network does not value the right to double)",
            p.name,
            p.decisions,
            p.plays,
            p.nominates,
            p.acey_deuceys,
            if p.concessions > 0 {
                format!(", {} concession answer", p.concessions)
            } else {
                String::new()
            },
            p.lost,
            p.per_decision(),
            p.doublings,
            if p.doublings == 1 { "" } else { "s" },
            p.doublings_unlike
        ));
    }
    if r.worst.is_empty() {
        lines.push("No decision lost equity.".into());
    } else {
        lines.push(format!(
            "The {} worst decision{}:",
            r.worst.len(),
            if r.worst.len() == 1 { "" } else { "s" }
        ));
        for (i, w) in r.worst.iter().enumerate() {
            let d = &w.decision;
            lines.push(format!(
                "{}. {}: played {}, best {}, lost {:.3}",
                i + 1,
                title(r, d, &w.before),
                d.played,
                d.best,
                d.loss.unwrap_or(0.0)
            ));
        }
    }
    lines
}

/// The pictures of the worst decisions: the Welsh board before each (a play drawn made,
/// its origins and landings marked).
#[must_use]
pub fn welsh_blunder_boards(r: &WelshReview) -> Vec<BlunderBoard> {
    let names = [r.players[0].name.clone(), r.players[1].name.clone()];
    r.worst
        .iter()
        .map(|w| {
            let d = &w.decision;
            let loss = d.loss.unwrap_or(0.0);
            let mut scene = Scene::from_welsh(&w.before, names.clone(), Some(d.side));
            if let Some(play) = w.play {
                let board = w.before.position().view(d.side);
                if let Some(l) = w.before.legal_plays().into_iter().find(|l| l.play == play) {
                    scene.position = Position::from_view(d.side, &l.board);
                }
                scene.last_play = Some(LastPlay::new(
                    d.side,
                    &board,
                    play.steps(),
                    d.played.clone(),
                ));
            }
            scene.prompt = Some(format!("{}, lost {loss:.3}", d.kind));
            scene.reference = Some(format!("#{} game {}", r.match_id, d.game));
            BlunderBoard {
                title: title(r, d, &w.before),
                played: d.played.clone(),
                best: d.best.clone(),
                loss,
                scene,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{WelshReview, welsh_review_lines};

    #[test]
    fn a_welsh_review_stored_before_the_match_equity_table_loads_and_keeps_its_old_words() {
        // Given a review as stored before issue 50: no table_games, no concessions
        let stored = r#"{"match_id":7,"games":2,"target":3,"judge":"gammonbot's Welsh player at strong",
            "network_games":60000,"player_ids":[1,2],
            "players":[{"name":"alice","decisions":1,"plays":1,"nominates":0,"acey_deuceys":0,"lost":0.1,"doublings":1,"doublings_unlike":0},
                       {"name":"bob","decisions":0,"plays":0,"nominates":0,"acey_deuceys":0,"lost":0.0,"doublings":0,"doublings_unlike":0}],
            "decisions":[],"worst":[],"seconds":0.5}"#;
        // When it is read
        let r: WelshReview = serde_json::from_str(stored).expect("an old review loads");
        // Then it is shown as it was judged: cubeless, doubling without an equity
        assert_eq!(r.table_games, None);
        let lines = welsh_review_lines(&r);
        assert!(
            lines[0].ends_with(
                "(60000 self-play games) cubeless, in games per unit of the doubling die."
            ),
            "{}",
            lines[0]
        );
        assert!(lines[1].contains("(no equity: cubeless"), "{}", lines[1]);
    }
}
