//! A command worked out against the engine, nothing written: the match playable, the
//! ruleset, a break, the turn checked, the engine asked (`plan`, `plan_standard`,
//! `plan_welsh`), the deadline sweep's time-out (`plan_time_out`), and the club's own
//! throws and forced plays after it (`autopilot`). `play` writes what this plans.

use crate::Club;
use crate::ClubError;
use crate::Entry;
use crate::Refusal;
use crate::Snapshot;
use crate::kernel::phrases::ruleset_word;
use crate::matches::loaded::Loaded;
use crate::matches::log::starter_side;
use crate::matches::op::MatchOp;
use crate::matches::prompts::next_words;
use crate::matches::prompts::welsh_may_double;
use crate::matches::work::Work;
use engine::Action;
use engine::AnyMatch;
use engine::Dice;
use engine::Match;
use engine::Phase;
use engine::Ruleset;
use engine::Side;
use engine::welsh::Parity;
use engine::welsh::Throw;
use engine::welsh::WelshAction;
use engine::welsh::WelshError;
use engine::welsh::WelshMatch;
use engine::welsh::WelshPhase;
use engine::welsh::has_full_spread;
use engine::welsh::resolve_welsh_play;
use store::MatchStatus;

/// The length of a break (regulation D), in seconds.
pub(crate) const BREAK_SECONDS: i64 = 10 * 60;

/// A Welsh throw the club makes: two dice, one die (rule 11), or a 1-2 thrown again (rule 13).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ThrowKind {
    Two,
    One,
    Again,
}

/// Whether the player on roll has nothing to decide before rolling.
pub(crate) fn nothing_to_decide_before_rolling(game: &AnyMatch, s: Side) -> bool {
    match game {
        AnyMatch::Standard(m) => m.may_double(s).is_err(),
        AnyMatch::Welsh(m) => {
            !welsh_may_double(m, s)
                && !m.nominate_left(s)
                && !has_full_spread(&m.position().view(s))
                && m.concede_most(s).is_none_or(|n| n == 0)
        }
    }
}

/// Whether the match's fair dice have made no throw yet: its first throw then waits for
/// a player to ask for it (`docs/fair-dice.md`: the seeds may be set until then).
pub(crate) fn awaits_first_throw(work: &Work) -> bool {
    work.fair.as_ref().is_some_and(|f| f.next_k() == 1)
}

/// Whether `work` made an opening throw (a tie leaves the game at its opening throw).
fn threw_opening(work: &Work) -> bool {
    work.entries.iter().any(|(_, e)| {
        matches!(
            e,
            Entry::Standard {
                action: Action::OpeningRoll { .. },
                ..
            }
        )
    })
}

pub(crate) fn auto_std(side: Side, action: Action) -> Entry {
    Entry::Standard {
        side,
        action,
        auto: true,
    }
}

/// A throw of two dice (a new k of the match's fair dice).
fn roll2(club: &Club, work: &mut Work) -> Result<(u8, u8), ClubError> {
    club.fair_throw(work.fair.as_mut(), 2, &mut work.lines)
}

/// A throw of one die (a new k of the match's fair dice; seeded dice roll two and keep
/// the first, as they always have).
fn roll1(club: &Club, work: &mut Work) -> Result<(u8, u8), ClubError> {
    club.fair_throw(work.fair.as_mut(), 1, &mut work.lines)
}

