//! The bot's decisions in a Welsh match: gammonbot's own Welsh player
//! (`welsh_player::EvalPlayer` on the shipped network, `docs/welsh-bot.md`) answers the
//! question the engine's state holds for the bot, and the answer is put as the [`Op`] a
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
//! The dice are never the player's: a throw is [`Op::Roll`] (or one die, or again), and
//! the club throws as for a person. Forced plays are made by the club's autopilot.

use engine::Side;
use engine::welsh::{WelshAction, WelshMatch, WelshPhase, format_welsh_play};
use welsh_player::{Decision, EvalPlayer, WelshPlayer, decide};

use super::Starter;
use super::match_op::Op;

/// What the Welsh bot does next in a match.
#[derive(Clone, Debug)]
pub(super) enum WelshNext {
    /// A command, as a person would give it.
    Act(Op),
    /// The bot is to throw, but the human holds the occasion to offer to concede (rule
    /// 18), which the throw would close: the bot gives them time first.
    HumanMayOffer,
    /// Nothing: the match waits on the human (or is over).
    Wait,
}

/// What the Welsh player at `level` does now as `bot` in `m`; `seed` draws the weak
/// level's noise (the same seed for the same moment gives the same decision);
/// `give_way`: the human's occasion to offer to concede holds the bot's throw.
pub(super) fn welsh_next(
    m: &WelshMatch,
    bot: Side,
    level: welsh_player::Level,
    seed: u64,
    give_way: bool,
) -> WelshNext {
    let mut player = EvalPlayer::new(welsh_player::shipped(), level, seed);
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
                return WelshNext::Act(Op::Concede(games.min(most), false));
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
        Decision::Call(p) => Op::Call(p),
        Decision::Throw => Op::Roll,
        Decision::ThrowOne => Op::RollOne,
        Decision::ThrowAgain => Op::Reroll,
        Decision::Act(a) => match a {
            WelshAction::Choose(side) => Op::Choose(if side == bot {
                Starter::Me
            } else {
                Starter::Opponent
            }),
            WelshAction::Double => Op::Double,
            WelshAction::Nominate { whose, dice } => Op::Nominate(whose, dice),
            WelshAction::Play(play) => Op::Move(if play.is_empty() {
                "pass".to_string()
            } else {
                format_welsh_play(&m.position().view(bot), &play)
            }),
            WelshAction::OfferConcede { games, payment } => Op::Concede(games, payment),
            WelshAction::AcceptConcede => Op::AcceptConcede,
            WelshAction::RejectConcede => Op::RejectConcede,
            // The player is never asked for the others (the club throws the dice and
            // keeps the clocks).
            _ => return WelshNext::Wait,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::{WelshNext, welsh_next};
    use crate::match_op::Op;
    use engine::Side;
    use engine::welsh::{Parity, WelshAction, WelshMatch, WelshRules};

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
            WelshNext::Act(Op::Call(_))
        ));
        assert!(matches!(
            welsh_next(&m, Side::X, welsh_player::Level::Strong, 1, true),
            WelshNext::Wait
        ));
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
        assert!(matches!(op, Op::Choose(_)), "{op:?}");
    }
}
