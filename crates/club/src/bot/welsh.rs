//! The bot's decisions in a Welsh match: gammonbot's own Welsh player
//! (`welsh_player::EvalPlayer` on the shipped network, `docs/welsh-bot.md`) answers the
//! question the engine's state holds for the bot, and the answer is put as the [`MatchOp`] a
//! person's command would give. Pure (no store, no runtime): `bot_turn` runs it off the
//! async runtime and makes the op through the same path as a person's command.
//!
//! What is asked, in order (the engine's own state says which):
//! - an offer to concede made to the bot (rule 18): accept or reject (an offer to 24 with
//!   the payment is accepted: the rule makes it compulsory);
//! - the bot's occasion to offer to concede (rule 18), at any moment it is open: an offer,
//!   or none;
//! - the human's occasion to offer while the bot is to throw: the bot waits
//!   ([`WelshNext::HumanMayOffer`]), so that the human has the time to offer;
//! - then the moment's decision (`welsh_player::decide`): the call, who starts, doubling,
//!   nominating for itself, one die beside a full spread, throwing, an acey-deucey throw
//!   again, nominating for the opponent before its play, the play.
//!
//! The dice are never the player's: a throw is [`MatchOp::Roll`] (or one die, or again), and
//! the club throws as for a person. Forced plays are made by the club's autopilot.

use engine::Side;
use engine::welsh::{WelshAction, WelshMatch, WelshPhase, format_welsh_play};
use welsh_player::{Decision, EvalPlayer, WelshPlayer, decide};

use crate::MatchOp;
use crate::Starter;

/// What the Welsh bot does next in a match.
#[derive(Clone, Debug)]
pub(crate) enum WelshNext {
    /// A command, as a person would give it.
    Act(MatchOp),
    /// The bot is to throw, but the human holds the occasion to offer to concede (rule
    /// 18), which the throw would close: the bot gives them time first.
    HumanMayOffer,
    /// Nothing: the match waits on the human (or is over).
    Wait,
}

/// What the Welsh player at `level` does now as `bot` in `m`; `seed` draws the weak
/// level's noise (the same seed for the same moment gives the same decision);
/// `give_way`: the human's occasion to offer to concede holds the bot's throw.
pub(crate) fn welsh_next(
    m: &WelshMatch,
    bot: Side,
    level: welsh_player::Level,
    seed: u64,
    give_way: bool,
) -> WelshNext {
    let mut player = EvalPlayer::new(welsh_player::shipped(), level, seed)
        .with_table(welsh_player::shipped_table());
    let human = bot.opponent();
    let (open, offer) = m.concede();
    if let Some((by, _, _)) = offer {
        if by == bot {
            return WelshNext::Wait;
        }
        // `decide` answers an offer made to `bot` (the compulsory one included).
        return decide(&mut player, m, bot).map_or(WelshNext::Wait, |d| of_decision(m, bot, d));
    }
    if open == Some(bot) {
        if let Some(most) = m.concede_most(bot).filter(|n| *n > 0) {
            if let Some(games) = player.offer_concede(m, bot, most) {
                return WelshNext::Act(MatchOp::Concede {
                    games: games.min(most),
                    payment: false,
                });
            }
        }
    }
    if give_way
        && open == Some(human)
        && m.concede_most(human).is_some_and(|n| n > 0)
        && m.phase() == WelshPhase::ToRoll(bot)
    {
        return WelshNext::HumanMayOffer;
    }
    match decide(&mut player, m, bot) {
        Some(d) => of_decision(m, bot, d),
        None => WelshNext::Wait,
    }
}

