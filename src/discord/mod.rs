//! Discord: slash commands, buttons, autocomplete and notifications (poise on serenity),
//! thin over the club. Every command becomes a club [`Command`]; every refusal is an
//! ephemeral reply with the club's message; boards go out as PNG attachments with their
//! alt text.
//!
//! # Refusals stay private, even when the club is slow
//!
//! Discord wants an answer to an interaction within 3 seconds, and whether that answer is
//! seen by everyone or by the caller only is fixed by the first response: after a
//! deferred response (type 5, "thinking..."), the first followup *edits* that placeholder
//! and keeps its visibility, whatever flags the followup carries. We cannot know before
//! the club has answered whether the answer is an outcome (for everyone) or a refusal
//! (for the caller only), so:
//!
//! * A slash command whose club work (or board drawing) takes longer than
//!   `DEFER_AFTER` (1.5 s; or `RENDER_WAIT` for the board) is deferred **ephemerally**: only the caller sees
//!   the placeholder. A refusal then goes into that placeholder (private). An outcome is
//!   posted in the channel as an ordinary message (for everyone, board, buttons and
//!   mentions as usual) and the private placeholder is deleted. Should the channel refuse
//!   the post, the caller is shown the outcome privately, with a line saying why.
//! * A button click that takes long is deferred with type 6 (deferred update: nothing is
//!   shown to anyone); every followup is then a new message with its own flags, so a
//!   refusal is an ephemeral followup and an outcome a public one.
//! * Nothing is ever deferred publicly.
//!
//! A direct message Discord refuses (403: the player does not accept them) is reported
//! once per player in the channel where the match is played; the bot carries on.

mod analysis;
mod answer;
mod buttons;
mod client;
mod commands;
mod league;
mod league_posts;
mod limit;
pub mod rest_count;
pub mod shards;
pub mod stopping;
mod web_page;

pub(crate) use web_page::{WebVisibility, set_visibility as web_visibility};

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use club::{Actor, Chart, Club, ClubError, Command, Notice, Outcome};
use render::{
    alt_text, history_alt_text, history_png, leaderboard_alt_text, leaderboard_png, render_png,
};
use render::{bracket_alt_text, bracket_png, standings_alt_text, standings_png};

use answer::{Answer, outcome_files};
pub use buttons::{button_command, button_of, buttons};
pub use client::{
    Connection, client, client_for, client_limited, client_stoppable, client_with, run_bot,
    run_shards,
};
pub use commands::commands;
pub use limit::{Limited, Limiter, RateLimit};
pub use shards::Shards;
pub use stopping::{STOPPING_WORDS, Stopping, run_until};

/// What every command and event handler can reach.
pub struct Data {
    pub club: Arc<Club>,
    /// Players whose direct messages Discord refused (said once in the channel).
    pub dm_refused: DmRefused,
    /// The per-player rate limit on commands (`limit`).
    pub limiter: Limiter,
    /// The commands being answered, by channel: the bot's moves wait for them (`bot`).
    pub answering: Arc<bot::Gate>,
    /// The web pages' public address, for the link buttons of board messages.
    pub web: Option<String>,
}

/// The players (user ids) whose direct messages Discord refused, shared by the command
/// handlers and the notice task.
pub type DmRefused = Arc<std::sync::Mutex<std::collections::HashSet<u64>>>;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Discord answers an interaction only within 3 seconds; past this, defer first.
const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// How long to wait for a board to be drawn before deferring.
const RENDER_WAIT: Duration = Duration::from_millis(1000);

/// Sends again after a 429 (Too Many Requests), waiting [`RETRIES_429`] in turn.
/// serenity's rate limiter (on against Discord) already waits out a 429 on the routes it
/// knows, exactly as long as `Retry-After` says; this covers what reaches the bot anyway
/// (serenity does not hand the bot the `retry_after` value, hence the fixed waits).
macro_rules! retry_429 {
    ($send:expr) => {{
        let mut waits = $crate::discord::RETRIES_429.iter();
        loop {
            match $crate::discord::rest_count::counted($send) {
                Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)))
                    if r.status_code.as_u16() == 429 =>
                {
                    match waits.next() {
                        Some(wait) => {
                            tracing::warn!(url = %r.url, "rate limited (429); trying again");
                            tokio::time::sleep(*wait).await;
                        }
                        None => {
                            break Err(serenity::Error::Http(
                                serenity::HttpError::UnsuccessfulRequest(r),
                            ));
                        }
                    }
                }
                other => break other,
            }
        }
    }};
}

// After `retry_429!`, which it uses.
mod bot;

/// The most characters one Discord message holds.
pub const MESSAGE_CHARS: usize = 2000;

