//! What a chouette shows: the board (each member's cube), the prompt and the choices of
//! whoever must act, the legal plays, the standings, and each event in words.

use crate::chouette::session::Session;
use crate::matches::event_words::dice_words;
use crate::{Club, Outcome};
use engine::chouette::{BOX, Chouette, ChouetteEvent, ChouettePhase, PlayerId, TEAM};
use engine::{Side, format_play};
use render::{CubeView, DiceView, LastPlay, Scene, ScoreView, Target, TeamCubeView};

pub(super) fn chouette_outcome(
    _club: &Club,
    s: &Session,
    last: Option<(Side, engine::Position, engine::Play)>,
) -> Outcome {
    let c = &s.state;
    let mut out = Outcome {
        chouette: Some(s.id),
        ..Outcome::default()
    };
    if c.phase() == ChouettePhase::Waiting {
        let players: Vec<String> = c.players().iter().map(|&p| s.name(p)).collect();
        // A game needs three players (the box, the captain and one more).
        let next_step = match 3usize.saturating_sub(players.len()) {
            0 => format!("/chouette start to play game {}", c.games() + 1),
            1 => "one more player must /chouette join before a game can start".into(),
            n => format!("{n} more players must /chouette join before a game can start"),
        };
        if c.ended() {
            out.lines.push(format!(
                "Chouette #{} has ended: everyone left (/chouette create opens a new one)",
                s.id
            ));
        } else {
            out.lines.push(format!(
                "Chouette #{}: {} player{} ({}); {next_step}",
                s.id,
                players.len(),
                if players.len() == 1 { "" } else { "s" },
                players.join(", "),
            ));
        }
        if c.games() > 0 {
            // Between games: the last game's final position with the standings.
            let mut scene = chouette_scene(s, None, None, String::new());
            // The line has turned since: the sides are that game's box and captain.
            scene.names = match c.last_sides() {
                Some((b, cap)) => [s.name(b), s.name(cap)],
                None => ["the box".into(), "the team".into()],
            };
            scene.standings = Some(standings_words(s));
            if let Some((side, before, play)) = last {
                scene.last_play = Some(LastPlay::standard(side, &before.view(side), &play));
            }
            out.board = Some(scene);
            out.version = Some(s.version);
        }
        return out;
    }
    let box_player = c.box_player().unwrap_or(0);
    let captain = c.acting_captain().unwrap_or(0);
    let to_act = c.to_act();
    let side_to_act = if c.cubes().iter().any(|t| t.offered.is_some()) {
        to_act
            .first()
            .map(|&p| if p == box_player { BOX } else { TEAM })
    } else {
        match c.phase() {
            ChouettePhase::ToRoll(x) | ChouettePhase::ToPlay { side: x, .. } => Some(x),
            _ => None,
        }
    };
    let what = chouette_next_words(c);
    // The board's prompt sits on the line of the side's player (the box, the captain):
    // another member who must answer is named in it.
    let named = match side_to_act {
        Some(BOX) => Some(box_player),
        Some(_) => Some(captain),
        None => None,
    };
    let prompt = match to_act.first() {
        Some(&first) if Some(first) != named => format!("{} to {what}", s.name(first)),
        _ => what.clone(),
    };
    let mut scene = chouette_scene(s, side_to_act, Some(captain), prompt);
    if let Some((side, before, play)) = last {
        scene.last_play = Some(LastPlay::standard(side, &before.view(side), &play));
    }
    out.board = Some(scene);
    out.version = Some(s.version);
    if let Some(&first) = to_act.first() {
        let (name, user_id) = s.names.get(&first).cloned().unwrap_or_default();
        out.next = Some(crate::NextUp::new(
            s.id.into(),
            &user_id,
            &name,
            chouette_choices(c),
        ));
        if to_act.len() > 1 {
            let all: Vec<String> = to_act.iter().map(|&p| s.name(p)).collect();
            out.lines.push(format!("Waiting for: {}", all.join(", ")));
        }
    }
    out
}

