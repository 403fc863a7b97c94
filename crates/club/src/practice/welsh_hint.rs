//! `/hint` in a Welsh match: the advice of gammonbot's own Welsh player at its strongest
//! level (`welsh_player::advice`), in words for the player whose decision it is. Plain
//! words from a match; the caller runs it off the async runtime (a 1-ply look takes a
//! few milliseconds) and writes nothing.
//!
//! The advice is the bot's own view, at the score ([`welsh_advisor`], issue 50): the
//! equities are the chance of winning the match through the match equity table, put on
//! the scale of games; the doubling decision, the answer to an offer to concede and the
//! offer itself (rule 18) are given with the chances of winning the match that decide
//! them. Where the score is beyond the table (a match longer than its 25 games) the
//! advice is cubeless, in games, and says so.

use engine::Side;
use engine::welsh::{
    NominateFor, Throw, WelshMatch, WelshPhase, format_welsh_play, has_full_spread,
};
use welsh_player::advice::{ADVICE_LEVEL, Advisor, HINT_PLAYS, NominateAdvice};
use welsh_player::eval_player::{DOUBLE_AT, NOMINATE_GAIN};
use welsh_player::features::Context;
use welsh_player::match_table::{MatchTable, TABLE_AWAY};
use welsh_player::{CubeView, EvalPlayer, WelshPlayer};

/// The advice of hints, the analysis and the tutor: the bot's own view, playing for the
/// match through the shipped match equity table.
#[must_use]
pub(crate) fn welsh_advisor() -> Advisor<'static> {
    Advisor::at_score(welsh_player::shipped(), welsh_player::shipped_table())
}

/// Whether the advice for `side` in `m` is at the score: the match equity table holds
/// the score (a match of at most its 25 games).
#[must_use]
pub(crate) fn at_the_score(m: &WelshMatch, side: Side) -> bool {
    Context::of(m, side)
        .away
        .is_some_and(|(a, b)| MatchTable::holds(a, b))
}

/// Half what a single game at the die's value swings `side`'s chance of winning the
/// match in `m` (between winning it and losing it): a chance divided by this is in games,
/// as [`welsh_player::CubeView::per_game`]; `None` at a score the table does not hold.
#[must_use]
pub(crate) fn per_game(m: &WelshMatch, side: Side) -> Option<f32> {
    let (me, them) = Context::of(m, side).away?;
    if !at_the_score(m, side) {
        return None;
    }
    if me <= 0 && them <= 0 {
        // A sudden death: the match is the game.
        return Some(0.5);
    }
    let (w, l) = welsh_player::shipped_table().single(me, them, m.cube().value);
    Some(((w - l) / 2.0).max(1e-6))
}

/// How far ahead a doubling decision's chances look, in words.
pub(crate) fn ahead_words(v: &CubeView) -> &'static str {
    if v.ply == 0 {
        "on the position alone (doubling is clearly behind: the throw ahead is not looked at)"
    } else {
        "one throw ahead"
    }
}

/// What the equities of a hint are, in words.
fn scale_words(at_score: bool) -> String {
    if at_score {
        "Equities at the score: the match-winning chance put on the scale of games".into()
    } else {
        format!(
            "Equities cubeless, in games: the score is beyond the match equity table (matches to {TABLE_AWAY} games)"
        )
    }
}

/// A chance as the hints write it.
pub(crate) fn pct(v: f32) -> String {
    format!("{:.1}%", 100.0 * v)
}

/// "1 game", "2 games".
fn games_words(n: u32) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}

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
    let adv = welsh_advisor();
    let opponent = &names[side.opponent().index()];
    if let (_, Some((by, games, payment))) = m.concede()
        && by != side
    {
        let c = adv.concession(m, side, games, payment);
        let compulsory = if c.compulsory {
            "; an offer to 24 with the payment must be accepted (rule 18)"
        } else {
            ""
        };
        let verb = if c.accept { "Accept" } else { "Refuse" };
        return match c.at_score {
            Some((accept, on)) => format!(
                "{verb}: {opponent} offers {}; at the score, your match-winning chance is {} accepting against {} playing on{compulsory}.",
                games_words(games),
                pct(accept),
                pct(on),
            ),
            None => format!(
                "{verb}: {opponent} offers {} against {:.2} expected for you by playing on (cubeless equity times the doubling die: the score is beyond the match equity table){compulsory}.",
                games_words(games),
                c.expected,
            ),
        };
    }
    let offer = offer_words(&adv, m, side);
    let words = match m.phase() {
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
    };
    match offer {
        Some(o) => format!("{o}. {words}"),
        None => words,
    }
}

/// The offer to concede `side` would make when it holds the occasion (rule 18), at the
/// score: the offer, or to play on, with the match-winning chances that decide it.
/// `None` when the occasion is not `side`'s, no offer is possible, one is pending, or
/// the score is beyond the table.
fn offer_words(adv: &Advisor<'_>, m: &WelshMatch, side: Side) -> Option<String> {
    if m.concede().1.is_some() {
        return None;
    }
    let most = m.concede_most(side).filter(|n| *n > 0)?;
    let a = adv.offer(m, side, most)?;
    let after = |g: u32| a.by_games.iter().find(|(n, _)| *n == g).map(|(_, v)| *v);
    Some(match a.offer {
        Some(g) => format!(
            "Offer to concede {} (/concede, rule 18): at the score, your match-winning chance is {} if it is accepted against {} playing on",
            games_words(g),
            pct(after(g).unwrap_or(a.play_on)),
            pct(a.play_on)
        ),
        None => {
            let best =
                a.by_games
                    .iter()
                    .copied()
                    .fold(None, |b: Option<(u32, f32)>, (g, v)| match b {
                        Some((_, bv)) if bv >= v => b,
                        _ => Some((g, v)),
                    });
            match best {
                Some((g, v)) => format!(
                    "Play on rather than offer to concede (rule 18): at the score, your match-winning chance is {} playing on against {} conceding {}, the best offer",
                    pct(a.play_on),
                    pct(v),
                    games_words(g)
                ),
                None => format!(
                    "Play on rather than offer to concede (rule 18): at the score, your match-winning chance playing on is {}",
                    pct(a.play_on)
                ),
            }
        }
    })
}

