//! A stored match: its terms, the log entries it is made of, and the snapshot those
//! entries fold into. Folding the whole log from the terms gives the snapshot again
//! ([`rebuild`]); a test holds the club to that.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::command::{ChallengeSpec, Starter};
use engine::welsh::{
    BreakReason, GameEnd, MatchEnd, WelshAction, WelshEvent, WelshMatch, WelshPhase, WelshRules,
    format_amount, format_welsh_play,
};
use engine::{
    Action, AnyMatch, Event, Match, MatchRules, Phase, Play, Position, ResultKind, Ruleset, Side,
    format_play,
};
use render::{LastPlay, Scene};
use store::MatchStatus;

/// One entry of a match's action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Entry {
    Challenge {
        spec: ChallengeSpec,
    },
    Accept,
    /// A Welsh challenge accepted by the challenged player (the guest, rule 24(i)) with his
    /// choice of who shakes for the first game's call (the other calls).
    AcceptWelsh {
        shaker: Side,
    },
    Decline,
    Cancel,
    /// A standard action; `auto` when the club made it (auto-roll, forced play).
    Standard {
        side: Side,
        action: Action,
        auto: bool,
    },
    /// A Welsh action.
    Welsh {
        side: Side,
        action: WelshAction,
        auto: bool,
    },
    /// A standard match lost on time.
    Forfeit {
        side: Side,
    },
    /// A Welsh break between games (regulation D), taken by `side`: both clocks stop until
    /// `until` (Unix seconds) or a resume.
    Break {
        side: Side,
        until: i64,
    },
    /// The break under way ends before its time.
    Resume {
        side: Side,
    },
    /// The challenge expired unanswered (the club's deadline sweep).
    Expire,
    /// A Welsh throw made and thrown again at once: `side` threw `dice` a third time in a
    /// row (rule 6). Nothing changes in the game; the log keeps it because it was a throw
    /// of the provably fair dice (`docs/fair-dice.md`).
    ThrownAgain {
        side: Side,
        dice: (u8, u8),
    },
    /// Money play: `side` ends the session between games.
    StopSession {
        side: Side,
    },
    /// A league match decided without being played out: `winner` wins by forfeit (the
    /// organiser's award, or the opponent withdrew from the league) or by the organiser's
    /// adjudication, for `reason`.
    Ruling {
        winner: Side,
        forfeit: bool,
        reason: String,
        /// The forfeit came of the loser's withdrawal from the league, not of the
        /// organiser's ruling.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        withdrawal: bool,
    },
    /// A league match made void (a player withdrew from a league whose setting voids his
    /// remaining matches).
    Void {
        reason: String,
    },
}

/// How a league match was decided without being played out ([`Entry::Ruling`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    pub winner: Side,
    pub forfeit: bool,
    pub reason: String,
    /// The forfeit came of the loser's withdrawal from the league.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawal: bool,
}

/// The last play made, to show on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    pub side: Side,
    pub before: Position,
    pub play: Play,
}

/// The state of an accepted match, stored as JSON in `matches.state`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub game: AnyMatch,
    pub last: Option<LastMove>,
    /// A standard match ended by a time-out: the side who ran out.
    pub forfeit: Option<Side>,
    /// Welsh: the break regulation D allows now, between games (gone once the next game is
    /// under way or the break is taken).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_due: Option<BreakReason>,
    /// Welsh: a break taken, until this time (Unix seconds) unless resumed sooner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_until: Option<i64>,
    /// Money play: the session was ended between games by this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Side>,
    /// A league match decided by a ruling (forfeit or adjudication).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Ruling>,
}

/// A result of a game or match that moves money or the scoop-pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// A standard money game: `points` won by `winner`.
    MoneyGame {
        winner: Side,
        points: u64,
        game: u32,
    },
    /// A Welsh game scored (`winner` None: a wash).
    WelshGame {
        winner: Option<Side>,
        backgammon: bool,
    },
    /// A Welsh match over: the score and the games each side won (washes not counted).
    WelshMatch {
        winner: Side,
        how: MatchEnd,
        score: [u32; 2],
        won: [u32; 2],
    },
    /// The payment that came with an accepted offer to concede to 24 (rule 18).
    ConcedePayment { payer: Side },
}

impl Snapshot {
    /// A new match on these terms.
    ///
    /// # Errors
    /// Terms the engine refuses (checked again here; the club checks them at challenge).
    pub fn start(spec: &ChallengeSpec) -> Result<Snapshot, String> {
        Snapshot::start_with_shaker(spec, Side::X)
    }