/// The actor of an interaction.
fn actor_of(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> Actor {
    let community = guild.map_or_else(|| "dm".to_string(), |g| g.to_string());
    Actor {
        identity: club::Identity::Account,
        reply_chars: Some(MESSAGE_CHARS),
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

/// The PNG and alt text of an outcome's chart (leaderboard, rating history), drawn off
/// the async runtime.
async fn chart_file(out: &Outcome) -> Option<serenity::CreateAttachment> {
    let chart = out.chart.clone()?;
    let (alt, name) = match &chart {
        Chart::Leaderboard(b) => (leaderboard_alt_text(b), "leaderboard.png"),
        Chart::History(h) => (history_alt_text(h), "rating.png"),
        Chart::Standings(t) => (standings_alt_text(t), "standings.png"),
        Chart::Bracket(b) => (bracket_alt_text(b), "bracket.png"),
        Chart::Blunders(b) => (b.first().map(render::blunder_alt_text)?, "analysis.png"),
    };
    let png = tokio::task::spawn_blocking(move || match &chart {
        Chart::Leaderboard(b) => leaderboard_png(b),
        Chart::History(h) => history_png(h),
        Chart::Standings(t) => standings_png(t),
        Chart::Bracket(b) => bracket_png(b),
        Chart::Blunders(b) => render::blunder_png(&b[0]),
    })
    .await
    .ok()?
    .ok()?;
    let alt: String = alt.chars().take(1000).collect();
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
    let _answering = ctx.data().answering.enter(ctx.channel_id());
    let result = execute(ctx, cmd).await;
    reply(ctx, result).await.map(|_| ())
}

async fn execute(ctx: Context<'_>, cmd: Command) -> Result<Outcome, ClubError> {
    let work = club_task(Arc::clone(&ctx.data().club), actor(ctx), cmd);
    // Privately: the answer may be a refusal (see the module doc).
    or_defer(work, DEFER_AFTER, async || {
        rest_count::count(&ctx.defer_ephemeral().await);
    })
    .await
    .0
}

/// As `execute`, first making `user` (named in an option) known to the club, in the same
/// work: a slow club defers both.
async fn execute_introducing(
    ctx: Context<'_>,
    user: &serenity::User,
    cmd: Command,
) -> Result<Outcome, ClubError> {
    let club = Arc::clone(&ctx.data().club);
    let who = actor(ctx);
    let id = user.id.to_string();
    let name = user
        .global_name
        .clone()
        .unwrap_or_else(|| user.name.clone());
    let work = async move {
        tokio::spawn(async move {
            club.introduce("discord", &id, &name).await?;
            club.execute(&who, cmd).await
        })
        .await
        .unwrap_or_else(|e| {
            Err(ClubError::Refused(format!(
                "the command failed ({e}); try again"
            )))
        })
    };
    or_defer(work, DEFER_AFTER, async || {
        rest_count::count(&ctx.defer_ephemeral().await);
    })
    .await
    .0
}

/// Whether this slash command was already answered with a (private) deferral, so that a
/// public answer must go to the channel instead of into the placeholder.
fn deferred(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .has_sent_initial_response
            .load(std::sync::atomic::Ordering::SeqCst),
        poise::Context::Prefix(_) => false,
    }
}

/// Answers everyone: as the interaction's reply, or, once it was deferred privately, as
/// a message in the channel (the private placeholder is then deleted). If the channel
/// refuses the post, the caller is shown the content privately with the reason.
async fn answer_everyone(ctx: Context<'_>, answer: &Answer) -> Result<(), Error> {
    if !deferred(ctx) {
        rest_count::counted(ctx.send(answer.reply()).await)?;
        return Ok(());
    }
    let channel = ctx.channel_id();
    match retry_429!(channel.send_message(ctx, answer.message()).await) {
        Ok(_) => {
            if let poise::Context::Application(a) = ctx {
                if let Err(e) = rest_count::counted(a.interaction.delete_response(ctx).await) {
                    tracing::warn!(error = %e, "deferred placeholder not deleted");
                }
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "public answer not posted in the channel");
            tell(
                ctx,
                clip(&format!(
                    "{}\n(I may not post in this channel, so only you see this.)",
                    answer.content
                )),
            )
            .await?;
        }
    }
    Ok(())
}

/// How often, and after how long, a post refused with 429 is tried again.
const RETRIES_429: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// Public text for the interaction (or, after a private deferral, for the channel).
pub(super) async fn say_public(ctx: Context<'_>, text: String) -> Result<(), Error> {
    answer_everyone(ctx, &Answer::text(text)).await
}

/// At most Discord's 2,000 characters.
fn clip(text: &str) -> String {
    if text.chars().count() <= MESSAGE_CHARS {
        return text.to_string();
    }
    let mut s: String = text.chars().take(1990).collect();
    s.push_str("...");
    s
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

/// Answers only the caller (an ephemeral reply, or the private deferred placeholder).
async fn tell(ctx: Context<'_>, text: impl Into<String>) -> Result<(), serenity::Error> {
    let text = clip(&text.into());
    rest_count::counted(
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await,
    )
    .map(|_| ())
}

/// Answers with an outcome or a refusal; returns the outcome when there was one.
async fn reply(
    ctx: Context<'_>,
    result: Result<Outcome, ClubError>,
) -> Result<Option<Outcome>, Error> {
    match result {
        Err(ClubError::MatchLength(n)) => {
            let e = ClubError::MatchLength(n);
            tell(ctx, format!("\u{26A0} {e}; for money play set money:true")).await?;
            Ok(None)
        }
        Err(e) => {
            tell(ctx, format!("\u{26A0} {e}")).await?;
            Ok(None)
        }
        Ok(out) => {
            // Drawing takes milliseconds; should it ever take long, defer (privately).
            let files = or_defer(outcome_files(&out), RENDER_WAIT, async || {
                rest_count::count(&ctx.defer_ephemeral().await);
            })
            .await
            .0;
            let data = ctx.data();
            let answer = Answer::linked(&out, files, &data.club, data.web.as_deref()).await;
            answer_everyone(ctx, &answer).await?;
            announce(ctx.http(), ctx.channel_id(), &out).await;
            direct_message(ctx.http(), &ctx.data().dm_refused, ctx.channel_id(), &out).await;
            // What other players are told (a vacation's start or end), as the sweep's
            // notices are.
            for n in &out.notices {
                post_notice(ctx.http(), &ctx.data().dm_refused, n).await;
            }
            Ok(Some(out))
        }
    }
}

/// Posts an outcome's announcements for other channels (a league match's result in the
/// league's channel) there, unless that is where the answer went.
async fn announce(http: &serenity::Http, here: serenity::ChannelId, out: &Outcome) {
    for (channel, text) in &out.announce {
        let Ok(id) = channel.parse::<u64>() else {
            continue;
        };
        let to = serenity::ChannelId::new(id);
        if to == here {
            continue;
        }
        let msg = Answer::text(clip(text)).message();
        if let Err(e) = retry_429!(to.send_message(http, msg.clone()).await) {
            tracing::warn!(channel = id, error = %e, "announcement not posted");
        }
    }
}

/// Tells the next player by direct message when he asked for it.
async fn direct_message(
    http: &serenity::Http,
    refused: &DmRefused,
    channel: serenity::ChannelId,
    out: &Outcome,
) {
    let Some(next) = out.next.as_ref().filter(|n| n.dm) else {
        return;
    };
    let Ok(user) = next.user_id.parse::<u64>() else {
        return;
    };
    let text = format!("Match #{}: your turn to {}", next.match_id, next.what);
    send_dm(http, refused, channel, user, text).await;
}

/// Sends a direct message. If Discord refuses it (403: the player does not take direct
/// messages from the bot), says so once in `channel`, mentioning him, and carries on.
async fn send_dm(
    http: &serenity::Http,
    refused: &DmRefused,
    channel: serenity::ChannelId,
    user: u64,
    text: String,
) {
    let to = serenity::UserId::new(user);
    let sent = match retry_429!(to.create_dm_channel(http).await) {
        Ok(dm) => retry_429!(dm.id.say(http, &text).await).map(|_| ()),
        Err(e) => Err(e),
    };
    let Err(e) = sent else { return };
    tracing::warn!(error = %e, "direct message not sent");
    let forbidden = matches!(
        &e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 403
    );
    let first = forbidden
        && refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(user);
    if !first {
        return;
    }
    let msg = serenity::CreateMessage::new()
        .content(format!(
            "<@{user}> I cannot send you direct messages (Discord refuses them). Allow direct \
             messages from this server's members, or turn them off with `/settings dm:false`; \
             you will be told here."
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new().users([to]));
    if let Err(e) = retry_429!(channel.send_message(http, msg.clone()).await) {
        tracing::warn!(error = %e, "direct-message refusal not reported");
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
    if let Err(e) = data
        .limiter
        .admit(c.user.id.get(), c.id.get(), || data.club.now())
    {
        rest_count::counted(
            c.create_response(
                ctx,
                serenity::CreateInteractionResponse::Message(
                    serenity::CreateInteractionResponseMessage::new()
                        .content(format!("\u{26A0} {e}"))
                        .ephemeral(true),
                ),
            )
            .await,
        )?;
        return Ok(());
    }
    let _answering = data.answering.enter(c.channel_id);
    let who = actor_of(&c.user, c.guild_id, c.channel_id);
    let work = club_task(Arc::clone(&data.club), who, cmd);
    let (result, defer) = or_defer(work, DEFER_AFTER, async || {
        rest_count::counted(c.defer(ctx).await)
    })
    .await;
    let mut deferred = defer.transpose()?.is_some();
    match result {
        Err(e) => {
            let text = format!("\u{26A0} {e}");
            if deferred {
                rest_count::counted(
                    c.create_followup(
                        ctx,
                        serenity::CreateInteractionResponseFollowup::new()
                            .content(text)
                            .ephemeral(true),
                    )
                    .await,
                )?;
            } else {
                rest_count::counted(
                    c.create_response(
                        ctx,
                        serenity::CreateInteractionResponse::Message(
                            serenity::CreateInteractionResponseMessage::new()
                                .content(text)
                                .ephemeral(true),
                        ),
                    )
                    .await,
                )?;
            }
        }
        Ok(out) => {
            let files = if deferred {
                outcome_files(&out).await
            } else {
                let (files, defer) = or_defer(outcome_files(&out), RENDER_WAIT, async || {
                    rest_count::counted(c.defer(ctx).await)
                })
                .await;
                deferred = defer.transpose()?.is_some();
                files
            };
            let answer = Answer::linked(&out, files, &data.club, data.web.as_deref()).await;
            if deferred {
                rest_count::counted(c.create_followup(ctx, answer.followup()).await)?;
            } else {
                rest_count::counted(
                    c.create_response(
                        ctx,
                        serenity::CreateInteractionResponse::Message(answer.response()),
                    )
                    .await,
                )?;
            }
            announce(&ctx.http, c.channel_id, &out).await;
            direct_message(&ctx.http, &data.dm_refused, c.channel_id, &out).await;
        }
    }
    Ok(())
}

/// Posts a reminder or time-out in the match's channel, mentioning the player, and by
/// direct message when he asked for it.
async fn post_notice(http: &serenity::Http, refused: &DmRefused, n: &Notice) {
    // An announcement for everyone in a channel (a league match's result): no mention.
    if n.user_id.is_empty() {
        if let Ok(id) = n.channel.parse::<u64>() {
            let msg = Answer::text(clip(&n.text)).message();
            if let Err(e) = retry_429!(
                serenity::ChannelId::new(id)
                    .send_message(http, msg.clone())
                    .await
            ) {
                tracing::warn!(match_id = n.match_id, error = %e, "announcement not posted");
            }
        }
        return;
    }
    let Ok(user_id) = n.user_id.parse::<u64>() else {
        return;
    };
    let user = serenity::UserId::new(user_id);
    let channel = n.channel.parse::<u64>().ok().map(serenity::ChannelId::new);
    if let Some(channel) = channel {
        let msg = serenity::CreateMessage::new()
            .content(format!("<@{user}> {}", n.text))
            .allowed_mentions(serenity::CreateAllowedMentions::new().users([user]));
        if let Err(e) = retry_429!(channel.send_message(http, msg.clone()).await) {
            tracing::warn!(match_id = n.match_id, error = %e, "notice not posted");
        }
    }
    if n.dm {
        match channel {
            Some(channel) => send_dm(http, refused, channel, user_id, n.text.clone()).await,
            None => {
                if let Ok(dm) = user.create_dm_channel(http).await {
                    let _ = dm.id.say(http, n.text.clone()).await;
                }
            }
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

/// How `/games waiting` and the daily digest link a match on Discord: a jump link to its
/// channel or thread (its server's id and the channel's), and its web page when `web`
/// (the pages' public address) is set; in `<>` so that Discord shows no preview of each.
#[must_use]
pub fn waiting_links(web: Option<&str>) -> club::WaitingLinks {
    let page: Option<club::WebAddress> = web.map(|base| {
        let base = base.to_string();
        Arc::new(move |token: &str| format!("<{}>", ::web::match_url(&base, token)))
            as club::WebAddress
    });
    let place: club::PlaceLink = Arc::new(|guild: &str, channel: &str| {
        let (g, c) = (guild.parse::<u64>().ok()?, channel.parse::<u64>().ok()?);
        Some(format!("<https://discord.com/channels/{g}/{c}>"))
    });
    club::WaitingLinks {
        page,
        place: Some(place),
        message_chars: Some(MESSAGE_CHARS),
    }
}
