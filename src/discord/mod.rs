//! Discord: slash commands, buttons, autocomplete and notifications (poise on serenity),
//! thin over the club. Every command becomes a club [`Command`]; every refusal is an
//! ephemeral reply with the club's message; boards go out as PNG attachments with their
//! alt text.

mod commands;
mod league;

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::club::{Actor, Club, ClubError, Command, MatchRef, Notice, Outcome, Starter};
use crate::engine::welsh::Parity;
use crate::render::{alt_text, render_png};

pub use commands::commands;

/// What every command and event handler can reach.
pub struct Data {
    pub club: Arc<Club>,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Discord answers an interaction only within 3 seconds; past this, defer first.
const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// How long to wait for a board to be drawn before deferring.
const RENDER_WAIT: Duration = Duration::from_millis(1000);

/// The actor of an interaction.
fn actor_of(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> Actor {
    let community = guild.map_or_else(|| "dm".to_string(), |g| g.to_string());
    Actor {
        platform: "discord".into(),
        user_id: user.id.to_string(),
        display_name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        community_name: format!("guild {community}"),
        community_id: community,
        channel: channel.to_string(),
    }
}

fn actor(ctx: Context<'_>) -> Actor {
    actor_of(ctx.author(), ctx.guild_id(), ctx.channel_id())
}

/// The text of an outcome: what happened, then who must act (mentioned) and by when.
#[must_use]
pub fn outcome_content(out: &Outcome) -> String {
    let mut s = String::new();
    for l in &out.lines {
        if s.len() + l.len() > 1700 {
            s.push_str("...\n");
            break;
        }
        let _ = writeln!(s, "{l}");
    }
    if let Some(next) = &out.next {
        let _ = write!(s, "<@{}> to {}", next.user_id, next.what);
        if let Some(d) = next.deadline {
            let _ = write!(s, " (deadline <t:{d}:R>)");
        }
    }
    if s.is_empty() {
        s.push_str("Done.");
    }
    s
}

/// The buttons for the decisions at hand. A button's id names the match and the version
/// it was drawn at: `gb:<verb>:<match>:<version>`.
#[must_use]
pub fn buttons(out: &Outcome) -> Vec<serenity::CreateActionRow> {
    let (Some(next), Some(id), Some(v)) = (&out.next, out.match_id, out.version) else {
        return Vec::new();
    };
    let w = next.what.as_str();
    let mut b: Vec<(&str, &str, serenity::ButtonStyle)> = Vec::new();
    use serenity::ButtonStyle::{Danger, Primary, Secondary, Success};
    if w.starts_with("accept or decline") {
        b.push(("accept", "Accept", Success));
        b.push(("decline", "Decline", Danger));
    } else if w.starts_with("call odds") {
        b.push(("odds", "Odds", Primary));
        b.push(("evens", "Evens", Primary));
    } else if w.starts_with("choose who starts") {
        b.push(("me", "I start", Primary));
        b.push(("opponent", "Opponent starts", Secondary));
    } else if w.starts_with("take") {
        b.push(("take", "Take", Success));
        b.push(("drop", "Drop", Danger));
        if w.contains("beaver") {
            b.push(("beaver", "Beaver", Secondary));
        }
        if w.contains("raccoon") {
            b.push(("raccoon", "Raccoon", Secondary));
        }
    } else if w.starts_with("roll") || w.starts_with("throw") {
        b.push((
            "roll",
            if w.starts_with("roll") {
                "Roll"
            } else {
                "Throw"
            },
            Primary,
        ));
        if w.contains("double") {
            b.push(("double", "Double", Secondary));
        }
        if w.contains("one die") {
            b.push(("one", "One die", Secondary));
        }
    } else if w.contains("throw the 1-2 again") {
        b.push(("reroll", "Throw the 1-2 again", Secondary));
    }
    if b.is_empty() {
        return Vec::new();
    }
    vec![serenity::CreateActionRow::Buttons(
        b.into_iter()
            .map(|(verb, label, style)| {
                serenity::CreateButton::new(format!("gb:{verb}:{id}:{v}"))
                    .label(label)
                    .style(style)
            })
            .collect(),
    )]
}

/// The command a button stands for.
#[must_use]
pub fn button_command(custom_id: &str) -> Option<Command> {
    let mut it = custom_id.split(':');
    let (Some("gb"), Some(verb), Some(id), Some(v), None) =
        (it.next(), it.next(), it.next(), it.next(), it.next())
    else {
        return None;
    };
    let m = MatchRef {
        id: Some(id.parse().ok()?),
        version: Some(v.parse().ok()?),
    };
    Some(match verb {
        "accept" => Command::Accept(m),
        "decline" => Command::Decline(m),
        "odds" => Command::Call(m, Parity::Odd),
        "evens" => Command::Call(m, Parity::Even),
        "me" => Command::Choose(m, Starter::Me),
        "opponent" => Command::Choose(m, Starter::Opponent),
        "take" => Command::Take(m),
        "drop" => Command::Drop(m),
        "beaver" => Command::Beaver(m),
        "raccoon" => Command::Raccoon(m),
        "roll" => Command::Roll(m),
        "double" => Command::Double(m),
        "one" => Command::RollOne(m),
        "reroll" => Command::Reroll(m),
        _ => return None,
    })
}

/// The PNG and alt text of an outcome's board, drawn off the async runtime.
async fn board_file(out: &Outcome) -> Option<serenity::CreateAttachment> {
    let scene = out.board.clone()?;
    let alt = alt_text(&scene);
    let png = tokio::task::spawn_blocking(move || render_png(&scene))
        .await
        .ok()?
        .ok()?;
    let name = format!(
        "match-{}-{}.png",
        out.match_id.unwrap_or(0),
        out.version.unwrap_or(0)
    );
    Some(serenity::CreateAttachment::bytes(png, name).description(alt))
}

fn mentions(out: &Outcome) -> serenity::CreateAllowedMentions {
    let users = out
        .next
        .iter()
        .filter_map(|n| n.user_id.parse::<u64>().ok())
        .map(serenity::UserId::new);
    serenity::CreateAllowedMentions::new().users(users)
}

/// Runs a club command for a slash command and answers: the outcome (board attached,
/// buttons) for everyone, a refusal only to the caller. Defers when the club is slow.
async fn run(ctx: Context<'_>, cmd: Command) -> Result<(), Error> {
    let result = execute(ctx, cmd).await;
    reply(ctx, result).await.map(|_| ())
}

async fn execute(ctx: Context<'_>, cmd: Command) -> Result<Outcome, ClubError> {
    let work = club_task(Arc::clone(&ctx.data().club), actor(ctx), cmd);
    or_defer(work, DEFER_AFTER, async || {
        let _ = ctx.defer().await;
    })
    .await
    .0
}

/// The club runs a command in its own task (so that a slow one can be waited on while
/// the answer is deferred).
async fn club_task(club: Arc<Club>, who: Actor, cmd: Command) -> Result<Outcome, ClubError> {
    tokio::spawn(async move { club.execute(&who, cmd).await })
        .await
        .unwrap_or_else(|e| {
            Err(ClubError::Refused(format!(
                "the command failed ({e}); try again"
            )))
        })
}

/// Awaits `work`; if it is not done within `wait`, runs `defer` (answering Discord that
/// the reply will come) and then waits on. Gives what `defer` returned, if it ran.
async fn or_defer<T, R>(
    work: impl Future<Output = T>,
    wait: Duration,
    defer: impl AsyncFnOnce() -> R,
) -> (T, Option<R>) {
    tokio::pin!(work);
    match tokio::time::timeout(wait, &mut work).await {
        Ok(v) => (v, None),
        Err(_) => {
            let d = defer().await;
            (work.await, Some(d))
        }
    }
}

/// Answers only the caller (an ephemeral reply).
async fn tell(ctx: Context<'_>, text: impl Into<String>) -> Result<(), serenity::Error> {
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await
        .map(|_| ())
}

/// Answers with an outcome or a refusal; returns the outcome when there was one.
async fn reply(
    ctx: Context<'_>,
    result: Result<Outcome, ClubError>,
) -> Result<Option<Outcome>, Error> {
    match result {
        Err(e) => {
            tell(ctx, format!("\u{26A0} {e}")).await?;
            Ok(None)
        }
        Ok(out) => {
            let mut r = poise::CreateReply::default()
                .content(outcome_content(&out))
                .allowed_mentions(mentions(&out))
                .components(buttons(&out));
            // Rendering takes milliseconds; should it ever take long, defer first.
            let file = or_defer(board_file(&out), RENDER_WAIT, async || {
                let _ = ctx.defer().await;
            })
            .await
            .0;
            if let Some(file) = file {
                r = r.attachment(file);
            }
            if let Some(a) = &out.attachment {
                r = r.attachment(serenity::CreateAttachment::bytes(
                    a.text.clone().into_bytes(),
                    a.name.clone(),
                ));
            }
            ctx.send(r).await?;
            direct_message(ctx.serenity_context(), &out).await;
            Ok(Some(out))
        }
    }
}

/// Tells the next player by direct message when he asked for it.
async fn direct_message(ctx: &serenity::Context, out: &Outcome) {
    let Some(next) = out.next.as_ref().filter(|n| n.dm) else {
        return;
    };
    let Ok(user) = next.user_id.parse::<u64>() else {
        return;
    };
    let text = format!("Match #{}: your turn to {}", next.match_id, next.what);
    if let Ok(dm) = serenity::UserId::new(user).create_dm_channel(ctx).await {
        if let Err(e) = dm.id.say(ctx, text).await {
            tracing::warn!(error = %e, "direct message not sent");
        }
    }
}

/// A button click: the club command it names, answered like a slash command.
async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let Some(cmd) = button_command(&c.data.custom_id) else {
        return Ok(());
    };
    let who = actor_of(&c.user, c.guild_id, c.channel_id);
    let work = club_task(Arc::clone(&data.club), who, cmd);
    let (result, defer) = or_defer(work, DEFER_AFTER, async || c.defer(ctx).await).await;
    let mut deferred = defer.transpose()?.is_some();
    match result {
        Err(e) => {
            let text = format!("\u{26A0} {e}");
            if deferred {
                c.create_followup(
                    ctx,
                    serenity::CreateInteractionResponseFollowup::new()
                        .content(text)
                        .ephemeral(true),
                )
                .await?;
            } else {
                c.create_response(
                    ctx,
                    serenity::CreateInteractionResponse::Message(
                        serenity::CreateInteractionResponseMessage::new()
                            .content(text)
                            .ephemeral(true),
                    ),
                )
                .await?;
            }
        }
        Ok(out) => {
            let file = if deferred {
                board_file(&out).await
            } else {
                let (file, defer) =
                    or_defer(board_file(&out), RENDER_WAIT, async || c.defer(ctx).await).await;
                deferred = defer.transpose()?.is_some();
                file
            };
            if deferred {
                let mut f = serenity::CreateInteractionResponseFollowup::new()
                    .content(outcome_content(&out))
                    .allowed_mentions(mentions(&out))
                    .components(buttons(&out));
                if let Some(file) = file {
                    f = f.add_file(file);
                }
                c.create_followup(ctx, f).await?;
            } else {
                let mut m = serenity::CreateInteractionResponseMessage::new()
                    .content(outcome_content(&out))
                    .allowed_mentions(mentions(&out))
                    .components(buttons(&out));
                if let Some(file) = file {
                    m = m.add_file(file);
                }
                c.create_response(ctx, serenity::CreateInteractionResponse::Message(m))
                    .await?;
            }
            direct_message(ctx, &out).await;
        }
    }
    Ok(())
}

/// Posts a reminder or time-out in the match's channel, mentioning the player, and by
/// direct message when he asked for it.
async fn post_notice(http: &serenity::Http, n: &Notice) {
    let Ok(user) = n.user_id.parse::<u64>() else {
        return;
    };
    let user = serenity::UserId::new(user);
    if let Ok(channel) = n.channel.parse::<u64>() {
        let msg = serenity::CreateMessage::new()
            .content(format!("<@{user}> {}", n.text))
            .allowed_mentions(serenity::CreateAllowedMentions::new().users([user]));
        if let Err(e) = serenity::ChannelId::new(channel)
            .send_message(http, msg)
            .await
        {
            tracing::warn!(match_id = n.match_id, error = %e, "notice not posted");
        }
    }
    if n.dm {
        if let Ok(dm) = user.create_dm_channel(http).await {
            let _ = dm.id.say(http, n.text.clone()).await;
        }
    }
}

async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(c),
    } = event
    {
        on_component(fw.serenity_context, fw.user_data, c).await?;
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!(command = %ctx.command().name, error = %error, "command failed");
            let _ = tell(
                ctx,
                "\u{26A0} something went wrong on our side; nothing was changed, try again",
            )
            .await;
        }
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            let _ = tell(ctx, "\u{26A0} this needs the Manage Server permission").await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}