    /// A new match on these terms; Welsh: `shaker` shakes for the first call (rule 24(i)).
    ///
    /// # Errors
    /// Terms the engine refuses.
    pub fn start_with_shaker(spec: &ChallengeSpec, shaker: Side) -> Result<Snapshot, String> {
        let game = match spec.ruleset {
            Ruleset::Standard => {
                AnyMatch::Standard(Match::new(standard_rules(spec)).map_err(|e| e.to_string())?)
            }
            Ruleset::Welsh => AnyMatch::Welsh(WelshMatch::new(WelshRules {
                target: spec.length.unwrap_or(25),
                first_shaker: shaker,
            })),
        };
        Ok(Snapshot {
            game,
            last: None,
            forfeit: None,
            break_due: None,
            break_until: None,
            stopped: None,
            ruling: None,
        })
    }

    /// Welsh: the end of the break under way at `now` (regulation D), if one is: until
    /// then both clocks stop and play waits (a `/resume` ends it sooner).
    #[must_use]
    pub fn break_running(&self, now: i64) -> Option<i64> {
        self.break_until.filter(|&u| u > now)
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.forfeit.is_some()
            || self.stopped.is_some()
            || self.ruling.is_some()
            || match &self.game {
                AnyMatch::Standard(m) => matches!(m.phase(), Phase::MatchOver { .. }),
                AnyMatch::Welsh(m) => matches!(m.phase(), WelshPhase::MatchOver { .. }),
            }
    }

    /// The winner and how, once over.
    #[must_use]
    pub fn result(&self, names: &[String; 2]) -> Option<(Side, String)> {
        if let Some(r) = &self.ruling {
            let w = names[r.winner.index()].as_str();
            return Some((
                r.winner,
                if r.withdrawal {
                    format!("{w} won by forfeit: {}", r.reason)
                } else if r.forfeit {
                    format!("{w} won by forfeit by the organiser's ruling: {}", r.reason)
                } else {
                    format!("{w} won by the organiser's adjudication: {}", r.reason)
                },
            ));
        }
        if let Some(loser) = self.forfeit {
            let w = loser.opponent();
            return Some((
                w,
                format!(
                    "{} won: {} ran out of time",
                    names[w.index()],
                    names[loser.index()]
                ),
            ));
        }
        let score = match &self.game {
            AnyMatch::Standard(m) => m.match_score(),
            AnyMatch::Welsh(_) => self.game.score(),
        };
        let (winner, how) = match &self.game {
            AnyMatch::Standard(m) => match m.phase() {
                Phase::MatchOver { winner } => (
                    winner,
                    // The last game's end, when it was not played out.
                    match m.last_result().map(|r| r.kind) {
                        Some(ResultKind::Resigned(_)) => {
                            format!(" ({} resigned)", names[winner.opponent().index()])
                        }
                        Some(ResultKind::Dropped) => {
                            format!(" ({} dropped the cube)", names[winner.opponent().index()])
                        }
                        _ => String::new(),
                    },
                ),
                _ => return None,
            },
            AnyMatch::Welsh(m) => match m.phase() {
                WelshPhase::MatchOver { winner, how } => (
                    winner,
                    match how {
                        MatchEnd::Games => String::new(),
                        MatchEnd::Rectangle => " by a rectangle".into(),
                        MatchEnd::TimedOut => " on time".into(),
                    },
                ),
                _ => return None,
            },
        };
        Some((
            winner,
            format!(
                "{} won the match {}-{}{how}",
                names[winner.index()],
                score[winner.index()],
                score[winner.opponent().index()]
            ),
        ))
    }

