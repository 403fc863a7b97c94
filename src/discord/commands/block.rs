//! `/block` and `/unblock`: answered to the caller alone (whom one blocks is nobody
//! else's business), refusals too.

use poise::serenity_prelude as serenity;

use crate::discord::context::{Context, Error};
use crate::discord::reply::{execute, execute_introducing, tell};
use club::{ClubError, Command, Outcome, PlayerOp};

async fn answer(ctx: Context<'_>, result: Result<Outcome, ClubError>) -> Result<(), Error> {
    let text = match result {
        Ok(out) => out.lines.join("\n"),
        Err(e) => format!("\u{26A0} {e}"),
    };
    tell(ctx, text).await?;
    Ok(())
}

/// Block a player: no challenge or chouette join from them. Alone: whom you block.
#[poise::command(slash_command)]
pub async fn block(
    ctx: Context<'_>,
    #[description = "The player to block (none: list whom you block)"] player: Option<
        serenity::User,
    >,
) -> Result<(), Error> {
    let result = match player {
        Some(u) => {
            execute_introducing(
                ctx,
                &u,
                Command::Player(PlayerOp::Block(Some(u.id.to_string()))),
            )
            .await
        }
        None => execute(ctx, Command::Player(PlayerOp::Block(None))).await,
    };
    answer(ctx, result).await
}

/// Lift your block of a player.
#[poise::command(slash_command)]
pub async fn unblock(
    ctx: Context<'_>,
    #[description = "The player to unblock"] player: serenity::User,
) -> Result<(), Error> {
    let result = execute_introducing(
        ctx,
        &player,
        Command::Player(PlayerOp::Unblock(player.id.to_string())),
    )
    .await;
    answer(ctx, result).await
}