/// The board of a session: the position, the box and the captain, the dice, each team
/// member's cube (the picture draws every member's own cube, not one for the table).
fn chouette_scene(
    s: &Session,
    side_to_act: Option<Side>,
    captain: Option<PlayerId>,
    what: String,
) -> Scene {
    let c = &s.state;
    let box_player = c.box_player().unwrap_or(0);
    let captain = captain.or_else(|| c.line().get(1).copied()).unwrap_or(0);
    let dice = match c.phase() {
        ChouettePhase::ToPlay { side, dice } => Some(DiceView {
            side,
            values: [dice.high(), dice.low()],
            nominated: false,
        }),
        _ => None,
    };
    let team_cubes = c
        .cubes()
        .iter()
        .map(|t| TeamCubeView {
            name: s.name(t.member),
            value: t.value,
            state: match (t.out, t.result, t.offered, t.owner) {
                // The game is over: each member's result against the box.
                (_, Some(r), _, _) if c.phase() == ChouettePhase::Waiting => {
                    if r > 0 {
                        format!("won {r:+}")
                    } else {
                        format!("lost {r:+}")
                    }
                }
                (true, Some(r), _, _) => format!("out {r:+}"),
                (true, None, _, _) => "out".into(),
                (_, _, Some((_, v)), _) => format!("offered {v}"),
                (_, _, _, Some(BOX)) => "box's".into(),
                (_, _, _, Some(_)) => "held".into(),
                _ => "centred".into(),
            },
        })
        .collect();
    Scene {
        ruleset: engine::Ruleset::Standard,
        position: *c.position(),
        viewer: side_to_act.unwrap_or(TEAM),
        names: [s.name(box_player), s.name(captain)],
        to_act: side_to_act,
        dice,
        // The acting captain's cube, for the text form; the picture draws each member's
        // own cube from `team_cubes` instead.
        cube: match c.cubes().iter().find(|t| t.member == captain) {
            Some(t) => match (t.offered, t.owner) {
                (Some((by, value)), _) => CubeView::Offered { value, by },
                (None, Some(owner)) => CubeView::Owned {
                    value: t.value,
                    owner,
                },
                (None, None) => CubeView::Centred(t.value),
            },
            None => CubeView::Unavailable,
        },
        score: ScoreView {
            score: [0, 0],
            target: Target::Money,
            crawford: false,
            post_crawford: false,
            stakes: None,
        },
        reference: None,
        result: None,
        last_play: None,
        welsh: None,
        prompt: (!what.is_empty()).then_some(what),
        team_cubes,
        standings: None,
    }
}

/// What the players who must act may do.
pub(crate) fn chouette_choices(c: &Chouette) -> Vec<crate::Choice> {
    use crate::Choice;
    if c.cubes().iter().any(|t| t.offered.is_some()) {
        return vec![Choice::Take, Choice::Drop];
    }
    match c.phase() {
        ChouettePhase::Waiting => vec![Choice::StartGame],
        ChouettePhase::Opening => vec![Choice::OpeningRoll],
        ChouettePhase::ToRoll(_) => {
            if c.to_act().first().is_some_and(|&p| c.may_double(p)) {
                vec![Choice::Roll, Choice::Double]
            } else {
                vec![Choice::Roll]
            }
        }
        ChouettePhase::ToPlay { dice, .. } => vec![Choice::Move {
            high: dice.high(),
            low: Some(dice.low()),
        }],
    }
}

/// What the players who must act have to do, in words.
pub(crate) fn chouette_next_words(c: &Chouette) -> String {
    crate::choices_words(crate::MatchNo::from(0), &chouette_choices(c))
}

/// The legal plays of the roll in hand, as move text.
pub(crate) fn legal_play_texts(c: &Chouette) -> Vec<String> {
    let ChouettePhase::ToPlay { side, .. } = c.phase() else {
        return Vec::new();
    };
    let view = c.position().view(side);
    c.legal_plays()
        .iter()
        .map(|p| format_play(&view, &p.play))
        .collect()
}

/// How a game finished on the board counts for one cube, after the points: ` (a
/// gammon)`, ` (a backgammon)`, or nothing for a single game. `end` is the final position;
/// the member won (`points` > 0) when the team bore off first.
pub(crate) fn finish_words(end: &engine::Position, points: i64) -> String {
    let winner = if points > 0 { TEAM } else { BOX };
    let view = end.view(winner);
    if view.mine_off() < 15 || view.theirs_off() > 0 {
        return String::new();
    }
    if view.theirs(0) > 0 || (1..=6).any(|p| view.theirs(p) > 0) {
        " (a backgammon)".into()
    } else {
        " (a gammon)".into()
    }
}

/// The standings in words: `ann +4, ben -2, cat -2`, best first.
fn standings_words(s: &Session) -> String {
    let mut t: Vec<(String, i64)> = s
        .state
        .tally()
        .iter()
        .map(|&(p, v)| (s.name(p), v))
        .collect();
    t.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let list: Vec<String> = t.iter().map(|(n, v)| format!("{n} {v:+}")).collect();
    list.join(", ")
}

