//! A player's own commands and the server's: games, settings, ledger, scoop-pot,
//! ratings, the leaderboard, and the server's thread setting.

use poise::serenity_prelude as serenity;

use super::choices::{Rules, ruleset_of};
use super::h2h::introduced;
use crate::discord::{Context, Error, actor, reply, run, tell};
use club::Command;

/// Your open matches here, then the ones recently finished.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Games).await
}

/// Your settings: roll for me when I have no decision; tell me by direct message.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Roll for me whenever it is my turn to roll"] auto_roll: Option<bool>,
    #[description = "Tell me by direct message when I must act"] dm: Option<bool>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Settings {
            auto_roll,
            notify_dm: dm,
        },
    )
    .await
}

/// Your money ledger here (match prizes, scoop-pots, money games) and balance.
#[poise::command(slash_command)]
pub async fn ledger(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Ledger).await
}

/// The Welsh scoop-pot tally between you and another player.
#[poise::command(slash_command)]
pub async fn pot(
    ctx: Context<'_>,
    #[description = "The other player"] opponent: serenity::User,
) -> Result<(), Error> {
    let result =
        crate::discord::execute_introducing(ctx, &opponent, Command::Pot(opponent.id.to_string()))
            .await;
    reply(ctx, result).await.map(|_| ())
}

/// A rating here: rank, record, the last ten changes and the history chart.
#[poise::command(slash_command)]
pub async fn rating(
    ctx: Context<'_>,
    #[description = "Whose rating (default: yours)"] player: Option<serenity::User>,
    #[description = "Standard (default) or Welsh ratings"] rules: Option<Rules>,
    #[description = "Add the head-to-head against this player"] vs: Option<serenity::User>,
) -> Result<(), Error> {
    let mut named = [None, None];
    for (slot, u) in named.iter_mut().zip([player, vs]) {
        if let Some(u) = u {
            match introduced(ctx, &u).await {
                Ok(id) => *slot = Some(id),
                Err(e) => return reply(ctx, Err(e)).await.map(|_| ()),
            }
        }
    }
    let [player, vs] = named;
    run(
        ctx,
        Command::Rating {
            player,
            ruleset: rules.map(ruleset_of),
            vs,
        },
    )
    .await
}

/// The best ratings on this server, as a table.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Standard (default) or Welsh ratings"] rules: Option<Rules>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Leaderboard {
            ruleset: rules.map(ruleset_of),
        },
    )
    .await
}

/// Server settings (Manage Server): play each match in its own thread.
#[poise::command(slash_command, default_member_permissions = "MANAGE_GUILD", guild_only)]
pub async fn server(
    ctx: Context<'_>,
    #[description = "One thread per match"] threads: Option<bool>,
) -> Result<(), Error> {
    let allowed = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    };
    if !allowed {
        tell(
            ctx,
            "\u{26A0} server settings need the Manage Server permission",
        )
        .await?;
        return Ok(());
    }
    let on = ctx.data().club.match_threads(&actor(ctx), threads).await?;
    tell(
        ctx,
        format!(
            "Matches here are played {}",
            if on {
                "each in its own thread"
            } else {
                "in the channel where they were challenged"
            }
        ),
    )
    .await?;
    Ok(())
}