/// Works out what `op` by `side` does, without writing anything.
pub(super) fn plan(
    club: &Club,
    l: &Loaded,
    side: Side,
    by: Option<i64>,
    op: &MatchOp,
) -> Result<Work, ClubError> {
    let snap = playable(l)?;
    check_ruleset(l, snap.game.ruleset(), op)?;
    // Regulation D: during a break both clocks stop and every game action, by either
    // player, waits for its end or a /resume.
    let now = club.clock.now();
    if let Some(until) = snap.break_running(now) {
        if !matches!(op, MatchOp::Break | MatchOp::Resume) {
            return Err(Refusal::OnBreak { until, now }.into());
        }
    }
    check_turn(l, &snap, side, op)?;
    let mut work = Work {
        snap,
        entries: Vec::new(),
        lines: Vec::new(),
        settle: Vec::new(),
        fair: l.fair.clone(),
    };
    let names = &l.names;
    tell_welsh_clocks(club, l, &mut work, side, by, op)?;
    match work.snap.game.clone() {
        AnyMatch::Standard(m) => {
            plan_standard(club, &mut work, &m, side, by, names, op)?;
            // A resignation offer in a money session with a stake: what it pays.
            if let (MatchOp::Resign(level), AnyMatch::Standard(after)) = (op, &work.snap.game) {
                if l.spec.length.is_none() && l.spec.stake > 0 {
                    let points = after.resign_value(*level);
                    work.lines.push(format!(
                        "At {} a point, accepting makes {} pay {} {}",
                        engine::welsh::format_amount(l.spec.stake),
                        names[side.index()],
                        names[side.opponent().index()],
                        engine::welsh::format_amount(points.saturating_mul(l.spec.stake))
                    ));
                }
            }
        }
        AnyMatch::Welsh(m) => plan_welsh(club, &mut work, &m, side, by, names, op)?,
    }
    autopilot(club, l, &mut work)?;
    Ok(work)
}

/// Works out the deadline sweep's time-out of `side`, without writing anything: a
/// standard match is forfeited, a Welsh one timed out. No player's command, so no
/// ruleset, break or turn to check and no clocks to tell.
pub(super) fn plan_time_out(club: &Club, l: &Loaded, side: Side) -> Result<Work, ClubError> {
    let snap = playable(l)?;
    let mut work = Work {
        snap,
        entries: Vec::new(),
        lines: Vec::new(),
        settle: Vec::new(),
        fair: l.fair.clone(),
    };
    let names = &l.names;
    if let AnyMatch::Welsh(_) = &work.snap.game {
        work.lines
            .push(format!("{} ran out of time", names[side.index()]));
        let entry = Entry::Welsh {
            side,
            action: WelshAction::TimedOut,
            auto: false,
        };
        work.push(None, entry, names)?;
    } else {
        work.push(None, Entry::Forfeit { side }, names)?;
    }
    autopilot(club, l, &mut work)?;
    Ok(work)
}

/// Live Welsh clocks (nothing a move): the engine is told both clocks before each
/// action, for ten-for-two (rule 12b) and the breaks of regulation D.
fn tell_welsh_clocks(
    club: &Club,
    l: &Loaded,
    work: &mut Work,
    side: Side,
    by: Option<i64>,
    op: &MatchOp,
) -> Result<(), ClubError> {
    let names = &l.names;
    if let AnyMatch::Welsh(_) = &work.snap.game {
        if l.spec.time.per_move == 0 && !matches!(op, MatchOp::Break | MatchOp::Resume) {
            let left = super::time_bank::banks_now(club, l);
            let clocks = [
                u32::try_from(left[0]).unwrap_or(0),
                u32::try_from(left[1]).unwrap_or(0),
            ];
            work.push(
                by,
                Entry::Welsh {
                    side,
                    action: WelshAction::Clocks(clocks),
                    auto: true,
                },
                names,
            )?;
        }
    }
    Ok(())
}

/// `op` on a standard match (the ruleset is checked).
fn plan_standard(
    club: &Club,
    work: &mut Work,
    m: &Match,
    side: Side,
    by: Option<i64>,
    names: &[String; 2],
    op: &MatchOp,
) -> Result<(), ClubError> {
    let std_entry = |action: Action| Entry::Standard {
        side,
        action,
        auto: false,
    };
    let answers_a_double = matches!(
        op,
        MatchOp::Take | MatchOp::Drop | MatchOp::Beaver | MatchOp::Raccoon
    );
    if answers_a_double && !matches!(m.phase(), Phase::CubeOffered(_)) {
        return Err(Refusal::NoDoubleWaiting {
            command: op.name(),
            next: next_words(&work.snap.game),
        }
        .into());
    }
    match op {
        MatchOp::Roll => {
            let action = if m.phase() == Phase::Opening {
                let (x, o) = roll2(club, work)?;
                Action::OpeningRoll { x, o }
            } else {
                let (a, b) = roll2(club, work)?;
                Action::Roll(Dice::new(a, b).map_err(Refusal::Dice)?)
            };
            work.push(by, std_entry(action), names)?;
        }
        MatchOp::Move(text) => {
            let play = m.resolve_play(side, text).map_err(Refusal::Rule)?;
            work.push(by, std_entry(Action::Play(play)), names)?;
        }
        MatchOp::Double => work.push(by, std_entry(Action::Double), names)?,
        MatchOp::Take => work.push(by, std_entry(Action::Take), names)?,
        MatchOp::Drop => work.push(by, std_entry(Action::Drop), names)?,
        MatchOp::Beaver => work.push(by, std_entry(Action::Beaver), names)?,
        MatchOp::Raccoon => work.push(by, std_entry(Action::Raccoon), names)?,
        MatchOp::Resign(level) => work.push(by, std_entry(Action::Resign(*level)), names)?,
        MatchOp::AcceptResign => work.push(by, std_entry(Action::AcceptResign), names)?,
        MatchOp::RejectResign => work.push(by, std_entry(Action::RejectResign), names)?,
        MatchOp::Call(_)
        | MatchOp::Choose(_)
        | MatchOp::Reroll
        | MatchOp::RollOne
        | MatchOp::Nominate(..)
        | MatchOp::Concede { .. }
        | MatchOp::AcceptConcede
        | MatchOp::RejectConcede
        | MatchOp::Break
        | MatchOp::Resume => unreachable!("checked above"),
        MatchOp::Stop => unreachable!("the dispatch sends /stop to stop_session"),
    }
    Ok(())
}

