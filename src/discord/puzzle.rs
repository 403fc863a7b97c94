//! The position of the day on Discord (docs/puzzle.md): the daily post in the server's
//! channel (its words, the board as a PNG, and its choices: a select menu of the plays,
//! at most 25, or buttons for a cube decision), `/puzzle` (the latest one privately, or
//! the player's consent to his name on it), and a pick answered privately. The
//! components' ids name the puzzle: `gz:<puzzle>` for the menu (its value the choice's
//! number, from 1), `gz:<puzzle>:<number>` for a button.

use poise::serenity_prelude as serenity;

use super::context::{Context, Error};
use super::drill::{answer_privately, board_file, choice_rows, clip};
use club::{Command, DailyPuzzle, DrillChoice, Outcome, PuzzleAsk, PuzzleOp};

/// The prefix of a position of the day's component ids.
const PREFIX: &str = "gz:";

/// The choices as components (see the module's words).
#[must_use]
pub fn components(ask: Option<&PuzzleAsk>) -> Vec<serenity::CreateActionRow> {
    ask.map_or_else(Vec::new, |a| {
        choice_rows(PREFIX, a.puzzle, a.cube, &a.options)
    })
}

/// The daily post as a message: its words (mentioning no one), the board, the choices.
pub async fn puzzle_message(p: &DailyPuzzle) -> serenity::CreateMessage {
    let mut msg = serenity::CreateMessage::new()
        .content(clip(&p.lines.join("\n")))
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .components(components(Some(&p.ask)));
    let out = Outcome {
        board: p.board.clone(),
        ..Outcome::default()
    };
    if let Some(file) = board_file(&out, format!("puzzle-{}.png", p.ask.puzzle)).await {
        msg = msg.add_file(file);
    }
    msg
}

/// Position of the day: today's here, privately; or whether your name may be shown on one.
#[poise::command(slash_command, guild_only)]
pub async fn puzzle(
    ctx: Context<'_>,
    #[description = "Allow your name on a position taken from your matches (default: off)"]
    names: Option<bool>,
) -> Result<(), Error> {
    let op = match names {
        Some(allow) => PuzzleOp::Names(allow),
        None => PuzzleOp::Show,
    };
    answer_privately(ctx, Command::Puzzle(op), |out| {
        let id = out.puzzle.as_ref().map_or(0, |a| a.puzzle);
        (components(out.puzzle.as_ref()), format!("puzzle-{id}.png"))
    })
    .await
}

/// The command a position of the day's component stands for: the puzzle and the
/// choice's number (a button's in its id, the menu's in the value picked). `None`: not
/// one of its components.
#[must_use]
pub fn puzzle_command(custom_id: &str, values: &[String]) -> Option<Command> {
    let rest = custom_id.strip_prefix(PREFIX)?;
    let (puzzle, number) = match rest.split_once(':') {
        Some((p, n)) => (p.parse().ok()?, n.parse().ok()?),
        None => (rest.parse().ok()?, values.first()?.parse().ok()?),
    };
    Some(Command::Puzzle(PuzzleOp::Answer {
        puzzle: Some(puzzle),
        choice: DrillChoice::Number(number),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_pick_and_button_name_the_puzzle_and_the_choice() {
        let answer = |puzzle, n| {
            Some(Command::Puzzle(PuzzleOp::Answer {
                puzzle: Some(puzzle),
                choice: DrillChoice::Number(n),
            }))
        };
        assert_eq!(puzzle_command("gz:4", &["2".into()]), answer(4, 2));
        assert_eq!(puzzle_command("gz:4:1", &[]), answer(4, 1));
        assert_eq!(puzzle_command("gz:4", &[]), None);
        assert_eq!(puzzle_command("gd:4", &["2".into()]), None);
    }
}
