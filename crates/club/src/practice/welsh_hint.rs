//! `/hint` in a Welsh match: the advice of gammonbot's own Welsh player at its strongest
//! level (`welsh_player::advice`), in words for the player whose decision it is. Plain
//! words from a match; the caller runs it off the async runtime (a 1-ply look takes a
//! few milliseconds) and writes nothing.

use engine::Side;
use engine::welsh::{
    NominateFor, Throw, WelshMatch, WelshPhase, format_welsh_play, has_full_spread,
};
use welsh_player::advice::{ADVICE_LEVEL, Advisor, HINT_PLAYS, NominateAdvice};
use welsh_player::eval_player::{DOUBLE_AT, NOMINATE_GAIN};
use welsh_player::{EvalPlayer, WelshPlayer};

/// Who gives Welsh hints and reviews, as players read it.
#[must_use]
pub(crate) fn welsh_adviser() -> String {
    format!("gammonbot's Welsh player at {}", ADVICE_LEVEL.name())
}

/// An equity as the hints write it.
fn eq(v: f32) -> String {
    format!("{v:+.3}")
}

/// A throw as the club writes it (higher die first).
pub(crate) fn throw_words((a, b): (u8, u8)) -> String {
    format!("{}-{}", a.max(b), a.min(b))
}

/// The hint in words for `side`, whose decision it is in `m`; `names` by side.
#[must_use]
pub(crate) fn welsh_hint_words(m: &WelshMatch, side: Side, names: &[String; 2]) -> String {
    let net = welsh_player::shipped();
    let adv = Advisor::new(net);
    let opponent = &names[side.opponent().index()];
    if let (_, Some((by, games, payment))) = m.concede()
        && by != side
    {
        let c = adv.concession(m, side, games, payment);
        return format!(
            "{}: {opponent} offers {games} game{} against {:.2} expected for you by playing on (cubeless equity times the doubling die){}.",
            if c.accept { "Accept" } else { "Refuse" },
            if games == 1 { "" } else { "s" },
            c.expected,
            if c.compulsory {
                "; an offer to 24 with the payment must be accepted (rule 18)"
            } else {
                ""
            }
        );
    }
    match m.phase() {
        WelshPhase::Call { .. } => {
            "No call is better: the shaker's dice are concealed, and odd and even totals are 18 throws in 36 each (the Welsh player calls odds).".into()
        }
        WelshPhase::Choose { .. } => {
            let mut p = EvalPlayer::new(net, ADVICE_LEVEL, 0);
            if p.starter(m, side) == side {
                "Start yourself: the Welsh player rates throwing first better than even.".into()
            } else {
                format!("Let {opponent} start.")
            }
        }
        WelshPhase::ToRoll(_) => before_throw(&adv, m, side),
        WelshPhase::ToPlay { throw, .. } => plays_words(&adv, m, side, throw, opponent),
        WelshPhase::MatchOver { .. } => "the match is over.".into(),
    }
}

/// Before the throw: the doubling and nominate decisions open to `side`.
fn before_throw(adv: &Advisor<'_>, m: &WelshMatch, side: Side) -> String {
    let h = adv.hint(m, side, HINT_PLAYS);
    let mut parts = Vec::new();
    if let Some(d) = h.doubling {
        parts.push(format!(
            "{}: the chance of winning this game is {:.0}% (the Welsh player doubles from {:.0}%); cubeless equity {}",
            if d.double { "Double" } else { "No double" },
            100.0 * d.p_win,
            100.0 * DOUBLE_AT,
            eq(d.equity)
        ));
    }
    if let Some(a) = &h.nominate_for_me {
        parts.push(nominate_words(a, NominateFor::Me, None));
    }
    if let Some((who, dice)) = m.nominated_throw()
        && who == side
    {
        parts.push(format!(
            "your throw is set: {} (nominated for you)",
            throw_words(dice)
        ));
    }
    if has_full_spread(&m.position().view(side)) {
        parts.push("a full spread stands: you may throw one die (rule 11)".into());
    }
    if parts.is_empty() {
        return "no doubling or nominate decision now: throw.".into();
    }
    let mut s = parts.join(". ");
    s.push_str(". Then throw.");
    s
}

/// A nominate decision in words; `after`: the play it follows (for the opponent).
fn nominate_words(a: &NominateAdvice, whose: NominateFor, after: Option<&str>) -> String {
    let (what, for_whom) = match whose {
        NominateFor::Me => ("the best throw for you", "for yourself"),
        NominateFor::Opponent => ("the worst throw for your opponent", "for your opponent"),
    };
    let after = after.map_or(String::new(), |p| format!(" after {p}"));
    let price = format!(
        "the card is spent, with a man on the roof or all men home, for a throw {NOMINATE_GAIN:.2} {} than the average",
        if whose == NominateFor::Me {
            "better"
        } else {
            "worse for the opponent"
        }
    );
    match (a.choice, a.best_throw()) {
        (Some(d), _) => format!(
            "Nominate {} {for_whom}{after}: {} for you against {} on average at 0-ply ({price})",
            throw_words(d),
            eq(a.value(Some(d))),
            eq(a.average)
        ),
        (None, Some((d, v))) => format!(
            "Keep the nominate card{after}: {what}, {}, is {} for you against {} on average at 0-ply ({price})",
            throw_words(d),
            eq(v),
            eq(a.average)
        ),
        (None, None) => format!("Keep the nominate card{after}: no throw may be nominated"),
    }
}