/// The player's decision as the op a person's command gives.
fn of_decision(m: &WelshMatch, bot: Side, d: Decision) -> WelshNext {
    WelshNext::Act(match d {
        Decision::Call(p) => MatchOp::Call(p),
        Decision::Throw => MatchOp::Roll,
        Decision::ThrowOne => MatchOp::RollOne,
        Decision::ThrowAgain => MatchOp::Reroll,
        Decision::Act(a) => match a {
            WelshAction::Choose(side) => MatchOp::Choose(if side == bot {
                Starter::Me
            } else {
                Starter::Opponent
            }),
            WelshAction::Double => MatchOp::Double,
            WelshAction::Nominate { whose, dice } => MatchOp::Nominate(whose, dice),
            WelshAction::Play(play) => MatchOp::Move(if play.is_empty() {
                "pass".to_string()
            } else {
                format_welsh_play(&m.position().view(bot), &play)
            }),
            WelshAction::OfferConcede { games, payment } => MatchOp::Concede { games, payment },
            WelshAction::AcceptConcede => MatchOp::AcceptConcede,
            WelshAction::RejectConcede => MatchOp::RejectConcede,
            // The player is never asked for the others (the club throws the dice and
            // keeps the clocks).
            _ => return WelshNext::Wait,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::{WelshNext, welsh_next};
    use crate::MatchOp;
    use engine::welsh::{Parity, WelshAction, WelshMatch, WelshRules};
    use engine::{Position, Side};

    fn fresh() -> WelshMatch {
        WelshMatch::new(WelshRules {
            target: 3,
            first_shaker: Side::X,
        })
    }

    #[test]
    fn the_bot_calls_when_it_is_the_caller_and_waits_on_the_human_otherwise() {
        // X shakes, so O (the bot) calls.
        let m = fresh();
        assert!(matches!(
            welsh_next(&m, Side::O, welsh_player::Level::Strong, 1, true),
            WelshNext::Act(MatchOp::Call(_))
        ));
        assert!(matches!(
            welsh_next(&m, Side::X, welsh_player::Level::Strong, 1, true),
            WelshNext::Wait
        ));
    }

    /// X's view: X (the human) with `x` on the points given, O (the bot) with `o`.
    fn at(x: &[(usize, i8)], o: &[(usize, i8)], to_roll: Side) -> WelshMatch {
        let mut points = [0i8; 26];
        for &(p, n) in x {
            points[p] = n;
        }
        for &(p, n) in o {
            points[p] = -n;
        }
        WelshMatch::at(
            WelshRules {
                target: 25,
                first_shaker: Side::X,
            },
            Position::new(points).unwrap(),
            to_roll,
            [0, 0],
        )
        .unwrap()
    }

    /// `side` throws `dice` and makes its first legal play.
    fn throw_and_play(m: &WelshMatch, side: Side, dice: (u8, u8)) -> WelshMatch {
        let (m, _) = m.apply(side, &WelshAction::Roll(dice.0, dice.1)).unwrap();
        let play = m.legal_plays()[0].play;
        m.apply(side, &WelshAction::Play(play)).unwrap().0
    }

    #[test]
    fn the_bot_about_to_throw_gives_way_to_the_humans_occasion_to_offer_to_concede() {
        // Given the human (X) far from home, none checked out, and the bot (O) with two
        // men on its 1-point; the human throws and plays: the occasion to offer to
        // concede is the human's (rule 18), the bot to throw
        let m = at(&[(13, 5), (14, 5), (15, 5)], &[(24, 2)], Side::X);
        let m = throw_and_play(&m, Side::X, (5, 3));
        assert_eq!(m.concede().0, Some(Side::X));
        assert!(m.concede_most(Side::X).is_some_and(|n| n > 0));
        // When the bot is asked while the human may still offer, then it waits
        assert!(matches!(
            welsh_next(&m, Side::O, welsh_player::Level::Strong, 1, true),
            WelshNext::HumanMayOffer
        ));
        // And once the time given has passed, it goes on (doubles or throws)
        assert!(matches!(
            welsh_next(&m, Side::O, welsh_player::Level::Strong, 1, false),
            WelshNext::Act(MatchOp::Roll | MatchOp::Double)
        ));
    }

    #[test]
    fn the_bot_offers_to_concede_on_its_occasion_even_on_the_humans_turn() {
        // Given the bot (O) far from home and the human (X) with two men on the 1-point,
        // 13 checked out; the bot throws and plays: the occasion is the bot's, and the
        // human is to throw
        let m = at(&[(1, 2)], &[(10, 5), (11, 5), (12, 5)], Side::O);
        let m = throw_and_play(&m, Side::O, (5, 3));
        assert_eq!(m.concede().0, Some(Side::O));
        let most = m.concede_most(Side::O).unwrap();
        // When the bot is asked, then it offers fewer games than the game would cost it
        let WelshNext::Act(MatchOp::Concede {
            games,
            payment: false,
        }) = welsh_next(&m, Side::O, welsh_player::Level::Medium, 1, true)
        else {
            panic!("the bot, about to lose a gammon, offers to concede")
        };
        assert!((1..=most).contains(&games), "{games} of at most {most}");
    }

    #[test]
    fn having_won_the_call_the_bot_chooses_who_starts_and_then_throws() {
        let (m, _) = fresh()
            .apply(
                Side::O,
                &WelshAction::Call {
                    shaker_dice: (3, 2),
                    call: Parity::Odd,
                },
            )
            .unwrap();
        let WelshNext::Act(op) = welsh_next(&m, Side::O, welsh_player::Level::Medium, 1, true)
        else {
            panic!("the bot won the call and must choose")
        };
        assert!(matches!(op, MatchOp::Choose(_)), "{op:?}");
    }
}
