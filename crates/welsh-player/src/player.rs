//! The one trait every Welsh player answers ([`WelshPlayer`]), the decision it leads to
//! at each moment of a match ([`decide`]), and the rule checks a player needs before
//! it asks the engine (may I double, would this nominated throw win the match).

use engine::welsh::{
    BreakReason, MAX_CUBE, NominateFor, Parity, Throw, WelshAction, WelshMatch, WelshPhase,
    game_value, has_full_spread, has_rectangle, welsh_legal_plays,
};
use engine::{Board, LegalPlay, OPP_BAR, Side};

/// What a player does now. The throws carry no dice: whoever runs the match throws them
/// (the duel's seeded dice, the club's dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Call odds or evens on the shaker's concealed throw.
    Call(Parity),
    /// Throw two dice (or take the throw nominated for this turn).
    Throw,
    /// Throw one die, beside a full spread (rule 11).
    ThrowOne,
    /// Throw a 1-2 again (acey-deucey, rule 13).
    ThrowAgain,
    /// Any other action, complete: choose who starts, double, nominate, play, offer to
    /// concede, accept or refuse an offer.
    Act(WelshAction),
}

/// A Welsh player: one answer for each decision the engine can ask of a side. Each
/// method is asked only when its action is open to `me` (the dispatch is [`decide`]);
/// its answer must then be legal.
pub trait WelshPlayer {
    /// A short name for logs and duel tables.
    fn name(&self) -> String;
    /// Odds or evens on the shaker's concealed throw (rule 6).
    fn call(&mut self, m: &WelshMatch, me: Side) -> Parity;
    /// Who starts, having won the call.
    fn starter(&mut self, m: &WelshMatch, me: Side) -> Side;
    /// Turn the doubling die before throwing (asked only when [`can_double`]).
    fn double(&mut self, m: &WelshMatch, me: Side) -> bool;
    /// A throw to nominate for this turn, before throwing (asked only while the card is
    /// held and no throw waits for `me`); it may not be one with which a play wins the
    /// match ([`nominate_wins`]).
    fn nominate_for_me(&mut self, m: &WelshMatch, me: Side) -> Option<(u8, u8)>;
    /// Throw one die instead of two (asked only beside a full spread of `me`'s).
    fn throw_one_die(&mut self, m: &WelshMatch, me: Side) -> bool;
    /// Throw a thrown 1-2 again (rule 13).
    fn throw_again(&mut self, m: &WelshMatch, me: Side) -> bool;
    /// The play among `plays` (the legal plays of the throw, never empty): its index.
    fn play(&mut self, m: &WelshMatch, me: Side, plays: &[LegalPlay]) -> usize;
    /// A throw to nominate for the opponent's next turn, `after` being the board `me` is
    /// about to leave (from `me`'s view); asked while the card is held, before the play.
    fn nominate_for_opponent(
        &mut self,
        m: &WelshMatch,
        me: Side,
        after: &Board,
    ) -> Option<(u8, u8)>;
    /// An offer to concede: games in `1..=most`, or `None` to play on (rule 18).
    fn offer_concede(&mut self, m: &WelshMatch, me: Side, most: u32) -> Option<u32>;
    /// Accept the opponent's offer to concede `games` games (an offer to 24 with the
    /// payment is accepted whatever this says: the rule makes it compulsory).
    fn accept_concede(&mut self, m: &WelshMatch, me: Side, games: u32) -> bool;
    /// Take a break that regulation D allows between games. The players here never
    /// need one.
    fn take_break(&mut self, _m: &WelshMatch, _me: Side, _reason: BreakReason) -> bool {
        false
    }
}

/// Whether `me` may turn the doubling die now (the right is not the opponent's, no
/// triangle stands, the die is below 64, and `me` is about to throw).
#[must_use]
pub fn can_double(m: &WelshMatch, me: Side) -> bool {
    let cube = m.cube();
    matches!(m.phase(), WelshPhase::ToRoll(s) if s == me)
        && m.concede().1.is_none()
        && cube.right != Some(me.opponent())
        && m.triangle().is_none()
        && cube.value < MAX_CUBE
}