    /// Applies a log entry that acts on the game, describing what happened in `lines`
    /// and collecting what moves money in `settle`.
    ///
    /// # Errors
    /// The engine's refusal, in words; `self` is untouched.
    pub fn apply(
        &mut self,
        entry: &Entry,
        names: &[String; 2],
        lines: &mut Vec<String>,
        settle: &mut Vec<Settlement>,
    ) -> Result<(), String> {
        match (entry, &self.game) {
            (Entry::Standard { side, action, .. }, AnyMatch::Standard(m)) => {
                let before = *m.position();
                let (next, events) = m.apply(*side, action).map_err(|e| e.to_string())?;
                for (i, e) in events.iter().enumerate() {
                    if let Event::Played { by, play, .. } = e {
                        self.last = Some(LastMove {
                            side: *by,
                            before,
                            play: *play,
                        });
                    }
                    // The opening throw's dice are the first roll: said once.
                    if matches!(e, Event::GameStarted { .. }) {
                        // A new game's board shows no play of the game before.
                        self.last = None;
                    }
                    let after_opening = i > 0 && matches!(events[i - 1], Event::OpeningWon { .. });
                    if !(after_opening && matches!(e, Event::Rolled { .. })) {
                        describe_standard(e, &before, names, lines, settle, &next);
                    }
                }
                self.game = AnyMatch::Standard(next);
                Ok(())
            }
            (Entry::Welsh { side, action, .. }, AnyMatch::Welsh(m)) => {
                let before = *m.position();
                let (next, events) = m.apply(*side, action).map_err(|e| e.to_string())?;
                for e in &events {
                    if let WelshEvent::Played { by, play } = e {
                        self.last = Some(LastMove {
                            side: *by,
                            before,
                            play: *play,
                        });
                    }
                    // A new game's board shows no play of the game before (after a win, a
                    // wash or a concession alike).
                    if matches!(e, WelshEvent::GameStarted { .. }) {
                        self.last = None;
                    }
                    // Regulation D: a break is due between games, until the next game is under way.
                    match e {
                        WelshEvent::BreakEntitled(r) if self.break_due.is_none() => {
                            self.break_due = Some(*r);
                        }
                        WelshEvent::Thrown { .. }
                        | WelshEvent::Doubled { .. }
                        | WelshEvent::Nominated { .. } => {
                            self.break_due = None;
                            self.break_until = None;
                        }
                        _ => {}
                    }
                    describe_welsh(
                        e,
                        &before,
                        names,
                        lines,
                        settle,
                        next.score(),
                        next.games_won(),
                    );
                }
                self.game = AnyMatch::Welsh(next);
                Ok(())
            }
            (Entry::Break { side, until }, AnyMatch::Welsh(_)) => {
                if self.break_due.is_none() {
                    return Err(NO_BREAK_DUE.into());
                }
                self.break_due = None;
                self.break_until = Some(*until);
                lines.push(format!(
                    "{} takes a ten-minute break (regulation D): both clocks stop until {} or a /resume",
                    names[side.index()],
                    super::phrases::utc_words(*until)
                ));
                Ok(())
            }
            (Entry::Resume { side }, AnyMatch::Welsh(_)) => {
                if self.break_until.take().is_none() {
                    return Err("there is no break under way: the clocks are running".into());
                }
                lines.push(format!(
                    "{} resumes play: the clocks run again",
                    names[side.index()]
                ));
                Ok(())
            }
            (Entry::ThrownAgain { side, dice }, AnyMatch::Welsh(_)) => {
                lines.push(format!(
                    "{} threw {}-{} a third time in a row: thrown again (rule 6)",
                    names[side.index()],
                    dice.0.max(dice.1),
                    dice.0.min(dice.1)
                ));
                Ok(())
            }
            (Entry::StopSession { side }, AnyMatch::Standard(m)) => {
                if m.rules().length.is_some() {
                    return Err("only a money session can be stopped".into());
                }
                self.stopped = Some(*side);
                let games = m.game_number().saturating_sub(1);
                lines.push(format!(
                    "{} ends the money session after {games} game{}",
                    names[side.index()],
                    if games == 1 { "" } else { "s" }
                ));
                Ok(())
            }
            (Entry::Forfeit { side }, AnyMatch::Standard(m)) => {
                if m.rules().is_money() && !matches!(m.phase(), Phase::Opening) {
                    settle.push(Settlement::MoneyGame {
                        winner: side.opponent(),
                        points: m.cube().value,
                        game: m.game_number(),
                    });
                }
                self.forfeit = Some(*side);
                lines.push(format!(
                    "{} ran out of time and forfeits the match",
                    names[side.index()]
                ));
                Ok(())
            }
            (
                Entry::Ruling {
                    winner,
                    forfeit,
                    reason,
                    withdrawal,
                },
                _,
            ) => {
                if self.is_over() {
                    return Err("the match is already over".into());
                }
                let ruling = Ruling {
                    winner: *winner,
                    forfeit: *forfeit,
                    reason: reason.clone(),
                    withdrawal: *withdrawal,
                };
                self.ruling = Some(ruling);
                if let Some((_, text)) = self.result(names) {
                    lines.push(text);
                }
                Ok(())
            }
            _ => Err("this entry does not belong to this match".into()),
        }
    }

