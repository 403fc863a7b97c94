//! Answering a slash command or a button click: the club's work, deferred when the club
//! is slow; the outcome for everyone, a refusal for the caller only; then the
//! announcements for other channels, the direct messages and the notices.
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

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use club::{Actor, Club, ClubError, Command, Notice, Outcome};

use super::answer::{Answer, outcome_files};
use super::buttons::button_command;
use super::context::{Context, Data, DmRefused, Error, actor, actor_of};
pub(super) use super::notice_post::clip;
use super::rest_count;

/// Discord answers an interaction only within 3 seconds; past this, defer first.
const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// How long to wait for a board to be drawn before deferring.
const RENDER_WAIT: Duration = Duration::from_millis(1000);

/// Runs a club command for a slash command and answers: the outcome (board attached,
/// buttons) for everyone, a refusal only to the caller. Defers when the club is slow.
pub(super) async fn run(ctx: Context<'_>, cmd: Command) -> Result<(), Error> {
    let _answering = ctx.data().answering.enter(ctx.channel_id());
    let result = execute(ctx, cmd).await;
    reply(ctx, result).await.map(|_| ())
}

pub(super) async fn execute(ctx: Context<'_>, cmd: Command) -> Result<Outcome, ClubError> {
    let work = club_task(Arc::clone(&ctx.data().club), actor(ctx), cmd);
    // Privately: the answer may be a refusal (see the module doc).
    let result = or_defer(work, DEFER_AFTER, async || {
        rest_count::count(&ctx.defer_ephemeral().await);
    })
    .await
    .0;
    mark_carried_out(ctx, &result).await;
    result
}

/// The club carried out the command of this invocation: whatever fails after this, the
/// player is not told that nothing changed (`client::on_error`).
#[derive(Clone, Copy, Debug)]
pub(super) struct CarriedOut;

/// Marks the invocation as carried out by the club when `result` is an outcome.
pub(super) async fn mark_carried_out<T>(ctx: Context<'_>, result: &Result<T, ClubError>) {
    if result.is_ok() {
        ctx.set_invocation_data(CarriedOut).await;
    }
}

/// Whether the club carried out this invocation's command.
pub(super) async fn carried_out(ctx: Context<'_>) -> bool {
    ctx.invocation_data::<CarriedOut>().await.is_some()
}

/// As `execute`, first making `user` (named in an option) known to the club, in the same
/// work: a slow club defers both.
pub(super) async fn execute_introducing(
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
        .unwrap_or_else(|e| Err(club::Refusal::TaskFailed(e).into()))
    };
    let result = or_defer(work, DEFER_AFTER, async || {
        rest_count::count(&ctx.defer_ephemeral().await);
    })
    .await
    .0;
    mark_carried_out(ctx, &result).await;
    result
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
pub(super) async fn answer_everyone(ctx: Context<'_>, answer: &Answer) -> Result<(), Error> {
    answer_shown(ctx, answer, false).await.map(|_| ())
}

