//! `/h2h`: the head-to-head of two players here (one named: you against that player); and making a
//! player named in an option known to the club, which `/rating` shares.

use poise::serenity_prelude as serenity;

use crate::discord::context::{Context, Error};
use crate::discord::reply::{reply, run};
use club::{ClubError, Command, Look};

/// Makes `u`, named in an option, known to the club; answers his platform id.
pub(super) async fn introduced(ctx: Context<'_>, u: &serenity::User) -> Result<String, ClubError> {
    let name = u.global_name.clone().unwrap_or_else(|| u.name.clone());
    ctx.data()
        .club
        .introduce("discord", &u.id.to_string(), &name)
        .await?;
    Ok(u.id.to_string())
}

/// Head-to-head here: matches, wins and points per ruleset, the last five results.
#[poise::command(slash_command)]
pub async fn h2h(
    ctx: Context<'_>,
    #[description = "A player (alone: you against that player)"] player: serenity::User,
    #[description = "The other player (default: you)"] other: Option<serenity::User>,
) -> Result<(), Error> {
    let a = match introduced(ctx, &player).await {
        Ok(a) => a,
        Err(e) => return reply(ctx, Err(e)).await.map(|_| ()),
    };
    let cmd = match other {
        Some(u) => match introduced(ctx, &u).await {
            Ok(b) => Command::Look(Look::HeadToHead {
                player: Some(a),
                opponent: b,
            }),
            Err(e) => return reply(ctx, Err(e)).await.map(|_| ()),
        },
        None => Command::Look(Look::HeadToHead {
            player: None,
            opponent: a,
        }),
    };
    run(ctx, cmd).await
}