pub(crate) fn standings(s: &Session) -> Vec<String> {
    let c = &s.state;
    let mut lines = Vec::new();
    if !c.line().is_empty() {
        let line: Vec<String> = c.line().iter().map(|&p| s.name(p)).collect();
        lines.push(format!(
            "Line: box {}, captain {}{}",
            line[0],
            line.get(1).cloned().unwrap_or_default(),
            if line.len() > 2 {
                format!(", then {}", line[2..].join(", "))
            } else {
                String::new()
            }
        ));
    }
    lines.push(format!(
        "Standings after {} game{}: {}",
        c.games(),
        if c.games() == 1 { "" } else { "s" },
        standings_words(s)
    ));
    lines
}

pub(crate) fn event_words(s: &Session, before: &Chouette, e: &ChouetteEvent) -> String {
    let side_name = |side: Side| {
        if side == BOX {
            format!("{} (box)", s.name(before.box_player().unwrap_or(0)))
        } else {
            format!("{} (captain)", s.name(before.acting_captain().unwrap_or(0)))
        }
    };
    match e {
        ChouetteEvent::Joined(p) => format!("{} joins chouette #{}", s.name(*p), s.id),
        ChouetteEvent::Left(p) => format!("{} leaves chouette #{}", s.name(*p), s.id),
        ChouetteEvent::GameStarted {
            number,
            box_player,
            captain,
        } => format!(
            "Game {number}: {} in the box against captain {}",
            s.name(*box_player),
            s.name(*captain)
        ),
        ChouetteEvent::OpeningTie(d) => format!("Opening throw: both threw {d}; again"),
        ChouetteEvent::OpeningWon { side, dice } => {
            format!(
                "{} wins the opening throw with {}",
                side_name(*side),
                dice_words(*dice)
            )
        }
        ChouetteEvent::Rolled { by, dice } => {
            format!("{} rolls {}", side_name(*by), dice_words(*dice))
        }
        ChouetteEvent::NoLegalPlay { by, .. } => format!("{} cannot move", side_name(*by)),
        ChouetteEvent::Played { by, play } => format!(
            "{} plays {}",
            side_name(*by),
            format_play(&before.position().view(*by), play)
        ),
        ChouetteEvent::Doubled { by, members } => {
            // One value for all when the cubes stand level, else each cube's by name.
            let level = members.windows(2).all(|w| w[0].1 == w[1].1);
            let value = members.first().map_or(0, |m| m.1);
            let who = if level {
                let names: Vec<String> = members.iter().map(|&(m, _)| s.name(m)).collect();
                format!("{} to {value}", names.join(", "))
            } else {
                let each: Vec<String> = members
                    .iter()
                    .map(|&(m, v)| format!("{} to {v}", s.name(m)))
                    .collect();
                each.join(", ")
            };
            if Some(*by) == before.box_player() {
                format!("{} (box) doubles {who}", s.name(*by))
            } else if level {
                let names: Vec<String> = members.iter().map(|&(m, _)| s.name(m)).collect();
                format!("{} doubles the box to {value}", names.join(", "))
            } else {
                format!("the team doubles the box: {who}")
            }
        }
        ChouetteEvent::Took { member, value, by } => {
            if by == member {
                format!("{0} takes; {0}'s cube is at {value}", s.name(*member))
            } else {
                format!("The box takes {}'s cube at {value}", s.name(*member))
            }
        }
        ChouetteEvent::Beavered { member, value, .. } => {
            format!("{} beavers: cube at {value}", s.name(*member))
        }
        ChouetteEvent::Dropped { by, member, points } => {
            if by == member {
                format!(
                    "{0} drops and pays {points}; {0} is out of this game",
                    s.name(*member)
                )
            } else {
                format!(
                    "The box drops {}'s double and pays {points}",
                    s.name(*member)
                )
            }
        }
        ChouetteEvent::Suggested { by, text } => {
            format!(
                "{} suggests to the captain: {}",
                s.name(*by),
                engine::excerpt(text)
            )
        }
        ChouetteEvent::Settled { member, points } => {
            format!(
                "{} {} {} against the box",
                s.name(*member),
                if *points >= 0 { "wins" } else { "loses" },
                points.abs()
            )
        }
        ChouetteEvent::GameOver {
            box_won_board,
            number,
        } => format!(
            "Game {number} over: the {} won the board",
            if *box_won_board { "box" } else { "team" }
        ),
        ChouetteEvent::Rotated {
            box_player,
            captain,
        } => format!(
            "Next game: {} in the box, {} captain",
            s.name(*box_player),
            s.name(*captain)
        ),
    }
}
