//! Building and running the bot: the connection's settings, the serenity client with the
//! poise framework (the commands, the rate limit, the handlers) and what starts once
//! Discord is ready (registration, the deadlines, the analysis and the bot player).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::commands::commands;
use super::context::{Context, Data, DmRefused, Error, MESSAGE_CHARS};
use super::gate::Gate;
use super::limit::{Limiter, RateLimit};
use super::reply::{on_component, tell};
use super::shards::Shards;
use super::stopping::{Door, Stopping};
use super::{analysis, outbox};
use club::Club;

/// Where the bot talks to: Discord itself, or an address at `api` (`http://...`) that
/// answers as Discord's REST API does: a proxy that rate-limits the calls of every process
/// of the bot (the `DISCORD_API_URL` setting), or a stand-in in tests. With `api`,
/// serenity's own rate limiter is off (in serenity 0.12 it would send to discord.com past
/// the proxy); the bot's own posts wait out a 429 either way (`retry_transient!`).
#[derive(Clone, Debug, Default)]
pub struct Connection {
    pub token: String,
    /// Register the commands in this guild only (instant, for development).
    pub guild: Option<u64>,
    /// The REST API's address, when not discord.com.
    pub api: Option<String>,
    /// How often the club's deadlines are checked (default 30 s).
    pub sweep_every: Option<Duration>,
    /// The web pages' public address (`PUBLIC_URL`, when the pages are on): board
    /// messages then carry a link button to their match's page (`docs/web.md`).
    pub web: Option<String>,
}

/// The serenity client with the poise framework, ready to `start()`, with no rate limit
/// (the bot itself runs with the `DISCORD_RATE_LIMIT` setting); it registers the slash
/// commands (as the process of shard 0 does).
///
/// # Errors
/// The client cannot be built.
pub async fn client(conn: Connection, club: Arc<Club>) -> Result<serenity::Client, Error> {
    client_with(conn, club, Shards::Auto, None).await
}

/// The serenity client for a process running `shards` (start it with
/// [`Shards::start`]), with no rate limit. Only the process whose shards include shard 0
/// registers the slash commands (see [`shards`]).
///
/// # Errors
/// The client cannot be built.
pub async fn client_for(
    conn: Connection,
    club: Arc<Club>,
    shards: Shards,
) -> Result<serenity::Client, Error> {
    client_with(conn, club, shards, None).await
}

/// [`client`] with this rate limit on each player's commands (`None`: no limit).
///
/// # Errors
/// The client cannot be built.
pub async fn client_limited(
    conn: Connection,
    club: Arc<Club>,
    limit: Option<RateLimit>,
) -> Result<serenity::Client, Error> {
    client_with(conn, club, Shards::Auto, limit).await
}

/// The serenity client for `shards` with `limit` on each player's commands.
///
/// # Errors
/// The client cannot be built.
pub async fn client_with(
    conn: Connection,
    club: Arc<Club>,
    shards: Shards,
    limit: Option<RateLimit>,
) -> Result<serenity::Client, Error> {
    client_stoppable(conn, club, shards, limit, Arc::default()).await
}

