//! The bot's decisions in one match: what GNU Backgammon decides (a [`MatchOp`], as a person's
//! command would give it), made through the same path as a person's command (one
//! transaction, logged, version-checked), in a batch until the match waits on the human;
//! the batch is one [`BotEvent`]. A failure of gnubg is told once and the match waits.
//!
//! The bot is always the challenged player (O). Its policy: it accepts a challenge at
//! once; it leaves the opening throw to the human (the fair dice' seeds may be set until
//! then, and a money session may be stopped between games); before its roll it offers a
//! resignation when gnubg would (never again at a level the human declined this game),
//! then doubles or rolls; it plays gnubg's play; it takes, drops or beavers as gnubg
//! answers; it takes a beaver (it never raccoons); it accepts a resignation worth at least
//! its evaluation; it never stops a money session.
//!
//! In a Welsh match the bot is gammonbot's own Welsh player (`bot_welsh`), which needs no
//! gnubg; its decisions are made the same way, one op at a time.

use engine::{Action, AnyMatch, Match, Phase, ResignLevel, Side, format_play};
use gnubg::{Answer, BotError, CubeAction, Level, Situation};
use store::MatchStatus;

use crate::MatchOp;
use crate::Refusal;
use crate::bot::welsh::{WelshNext, welsh_next};
use crate::matches::loaded::Loaded;
use crate::{BotEvent, BotLevel, Club, ClubError, Entry, MatchRef, Outcome};

/// How long the Welsh bot, about to throw, leaves the human their occasion to offer to
/// concede (rule 18) before its throw closes it: seconds from the start of its turn.
pub(crate) const OFFER_GRACE: i64 = 60;

/// The most decisions in one batch (a game's end, the next opening won by the bot and its
/// play are a few; more means something loops).
const MAX_STEPS: usize = 24;

/// What the bot does next in a match.
enum Next {
    /// Accept the challenge.
    Accept,
    /// A command, as a person would give it.
    Act(MatchOp),
    /// Nothing: the match waits on the human (or is over).
    Wait,
    /// Nothing until Unix second `.0`: the human may offer to concede until then (Welsh).
    Hold(i64),
}

