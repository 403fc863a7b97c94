//! `/drill` on Discord: the next card of the caller's own mistakes, privately (an
//! ephemeral reply): the board as a PNG, the question, and its choices: a select menu of
//! the plays (at most 25), or buttons for a cube decision. A choice picked is answered
//! privately too, with the verdict. The components' ids name the card: `gd:<card>` for
//! the menu (its value the choice's number, from 1), `gd:<card>:<number>` for a button.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::context::{Context, Data, Error, actor, actor_of};
use super::rest_count;
use club::{Command, DrillAsk, DrillChoice, DrillOp, MAX_DRILL_OPTIONS, Outcome};
use render::{alt_text, render_png};

/// The prefix of a drill component's custom id.
const PREFIX: &str = "gd:";

/// Discord's most characters in a select option's label or value.
const OPTION_CHARS: usize = 100;

/// How long an answer may take before it is deferred (privately): Discord wants one
/// within 3 seconds.
const DEFER_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

/// At most Discord's 2,000 characters.
pub(super) fn clip(text: &str) -> String {
    if text.chars().count() <= super::context::MESSAGE_CHARS {
        return text.to_string();
    }
    let mut s: String = text.chars().take(1990).collect();
    s.push_str("...");
    s
}

/// `/drill view:`: the next card, or the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum DrillView {
    /// The next card due.
    #[name = "next"]
    Next,
    /// Cards due, learnt, and the streak.
    #[name = "stats"]
    Stats,
}

/// Drill: a decision from your own analysed matches, on a spaced schedule; only you see it.
#[poise::command(slash_command)]
pub async fn drill(
    ctx: Context<'_>,
    #[description = "next (default): your next card; stats: cards due, learnt, your streak"]
    view: Option<DrillView>,
) -> Result<(), Error> {
    let op = match view {
        Some(DrillView::Stats) => DrillOp::Stats,
        _ => DrillOp::Next,
    };
    // Privately deferred should the club be slow (the first /drill may read analyses).
    answer_privately(ctx, Command::Drill(op), |out| {
        let card = out.drill.as_ref().map_or(0, |d| d.card);
        (components(out.drill.as_ref()), format!("drill-{card}.png"))
    })
    .await
}

/// `cmd` carried out and answered to the sender alone (deferred privately should the
/// club be slow): the outcome's words, its board as a PNG named as `shown` says, and
/// the components `shown` gives.
pub(super) async fn answer_privately(
    ctx: Context<'_>,
    cmd: Command,
    shown: impl FnOnce(&Outcome) -> (Vec<serenity::CreateActionRow>, String),
) -> Result<(), Error> {
    let club = Arc::clone(&ctx.data().club);
    let who = actor(ctx);
    let work = tokio::spawn(async move { club.execute(&who, cmd).await });
    tokio::pin!(work);
    let result = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(r) => r,
        Err(_) => {
            rest_count::count(&ctx.defer_ephemeral().await);
            work.await
        }
    };
    let out = match result.unwrap_or_else(|e| Err(club::Refusal::TaskFailed(e).into())) {
        Ok(out) => out,
        Err(e) => {
            let refusal = poise::CreateReply::default()
                .content(clip(&format!("\u{26A0} {e}")))
                .ephemeral(true);
            rest_count::counted(ctx.send(refusal).await)?;
            return Ok(());
        }
    };
    let (rows, name) = shown(&out);
    let mut reply = poise::CreateReply::default()
        .content(clip(&out.lines.join("\n")))
        .ephemeral(true)
        .components(rows);
    if let Some(file) = board_file(&out, name).await {
        reply = reply.attachment(file);
    }
    rest_count::counted(ctx.send(reply).await)?;
    Ok(())
}

/// The outcome's board as a PNG named `name`, drawn off the async runtime.
pub(super) async fn board_file(out: &Outcome, name: String) -> Option<serenity::CreateAttachment> {
    let scene = out.board.clone()?;
    let alt: String = alt_text(&scene).chars().take(1000).collect();
    let png = tokio::task::spawn_blocking(move || render_png(&scene))
        .await
        .ok()?
        .ok()?;
    Some(serenity::CreateAttachment::bytes(png, name).description(alt))
}

