//! Autocompletion: the legal plays of the roll in hand (a match's, a chouette's) and
//! the player's open matches.

use poise::serenity_prelude as serenity;

use super::choices::{cr, m};
use crate::discord::context::{Context, actor};

/// The value of another option of the interaction being autocompleted.
pub(super) fn option_int(ctx: Context<'_>, name: &str) -> Option<i64> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    a.interaction
        .data
        .options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| o.value.as_i64())
}

/// Plays that contain what was typed, at most 25 (Discord's limit).
pub(super) fn play_choices(
    plays: Vec<String>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let wanted = partial.trim().to_lowercase();
    let choices = plays
        .into_iter()
        .filter(|p| p.to_lowercase().contains(&wanted))
        .take(25)
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

pub(super) async fn autocomplete_play(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let plays = ctx
        .data()
        .club
        .legal_moves(&actor(ctx), m(option_int(ctx, "match")))
        .await
        .unwrap_or_default();
    play_choices(plays, partial)
}

pub(super) async fn autocomplete_match(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let wanted = partial.trim().trim_start_matches('#').to_lowercase();
    let list = ctx
        .data()
        .club
        .open_matches(&actor(ctx))
        .await
        .unwrap_or_default();
    let choices = list
        .into_iter()
        .filter(|(_, label)| label.to_lowercase().contains(&wanted))
        .take(25)
        .map(|(id, label)| {
            let label: String = label.chars().take(100).collect();
            serenity::AutocompleteChoice::new(label, id.get())
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

pub(super) async fn autocomplete_chouette_play(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let plays = ctx
        .data()
        .club
        .chouette_moves(&actor(ctx), cr(option_int(ctx, "session")))
        .await
        .unwrap_or_default();
    play_choices(plays, partial)
}