/// Makes the bot's pending decisions in match `id` (a batch, until the match waits on
/// the human), sending the events to [`Club::bot_events`] and returning them.
pub(super) async fn bot_decides(club: &Club, id: i64) -> Vec<BotEvent> {
    let mut lines: Vec<String> = Vec::new();
    let mut last: Option<Outcome> = None;
    let mut channel = String::new();
    let mut failure: Option<String> = None;
    // Why the bot waits (told once).
    let mut notice: Option<String> = None;
    // The bot chose its roll in this batch (else a roll came with the human's command).
    let mut rolled_itself = false;
    for _ in 0..MAX_STEPS {
        // Stopping: the decisions made so far are told below; the rest at the next start.
        if club.stop.asked() {
            break;
        }
        let l = match club.load(id).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(match_id = id, error = %e, "the bot cannot load a match");
                break;
            }
        };
        let Some(level) = l.spec.bot else { break };
        channel.clone_from(&l.row.channel);
        // gnubg may think long: a stop does not wait for it (nothing is written yet).
        let thought = tokio::select! {
            n = async {
                match level {
                    BotLevel::Standard(level) => bot_next(club, &l, level, rolled_itself)
                        .await
                        .map_err(|e| e.to_string()),
                    BotLevel::Welsh(level) => welsh_bot_next(club, &l, level).await,
                }
            } => n,
            () = club.stop.wait() => break,
        };
        let next = match thought {
            Ok(n) => n,
            Err(e) => {
                failure = Some(failure_words(&l, &e, club.bot_player.retry));
                break;
            }
        };
        let bot = l.players[Side::O.index()].clone();
        let at = MatchRef {
            id: Some(id.into()),
            version: Some(l.row.version),
        };
        let done = match next {
            Next::Wait => break,
            Next::Hold(until) => {
                notice = Some(hold_words(&l));
                club.bot_player.ring_at(id, until - club.clock.now());
                break;
            }
            Next::Accept => {
                club.answer_challenge(&bot, l.row.community_id, at, Entry::Accept)
                    .await
            }
            Next::Act(op) => {
                rolled_itself = matches!(op, MatchOp::Roll);
                club.act(&bot, l.row.community_id, at, op).await
            }
        };
        match done {
            Ok(out) => {
                club.bot_player.succeeded(id);
                lines.extend(out.lines.iter().cloned());
                last = Some(out);
            }
            // The human acted meanwhile (a resignation): look again.
            Err(ClubError::Refused(Refusal::Stale(..))) => {}
            Err(e) => {
                tracing::warn!(match_id = id, error = %e, "the bot's decision was refused");
                failure = Some(format!(
                    "Match #{id}: {}'s decision was refused ({e}); the match waits and \
                     the bot tries again later.",
                    l.names[Side::O.index()]
                ));
                break;
            }
        }
    }
    let mut events = Vec::new();
    let notice = notice.filter(|text| club.bot_player.first_telling(id, text));
    // The outbox: the batch's rows (written with each decision) made one and released,
    // with why the bot now waits; a failure told on its own.
    let mut owed: Vec<String> = Vec::new();
    if last.is_some() {
        if let Some(text) = &notice {
            owe_bot_lines(club, id, &channel, std::slice::from_ref(text)).await;
        }
    } else {
        owed.extend(notice.iter().cloned());
    }
    club.release_bot_rows(Some(id)).await;
    let failure = failure.filter(|text| club.bot_player.first_telling(id, text));
    owed.extend(failure.iter().cloned());
    let notes: Vec<store::Owed> = owed
        .iter()
        .map(|text| crate::outbox::rows::bot_note(id, &channel, text))
        .collect();
    if let Err(e) = club.store.owe(&notes, club.clock.now()).await {
        tracing::warn!(match_id = id, error = %e, "why the bot waits not written to the outbox");
    }
    if let Some(mut out) = last {
        // A long batch may have stopped at MAX_STEPS: the worker looks again.
        club.bot_player.ring(id);
        lines.extend(notice);
        out.lines = lines;
        events.push(BotEvent {
            match_id: id.into(),
            channel: channel.clone(),
            outcome: out,
        });
    } else if let Some(text) = notice {
        events.push(BotEvent {
            match_id: id.into(),
            channel: channel.clone(),
            outcome: Outcome {
                match_id: Some(id.into()),
                lines: vec![text],
                ..Outcome::default()
            },
        });
    }
    if let Some(text) = failure {
        events.push(BotEvent {
            match_id: id.into(),
            channel,
            outcome: Outcome {
                match_id: Some(id.into()),
                lines: vec![text],
                ..Outcome::default()
            },
        });
    }
    for e in &events {
        // Nobody listening is no error: the events are also returned.
        let _ = club.bot_player.events.send(e.clone());
    }
    events
}

/// Adds `lines` to the bot's held rows in match `id` (told with its batch).
async fn owe_bot_lines(club: &Club, id: i64, channel: &str, lines: &[String]) {
    let body = crate::outbox::rows::BotBody {
        lines: lines.to_vec(),
        ..Default::default()
    };
    let row = crate::outbox::rows::bot_row(id, channel, &body);
    if let Err(e) = club.store.owe(&[row], club.clock.now()).await {
        tracing::warn!(match_id = id, error = %e, "why the bot waits not written to the outbox");
    }
}

/// The bot accepts the challenge `id` it was just sent: the challenge's `lines` and the
/// acceptance in one outcome. Should the acceptance fail, the challenge's outcome
/// names the bot as the one to answer, and the worker accepts it later.
pub(super) async fn bot_accepts(
    club: &Club,
    bot: &store::PlayerRow,
    community: i64,
    id: i64,
    mut lines: Vec<String>,
) -> Outcome {
    let at = MatchRef {
        id: Some(id.into()),
        version: Some(1),
    };
    match club
        .answer_challenge(bot, community, at, Entry::Accept)
        .await
    {
        Ok(mut out) => {
            // The acceptance is told in the challenge's own answer, not by the outbox.
            if let Err(e) = club
                .store
                .outbox_discard_held(id, crate::outbox::rows::BOT)
                .await
            {
                tracing::warn!(match_id = id, error = %e, "the bot's acceptance left in the outbox");
            }
            lines.append(&mut out.lines);
            out.lines = lines;
            out
        }
        Err(e) => {
            tracing::warn!(match_id = id, error = %e, "the bot could not accept at once");
            Outcome {
                match_id: Some(id.into()),
                version: Some(1),
                lines,
                next: Some(crate::NextUp::new(
                    id.into(),
                    &bot.platform_id,
                    &bot.display_name,
                    vec![crate::Choice::AcceptChallenge],
                )),
                ..Outcome::default()
            }
        }
    }
}