/// `op` on a Welsh match (the ruleset is checked).
fn plan_welsh(
    club: &Club,
    work: &mut Work,
    m: &WelshMatch,
    side: Side,
    by: Option<i64>,
    names: &[String; 2],
    op: &MatchOp,
) -> Result<(), ClubError> {
    let welsh_entry = |action: WelshAction| Entry::Welsh {
        side,
        action,
        auto: false,
    };
    match op {
        MatchOp::Roll => {
            welsh_throw(club, work, m, side, by, names, ThrowKind::Two)?;
        }
        MatchOp::Move(text) => {
            let WelshPhase::ToPlay { throw, .. } = m.phase() else {
                return Err(Refusal::NoRollToPlay {
                    next: next_words(&work.snap.game),
                }
                .into());
            };
            // Free text: the engine reads a written Welsh play and says why not in words
            // (it has no error type for it); they are carried as they are.
            let legal = resolve_welsh_play(&m.position().view(side), throw, text)
                .map_err(Refusal::WelshPlay)?;
            work.push(by, welsh_entry(WelshAction::Play(legal.play)), names)?;
        }
        MatchOp::Double => work.push(by, welsh_entry(WelshAction::Double), names)?,
        MatchOp::Call(p) => {
            let shaker_dice = roll2(club, work)?;
            work.lines.push(format!(
                "{} calls {}; the concealed throw is {}-{}",
                names[side.index()],
                if *p == Parity::Odd { "odds" } else { "evens" },
                shaker_dice.0.max(shaker_dice.1),
                shaker_dice.0.min(shaker_dice.1)
            ));
            work.push(
                by,
                welsh_entry(WelshAction::Call {
                    shaker_dice,
                    call: *p,
                }),
                names,
            )?;
        }
        MatchOp::Choose(who) => {
            work.push(
                by,
                welsh_entry(WelshAction::Choose(starter_side(side, *who))),
                names,
            )?;
        }
        MatchOp::Reroll => {
            welsh_throw(club, work, m, side, by, names, ThrowKind::Again)?;
        }
        MatchOp::RollOne => {
            welsh_throw(club, work, m, side, by, names, ThrowKind::One)?;
        }
        MatchOp::Break | MatchOp::Resume => plan_break(club, work, side, by, names, op)?,
        MatchOp::Nominate(whose, dice) => {
            work.push(
                by,
                welsh_entry(WelshAction::Nominate {
                    whose: *whose,
                    dice: *dice,
                }),
                names,
            )?;
        }
        MatchOp::Concede { games, payment } => {
            work.push(
                by,
                welsh_entry(WelshAction::OfferConcede {
                    games: *games,
                    payment: *payment,
                }),
                names,
            )?;
        }
        MatchOp::AcceptConcede => work.push(by, welsh_entry(WelshAction::AcceptConcede), names)?,
        MatchOp::RejectConcede => work.push(by, welsh_entry(WelshAction::RejectConcede), names)?,
        MatchOp::Take
        | MatchOp::Drop
        | MatchOp::Beaver
        | MatchOp::Raccoon
        | MatchOp::Resign(_)
        | MatchOp::AcceptResign
        | MatchOp::RejectResign => unreachable!("checked above"),
        MatchOp::Stop => unreachable!("the dispatch sends /stop to stop_session"),
    }
    Ok(())
}

