//! The tutor (a practice match opened with the tutor on): a player's checker play or
//! cube action is judged by GNU Backgammon at the hint level before it is made; one that
//! gives away more than [`TUTOR_THRESHOLD`] is made and flagged, with what was better,
//! and the player may `/undo` it once or `/keep` it before the opponent acts (the
//! opponent's automatic moves wait meanwhile: `Snapshot::tutor_holds`).
//!
//! Rolling without doubling where doubling was right is said before the dice are thrown
//! (a roll cannot be taken back once its dice are seen): the player rolls again to roll
//! anyway. A drop that ends a game of money play or the match is judged but cannot be
//! undone (the result is written). If gnubg is missing or fails, the action is made and
//! the player is told the tutor could not judge it.
//!
//! In a Welsh match the judge is gammonbot's own Welsh player at the score, not gnubg
//! (`welsh_tutor.rs`: what it judges and how); the flow here is shared.

use crate::MatchOp;
use crate::matches::loaded::Loaded;
use crate::practice::refusal::PracticeRefusal;
use crate::practice::tutor_flag::{Mode, TUTOR_THRESHOLD};
use crate::practice::undo::{TutorNote, held_words};
use crate::practice::welsh_tutor::{WelshJudge, warned_line};
use crate::{Club, ClubError, Entry, Outcome};
use engine::{AnyMatch, Dice, Match, Phase, Play, Side, format_play, legal_plays};
use gnubg::{BotError, CubeEquities, Pool, Situation};
use store::{MatchStatus, PlayerRow};

/// A decision put to gnubg: the situation, and what was decided.
enum Judge {
    Play(Situation, Dice, Play),
    Double(Situation),
    Roll(Situation),
    Take(Situation),
    Drop(Situation),
}

impl Judge {
    /// What the tutor should judge when `side` does `op` in `game` (None: nothing to
    /// judge, or the command will be refused anyway), and what to do with a flag.
    fn of(
        game: &Match,
        side: Side,
        op: &MatchOp,
        note: Option<&TutorNote>,
    ) -> Option<(Judge, Mode)> {
        if game.to_act() != Some(side) || game.resign_offer().is_some() {
            return None;
        }
        let retaken = matches!(note, Some(TutorNote::Undone { side: s }) if *s == side);
        let made = if retaken {
            Mode::Tell("a decision taken back once is not held again")
        } else {
            Mode::Hold
        };
        let s = Situation::of(game, side);
        match (op, game.phase()) {
            (MatchOp::Move(text), Phase::ToPlay { dice, .. }) => {
                let play = game.resolve_play(side, text).ok()?;
                let board = game.position().view(side);
                let legal = legal_plays(&board, dice);
                // A play that ends the game, or the only play: nothing to judge.
                let after = legal.iter().find(|l| l.play == play)?;
                if legal.len() < 2 || after.board.mine_off() == 15 {
                    return None;
                }
                Some((Judge::Play(s, dice, play), made))
            }
            (MatchOp::Double, Phase::ToRoll(_)) if game.may_double(side).is_ok() => {
                Some((Judge::Double(s), made))
            }
            (MatchOp::Roll, Phase::ToRoll(_)) if game.may_double(side).is_ok() => {
                let warned = matches!(note, Some(TutorNote::Warned { side: w }) if *w == side);
                (!warned && !retaken).then_some((Judge::Roll(s), Mode::Warn))
            }
            (MatchOp::Take, Phase::CubeOffered(o)) if o.notches == 0 => {
                Some((Judge::Take(s), made))
            }
            (MatchOp::Drop, Phase::CubeOffered(o)) if o.notches == 0 && game.drop_allowed() => {
                let ends = match game.rules().length {
                    None => true,
                    Some(n) => {
                        let won = u32::try_from(o.drop_value).unwrap_or(u32::MAX);
                        game.score()[side.opponent().index()].saturating_add(won) >= n
                    }
                };
                let mode = if ends && made == Mode::Hold {
                    Mode::Tell("a drop that ends a money game or the match is written at once")
                } else {
                    made
                };
                Some((Judge::Drop(s), mode))
            }
            _ => None,
        }
    }