/// What the bot does next in `l`, asking gnubg when it has a choice.
async fn bot_next(
    club: &Club,
    l: &Loaded,
    level: Level,
    rolled_itself: bool,
) -> Result<Next, BotError> {
    let bot = Side::O;
    match l.row.status {
        MatchStatus::Challenged if !crate::challenges::expiry::expired(l, club.clock.now()) => {
            return Ok(Next::Accept);
        }
        MatchStatus::Active => {}
        _ => return Ok(Next::Wait),
    }
    let Some(snap) = l.snap.as_ref().filter(|s| !s.is_over()) else {
        return Ok(Next::Wait);
    };
    // A play or cube action of the human's that the tutor flagged waits for their
    // `/undo` or `/keep` before the bot answers it.
    if snap.break_running(club.clock.now()).is_some() || snap.tutor_holds() {
        return Ok(Next::Wait);
    }
    let AnyMatch::Standard(m) = &snap.game else {
        return Ok(Next::Wait);
    };
    let s = Situation::of(m, bot);
    if let Some((by, _)) = m.resign_offer() {
        if by == bot {
            return Ok(Next::Wait);
        }
        let accept = club
            .gnubg
            .run(move |p| p.accepts_resignation(&s, level))
            .await?;
        return Ok(Next::Act(if accept {
            MatchOp::AcceptResign
        } else {
            MatchOp::RejectResign
        }));
    }
    Ok(Next::Act(match m.phase() {
        Phase::CubeOffered(o) if o.responder == bot => {
            match club.gnubg.run(move |p| p.answer_double(&s, level)).await? {
                Answer::Take => MatchOp::Take,
                Answer::Drop => MatchOp::Drop,
                Answer::Beaver => MatchOp::Beaver,
            }
        }
        Phase::ToRoll(side) if side == bot => {
            if let Some(r) = bot_resigns(club, l, m, s).await? {
                return Ok(Next::Act(MatchOp::Resign(r)));
            }
            if m.may_double(bot).is_ok() {
                let verdict = club.gnubg.run(move |p| p.cube_action(&s, level)).await?;
                if verdict.action == CubeAction::Double {
                    MatchOp::Double
                } else {
                    MatchOp::Roll
                }
            } else {
                MatchOp::Roll
            }
        }
        Phase::ToPlay { side, dice } if side == bot => {
            // The club rolled for the bot (it could not double): it may resign before
            // playing, as it would have before rolling.
            if !rolled_itself {
                if let Some(r) = bot_resigns(club, l, m, s).await? {
                    return Ok(Next::Act(MatchOp::Resign(r)));
                }
            }
            let play = club.gnubg.run(move |p| p.play(&s, dice, level)).await?;
            MatchOp::Move(format_play(&m.position().view(bot), &play))
        }
        _ => return Ok(Next::Wait),
    }))
}