/// Before the throw: the doubling and nominate decisions open to `side`.
fn before_throw(adv: &Advisor<'_>, m: &WelshMatch, side: Side) -> String {
    let h = adv.hint(m, side, HINT_PLAYS);
    let mut parts = Vec::new();
    if let Some(d) = h.doubling {
        let verb = if d.double { "Double" } else { "No double" };
        parts.push(match d.at_score {
            Some(v) => format!(
                "{verb}: at the score, {}, your match-winning chance is {} if you double against {} if you do not; {} loses {:.1} percentage points ({:.3} in games)",
                ahead_words(&v),
                pct(v.double),
                pct(v.no_double),
                if v.doubles() {
                    "not doubling"
                } else {
                    "doubling"
                },
                100.0 * v.loss(!v.doubles()),
                v.loss_in_games(!v.doubles())
            ),
            None => format!(
                "{verb}: the chance of winning this game is {:.0}% (the Welsh player doubles from {:.0}% where the score is beyond the match equity table); cubeless equity {}",
                100.0 * d.p_win,
                100.0 * DOUBLE_AT,
                eq(d.equity)
            ),
        });
    }
    if let Some(a) = &h.nominate_for_me {
        parts.push(nominate_words(a, NominateFor::Me, None));
        parts.push(scale_words(at_the_score(m, side)));
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
    if !ranked.is_empty() || h.throw_again.is_some() {
        parts.push(scale_words(at_the_score(m, side)));
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
    fn a_welsh_hint_on_an_offer_to_concede_gives_both_match_winning_chances_and_the_players_answer()
    {
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
                // Then it accepts exactly when accepting leaves at least the chance of
                // winning the match of playing on, the two chances said, and that is the
                // Welsh player's own answer at the score
                let (accepting, on) = super::welsh_advisor()
                    .concession(&offered, answerer, games, false)
                    .at_score
                    .expect("a match to 3 is within the table");
                let accept = words.starts_with("Accept");
                assert!(accept || words.starts_with("Refuse"), "{words}");
                assert_eq!(accept, accepting >= on, "{games} game(s) offered: {words}");
                assert!(
                    words.contains(&format!(
                        "is {} accepting against {} playing on",
                        super::pct(accepting),
                        super::pct(on)
                    )),
                    "{words}"
                );
                let mut p =
                    EvalPlayer::new(net, ADVICE_LEVEL, 0).with_table(welsh_player::shipped_table());
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

    #[test]
    fn a_welsh_hint_to_the_side_holding_the_occasion_says_its_offer_with_the_chances() {
        // Given the moments where the side to throw holds the occasion to offer to
        // concede (rule 18) and may offer at least a game
        let names = ["alice".to_string(), "bob".to_string()];
        let mut checked = 0;
        for m in concede_occasions(30) {
            let (Some(holder), None) = m.concede() else {
                continue;
            };
            let most = m.concede_most(holder).unwrap_or(0);
            if most == 0 || m.to_act() != Some(holder) {
                continue;
            }
            // When it asks for a hint
            let words = welsh_hint_words(&m, holder, &names);
            // Then the hint opens with the Welsh player's offer (or playing on) and the
            // chance of winning the match playing on
            let a = super::welsh_advisor()
                .offer(&m, holder, most)
                .expect("a match to 3 is within the table");
            let on = format!("{} playing on", super::pct(a.play_on));
            match a.offer {
                Some(g) => assert!(
                    words.starts_with(&format!("Offer to concede {g} game")) && words.contains(&on),
                    "{words}"
                ),
                None => assert!(
                    words.starts_with("Play on rather than offer to concede")
                        && words.contains(&format!("is {on}")),
                    "{words}"
                ),
            }
            checked += 1;
        }
        assert!(checked >= 5, "only {checked} occasions checked");
    }

    #[test]
    fn beyond_the_match_equity_table_the_welsh_hint_is_cubeless_and_says_so() {
        // Given a match to 30 games (the table holds 25), X about to throw its first game
        let m = fresh_match(30);
        let call = WelshAction::Call {
            shaker_dice: (3, 1),
            call: engine::welsh::Parity::Even,
        };
        let (m, _) = m.apply(engine::Side::O, &call).unwrap();
        let chooser = m.to_act().unwrap();
        let (m, _) = m
            .apply(chooser, &WelshAction::Choose(engine::Side::X))
            .unwrap();
        let names = ["alice".to_string(), "bob".to_string()];
        // When X asks for a hint
        let words = welsh_hint_words(&m, engine::Side::X, &names);
        // Then the doubling decision is the cubeless one, said so
        assert!(
            words.contains("the chance of winning this game is"),
            "{words}"
        );
        assert!(words.contains("beyond the match equity table"), "{words}");
        // And once thrown, the plays' equities are said to be cubeless
        let (m, _) = m.apply(engine::Side::X, &WelshAction::Roll(6, 4)).unwrap();
        let words = welsh_hint_words(&m, engine::Side::X, &names);
        assert!(words.contains("Equities cubeless, in games"), "{words}");
    }
}