/// A label or value cut to Discord's length.
fn cut(text: &str) -> String {
    text.chars().take(OPTION_CHARS).collect()
}

/// The card's choices as components: a select menu of the plays (one row), or a button
/// for each cube answer.
#[must_use]
pub fn components(ask: Option<&DrillAsk>) -> Vec<serenity::CreateActionRow> {
    let Some(ask) = ask else {
        return Vec::new();
    };
    choice_rows(PREFIX, ask.card, ask.cube, &ask.options)
}

/// Choices as components, their ids `<prefix><id>` (the menu, its value the choice's
/// number from 1) or `<prefix><id>:<number>` (a button): a select menu of at most
/// [`MAX_DRILL_OPTIONS`] plays in one row, or a button for each cube answer (`cube`).
pub(super) fn choice_rows(
    prefix: &str,
    id: i64,
    cube: bool,
    options: &[String],
) -> Vec<serenity::CreateActionRow> {
    if options.is_empty() {
        return Vec::new();
    }
    if cube {
        let buttons = options
            .iter()
            .take(5)
            .enumerate()
            .map(|(i, o)| {
                let mut label = cut(o);
                if let Some(first) = label.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                serenity::CreateButton::new(format!("{prefix}{id}:{}", i + 1))
                    .label(label)
                    .style(serenity::ButtonStyle::Primary)
            })
            .collect();
        return vec![serenity::CreateActionRow::Buttons(buttons)];
    }
    let options = options
        .iter()
        .take(MAX_DRILL_OPTIONS)
        .enumerate()
        .map(|(i, o)| serenity::CreateSelectMenuOption::new(cut(o), (i + 1).to_string()))
        .collect();
    let menu = serenity::CreateSelectMenu::new(
        format!("{prefix}{id}"),
        serenity::CreateSelectMenuKind::String { options },
    )
    .placeholder("Your play")
    .min_values(1)
    .max_values(1);
    vec![serenity::CreateActionRow::SelectMenu(menu)]
}

/// The command a drill component stands for: the card and the choice's number (a
/// button's in its id, the menu's in the value picked). `None`: not a drill component.
#[must_use]
pub fn drill_command(custom_id: &str, values: &[String]) -> Option<Command> {
    let rest = custom_id.strip_prefix(PREFIX)?;
    let (card, number) = match rest.split_once(':') {
        Some((card, n)) => (card.parse().ok()?, n.parse().ok()?),
        None => (rest.parse().ok()?, values.first()?.parse().ok()?),
    };
    Some(Command::Drill(DrillOp::Answer {
        card: Some(card),
        choice: DrillChoice::Number(number),
    }))
}

/// A drill component used (or a position of the day's): the answer judged, shown to the
/// player alone (deferred privately should the club be slow).
pub(super) async fn on_drill_component(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
    cmd: Command,
) -> Result<(), Error> {
    let who = actor_of(&c.user, c.guild_id, c.channel_id);
    let club = Arc::clone(&data.club);
    let work = tokio::spawn(async move { club.execute(&who, cmd).await });
    tokio::pin!(work);
    let (result, deferred) = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(r) => (r, None),
        Err(_) => {
            let d = rest_count::counted(c.defer_ephemeral(ctx).await);
            (work.await, Some(d))
        }
    };
    let result = result.unwrap_or_else(|e| Err(club::Refusal::TaskFailed(e).into()));
    let text = clip(&match result {
        Ok(out) => out.lines.join("\n"),
        Err(e) => format!("\u{26A0} {e}"),
    });
    super::clicker::tell_clicker(ctx, c, matches!(deferred, Some(Ok(()))), text).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_menu_pick_and_a_button_name_the_card_and_the_choice() {
        let answer = |card, n| {
            Some(Command::Drill(DrillOp::Answer {
                card: Some(card),
                choice: DrillChoice::Number(n),
            }))
        };
        assert_eq!(drill_command("gd:12", &["3".into()]), answer(12, 3));
        assert_eq!(drill_command("gd:12:2", &[]), answer(12, 2));
        assert_eq!(drill_command("gd:12", &[]), None);
        assert_eq!(drill_command("gb:roll:1:2", &[]), None);
    }
}