    /// The tutor's words when the decision gives away more than [`TUTOR_THRESHOLD`].
    /// Blocks (run on a blocking thread).
    fn verdict(&self, pool: &Pool) -> Result<Option<String>, BotError> {
        let cube = |e: &CubeEquities| {
            format!(
                "no double {:+.3}, double/take {:+.3}, double/pass {:+.3}",
                e.no_double, e.double_take, e.double_pass
            )
        };
        let (loss, words) = match self {
            Judge::Play(s, dice, play) => {
                let j = pool.judge_play(s, *dice, play)?;
                let board = s.position.view(s.on_roll);
                let loss = j.loss();
                (
                    loss,
                    format!(
                        "{} was better: {} loses {loss:.3}",
                        j.best.text,
                        format_play(&board, play)
                    ),
                )
            }
            Judge::Double(s) | Judge::Roll(s) => {
                let e = pool.hint_cube(s)?.equities;
                let doubled = e.double_take.min(e.double_pass);
                let best = e.no_double.max(doubled);
                if matches!(self, Judge::Double(_)) {
                    let loss = best - doubled;
                    (
                        loss,
                        format!(
                            "not doubling was right: doubling loses {loss:.3} ({})",
                            cube(&e)
                        ),
                    )
                } else {
                    let loss = best - e.no_double;
                    (
                        loss,
                        format!(
                            "doubling is right here: rolling without doubling loses {loss:.3} ({})",
                            cube(&e)
                        ),
                    )
                }
            }
            Judge::Take(s) | Judge::Drop(s) => {
                // The doubler's equities: the taker wants the lower.
                let e = pool.hint_cube(s)?.equities;
                let best = e.double_take.min(e.double_pass);
                let (take, pass) = (-e.double_take, -e.double_pass);
                if matches!(self, Judge::Take(_)) {
                    let loss = e.double_take - best;
                    (
                        loss,
                        format!(
                            "passing was right: taking loses {loss:.3} (take {take:+.3}, pass {pass:+.3})"
                        ),
                    )
                } else {
                    let loss = e.double_pass - best;
                    (
                        loss,
                        format!(
                            "taking was right: passing loses {loss:.3} (take {take:+.3}, pass {pass:+.3})"
                        ),
                    )
                }
            }
        };
        Ok((loss > TUTOR_THRESHOLD).then_some(words))
    }
}

/// A player's command in a tutor match: judged first when it is a checker play or a
/// cube action, then made (or, before a roll, warned about).
pub(super) async fn act_tutored(
    club: &Club,
    mut l: Loaded,
    me: &PlayerRow,
    side: Side,
    op: MatchOp,
) -> Result<Outcome, ClubError> {
    let judged = match &l.snap {
        Some(snap) if l.row.status == MatchStatus::Active && !snap.is_over() => match &snap.game {
            AnyMatch::Standard(m) => Judge::of(m, side, &op, snap.tutor.as_ref())
                .map(|(j, mode)| (Tutored::Standard(j), mode)),
            AnyMatch::Welsh(m) => WelshJudge::of(m, side, &op, snap.tutor.as_ref())
                .map(|(j, mode)| (Tutored::Welsh(j), mode)),
        },
        _ => None,
    };
    let Some((judge, mode)) = judged else {
        return make_saying(club, &l, me, side, &op, None).await;
    };
    let verdict: Result<Option<String>, String> = match judge {
        Tutored::Standard(judge) => club
            .gnubg
            .run(move |pool| judge.verdict(pool))
            .await
            .map_err(|e| e.to_string()),
        // A 1-ply look: off the async runtime's workers.
        Tutored::Welsh(judge) => tokio::task::spawn_blocking(move || judge.verdict())
            .await
            .map_err(|e| e.to_string()),
    };
    let name = l.names[side.index()].clone();
    let words = match verdict {
        Ok(Some(words)) => words,
        Ok(None) => return make_saying(club, &l, me, side, &op, None).await,
        Err(e) => {
            let why = format!("The tutor could not judge {name}'s {}: {e}", op.name());
            return make_saying(club, &l, me, side, &op, Some(why)).await;
        }
    };
    match mode {
        Mode::Warn => {
            let mut work = plan_nothing(club, &l)?;
            work.push(
                Some(me.id),
                Entry::Tutor {
                    side,
                    words,
                    warning: true,
                },
                &l.names,
            )?;
            work.lines.push(match &work.snap.game {
                AnyMatch::Standard(_) => format!(
                    "Nothing is rolled yet: {name} may /double, or /roll again to roll anyway."
                ),
                AnyMatch::Welsh(m) => warned_line(&name, &op, m),
            });
            club.save(&l, Some(me.id), work, MatchStatus::Active).await
        }
        Mode::Tell(why) => {
            let told = format!("The tutor to {name}: {words} (it cannot be undone: {why})");
            make_saying(club, &l, me, side, &op, Some(told)).await
        }
        Mode::Hold => {
            let entry = Entry::Tutor {
                side,
                words,
                warning: false,
            };
            if let Some(snap) = l.snap.as_mut() {
                snap.apply(&entry, &l.names, &mut Vec::new(), &mut Vec::new())
                    .map_err(ClubError::Refused)?;
            }
            let mut work = club.plan(&l, side, Some(me.id), &op)?;
            work.entries.insert(0, (Some(me.id), entry));
            if work.snap.tutor_holds() {
                work.lines
                    .push(held_words(&l, side, work.snap.game.to_act()));
            }
            club.save(&l, Some(me.id), work, MatchStatus::Active).await
        }
    }
}

