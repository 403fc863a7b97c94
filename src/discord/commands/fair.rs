//! `/fair`: provably fair dice of a match or chouette session; `/fair stats`: a player's
//! throws against fair dice.

use super::autocomplete::autocomplete_match;
use poise::serenity_prelude as serenity;

use super::choices::{Rules, cr, m, ruleset_of};
use super::h2h::introduced;
use crate::discord::context::{Context, Error};
use crate::discord::reply::{reply, run};
use club::{Command, Look};

/// Provably fair dice: anchor, seeds and throws of a match or chouette; export; your seed.
#[poise::command(
    slash_command,
    subcommands("fair_show", "fair_export", "fair_seed", "fair_stats"),
    subcommand_required
)]
pub async fn fair(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn fair_ref(id: Option<i64>, session: Option<i64>) -> club::FairRef {
    match session {
        Some(s) => club::FairRef::Chouette(cr(Some(s))),
        None => club::FairRef::Match(m(id)),
    }
}

/// The anchor, both seeds and the throws so far with their s_k.
#[poise::command(slash_command, rename = "show")]
pub async fn fair_show(
    ctx: Context<'_>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "A chouette session instead of a match"] session: Option<i64>,
) -> Result<(), Error> {
    let r = fair_ref(id, session);
    run(ctx, Command::Fair(r, club::FairOp::Show)).await
}

/// The throws as a JSON file for scripts/verify_dice.py.
#[poise::command(slash_command, rename = "export")]
pub async fn fair_export(
    ctx: Context<'_>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "A chouette session instead of a match"] session: Option<i64>,
) -> Result<(), Error> {
    let r = fair_ref(id, session);
    run(ctx, Command::Fair(r, club::FairOp::Export)).await
}

/// Set your seed (at most 64 characters) before the first throw.
#[poise::command(slash_command, rename = "seed")]
pub async fn fair_seed(
    ctx: Context<'_>,
    #[description = "Your seed, any text up to 64 characters"]
    #[max_length = 64]
    text: String,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "A chouette session instead of a match"] session: Option<i64>,
) -> Result<(), Error> {
    let r = fair_ref(id, session);
    run(ctx, Command::Fair(r, club::FairOp::Seed(text))).await
}

/// A player's throws here against fair dice (chi-square tests), and the server's.
#[poise::command(slash_command, rename = "stats")]
pub async fn fair_stats(
    ctx: Context<'_>,
    #[description = "Whose throws (default: yours)"] player: Option<serenity::User>,
    #[description = "Standard or Welsh matches only (default: both)"] rules: Option<Rules>,
) -> Result<(), Error> {
    let player = match player {
        Some(u) => match introduced(ctx, &u).await {
            Ok(id) => Some(id),
            Err(e) => return reply(ctx, Err(e)).await.map(|_| ()),
        },
        None => None,
    };
    let ruleset = rules.map(ruleset_of);
    run(ctx, Command::Look(Look::FairStats { player, ruleset })).await
}
