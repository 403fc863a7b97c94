//! Money: the ledger, the scoop-pot, and what a finished game or match pays (stakes,
//! the offer to concede to 24, the Welsh match prize).

use crate::matches::loaded::Loaded;
use crate::matches::work::Work;
use crate::{Actor, Club, ClubError, Outcome, Settlement};
use engine::welsh::{format_amount, match_prize};
use store::{LedgerEntry, PlayerRow, PotGame};

/// The player's balance here and the payments behind it.
pub(super) async fn ledger(
    club: &Club,
    me: &PlayerRow,
    community: i64,
) -> Result<Outcome, ClubError> {
    let rows = club.store.ledger(community, me.id).await?;
    let balance = club.store.balance(community, me.id).await?;
    let mut lines = vec![format!(
        "Balance for {}: {}{}",
        me.display_name,
        if balance < 0 { "-" } else { "" },
        format_amount(balance.unsigned_abs())
    )];
    for r in rows {
        lines.push(format!(
            "{} pays {} {} ({}{})",
            r.payer,
            r.payee,
            format_amount(r.amount.unsigned_abs()),
            r.reason,
            r.match_id
                .map(|m| format!(", match #{m}"))
                .unwrap_or_default()
        ));
    }
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

/// The scoop-pot between the player and `opponent`.
pub(super) async fn pot(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    opponent: &str,
) -> Result<Outcome, ClubError> {
    if club.names_bot(actor, opponent) {
        return Err(crate::BotRefusal::NoMoney.into());
    }
    let other = club.opponent(actor, opponent).await?;
    let (games, collected) = club.store.pot(community, me.id, other.id).await?;
    Ok(Outcome {
        lines: vec![format!(
            "Scoop-pot {} and {}: {games} game{} since the last backgammon (worth {} to the next backgammon); {collected} pot{} collected",
            me.display_name,
            other.display_name,
            if games == 1 { "" } else { "s" },
            format_amount(u64::try_from(games + 1).unwrap_or(0) * club.rates.scoop_per_game),
            if collected == 1 { "" } else { "s" },
        )],
        ..Outcome::default()
    })
}

/// What the settled games and match pay: the ledger entries and the scoop-pot games,
/// with the payments announced in `work`. A match against the bot pays nothing and
/// keeps no scoop-pot (the bot has no money): only a money session's running score is
/// told.
pub(super) fn settle(club: &Club, l: &Loaded, work: &mut Work) -> (Vec<LedgerEntry>, Vec<PotGame>) {
    // Money and the scoop-pot.
    let mut ledger = Vec::new();
    let mut pot_games = Vec::new();
    let against_bot = l.bot_side().is_some();
    let ids = [l.row.players[0], l.row.players[1]];
    // Lines inserted so far before later settlements' places.
    let mut inserted = 0;
    for s in &work.settle {
        match *s {
            Settlement::MoneyGame {
                winner,
                points,
                words_at,
                ..
            } => {
                if l.spec.length.is_none() {
                    // The game's payment follows its result, before the next game.
                    let at =
                        words_at.map_or(work.lines.len(), |i| (i + inserted).min(work.lines.len()));
                    let words = money_game_words(l, &work.snap.game, winner, points);
                    work.lines.insert(at, words);
                    inserted += 1;
                    // The next game begins with its opening throw: until then the
                    // session may be stopped.
                    if let (false, engine::AnyMatch::Standard(m)) =
                        (work.snap.is_over(), &work.snap.game)
                    {
                        work.lines.push(format!(
                            "Game {} waits for its opening throw: either player may /roll it, or /stop the session here",
                            m.game_number()
                        ));
                    }
                }
                if l.spec.length.is_none() && l.spec.stake > 0 {
                    ledger.push(LedgerEntry {
                        payer: ids[winner.opponent().index()],
                        payee: ids[winner.index()],
                        amount: points.saturating_mul(l.spec.stake),
                        reason: format!(
                            "money game: {points} point{}",
                            if points == 1 { "" } else { "s" }
                        ),
                    });
                }
            }
            Settlement::WelshGame { winner, backgammon } if !against_bot => {
                pot_games.push(PotGame {
                    backgammon_by: winner.filter(|_| backgammon).map(|w| ids[w.index()]),
                });
            }
            Settlement::ConcedePayment { payer } if !against_bot => {
                let amount = club.rates.concede_to_24;
                ledger.push(LedgerEntry {
                    payer: ids[payer.index()],
                    payee: ids[payer.opponent().index()],
                    amount,
                    reason: "offer to concede to 24 (rule 18)".into(),
                });
                work.lines.push(format!(
                    "{} pays {} {} with the offer to concede to 24 (rule 18)",
                    l.names[payer.index()],
                    l.names[payer.opponent().index()],
                    format_amount(amount)
                ));
            }
            Settlement::WelshMatch {
                winner,
                how,
                score,
                won,
            } if !against_bot => {
                let prize = match_prize(
                    &club.rates,
                    score[winner.index()],
                    score[winner.opponent().index()],
                    won[winner.opponent().index()],
                    how,
                );
                ledger.push(LedgerEntry {
                    payer: ids[winner.opponent().index()],
                    payee: ids[winner.index()],
                    amount: prize,
                    reason: format!(
                        "Welsh match prize {}-{}",
                        score[winner.index()],
                        score[winner.opponent().index()]
                    ),
                });
                work.lines.push(format!(
                    "{} pays {} {} (rule 23)",
                    l.names[winner.opponent().index()],
                    l.names[winner.index()],
                    format_amount(prize)
                ));
            }
            Settlement::WelshGame { .. }
            | Settlement::ConcedePayment { .. }
            | Settlement::WelshMatch { .. } => {}
        }
    }
    (ledger, pot_games)
}

/// What a finished money game pays and where the session stands after it: "bob pays alice
/// 4.00 (4 points at 1.00 a point); the session so far: alice +6.00 (6 points)".
fn money_game_words(
    l: &Loaded,
    game: &engine::AnyMatch,
    winner: engine::Side,
    points: u64,
) -> String {
    let names = &l.names;
    let stake = l.spec.stake;
    let score = match game {
        engine::AnyMatch::Standard(m) => m.score(),
        engine::AnyMatch::Welsh(_) => [0, 0],
    };
    let (w, o) = (winner.index(), winner.opponent().index());
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    let paid = if stake > 0 {
        format!(
            "{} pays {} {} ({points} point{} at {} a point)",
            names[o],
            names[w],
            format_amount(points.saturating_mul(stake)),
            plural(points),
            format_amount(stake)
        )
    } else {
        format!(
            "{} wins {points} point{} (no stake)",
            names[w],
            plural(points)
        )
    };
    let (a, b) = (u64::from(score[0]), u64::from(score[1]));
    let net = if a == b {
        "level".to_string()
    } else {
        let (lead, diff) = if a > b { (0, a - b) } else { (1, b - a) };
        if stake > 0 {
            format!(
                "{} +{} ({diff} point{})",
                names[lead],
                format_amount(diff.saturating_mul(stake)),
                plural(diff)
            )
        } else {
            format!("{} +{diff} point{}", names[lead], plural(diff))
        }
    };
    format!("{paid}; the session so far: {net}")
}