/// A break taken or ended (regulation D).
fn plan_break(
    club: &Club,
    work: &mut Work,
    side: Side,
    by: Option<i64>,
    names: &[String; 2],
    op: &MatchOp,
) -> Result<(), ClubError> {
    let now = club.clock.now();
    if let MatchOp::Break = op {
        if let Some(until) = work.snap.break_running(now) {
            return Err(Refusal::BreakUnderWay { until, now }.into());
        }
        work.push(
            by,
            Entry::Break {
                side,
                until: now + BREAK_SECONDS,
            },
            names,
        )?;
    } else {
        if work.snap.break_running(now).is_none() {
            return Err(Refusal::NoBreak.into());
        }
        work.push(by, Entry::Resume { side }, names)?;
    }
    Ok(())
}

/// A Welsh throw by the club: a third identical throw is thrown again (rule 6), also
/// when it comes from an acey-deucey re-throw.
fn welsh_throw(
    club: &Club,
    work: &mut Work,
    m: &WelshMatch,
    side: Side,
    by: Option<i64>,
    names: &[String; 2],
    kind: ThrowKind,
) -> Result<(), ClubError> {
    // A nominated throw is no throw of the dice: it takes no k of the fair dice.
    let nominated = kind == ThrowKind::Two
        && work.fair.is_some()
        && m.nominated_throw().is_some_and(|(who, _)| who == side);
    for _ in 0..20 {
        let (a, b) = match (kind, m.nominated_throw()) {
            (_, Some((_, d))) if nominated => d,
            (ThrowKind::One, _) => roll1(club, work)?,
            _ => roll2(club, work)?,
        };
        let action = match kind {
            ThrowKind::One => WelshAction::RollOne(a),
            ThrowKind::Two => WelshAction::Roll(a, b),
            ThrowKind::Again => WelshAction::Reroll(a, b),
        };
        match m.apply(side, &action) {
            Err(WelshError::ThirdIdenticalThrow) => {
                work.push(by, Entry::ThrownAgain { side, dice: (a, b) }, names)?;
            }
            _ => {
                return work.push(
                    by,
                    Entry::Welsh {
                        side,
                        action,
                        auto: false,
                    },
                    names,
                );
            }
        }
    }
    Err(Refusal::DiceKeptRepeating.into())
}

