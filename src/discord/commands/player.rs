//! A player's own commands and the server's: games, settings, ledger, scoop-pot,
//! ratings, the leaderboard, and the server's thread setting.

use poise::serenity_prelude as serenity;

use super::choices::{Rules, ruleset_of};
use super::h2h::introduced;
use crate::discord::context::{Context, Error, actor};
use crate::discord::reply::{reply, run, tell};
use club::{Command, Look, PlayerOp};

/// Your open matches here, then the ones recently finished (or those waiting on you).
#[poise::command(slash_command)]
pub async fn games(
    ctx: Context<'_>,
    #[description = "Only the matches waiting on you, the nearest deadline first"] waiting: Option<
        bool,
    >,
) -> Result<(), Error> {
    run(
        ctx,
        if waiting == Some(true) {
            Command::Look(Look::Waiting)
        } else {
            Command::Look(Look::Games)
        },
    )
    .await
}

/// The daily digest: on or off.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum Digest {
    #[name = "daily"]
    Daily,
    #[name = "off"]
    Off,
}

/// Your settings: auto-roll, direct messages, the daily digest of matches waiting on you.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Roll for me whenever it is my turn to roll"] auto_roll: Option<bool>,
    #[description = "Tell me by direct message when I must act"] dm: Option<bool>,
    #[description = "A direct message each day listing the matches waiting on me"] digest: Option<
        Digest,
    >,
    #[description = "The digest's local time of day, HH:MM (default 08:00)"]
    #[max_length = 5]
    at: Option<String>,
    #[description = "Your time zone: Europe/London, America/New_York, or +02:00 (default UTC)"]
    #[max_length = 64]
    tz: Option<String>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Player(PlayerOp::Settings {
            auto_roll,
            notify_dm: dm,
            digest: club::DigestOptions {
                daily: digest.map(|d| matches!(d, Digest::Daily)),
                at,
                tz,
            },
        }),
    )
    .await
}

/// Your money ledger here (match prizes, scoop-pots, money games) and balance.
#[poise::command(slash_command)]
pub async fn ledger(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Look(Look::Ledger)).await
}

/// The Welsh scoop-pot tally between you and another player.
#[poise::command(slash_command)]
pub async fn pot(
    ctx: Context<'_>,
    #[description = "The other player"] opponent: serenity::User,
) -> Result<(), Error> {
    let result = crate::discord::reply::execute_introducing(
        ctx,
        &opponent,
        Command::Look(Look::Pot(opponent.id.to_string())),
    )
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
        Command::Look(Look::Rating {
            player,
            ruleset: rules.map(ruleset_of),
            vs,
        }),
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
        Command::Look(Look::Leaderboard {
            ruleset: rules.map(ruleset_of),
        }),
    )
    .await
}

/// Server settings (Manage Server): threads, web pages, vacations, analysis, position of the day.
// A slash command's options are its arguments.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, default_member_permissions = "MANAGE_GUILD", guild_only)]
pub async fn server(
    ctx: Context<'_>,
    #[description = "One thread per match"] threads: Option<bool>,
    #[description = "League and leaderboard pages at a public address, or not"] web: Option<
        crate::discord::web_page::WebVisibility,
    >,
    #[description = "Each player's vacation days a year (default 15)"]
    #[min = 0]
    #[max = 365]
    vacation_days: Option<i64>,
    #[description = "Which finished matches are analysed by themselves (default auto)"]
    analysis: Option<crate::discord::analysis::AnalysisSetting>,
    #[description = "Post a position of the day in this channel (default: where typed)"]
    #[channel_types("Text")]
    puzzle_channel: Option<serenity::GuildChannel>,
    #[description = "The position of the day's hour, UTC (0-23; default 18)"]
    #[min = 0]
    #[max = 23]
    puzzle_hour: Option<i64>,
    #[description = "Stop the position of the day"] puzzle_off: Option<bool>,
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
    let mut lines = Vec::new();
    if let Some(to) = web {
        lines.push(crate::discord::web_page::set_visibility(ctx, to).await);
    }
    if threads.is_some() || web.is_none() {
        let on = ctx.data().club.match_threads(&actor(ctx), threads).await?;
        lines.push(format!(
            "Matches here are played {}",
            if on {
                "each in its own thread"
            } else {
                "in the channel where they were challenged"
            }
        ));
    }
    if vacation_days.is_some() || web.is_none() {
        let allowance = club::VacationOp::Allowance {
            days: vacation_days,
            manager: true,
        };
        let done = ctx
            .data()
            .club
            .execute(&actor(ctx), Command::Player(PlayerOp::Vacation(allowance)))
            .await;
        crate::discord::reply::mark_carried_out(ctx, &done).await;
        lines.push(match done {
            Ok(out) => out.lines.join("\n"),
            Err(e) => format!("\u{26A0} {e}"),
        });
    }
    if analysis.is_some() || web.is_none() {
        let cmd = Command::ServerAnalysis(analysis.map(club::AutoAnalysis::from));
        let done = ctx.data().club.execute(&actor(ctx), cmd).await;
        crate::discord::reply::mark_carried_out(ctx, &done).await;
        lines.push(match done {
            Ok(out) => out.lines.join("\n"),
            Err(e) => format!("\u{26A0} {e}"),
        });
    }
    let puzzle = match (puzzle_off, &puzzle_channel, puzzle_hour) {
        (Some(true), _, _) => Some(Some(club::PuzzleSetting::Off)),
        (_, None, None) => web.is_none().then_some(None),
        (_, channel, hour) => Some(Some(club::PuzzleSetting::On {
            channel: channel
                .as_ref()
                .map_or_else(|| ctx.channel_id(), |c| c.id)
                .to_string(),
            hour: hour.unwrap_or(18),
        })),
    };
    if let Some(setting) = puzzle {
        let done = ctx
            .data()
            .club
            .execute(&actor(ctx), Command::ServerPuzzle(setting))
            .await;
        crate::discord::reply::mark_carried_out(ctx, &done).await;
        lines.push(match done {
            Ok(out) => out.lines.join("\n"),
            Err(e) => format!("\u{26A0} {e}"),
        });
    }
    tell(ctx, lines.join("\n")).await?;
    Ok(())
}