/// Where the bot talks to: Discord itself, or (tests) a stand-in at `api` (`http://...`),
/// with the rate limiter off.
#[derive(Clone, Debug, Default)]
pub struct Connection {
    pub token: String,
    /// Register the commands in this guild only (instant, for development).
    pub guild: Option<u64>,
    pub api: Option<String>,
    /// How often the club's deadlines are checked (default 30 s).
    pub sweep_every: Option<Duration>,
}

/// The serenity client with the poise framework, ready to `start()`.
///
/// # Errors
/// The client cannot be built.
pub async fn client(conn: Connection, club: Arc<Club>) -> Result<serenity::Client, Error> {
    let options = poise::FrameworkOptions {
        commands: commands(),
        event_handler: |fw, event| Box::pin(on_event(fw, event)),
        on_error: |e| Box::pin(on_error(e)),
        ..Default::default()
    };
    let guild = conn.guild;
    let sweep_every = conn.sweep_every.unwrap_or(Duration::from_secs(30));
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                match guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            serenity::GuildId::new(g),
                        )
                        .await?;
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?
                    }
                }
                tracing::info!(user = %ready.user.name, "connected to Discord");
                // Reminders and time-outs from the club's deadlines.
                let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
                Arc::clone(&club).spawn_deadlines(sweep_every, tx);
                let http = Arc::clone(&ctx.http);
                tokio::spawn(async move {
                    while let Some(n) = rx.recv().await {
                        post_notice(&http, &n).await;
                    }
                });
                Ok(Data { club })
            })
        })
        .build();
    // Slash commands and buttons arrive as interactions: no privileged intent is needed.
    let intents = serenity::GatewayIntents::GUILDS;
    let builder = match &conn.api {
        Some(api) => serenity::ClientBuilder::new_with_http(
            serenity::HttpBuilder::new(&conn.token)
                .proxy(api.clone())
                .ratelimiter_disabled(true)
                .build(),
            intents,
        ),
        None => serenity::ClientBuilder::new(&conn.token, intents),
    };
    Ok(builder.framework(framework).await?)
}

/// Runs the bot until it is stopped.
///
/// # Errors
/// The connection fails for good.
pub async fn run_bot(conn: Connection, club: Arc<Club>) -> Result<(), Error> {
    let mut client = client(conn, club).await?;
    client.start().await?;
    Ok(())
}