/// Whether a nomination for `me`'s own turn is open: the card is held and no throw waits
/// for `me` already.
#[must_use]
pub fn may_nominate_for_me(m: &WelshMatch, me: Side) -> bool {
    matches!(m.phase(), WelshPhase::ToRoll(s) if s == me)
        && m.nominate_left(me)
        && !matches!(m.nominated_throw(), Some((who, _)) if who == me)
}

/// Whether some legal play with `dice` would win the match for `me` (rule 21 forbids
/// nominating such a throw for oneself): a rectangle, checking out for enough games, or
/// three on the roof with the die worth enough.
#[must_use]
pub fn nominate_wins(m: &WelshMatch, me: Side, dice: (u8, u8)) -> bool {
    let view = m.position().view(me);
    let need = m.rules().target.saturating_sub(m.score()[me.index()]);
    let cube = m.cube().value;
    welsh_legal_plays(&view, Throw::Two(dice.0, dice.1))
        .iter()
        .any(|l| {
            has_rectangle(&l.board)
                || (l.board.mine_off() == 15 && game_value(cube, &l.board) >= need)
                || (l.board.theirs(OPP_BAR) >= 3 && cube >= need)
        })
}

/// Each of the 21 throws (higher die first) with a value: the best play's, as some
/// player judges it.
pub type ThrowValues = Vec<((u8, u8), f32)>;

/// The 21 distinct throws of two dice (higher first) with their chance in 36.
#[must_use]
pub fn throws() -> [((u8, u8), f32); 21] {
    let mut out = [((0, 0), 0.0); 21];
    let mut i = 0;
    for a in 1..=6u8 {
        for b in 1..=a {
            out[i] = ((a, b), if a == b { 1.0 } else { 2.0 });
            i += 1;
        }
    }
    out
}

/// What `me` does now, asking `p` the question the moment holds. `None` when `me` has
/// nothing to do (not on turn, or the match is over). Offers to concede are not asked
/// here: the occasion may be the player's while the opponent is on turn, so whoever runs
/// the match asks [`WelshPlayer::offer_concede`] once when [`WelshMatch::concede`] opens.
pub fn decide(p: &mut dyn WelshPlayer, m: &WelshMatch, me: Side) -> Option<Decision> {
    if let (_, Some((by, games, payment))) = m.concede() {
        if by.opponent() != me {
            return None;
        }
        let to = m.score()[me.index()] + games;
        let accept = (payment && to == 24) || p.accept_concede(m, me, games);
        return Some(Decision::Act(if accept {
            WelshAction::AcceptConcede
        } else {
            WelshAction::RejectConcede
        }));
    }
    match m.phase() {
        WelshPhase::Call { caller } if caller == me => Some(Decision::Call(p.call(m, me))),
        WelshPhase::Choose { chooser } if chooser == me => {
            Some(Decision::Act(WelshAction::Choose(p.starter(m, me))))
        }
        WelshPhase::ToRoll(s) if s == me => {
            if can_double(m, me) && p.double(m, me) {
                return Some(Decision::Act(WelshAction::Double));
            }
            if may_nominate_for_me(m, me) {
                if let Some(dice) = p.nominate_for_me(m, me) {
                    return Some(Decision::Act(WelshAction::Nominate {
                        whose: NominateFor::Me,
                        dice,
                    }));
                }
            }
            let waiting = matches!(m.nominated_throw(), Some((who, _)) if who == me);
            if !waiting && has_full_spread(&m.position().view(me)) && p.throw_one_die(m, me) {
                return Some(Decision::ThrowOne);
            }
            Some(Decision::Throw)
        }
        WelshPhase::ToPlay {
            side,
            throw,
            nominated,
        } if side == me => {
            let acey = !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
            if acey && p.throw_again(m, me) {
                return Some(Decision::ThrowAgain);
            }
            let plays = m.legal_plays();
            let i = p.play(m, me, &plays).min(plays.len() - 1);
            if m.nominate_left(me) {
                if let Some(dice) = p.nominate_for_opponent(m, me, &plays[i].board) {
                    return Some(Decision::Act(WelshAction::Nominate {
                        whose: NominateFor::Opponent,
                        dice,
                    }));
                }
            }
            Some(Decision::Act(WelshAction::Play(plays[i].play)))
        }
        _ => None,
    }
}
