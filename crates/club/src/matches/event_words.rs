//! A match's events in words, as the history and the replies say them: each standard
//! and Welsh event, the dice, an offer to resign, a throw; and why no break is due.

use std::fmt::Write as _;

use crate::matches::log::Settlement;
use engine::welsh::{GameEnd, WelshEvent, format_welsh_play};
use engine::{Event, Position, ResultKind, Side, format_play};

pub(crate) fn describe_standard(
    e: &Event,
    before: &Position,
    names: &[String; 2],
    lines: &mut Vec<String>,
    settle: &mut Vec<Settlement>,
    next: &engine::Match,
) {
    let post_crawford = next.is_post_crawford();
    let n = |s: Side| names[s.index()].as_str();
    let line = match *e {
        Event::GameStarted { number, crawford } => format!(
            "Game {number} begins{}",
            if crawford {
                " (the Crawford game: no doubling)"
            } else if post_crawford {
                " (post-Crawford)"
            } else {
                ""
            }
        ),
        Event::OpeningTie { die } => format!("Opening throw: both threw {die}; throwing again"),
        Event::AutomaticDouble { value } => format!("Automatic double: the cube is at {value}"),
        Event::OpeningWon { side, dice } => {
            format!(
                "{} wins the opening throw with {}",
                n(side),
                dice_words(dice)
            )
        }
        Event::Doubled { by, value } => format!("{} doubles to {value}", n(by)),
        Event::Taken { by, value } => format!("{} takes; the cube is at {value}", n(by)),
        Event::Beavered { by, value } => format!("{} beavers to {value}", n(by)),
        Event::Raccooned { by, value } => format!("{} raccoons to {value}", n(by)),
        Event::Dropped { by } => format!("{} drops", n(by)),
        Event::Rolled { by, dice } => format!("{} rolls {}", n(by), dice_words(dice)),
        Event::NoLegalPlay { by, dice } => format!("{} cannot play {}", n(by), dice_words(dice)),
        Event::Played { by, play, .. } => {
            format!("{} plays {}", n(by), format_play(&before.view(by), &play))
        }
        Event::ResignOffered { by, level } => resign_offer_words(next, by, level, names),
        Event::ResignRejected { by } => format!("{} rejects the resignation", n(by)),
        Event::GameOver(r) => {
            settle.push(Settlement::MoneyGame {
                winner: r.winner,
                points: r.points,
                game: 0,
                // After this event's line, which is pushed last.
                words_at: Some(lines.len() + 1),
            });
            let kind = match r.kind {
                ResultKind::Single => "",
                ResultKind::Gammon => " with a gammon",
                ResultKind::Backgammon => " with a backgammon",
                ResultKind::Dropped => " (double dropped)",
                ResultKind::Resigned(_) => " by resignation",
            };
            format!(
                "{} wins {} point{}{kind}",
                n(r.winner),
                r.points,
                if r.points == 1 { "" } else { "s" }
            )
        }
        Event::MatchOver { winner } => format!("{} wins the match", n(winner)),
    };
    lines.push(line);
}

/// `6-5`, higher die first.
#[must_use]
pub fn dice_words(d: engine::Dice) -> String {
    format!("{}-{}", d.high(), d.low())
}

/// A resignation level in words.
/// A resignation offer with its stakes: what accepting gives the opponent (the level, the
/// cube, the Jacoby rule) and, in match play, whether accepting ends the match.
fn resign_offer_words(
    m: &engine::Match,
    by: Side,
    level: engine::ResignLevel,
    names: &[String; 2],
) -> String {
    let n = |s: Side| names[s.index()].as_str();
    let winner = by.opponent();
    let points = m.resign_value(level);
    let cube = m.cube().value;
    let mut s = format!(
        "{} offers to resign ({}): accepting gives {} {points} point{}",
        n(by),
        level_words(level),
        n(winner),
        if points == 1 { "" } else { "s" }
    );
    let times = level as u64;
    if times > 1 && m.jacoby_applies() {
        let _ = write!(
            s,
            " (the Jacoby rule: with the cube not turned a {} counts as a single game)",
            level_words(level)
        );
    } else if times > 1 || cube > 1 {
        let mut parts = Vec::new();
        if times > 1 {
            parts.push(format!("{} x{times}", level_words(level)));
        }
        parts.push(format!("cube {cube}"));
        let _ = write!(s, " ({})", parts.join(", "));
    }
    if let Some(length) = m.rules().length {
        let score = m.score();
        let after = u64::from(score[winner.index()]) + points;
        if after >= u64::from(length) {
            let _ = write!(s, "; accepting ends the match: {} wins it", n(winner));
        } else {
            let _ = write!(
                s,
                "; the match goes on at {} {after}, {} {} (to {length})",
                n(winner),
                n(by),
                score[by.index()]
            );
        }
    }
    s
}

fn level_words(level: engine::ResignLevel) -> &'static str {
    match level {
        engine::ResignLevel::Single => "single",
        engine::ResignLevel::Gammon => "gammon",
        engine::ResignLevel::Backgammon => "backgammon",
    }
}

/// Why a break is refused when none is due.
pub const NO_BREAK_DUE: &str = "no break is due now: regulation D allows a ten-minute break between games the first time both clocks are under 35 minutes, after a backgammon, the first time a player reaches exactly 6, 12, 18 or 24 games, and after a game whose last throw was 2-3";