/// With the throw in hand: the best plays, the acey-deucey decision, and the
/// nomination for the opponent.
fn plays_words(
    adv: &Advisor<'_>,
    m: &WelshMatch,
    side: Side,
    throw: Throw,
    opponent: &str,
) -> String {
    let h = adv.hint(m, side, HINT_PLAYS);
    let before = m.position().view(side);
    let plays = m.legal_plays();
    let mut parts = Vec::new();
    if let Some(a) = h.throw_again {
        parts.push(format!(
            "{}: at 0-ply the 1-2's best play is {} against {} for the average throw",
            if a.again {
                "Throw the 1-2 again (rule 13)"
            } else {
                "Play the 1-2 (rather than throw again)"
            },
            eq(a.play),
            eq(a.average)
        ));
    }
    let text = |i: usize| {
        let t = format_welsh_play(&before, &plays[i].play);
        if t.is_empty() { "pass".to_string() } else { t }
    };
    let ranked = &h.plays;
    let dice = match throw {
        Throw::Two(a, b) => throw_words((a, b)),
        Throw::One(a) => format!("{a} (one die)"),
    };
    match ranked.len() {
        0 => parts.push(format!("no legal play with {dice}: pass")),
        1 => parts.push(format!(
            "{} is the only play with {dice} ({} at 0-ply)",
            text(ranked[0].index),
            eq(ranked[0].equity)
        )),
        _ => {
            let top = ranked[0].equity;
            let mut s = format!("{} is best at 1-ply ({})", text(ranked[0].index), eq(top));
            for r in ranked.iter().skip(1).take(HINT_PLAYS - 1) {
                let lost = top - r.equity;
                let diff = if lost >= 0.0 {
                    format!("loses {lost:.3}")
                } else {
                    format!(
                        "scores {:.3} more at 1-ply, though the strong level does not look at it",
                        -lost
                    )
                };
                s.push_str(&format!("; {} {diff} ({})", text(r.index), eq(r.equity)));
            }
            parts.push(s);
        }
    }
    if let (Some(a), Some(best)) = (&h.nominate_for_opponent, ranked.first()) {
        parts.push(nominate_words(
            a,
            NominateFor::Opponent,
            Some(&text(best.index)),
        ));
        if a.choice.is_some() {
            parts.push(format!(
                "nominate before you play (/nominate), then play; {opponent} then throws the throw named"
            ));
        }
    }
    let mut s = parts.join(". ");
    s.push('.');
    s
}

#[cfg(test)]
mod tests {
    use engine::welsh::{WelshAction, WelshError, WelshMatch};
    use welsh_player::{
        Decision, EvalPlayer, HeuristicPlayer, Rng, WelshPlayer, decide, fresh_match,
    };

    use super::{ADVICE_LEVEL, welsh_hint_words};

    /// The moments of seeded matches to 3 games between two heuristic players where the
    /// occasion to offer to concede is open and no offer is pending (rule 18).
    fn concede_occasions(matches: usize) -> Vec<WelshMatch> {
        let mut out = Vec::new();
        let mut dice = Rng::new(18);
        let mut players = [HeuristicPlayer, HeuristicPlayer];
        for _ in 0..matches {
            let mut m = fresh_match(3);
            while let Some(side) = m.to_act() {
                if let (Some(_), None) = m.concede() {
                    out.push(m.clone());
                }
                let action = match decide(&mut players[side.index()], &m, side) {
                    Some(Decision::Call(call)) => WelshAction::Call {
                        shaker_dice: dice.dice(),
                        call,
                    },
                    Some(Decision::Throw) => {
                        let (a, b) = dice.dice();
                        WelshAction::Roll(a, b)
                    }
                    Some(Decision::ThrowOne) => WelshAction::RollOne(dice.die()),
                    Some(Decision::ThrowAgain) => {
                        let (a, b) = dice.dice();
                        WelshAction::Reroll(a, b)
                    }
                    Some(Decision::Act(a)) => a,
                    None => break,
                };
                match m.apply(side, &action) {
                    Ok((next, _)) => m = next,
                    Err(WelshError::ThirdIdenticalThrow) => {}
                    Err(e) => panic!("{e}"),
                }
            }
        }
        out
    }

    #[test]
    fn a_welsh_hint_on_an_offer_to_concede_agrees_with_its_own_figure_and_the_players_answer() {
        // Given every offer to concede open in seeded games (each number of games the
        // offerer may offer, without the payment)
        let names = ["alice".to_string(), "bob".to_string()];
        let net = welsh_player::shipped();
        let mut checked = 0;
        for m in concede_occasions(30) {
            let (Some(offerer), None) = m.concede() else {
                continue;
            };
            for games in 1..=m.concede_most(offerer).unwrap_or(0) {
                let action = WelshAction::OfferConcede {
                    games,
                    payment: false,
                };
                let Ok((offered, _)) = m.apply(offerer, &action) else {
                    continue;
                };
                let answerer = offerer.opponent();
                // When the answerer asks for a hint
                let words = welsh_hint_words(&offered, answerer, &names);
                // Then it accepts exactly when the games offered reach the games it says
                // are expected by playing on, and that is the Welsh player's own answer
                let expected: f32 = words
                    .split(" against ")
                    .nth(1)
                    .and_then(|s| s.split(' ').next())
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| panic!("no figure in {words}"));
                let accept = words.starts_with("Accept");
                assert!(accept || words.starts_with("Refuse"), "{words}");
                assert_eq!(
                    accept,
                    games as f32 >= expected - 0.005,
                    "{games} game(s) offered: {words}"
                );
                let mut p = EvalPlayer::new(net, ADVICE_LEVEL, 0);
                assert_eq!(
                    accept,
                    p.accept_concede(&offered, answerer, games),
                    "{words}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 50, "only {checked} offers checked");
    }
}
