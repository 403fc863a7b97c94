//! Building and running the bot: the connection's settings, the serenity client with the
//! poise framework (the commands, the rate limit, the handlers) and what starts once
//! Discord is ready (registration, the deadlines, the analysis and the bot player).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::stopping::{Door, Stopping};
use super::{
    Data, DmRefused, Error, Limiter, RateLimit, Shards, analysis, bot, commands, limit, on_error,
    on_event, post_notice,
};
use club::Club;

/// Where the bot talks to: Discord itself, or an address at `api` (`http://...`) that
/// answers as Discord's REST API does: a proxy that rate-limits the calls of every process
/// of the bot (the `DISCORD_API_URL` setting), or a stand-in in tests. With `api`,
/// serenity's own rate limiter is off (in serenity 0.12 it would send to discord.com past
/// the proxy); the bot's own posts wait out a 429 either way (`retry_429!`).
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
        command_check: Some(|ctx| Box::pin(limit::check(ctx))),
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
                club.set_waiting_links(super::waiting_links(web.as_deref()));
                // Reminders and time-outs from the club's deadlines.
                let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
                Arc::clone(&club).spawn_deadlines(sweep_every, tx);
                let http = Arc::clone(&ctx.http);
                // Analyses: the workers, and each result posted in its match's channel.
                posters.poster(analysis::spawn_reports(&club, Arc::clone(&http)));
                let dm_refused = DmRefused::default();
                // The bot player: its worker, and each decision posted in its channel.
                let answering = Arc::new(bot::Gate::default());
                posters.poster(bot::spawn_moves(
                    &club,
                    Arc::clone(&http),
                    Arc::clone(&dm_refused),
                    Arc::clone(&answering),
                    web.clone(),
                ));
                let refused = Arc::clone(&dm_refused);
                // Ends when the sweep does (the club stopped), its notices posted.
                let owing = Arc::clone(&club);
                posters.poster(tokio::spawn(async move {
                    while let Some(n) = rx.recv().await {
                        post_notice(&http, &refused, &n).await;
                        // A season the sweep started: its matches in threads, as
                        // `/league start` posts them.
                        super::league_posts::post_owed_league_matches(&http, &owing).await;
                    }
                }));
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