pub(crate) fn describe_welsh(
    e: &WelshEvent,
    before: &Position,
    names: &[String; 2],
    lines: &mut Vec<String>,
    settle: &mut Vec<Settlement>,
    score: [u32; 2],
    won: [u32; 2],
) {
    let n = |s: Side| names[s.index()].as_str();
    let line = match *e {
        WelshEvent::CallWon { chooser } => {
            format!("{} wins the call and chooses who starts", n(chooser))
        }
        WelshEvent::Starts(s) => format!("{} starts", n(s)),
        WelshEvent::GameStarted { number, cube } => format!(
            "Game {number} begins{}",
            if cube > 1 {
                format!(" with the doubling die at {cube}")
            } else {
                String::new()
            }
        ),
        WelshEvent::Doubled { by, value } => format!("{} turns the doubling die to {value}", n(by)),
        WelshEvent::Thrown {
            by,
            throw,
            nominated,
        } => format!(
            "{} {} {}",
            n(by),
            if nominated {
                "plays the nominated"
            } else {
                "throws"
            },
            throw_words(throw)
        ),
        WelshEvent::Rethrown { by } => format!("{} throws the 1-2 again", n(by)),
        WelshEvent::Nominated { by, whose, dice } => {
            nominated_words(n(by), n(by.opponent()), whose, dice)
        }
        WelshEvent::Played { by, play } if play.is_empty() => {
            format!("{} has no legal play", n(by))
        }
        WelshEvent::Played { by, play } => {
            format!(
                "{} plays {}",
                n(by),
                format_welsh_play(&before.view(by), &play)
            )
        }
        WelshEvent::Danced { by } => format!("{} dances (no move)", n(by)),
        WelshEvent::CubeRaisedByDance { value } => {
            format!("The first dance raises the doubling die to {value}")
        }
        WelshEvent::Triangle { by } => {
            format!("{} has a triangle: the doubling die is frozen", n(by))
        }
        WelshEvent::FullSpread { by } => format!("{} has a full spread", n(by)),
        WelshEvent::FirstCheckOut { by } => format!("{} checks out first", n(by)),
        WelshEvent::BonusThrow { by } => format!("{} earns a bonus throw", n(by)),
        WelshEvent::ConcedeOccasion { offerer, at_stake } => {
            concede_occasion_words(n(offerer), at_stake, score[offerer.opponent().index()])
        }
        WelshEvent::ConcedeOffered { by, games, payment } => format!(
            "{} offers to concede {games} game{}{}",
            n(by),
            if games == 1 { "" } else { "s" },
            if payment { " with the payment" } else { "" }
        ),
        WelshEvent::ConcedeRejected { by } => format!("{} rejects the offer", n(by)),
        WelshEvent::ConcedePaid { by } => {
            settle.push(Settlement::ConcedePayment { payer: by });
            format!(
                "{} makes the payment that came with the offer (rule 18)",
                n(by)
            )
        }
        WelshEvent::GameOver { winner, games, how } => {
            settle.push(Settlement::WelshGame {
                winner,
                backgammon: how == GameEnd::Backgammon,
            });
            game_over_words(winner.map(|w| (n(w), w)), games, how, score)
        }
        WelshEvent::BreakEntitled(reason) => {
            format!("Both players may take a ten-minute break: {reason} (/break)")
        }
        WelshEvent::MatchOver { winner, how } => {
            settle.push(Settlement::WelshMatch {
                winner,
                how,
                score,
                won,
            });
            format!("{} wins the match", n(winner))
        }
    };
    lines.push(line);
}

/// The occasion to offer to concede (rule 18): an offer of fewer games than the game
/// would cost, none possible while it costs only 1. `opponent_score`: the other side's.
fn concede_occasion_words(offerer: &str, at_stake: u32, opponent_score: u32) -> String {
    if at_stake > 1 {
        format!(
            "{offerer} may offer to concede now: /concede N, fewer games than the {at_stake} the game would cost (rule 18)"
        )
    } else {
        format!(
            "{offerer} has the occasion to offer to concede, but the game would cost only 1 game and an offer must be fewer: no offer is possible while the doubling die stays at 1{} (rule 18)",
            if opponent_score == 23 {
                ", not even one to 24"
            } else {
                ""
            }
        )
    }
}

/// A Welsh game's end: who wins how many games and how (`None`: a wash), and the score.
fn game_over_words(
    winner: Option<(&str, Side)>,
    games: u32,
    how: GameEnd,
    score: [u32; 2],
) -> String {
    let how_words = match how {
        GameEnd::Single => "",
        GameEnd::Gammon => " with a gammon",
        GameEnd::Backgammon => " with a backgammon",
        GameEnd::ThreeOnTheRoof => " (three on the roof)",
        GameEnd::Conceded => " (conceded)",
        GameEnd::WashBySticks => "",
        GameEnd::WashBySnakes => "",
    };
    match winner {
        Some((name, w)) => format!(
            "{name} wins {games} game{}{how_words}; score {}-{}",
            if games == 1 { "" } else { "s" },
            score[w.index()],
            score[w.opponent().index()]
        ),
        None => format!(
            "A wash{}: one game each; score {}-{}",
            if how == GameEnd::WashBySnakes {
                " by snakes"
            } else {
                " by sticks"
            },
            score[0],
            score[1]
        ),
    }
}

/// A nomination of a throw, for the nominator's own next throw or the opponent's.
fn nominated_words(
    by: &str,
    opponent: &str,
    whose: engine::welsh::NominateFor,
    dice: (u8, u8),
) -> String {
    format!(
        "{by} nominates {}-{} for {}",
        dice.0.max(dice.1),
        dice.0.min(dice.1),
        match whose {
            engine::welsh::NominateFor::Me => format!("{by}'s own next throw"),
            engine::welsh::NominateFor::Opponent => format!("{opponent}'s next throw"),
        }
    )
}

fn throw_words(t: engine::welsh::Throw) -> String {
    match t {
        engine::welsh::Throw::Two(a, b) => format!("{}-{}", a.max(b), a.min(b)),
        engine::welsh::Throw::One(a) => format!("{a} (one die)"),
    }
}