/// What the Welsh bot does next in `l`, its player asked off the async runtime.
async fn welsh_bot_next(
    club: &Club,
    l: &Loaded,
    level: welsh_player::Level,
) -> Result<Next, String> {
    let now = club.clock.now();
    match l.row.status {
        MatchStatus::Challenged if !crate::challenges::expiry::expired(l, now) => {
            return Ok(Next::Accept);
        }
        MatchStatus::Active => {}
        _ => return Ok(Next::Wait),
    }
    let Some(snap) = l.snap.as_ref().filter(|s| !s.is_over()) else {
        return Ok(Next::Wait);
    };
    if snap.break_running(now).is_some() || snap.tutor_holds() {
        return Ok(Next::Wait);
    }
    let AnyMatch::Welsh(m) = &snap.game else {
        return Ok(Next::Wait);
    };
    let m = m.clone();
    // The same moment (match, version) gives the same decision, also after a restart.
    let seed = (l.row.id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ l.row.version as u64;
    // The human's occasion to offer to concede is left open for a while.
    let until = l.row.turn_started_at.unwrap_or(now) + OFFER_GRACE;
    let give_way = now < until;
    let next = tokio::task::spawn_blocking(move || welsh_next(&m, Side::O, level, seed, give_way))
        .await
        .map_err(|e| format!("the Welsh player failed ({e})"))?;
    Ok(match next {
        WelshNext::Act(op) => Next::Act(op),
        WelshNext::Wait => Next::Wait,
        WelshNext::HumanMayOffer => Next::Hold(until),
    })
}

/// The resignation the bot offers now: gnubg's, if higher than any the human
/// declined in this game.
async fn bot_resigns(
    club: &Club,
    l: &Loaded,
    m: &Match,
    s: Situation,
) -> Result<Option<ResignLevel>, BotError> {
    if m.rules().is_money() && l.spec.stake > 0 {
        // Not reached (no stake against the bot); a resignation would move money.
        return Ok(None);
    }
    let Some(level) = club.gnubg.run(move |p| p.resignation_to_offer(&s)).await? else {
        return Ok(None);
    };
    let declined = match crate::matches::log::read_log(&club.store, l.row.id).await {
        Ok(log) => declined_this_game(log.into_iter()),
        Err(e) => return Err(BotError::Failed(format!("the match's log: {e}"))),
    };
    Ok((declined < Some(level)).then_some(level))
}

/// The highest resignation of the bot (O) the human declined in the game under way.
fn declined_this_game(log: impl Iterator<Item = Entry>) -> Option<ResignLevel> {
    let mut declined = None;
    let mut offered = None;
    for e in log {
        let Entry::Standard { side, action, .. } = e else {
            continue;
        };
        match action {
            Action::OpeningRoll { .. } => {
                declined = None;
                offered = None;
            }
            Action::Resign(level) if side == Side::O => offered = Some(level),
            Action::RejectResign if side == Side::X => {
                declined = declined.max(offered.take());
            }
            Action::AcceptResign => offered = None,
            _ => {}
        }
    }
    declined
}

/// The Welsh bot waits before throwing, for the human to offer to concede.
fn hold_words(l: &Loaded) -> String {
    format!(
        "Match #{}: {} may offer to concede (rule 18: /concede N); {} waits {} from the \
         start of its turn before it throws, unless an offer comes first.",
        l.row.id,
        l.names[Side::X.index()],
        l.names[Side::O.index()],
        crate::duration_words(OFFER_GRACE)
    )
}

/// Why the bot did not move, for the human: the player's reason, that the match waits,
/// when the bot tries again.
fn failure_words(l: &Loaded, e: &str, retry: std::time::Duration) -> String {
    let again = crate::duration_words(i64::try_from(retry.as_secs()).unwrap_or(60).max(1));
    format!(
        "Match #{}: {} cannot make its move now: {e}. The match waits (no clock runs); \
         the bot tries again within {again}.",
        l.row.id,
        l.names[Side::O.index()]
    )
}

#[cfg(test)]
mod tests {
    use super::{Entry, declined_this_game};
    use engine::{Action, ResignLevel, Side};

    fn std(side: Side, action: Action) -> Entry {
        Entry::Standard {
            side,
            action,
            auto: false,
        }
    }

    #[test]
    fn a_declined_resignation_counts_until_the_next_game() {
        let game = vec![
            std(Side::X, Action::OpeningRoll { x: 3, o: 5 }),
            std(Side::O, Action::Resign(ResignLevel::Single)),
            std(Side::X, Action::RejectResign),
        ];
        assert_eq!(
            declined_this_game(game.clone().into_iter()),
            Some(ResignLevel::Single)
        );
        let mut next = game;
        next.push(std(Side::X, Action::OpeningRoll { x: 6, o: 1 }));
        assert_eq!(declined_this_game(next.into_iter()), None);
        // The human's own resignation rejected by the bot is no offer of the bot's.
        let theirs = vec![
            std(Side::X, Action::Resign(ResignLevel::Gammon)),
            std(Side::O, Action::RejectResign),
        ];
        assert_eq!(declined_this_game(theirs.into_iter()), None);
    }
}
