//! The buttons of an answer, made from the club's typed choices ([`Choice`]), and the
//! command a clicked button stands for. A button's id names the match (`gb:`) or the
//! chouette session (`gc:`) and the version it was drawn at:
//! `gb:<verb>:<match>:<version>`.

use poise::serenity_prelude as serenity;
use serenity::ButtonStyle::{Danger, Primary, Secondary, Success};

use club::{Choice, ChouetteRef, Command, LeagueCommand, LeagueOp, MatchRef, Outcome, Subject};

/// Every choice that may stand on a button, one for each verb, in the order a verb is
/// looked up in (the first with a verb gives its command).
const BUTTONED: [Choice; 23] = [
    Choice::Roll,
    Choice::Double,
    Choice::OneDie,
    Choice::Take,
    Choice::Drop,
    Choice::Beaver,
    Choice::Raccoon,
    Choice::AcceptResignation,
    Choice::RejectResignation,
    Choice::AcceptConcession,
    Choice::RejectConcession,
    Choice::AcceptChallenge,
    Choice::DeclineChallenge,
    Choice::CallOdds,
    Choice::CallEvens,
    Choice::StartMyself,
    Choice::StartOpponent,
    Choice::Reroll,
    Choice::Pass,
    Choice::StartGame,
    Choice::Resume,
    Choice::Undo,
    Choice::Keep,
];

/// A choice's button: the verb in its id, its label and colour; `None` for a choice the
/// player types (a play, a throw to nominate).
#[must_use]
pub fn button_of(choice: Choice) -> Option<(&'static str, &'static str, serenity::ButtonStyle)> {
    Some(match choice {
        Choice::Roll => ("roll", "Roll", Primary),
        Choice::OpeningRoll | Choice::Throw(_) => ("roll", "Throw", Primary),
        Choice::Double => ("double", "Double", Secondary),
        Choice::OneDie => ("one", "One die", Secondary),
        Choice::Take => ("take", "Take", Success),
        Choice::Drop => ("drop", "Drop", Danger),
        Choice::Beaver => ("beaver", "Beaver", Secondary),
        Choice::Raccoon => ("raccoon", "Raccoon", Secondary),
        Choice::AcceptResignation => ("acceptresign", "Accept the resignation", Success),
        Choice::RejectResignation => ("rejectresign", "Reject", Danger),
        Choice::AcceptConcession => ("acceptconcede", "Accept the concession", Success),
        Choice::RejectConcession => ("rejectconcede", "Reject", Danger),
        Choice::AcceptChallenge => ("accept", "Accept", Success),
        Choice::DeclineChallenge => ("decline", "Decline", Danger),
        Choice::CallOdds => ("odds", "Odds", Primary),
        Choice::CallEvens => ("evens", "Evens", Primary),
        Choice::StartMyself => ("me", "I start", Primary),
        Choice::StartOpponent => ("opponent", "Opponent starts", Secondary),
        Choice::Reroll => ("reroll", "Throw the 1-2 again", Secondary),
        Choice::StartGame => ("start", "Start the next game", Primary),
        Choice::Resume => ("resume", "Resume play", Secondary),
        Choice::Pass => ("pass", "Pass", Secondary),
        Choice::Undo => ("undo", "Undo", Danger),
        Choice::Keep => ("keep", "Keep", Success),
        Choice::Nominate | Choice::Move { .. } | Choice::OfferConcession { .. } => return None,
    })
}

/// The buttons for the decisions at hand: one for each of the next player's choices that
/// needs nothing typed.
#[must_use]
pub fn buttons(out: &Outcome) -> Vec<serenity::CreateActionRow> {
    let (Some(next), Some(v)) = (&out.next, out.version) else {
        return Vec::new();
    };
    let (prefix, id, on) = match (out.match_id, out.chouette) {
        (Some(id), _) => ("gb", id.get(), Subject::Match(MatchRef::id(id))),
        (None, Some(id)) => (
            "gc",
            id,
            Subject::Chouette(ChouetteRef {
                id: Some(id),
                version: None,
            }),
        ),
        (None, None) => return Vec::new(),
    };
    let b: Vec<serenity::CreateButton> = next
        .choices
        .iter()
        .filter(|c| c.command(on).is_some())
        .filter_map(|&c| button_of(c))
        .map(|(verb, label, style)| {
            serenity::CreateButton::new(format!("{prefix}:{verb}:{id}:{v}"))
                .label(label)
                .style(style)
        })
        .collect();
    if b.is_empty() {
        return Vec::new();
    }
    vec![serenity::CreateActionRow::Buttons(b)]
}

/// The command a button stands for.
#[must_use]
pub fn button_command(custom_id: &str) -> Option<Command> {
    if let Some(cmd) = league_button(custom_id) {
        return Some(cmd);
    }
    let mut it = custom_id.split(':');
    let (Some(prefix), Some(verb), Some(id), Some(v), None) =
        (it.next(), it.next(), it.next(), it.next(), it.next())
    else {
        return None;
    };
    let (id, version) = (Some(id.parse::<i64>().ok()?), Some(v.parse().ok()?));
    let on = match prefix {
        "gb" => Subject::Match(MatchRef {
            id: id.map(Into::into),
            version,
        }),
        "gc" => Subject::Chouette(ChouetteRef { id, version }),
        _ => return None,
    };
    BUTTONED
        .iter()
        .find(|&&c| button_of(c).is_some_and(|(v, _, _)| v == verb))?
        .command(on)
}

/// The custom id of a league's Join button.
const JOIN_PREFIX: &str = "gbl:join:";

/// The Join button of a league's announcement.
pub(super) fn join_button(name: &str) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(format!("{JOIN_PREFIX}{}", name.trim()))
            .label("Join")
            .style(serenity::ButtonStyle::Success),
    ])
}

/// The command a league button stands for: Join signs the clicker up.
#[must_use]
pub fn league_button(custom_id: &str) -> Option<Command> {
    let name = custom_id.strip_prefix(JOIN_PREFIX)?;
    Some(Command::League(LeagueCommand {
        league: Some(name.to_string()),
        op: LeagueOp::Join,
        manage_server: false,
        roles: Vec::new(),
    }))
}