/// A decision the tutor judges: by gnubg in a standard match, by the Welsh player in a
/// Welsh one.
enum Tutored {
    Standard(Judge),
    Welsh(WelshJudge),
}

/// Makes `op` as an untutored command makes it, with `line` said after what it did.
async fn make_saying(
    club: &Club,
    l: &Loaded,
    me: &PlayerRow,
    side: Side,
    op: &MatchOp,
    line: Option<String>,
) -> Result<Outcome, ClubError> {
    let mut work = club.plan(l, side, Some(me.id), op)?;
    work.lines.extend(line);
    club.save(l, Some(me.id), work, MatchStatus::Active).await
}

/// A work on the match as it stands, for an entry that is no game action.
fn plan_nothing(_club: &Club, l: &Loaded) -> Result<crate::matches::work::Work, ClubError> {
    let snap = l.snap.clone().ok_or(PracticeRefusal::NotStarted)?;
    Ok(crate::matches::work::Work {
        snap,
        entries: Vec::new(),
        lines: Vec::new(),
        settle: Vec::new(),
        fair: None,
    })
}

#[cfg(test)]
mod tests {
    use super::{Judge, Mode};
    use crate::MatchOp;
    use engine::{Action, Match, MatchRules, Setup, Side};
    use gnubg::{BotSettings, Pool};

    /// A money race, no contact: X (57 pips) on roll against O (69 pips). gnubg's
    /// answer is clear: double, and pass.
    fn race() -> Match {
        let position = testkit::position(
            &[(6, 3), (5, 3), (4, 3), (3, 2), (2, 2), (1, 2)],
            &[(6, 4), (5, 4), (4, 4), (3, 3)],
        );
        Match::from_setup(Setup::new(MatchRules::money(), position, Side::X)).unwrap()
    }

    fn verdict(pool: &Pool, m: &Match, side: Side, op: &MatchOp) -> (Option<String>, Mode) {
        let (judge, mode) = Judge::of(m, side, op, None).expect("a decision to judge");
        (judge.verdict(pool).unwrap(), mode)
    }

    #[test]
    fn the_tutor_judges_cube_actions_by_gnubgs_equities() {
        let pool = Pool::new(BotSettings::default());
        let m = race();
        // Rolling without doubling is said before the roll; doubling is right
        let (words, mode) = verdict(&pool, &m, Side::X, &MatchOp::Roll);
        assert!(mode == Mode::Warn);
        let words = words.expect("rolling on is a cube error here");
        assert!(
            words.starts_with("doubling is right here: rolling without doubling loses 0."),
            "{words}"
        );
        assert_eq!(verdict(&pool, &m, Side::X, &MatchOp::Double).0, None);
        // Facing the double: taking is flagged, passing is right (and a money drop,
        // which ends the game, is told but never held)
        let (doubled, _) = m.apply(Side::X, &Action::Double).unwrap();
        let (words, mode) = verdict(&pool, &doubled, Side::O, &MatchOp::Take);
        assert!(mode == Mode::Hold);
        let words = words.expect("taking is a cube error here");
        assert!(
            words.starts_with("passing was right: taking loses "),
            "{words}"
        );
        let (words, mode) = verdict(&pool, &doubled, Side::O, &MatchOp::Drop);
        assert_eq!(words, None);
        assert!(matches!(mode, Mode::Tell(_)));
        // Nothing to judge for the player whose decision it is not
        assert!(Judge::of(&doubled, Side::X, &MatchOp::Take, None).is_none());
    }
}