/// [`answer_everyone`], and with `want_id` the message that shows it to everyone:
/// `(channel, message)` (the interaction's reply names none, so it is read: one more
/// request; `None` if that fails, or the answer went to the caller alone).
pub(super) async fn answer_shown(
    ctx: Context<'_>,
    answer: &Answer,
    want_id: bool,
) -> Result<Option<(String, String)>, Error> {
    if !deferred(ctx) {
        let handle = rest_count::counted(ctx.send(answer.reply()).await)?;
        if !want_id {
            return Ok(None);
        }
        return Ok(match rest_count::counted(handle.message().await) {
            Ok(m) => Some((m.channel_id.to_string(), m.id.to_string())),
            Err(e) => {
                tracing::warn!(error = %e, "the answer's message not read; the board's link stays the channel's");
                None
            }
        });
    }
    let channel = ctx.channel_id();
    let mut shown = None;
    match retry_transient!(channel.send_message(ctx, answer.message()).await) {
        Ok(m) => {
            shown = Some((m.channel_id.to_string(), m.id.to_string()));
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
    Ok(shown)
}

/// Public text for the interaction (or, after a private deferral, for the channel).
pub(super) async fn say_public(ctx: Context<'_>, text: String) -> Result<(), Error> {
    answer_everyone(ctx, &Answer::text(text)).await
}

/// The club runs a command in its own task (so that a slow one can be waited on while
/// the answer is deferred).
async fn club_task(club: Arc<Club>, who: Actor, cmd: Command) -> Result<Outcome, ClubError> {
    tokio::spawn(async move { club.execute(&who, cmd).await })
        .await
        .unwrap_or_else(|e| Err(club::Refusal::TaskFailed(e).into()))
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
pub(super) async fn tell(ctx: Context<'_>, text: impl Into<String>) -> Result<(), serenity::Error> {
    let text = clip(&text.into());
    rest_count::counted(
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await,
    )
    .map(|_| ())
}

/// Answers with an outcome or a refusal; returns the outcome when there was one.
pub(super) async fn reply(
    ctx: Context<'_>,
    result: Result<Outcome, ClubError>,
) -> Result<Option<Outcome>, Error> {
    match result {
        Err(ClubError::Refused(club::Refusal::MatchLength(n))) => {
            let e = club::Refusal::MatchLength(n);
            tell(ctx, format!("\u{26A0} {e}; for money play set money:true")).await?;
            Ok(None)
        }
        Err(e) => {
            tell(ctx, format!("\u{26A0} {e}")).await?;
            Ok(None)
        }
        Ok(out) => {
            // Drawing takes milliseconds, the pages' links a read or two; should it ever
            // take long, defer (privately).
            let data = ctx.data();
            let answer = or_defer(
                async {
                    let files = outcome_files(&out).await;
                    let viewer = actor(ctx);
                    Answer::linked_for(&out, files, &data.club, data.web.as_deref(), Some(&viewer))
                        .await
                },
                RENDER_WAIT,
                async || {
                    rest_count::count(&ctx.defer_ephemeral().await);
                },
            )
            .await
            .0;
            // The club has done what it said: from here on nothing may tell the player
            // that nothing changed. An answer Discord did not take goes to the channel.
            // The message that shows a match's board is kept: the digest links it.
            let board = out.match_id.filter(|_| out.board.is_some());
            match answer_shown(ctx, &answer, board.is_some()).await {
                Ok(Some((channel, message))) => {
                    if let Some(id) = board {
                        data.club.board_posted(id, &channel, &message).await;
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "the answer to a command carried out was not shown");
                    carried_out_anyway(&ctx.data().club, ctx.http(), ctx.channel_id(), &answer)
                        .await;
                }
            }
            // What other channels and players are owed went to the outbox with the
            // command; should that write have failed, it is posted from here.
            if !out.owed {
                announce(ctx.http(), ctx.channel_id(), &out).await;
                for n in out.notices.iter().filter(|_| !out.notices_owed) {
                    post_notice(ctx.http(), &ctx.data().dm_refused, n).await;
                }
            }
            Ok(Some(out))
        }
    }
}

/// After a command was carried out but its answer could not be given (the interaction's
/// reply failed), the answer is owed to the channel, saying so: written to the outbox and
/// posted from there (with its nonce, tried again as every row is), or posted from here
/// should that write fail. The player is never told that nothing changed.
pub(super) async fn carried_out_anyway(
    club: &Club,
    http: &serenity::Http,
    channel: serenity::ChannelId,
    answer: &Answer,
) {
    let text = clip(&format!(
        "{}\n(done: the answer to the command could not be shown, so it is posted here)",
        answer.content
    ));
    let owed = Notice {
        match_id: 0.into(),
        channel: channel.to_string(),
        user_id: String::new(),
        dm: false,
        text: text.clone(),
    };
    match club.owe(&[owed]).await {
        Ok(()) => return,
        Err(e) => {
            tracing::warn!(error = %e, "the answer to a command carried out not written to the outbox; posted directly");
        }
    }
    let message = answer.message().content(text);
    if let Err(e) = retry_transient!(channel.send_message(http, message.clone()).await) {
        tracing::warn!(error = %e, "the answer to a command carried out was not posted either");
    }
}

/// Posts an outcome's announcements for other channels (a league match's result in the
/// league's channel) there, unless that is where the answer went.
pub(super) async fn announce(http: &serenity::Http, here: serenity::ChannelId, out: &Outcome) {
    for (channel, text) in out.announce.iter().skip(out.announce_owed) {
        let Ok(id) = channel.parse::<u64>() else {
            continue;
        };
        let to = serenity::ChannelId::new(id);
        if to == here {
            continue;
        }
        let msg = Answer::text(clip(text)).message();
        if let Err(e) = retry_transient!(to.send_message(http, msg.clone()).await) {
            tracing::warn!(channel = id, error = %e, "announcement not posted");
        }
    }
}

/// A button click: the club command it names, answered like a slash command.
pub(super) async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let values = match &c.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    // A drill card's answer or a position of the day's: for the player alone.
    let drill = super::drill::drill_command(&c.data.custom_id, &values)
        .or_else(|| super::puzzle::puzzle_command(&c.data.custom_id, &values));
    let Some(cmd) = drill.clone().or_else(|| button_command(&c.data.custom_id)) else {
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
    if drill.is_some() {
        // A drill card's answer: for the player alone.
        return super::drill::on_drill_component(ctx, data, c, cmd).await;
    }
    let _answering = data.answering.enter(c.channel_id);
    let who = actor_of(&c.user, c.guild_id, c.channel_id);
    let work = club_task(Arc::clone(&data.club), who.clone(), cmd);
    let (result, defer) = or_defer(work, DEFER_AFTER, async || {
        rest_count::counted(c.defer(ctx).await)
    })
    .await;
    // A deferral Discord refused does not undo the club's work: go on and answer (or,
    // that failing, post in the channel).
    let mut deferred = deferral_made(defer);
    match result {
        Err(e) => super::clicker::tell_clicker(ctx, c, deferred, format!("\u{26A0} {e}")).await?,
        Ok(out) => {
            let files = if deferred {
                outcome_files(&out).await
            } else {
                let (files, defer) = or_defer(outcome_files(&out), RENDER_WAIT, async || {
                    rest_count::counted(c.defer(ctx).await)
                })
                .await;
                deferred = deferral_made(defer);
                files
            };
            let answer =
                Answer::linked_for(&out, files, &data.club, data.web.as_deref(), Some(&who)).await;
            let shown = if deferred {
                rest_count::counted(c.create_followup(ctx, answer.followup()).await)
                    .map(|m| Some((m.channel_id, m.id)))
            } else {
                rest_count::counted(
                    c.create_response(
                        ctx,
                        serenity::CreateInteractionResponse::Message(answer.response()),
                    )
                    .await,
                )
                .map(|()| None)
            };
            // The message that shows a match's board is kept: the digest links it (the
            // response names none, so it is read: one more request).
            if let (Ok(made), Some(id)) = (&shown, out.match_id.filter(|_| out.board.is_some())) {
                let made = match made {
                    Some(m) => Some(*m),
                    None => match rest_count::counted(c.get_response(ctx).await) {
                        Ok(m) => Some((m.channel_id, m.id)),
                        Err(e) => {
                            tracing::warn!(error = %e, "the answer's message not read; the board's link stays the channel's");
                            None
                        }
                    },
                };
                if let Some((channel, message)) = made {
                    data.club
                        .board_posted(id, &channel.to_string(), &message.to_string())
                        .await;
                }
            }
            if let Err(e) = shown {
                tracing::warn!(error = %e, "the answer to a click carried out was not shown");
                carried_out_anyway(&data.club, &ctx.http, c.channel_id, &answer).await;
            }
            if !out.owed {
                announce(&ctx.http, c.channel_id, &out).await;
                for n in out.notices.iter().filter(|_| !out.notices_owed) {
                    post_notice(&ctx.http, &data.dm_refused, n).await;
                }
            }
        }
    }
    Ok(())
}

/// Whether a deferral was made; one Discord refused is logged and counts as not made.
fn deferral_made<T>(defer: Option<Result<T, serenity::Error>>) -> bool {
    match defer {
        Some(Ok(_)) => true,
        Some(Err(e)) => {
            tracing::warn!(error = %e, "deferral refused; answering without it");
            false
        }
        None => false,
    }
}

/// Posts a notice at once, not from the outbox (whose write failed): in its channel
/// (mentioning its player, or for everyone there), and by direct message when he asked
/// for it, as the outbox's poster would, without a nonce.
pub(super) async fn post_notice(http: &serenity::Http, refused: &DmRefused, n: &Notice) {
    if let Ok((channel, msg)) = super::notice_post::notice_message(n) {
        if let Err(e) = retry_transient!(channel.send_message(http, msg.clone()).await) {
            tracing::warn!(match_id = n.match_id.get(), error = %e, "notice not posted");
        }
    }
    if n.dm && !n.user_id.is_empty() {
        if let club::Posted::Never(e) | club::Posted::Later(e) =
            super::notice_post::direct(http, refused, n, None).await
        {
            tracing::warn!(match_id = n.match_id.get(), error = %e, "direct message not sent");
        }
    }
}