/// Rolls for a player with nothing to decide before rolling (or who asked for it) and
/// plays forced plays, announcing both.
pub(super) fn autopilot(club: &Club, l: &Loaded, work: &mut Work) -> Result<(), ClubError> {
    for _ in 0..64 {
        // The tutor holds the match for the player's undo or keep.
        if work.snap.is_over() || work.snap.tutor_holds() {
            return Ok(());
        }
        let game = work.snap.game.clone();
        match &game {
            AnyMatch::Standard(m) => {
                if m.resign_offer().is_some() {
                    return Ok(());
                }
                match m.phase() {
                    // With fair dice the match's first throw waits for a player's
                    // /roll, so that both may set a seed until then; in a money
                    // session every game's opening throw waits, so that the session
                    // may be stopped between games (and not once a game has begun);
                    // a tie is thrown again at once.
                    Phase::Opening
                        if awaits_first_throw(work)
                            || (m.rules().is_money() && !threw_opening(work)) =>
                    {
                        return Ok(());
                    }
                    Phase::Opening => {
                        let (x, o) = roll2(club, work)?;
                        work.push(
                            None,
                            auto_std(Side::X, Action::OpeningRoll { x, o }),
                            &l.names,
                        )?;
                    }
                    Phase::ToRoll(s)
                        if nothing_to_decide_before_rolling(&game, s)
                            || l.players[s.index()].auto_roll =>
                    {
                        let (a, b) = roll2(club, work)?;
                        let dice = Dice::new(a, b).map_err(Refusal::Dice)?;
                        work.lines
                            .push(format!("(rolled for {})", l.names[s.index()]));
                        work.push(None, auto_std(s, Action::Roll(dice)), &l.names)?;
                    }
                    Phase::ToPlay { side, .. } => {
                        let legal = m.legal_plays();
                        if legal.len() != 1 {
                            return Ok(());
                        }
                        work.lines
                            .push(format!("(the only play for {})", l.names[side.index()]));
                        work.push(None, auto_std(side, Action::Play(legal[0].play)), &l.names)?;
                    }
                    _ => return Ok(()),
                }
            }
            AnyMatch::Welsh(m) => {
                if m.concede().1.is_some() {
                    return Ok(());
                }
                match m.phase() {
                    WelshPhase::ToRoll(s)
                        if nothing_to_decide_before_rolling(&game, s)
                            || l.players[s.index()].auto_roll =>
                    {
                        work.lines
                            .push(format!("(thrown for {})", l.names[s.index()]));
                        welsh_throw(club, work, m, s, None, &l.names, ThrowKind::Two)?;
                        if let Some((_, Entry::Welsh { auto, .. })) = work.entries.last_mut() {
                            *auto = true;
                        }
                    }
                    WelshPhase::ToPlay {
                        side,
                        throw,
                        nominated,
                    } => {
                        let acey =
                            !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
                        let legal = m.legal_plays();
                        if legal.len() != 1
                            || acey
                            || m.nominate_left(side)
                            || m.concede().0 == Some(side)
                        {
                            return Ok(());
                        }
                        work.lines
                            .push(format!("(the only play for {})", l.names[side.index()]));
                        work.push(
                            None,
                            Entry::Welsh {
                                side,
                                action: WelshAction::Play(legal[0].play),
                                auto: true,
                            },
                            &l.names,
                        )?;
                    }
                    _ => return Ok(()),
                }
            }
        }
    }
    Ok(())
}

/// The snapshot of a match that can be played on now, or why it cannot.
fn playable(l: &Loaded) -> Result<Snapshot, ClubError> {
    let snap = match (l.row.status, &l.snap) {
        (MatchStatus::Active, Some(s)) if !s.is_over() => s.clone(),
        (MatchStatus::Challenged, _) => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                "a challenge".into(),
                "it starts once it is accepted (/accept)",
            )
            .into());
        }
        (status, _) => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                if status == MatchStatus::Active {
                    "finished".into()
                } else {
                    status.to_string()
                },
                "nothing more can be played in it",
            )
            .into());
        }
    };
    Ok(snap)
}

/// Refuses a command of the other ruleset.
fn check_ruleset(l: &Loaded, ruleset: Ruleset, op: &MatchOp) -> Result<(), ClubError> {
    let welsh_only = matches!(
        op,
        MatchOp::Call(_)
            | MatchOp::Choose(_)
            | MatchOp::Reroll
            | MatchOp::RollOne
            | MatchOp::Nominate(..)
            | MatchOp::Concede { .. }
            | MatchOp::AcceptConcede
            | MatchOp::RejectConcede
            | MatchOp::Break
            | MatchOp::Resume
    );
    let standard_only = matches!(
        op,
        MatchOp::Take
            | MatchOp::Drop
            | MatchOp::Beaver
            | MatchOp::Raccoon
            | MatchOp::Resign(_)
            | MatchOp::AcceptResign
            | MatchOp::RejectResign
    );
    if (welsh_only && ruleset != Ruleset::Welsh) || (standard_only && ruleset != Ruleset::Standard)
    {
        return Err(Refusal::WrongRuleset(
            op.name(),
            if welsh_only { "Welsh" } else { "standard" },
            crate::MatchNo::from(l.row.id),
            ruleset_word(ruleset),
        )
        .into());
    }
    Ok(())
}

/// Only the one whose decision it is (resigning and conceding may come at other
/// moments; the engine decides those).
fn check_turn(l: &Loaded, snap: &Snapshot, side: Side, op: &MatchOp) -> Result<(), ClubError> {
    let free = matches!(
        op,
        MatchOp::Resign(_) | MatchOp::Concede { .. } | MatchOp::Break | MatchOp::Resume
    );
    if let Some(s) = snap.game.to_act() {
        if s != side && !free {
            return Err(
                Refusal::NotYourTurn(l.names[s.index()].clone(), next_words(&snap.game)).into(),
            );
        }
    }
    Ok(())
}