    /// The board as `viewer` sees it (default: whoever acts), with names and last play.
    #[must_use]
    pub fn scene(&self, names: &[String; 2], viewer: Option<Side>, stake: u64) -> Scene {
        let mut scene = match &self.game {
            AnyMatch::Standard(m) => Scene::from_match(m, names.clone(), viewer),
            AnyMatch::Welsh(m) => Scene::from_welsh(m, names.clone(), viewer),
        };
        scene.result = self.result(names).map(|(_, words)| words);
        if self.forfeit.is_some() || self.stopped.is_some() || self.ruling.is_some() {
            scene.to_act = None;
        } else if scene.to_act.is_some() {
            scene.prompt = Some(super::next_words(&self.game));
        }
        if let Some(last) = self.last {
            let board = last.before.view(last.side);
            scene.last_play = Some(match self.game.ruleset() {
                Ruleset::Standard => LastPlay::standard(last.side, &board, &last.play),
                Ruleset::Welsh => LastPlay::new(
                    last.side,
                    &board,
                    last.play.steps(),
                    format_welsh_play(&board, &last.play),
                ),
            });
        }
        if stake > 0 {
            scene.score.stakes = Some(format!("{} a point", format_amount(stake)));
        }
        scene
    }
}

/// The standard rules of a challenge.
#[must_use]
pub fn standard_rules(spec: &ChallengeSpec) -> MatchRules {
    let mut rules = match spec.length {
        Some(n) => MatchRules::match_to(n),
        None => MatchRules::money(),
    };
    if spec.length.is_some() {
        rules.crawford = spec.crawford;
        rules.holland = spec.holland;
    } else {
        rules.jacoby = spec.jacoby;
        rules.beavers = spec.beavers;
        rules.raccoons = spec.raccoons;
        rules.auto_doubles = spec.auto_doubles;
    }
    rules
}

/// Folds a whole action log into the status and snapshot it describes: the terms from the
/// challenge, then every entry in order.
///
/// # Errors
/// A log that is not a match's (no challenge first, or an entry the engine refuses).
pub fn rebuild(
    entries: &[Entry],
    names: &[String; 2],
) -> Result<(MatchStatus, Option<Snapshot>), String> {
    let Some(Entry::Challenge { spec }) = entries.first() else {
        return Err("a match log starts with its challenge".into());
    };
    let mut status = MatchStatus::Challenged;
    let mut snap: Option<Snapshot> = None;
    let (mut lines, mut settle) = (Vec::new(), Vec::new());
    for e in &entries[1..] {
        match e {
            Entry::Accept => {
                snap = Some(Snapshot::start(spec)?);
                status = MatchStatus::Active;
            }
            Entry::AcceptWelsh { shaker } => {
                snap = Some(Snapshot::start_with_shaker(spec, *shaker)?);
                status = MatchStatus::Active;
            }
            Entry::Decline => status = MatchStatus::Declined,
            Entry::Cancel | Entry::Expire | Entry::Void { .. } => status = MatchStatus::Cancelled,
            Entry::Challenge { .. } => return Err("a second challenge in one log".into()),
            _ => {
                let s = snap
                    .as_mut()
                    .ok_or("an action before the match was accepted")?;
                s.apply(e, names, &mut lines, &mut settle)?;
                if s.is_over() {
                    status = MatchStatus::Finished;
                }
            }
        }
    }
    Ok((status, snap))
}

fn describe_standard(
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

fn describe_welsh(
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
        WelshEvent::Nominated { by, whose, dice } => format!(
            "{} nominates {}-{} for {}",
            n(by),
            dice.0.max(dice.1),
            dice.0.min(dice.1),
            match whose {
                engine::welsh::NominateFor::Me => format!("{}'s own next throw", n(by)),
                engine::welsh::NominateFor::Opponent => {
                    format!("{}'s next throw", n(by.opponent()))
                }
            }
        ),
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
            if at_stake > 1 {
                format!(
                    "{} may offer to concede now: /concede N, fewer games than the {at_stake} the game would cost (rule 18)",
                    n(offerer)
                )
            } else {
                format!(
                    "{} has the occasion to offer to concede, but the game would cost only 1 game and an offer must be fewer: no offer is possible while the doubling die stays at 1{} (rule 18)",
                    n(offerer),
                    if score[offerer.opponent().index()] == 23 {
                        ", not even one to 24"
                    } else {
                        ""
                    }
                )
            }
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
                Some(w) => format!(
                    "{} wins {games} game{}{how_words}; score {}-{}",
                    n(w),
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

fn throw_words(t: engine::welsh::Throw) -> String {
    match t {
        engine::welsh::Throw::Two(a, b) => format!("{}-{}", a.max(b), a.min(b)),
        engine::welsh::Throw::One(a) => format!("{a} (one die)"),
    }
}

/// The side a Welsh chooser names to start.
#[must_use]
pub fn starter_side(chooser: Side, who: Starter) -> Side {
    match who {
        Starter::Me => chooser,
        Starter::Opponent => chooser.opponent(),
    }
}