/// [`client_with`], stopped gracefully through `stopping` (see [`super::stopping`]):
/// its commands are counted there, and the tasks posting what the workers did are handed
/// to it.
///
/// # Errors
/// The client cannot be built.
pub async fn client_stoppable(
    conn: Connection,
    club: Arc<Club>,
    shards: Shards,
    limit: Option<RateLimit>,
    stopping: Arc<Stopping>,
) -> Result<serenity::Client, Error> {
    let posters = Arc::clone(&stopping);
    let registers = shards.has_shard_zero();
    let options = poise::FrameworkOptions {
        commands: commands(),
        command_check: Some(|ctx| Box::pin(check(ctx))),
        event_handler: |fw, event| Box::pin(on_event(fw, event)),
        on_error: |e| Box::pin(on_error(e)),
        ..Default::default()
    };
    let guild = conn.guild;
    let sweep_every = conn.sweep_every.unwrap_or(Duration::from_secs(30));
    let web = conn.web.clone();
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                match guild {
                    _ if !registers => {
                        tracing::info!(%shards, "slash commands left to the process of shard 0");
                    }
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
                // `/challenge opponent:@<this bot>` is a match against GNU Backgammon.
                club.set_bot_identity("discord", &ready.user.id.to_string(), &ready.user.name);
                // `/games waiting` and the daily digest link each match's channel or
                // thread, and its web page when the pages are on.
                club.set_waiting_links(waiting_links(web.as_deref()));
                // Reminders and time-outs from the club's deadlines: written to the
                // outbox, whose poster posts them.
                let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
                Arc::clone(&club).spawn_deadlines(sweep_every, tx);
                let http = Arc::clone(&ctx.http);
                // Analyses: the workers, and each result posted in its match's channel.
                posters.poster(analysis::spawn_reports(&club));
                let dm_refused = DmRefused::default();
                // The bot player's worker, and the outbox's poster: every message owed
                // (the bot's decisions, notices, announcements, direct messages).
                let answering = Arc::new(Gate::default());
                posters.poster(outbox::spawn_poster(outbox::Poster {
                    club: Arc::clone(&club),
                    http: Arc::clone(&http),
                    refused: Arc::clone(&dm_refused),
                    gate: Arc::clone(&answering),
                    web: web.clone(),
                }));
                // The sweep's notices are posted from the outbox; the channel only
                // keeps it running. Ends when the sweep does (the club stopped).
                posters.poster(tokio::spawn(
                    async move { while rx.recv().await.is_some() {} },
                ));
                Ok(Data {
                    club,
                    web,
                    dm_refused,
                    limiter: Limiter::new(limit),
                    answering,
                })
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
    // serenity's rate-limit waits, counted for the metrics.
    Ok(builder
        .event_handler(super::rest_count::Waits)
        .framework(Door {
            inner: framework,
            stopping,
        })
        .await?)
}

/// Runs the bot until it is stopped.
///
/// # Errors
/// The connection fails for good.
pub async fn run_bot(
    conn: Connection,
    club: Arc<Club>,
    limit: Option<RateLimit>,
) -> Result<(), Error> {
    run_shards(conn, club, Shards::Auto, limit).await
}

/// Runs `shards` of the bot in this process, with `limit` on each player's commands,
/// until it is stopped.
///
/// # Errors
/// The connection fails for good.
pub async fn run_shards(
    conn: Connection,
    club: Arc<Club>,
    shards: Shards,
    limit: Option<RateLimit>,
) -> Result<(), Error> {
    tracing::info!(%shards, "starting");
    let mut client = client_with(conn, club, shards, limit).await?;
    shards.start(&mut client).await?;
    Ok(())
}

/// Runs `shards` of the bot until they stop or `signal` comes; then stops gracefully
/// within `timeout` (see [`super::stopping`]). Returns whether everything under way finished
/// in time (`false`: something was cut, and logged).
///
/// # Errors
/// The client cannot be built, or the connection fails for good.
pub async fn run_until(
    conn: Connection,
    club: Arc<club::Club>,
    shards: Shards,
    limit: Option<RateLimit>,
    signal: impl Future<Output = ()>,
    timeout: std::time::Duration,
) -> Result<bool, Error> {
    tracing::info!(%shards, "starting");
    let stopping = Arc::new(Stopping::default());
    let mut client = client_stoppable(
        conn,
        Arc::clone(&club),
        shards,
        limit,
        Arc::clone(&stopping),
    )
    .await?;
    let manager = Arc::clone(&client.shard_manager);
    let mut running = tokio::spawn(async move { shards.start(&mut client).await });
    tokio::select! {
        ended = &mut running => {
            ended??;
            return Ok(true);
        }
        () = signal => {}
    }
    let began = tokio::time::Instant::now();
    let deadline = began + timeout;
    tracing::info!(
        timeout_s = timeout.as_secs_f64(),
        "stopping: no new commands; finishing those under way"
    );
    stopping.begin();
    club.stop();
    let finished = tokio::time::timeout_at(deadline, async {
        stopping.commands_done().await;
        stopping.posted().await;
    })
    .await
    .is_ok();
    if !finished {
        tracing::warn!(
            commands = stopping.in_flight(),
            "stopping: the time is up; what is still under way is cut"
        );
    }
    manager.shutdown_all().await;
    // The shards' tasks end with the connections (a second at most past the deadline).
    let closed = tokio::time::timeout_at(
        deadline.max(tokio::time::Instant::now()) + std::time::Duration::from_secs(1),
        &mut running,
    )
    .await
    .is_ok();
    if !closed {
        running.abort();
    }
    tracing::info!(seconds = began.elapsed().as_secs_f64(), finished, "stopped");
    Ok(finished)
}

/// poise's check before every command (and autocomplete, which passes uncounted).
async fn check(ctx: Context<'_>) -> Result<bool, Error> {
    let poise::Context::Application(a) = ctx else {
        return Ok(true);
    };
    if matches!(
        a.interaction_type,
        poise::CommandInteractionType::Autocomplete
    ) {
        return Ok(true);
    }
    let data = ctx.data();
    data.limiter
        .admit(ctx.author().id.get(), a.interaction.id.get(), || {
            data.club.now()
        })?;
    Ok(true)
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
            // "Nothing was changed" only when the club did not carry the command out.
            let words = if super::reply::carried_out(ctx).await {
                "\u{26A0} your command was carried out, but something went wrong on our side \
                 as it was answered; look at the match (`/board`) before doing it again"
            } else {
                "\u{26A0} something went wrong on our side; nothing was changed, try again"
            };
            let _ = tell(ctx, words).await;
        }
        // Past the rate limit (`limit::check`): said privately, nothing ran.
        poise::FrameworkError::CommandCheckFailed {
            error: Some(error),
            ctx,
            ..
        } => {
            let _ = tell(ctx, format!("\u{26A0} {error}")).await;
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

/// How `/games waiting` and the daily digest link a match on Discord: a jump link to the
/// message that last showed its board (else to its channel or thread), and its web page when `web`
/// (the pages' public address) is set; in `<>` so that Discord shows no preview of each.
#[must_use]
pub fn waiting_links(web: Option<&str>) -> club::WaitingLinks {
    let page: Option<club::WebAddress> = web.map(|base| {
        let base = base.to_string();
        Arc::new(move |token: &str| format!("<{}>", ::web::match_url(&base, token)))
            as club::WebAddress
    });
    let place: club::PlaceLink = Arc::new(|guild: &str, channel: &str, message: Option<&str>| {
        let (g, c) = (guild.parse::<u64>().ok()?, channel.parse::<u64>().ok()?);
        Some(match message.and_then(|m| m.parse::<u64>().ok()) {
            Some(m) => format!("<https://discord.com/channels/{g}/{c}/{m}>"),
            None => format!("<https://discord.com/channels/{g}/{c}>"),
        })
    });
    club::WaitingLinks {
        page,
        place: Some(place),
        message_chars: Some(MESSAGE_CHARS),
    }
}
