//! `/challenge` and its answers (`/accept`, `/decline`, `/cancel`), and `/play-bot` (a
//! challenge to the bot itself: GNU Backgammon, or its own Welsh player with
//! `rules:welsh`). The challenge's options are converted into the club's
//! `ChallengeOptions`; the club checks them.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::autocomplete::autocomplete_match;
use super::choices::{
    LevelChoice, Rules, WelshLevelChoice, Who, bot_level_of, m, parse_amount, ruleset_of,
};
use crate::discord::context::{Context, Error, actor};
use crate::discord::reply::{reply, run, tell};
use club::{
    ChallengeOp, ChallengeOption, ChallengeOptions, ClubError, Command, DAY, Span, Starter,
    TermsError,
};

/// Challenge a player to a backgammon match (standard or Welsh).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play"] opponent: serenity::User,
    #[description = "Standard (default) or Welsh backgammon"] rules: Option<Rules>,
    #[description = "Points to win (standard, default 7) or games (Welsh, default 25)"]
    #[min = 1]
    #[max = 99]
    length: Option<u32>,
    #[description = "Standard money play instead of a match"] money: Option<bool>,
    #[description = "Match play: the Crawford rule (default on)"] crawford: Option<bool>,
    #[description = "Match play: the Holland rule after the Crawford game (default off)"]
    holland: Option<bool>,
    #[description = "Money play: the Jacoby rule (default on)"] jacoby: Option<bool>,
    #[description = "Money play: beavers allowed"] beavers: Option<bool>,
    #[description = "Money play: raccoons allowed (needs beavers)"] raccoons: Option<bool>,
    #[description = "Money play: most automatic doubles on opening ties"]
    #[min = 0]
    #[max = 8]
    auto_doubles: Option<u8>,
    #[description = "Money play: stake per point, like 1.50"]
    #[max_length = 20]
    stake: Option<String>,
    #[description = "Hours for each decision (default 48)"]
    #[min = 0]
    #[max = 720]
    move_hours: Option<u32>,
    #[description = "Days of time bank (default 5)"]
    #[min = 0]
    #[max = 60]
    bank_days: Option<u32>,
    #[description = "Welsh: the 70-minute play clock for a live game"] live_clock: Option<bool>,
    #[description = "Rated: the result moves both ratings (default on; off: a friendly match)"]
    rated: Option<bool>,
    #[description = "Hours before an unanswered challenge expires (default 168)"]
    #[min = 1]
    #[max = 1440]
    expires_hours: Option<u32>,
    #[description = "Against this bot: GNU Backgammon's level"] level: Option<LevelChoice>,
    #[description = "Practice: /hint allowed, never rated (both players agree)"] practice: Option<
        bool,
    >,
    #[description = "Practice: told after a poor play or cube action, and /undo it once"]
    tutor: Option<bool>,
    #[description = "Against this bot in Welsh: its Welsh player's level (default strong)"]
    welsh_level: Option<WelshLevelChoice>,
) -> Result<(), Error> {
    let _answering = ctx.data().answering.enter(ctx.channel_id());
    let level = match bot_level_of(level, welsh_level) {
        Ok(l) => l,
        Err(e) => return reply(ctx, Err(e)).await.map(|_| ()),
    };
    let stake = match stake.map(|s| parse_amount(&s).ok_or(s)).transpose() {
        Ok(a) => a,
        Err(s) => {
            return reply(
                ctx,
                // Free text: the option as this command spells it.
                Err(club::Refusal::Other(format!(
                    "stake: `{}` is not an amount like 1.50",
                    engine::excerpt(&s)
                ))
                .into()),
            )
            .await
            .map(|_| ());
        }
    };
    let hours = |h: u32| Span(i64::from(h) * 3600);
    let options = ChallengeOptions {
        ruleset: rules.map(ruleset_of),
        length,
        money,
        crawford,
        holland,
        jacoby,
        beavers,
        raccoons,
        auto_doubles,
        stake,
        per_move: move_hours.map(hours),
        bank: bank_days.map(|d| Span(i64::from(d) * DAY)),
        remind_before: None,
        live_clock,
        rated,
        expires: expires_hours.map(hours),
        level,
        practice,
        tutor,
    };
    // The club checks the options (those that do not apply are refused, not dropped).
    let spec = match options.terms() {
        Ok(spec) => spec,
        Err(e) => return reply(ctx, Err(refused(e))).await.map(|_| ()),
    };
    // The opponent is made known in the same (possibly deferred) work as the challenge.
    let result = crate::discord::reply::execute_introducing(
        ctx,
        &opponent,
        Command::Challenge(ChallengeOp::New {
            opponent: opponent.id.to_string(),
            spec,
        }),
    )
    .await;
    post_challenge(ctx, result).await
}

/// Play the bot (GNU Backgammon; its Welsh player with rules:welsh): it accepts at once.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, rename = "play-bot")]
pub async fn play_bot(
    ctx: Context<'_>,
    #[description = "GNU Backgammon's level"] level: Option<LevelChoice>,
    #[description = "Points to win (default 7; Welsh: games, default 25)"]
    #[min = 1]
    #[max = 99]
    length: Option<u32>,
    #[description = "Money play instead of a match (no stake)"] money: Option<bool>,
    #[description = "Match play: the Crawford rule (default on)"] crawford: Option<bool>,
    #[description = "Match play: the Holland rule after the Crawford game (default off)"]
    holland: Option<bool>,
    #[description = "Money play: the Jacoby rule (default on)"] jacoby: Option<bool>,
    #[description = "Money play: beavers allowed"] beavers: Option<bool>,
    #[description = "The tutor: told after a poor play or cube action, and /undo it once"]
    tutor: Option<bool>,
    #[description = "Hours for each of your decisions (default 48)"]
    #[min = 0]
    #[max = 720]
    move_hours: Option<u32>,
    #[description = "Days of time bank (default 5)"]
    #[min = 0]
    #[max = 60]
    bank_days: Option<u32>,
    #[description = "Standard (default, GNU Backgammon) or Welsh (the bot's own Welsh player)"]
    rules: Option<Rules>,
    #[description = "Welsh: the Welsh player's level (default strong)"] welsh_level: Option<
        WelshLevelChoice,
    >,
) -> Result<(), Error> {
    let _answering = ctx.data().answering.enter(ctx.channel_id());
    let level = match bot_level_of(level, welsh_level) {
        Ok(l) => l,
        Err(e) => return reply(ctx, Err(e)).await.map(|_| ()),
    };
    let Some(bot) = ctx.data().club.bot_user_id("discord") else {
        tell(
            ctx,
            "\u{26A0} the bot is still connecting; try again in a moment",
        )
        .await?;
        return Ok(());
    };
    let options = ChallengeOptions {
        ruleset: rules.map(ruleset_of),
        length,
        money,
        crawford,
        holland,
        jacoby,
        beavers,
        per_move: move_hours.map(|h| Span(i64::from(h) * 3600)),
        bank: bank_days.map(|d| Span(i64::from(d) * DAY)),
        level,
        tutor,
        ..ChallengeOptions::default()
    };
    let spec = match options.terms() {
        Ok(spec) => spec,
        Err(e) => return reply(ctx, Err(refused(e))).await.map(|_| ()),
    };
    let result = crate::discord::reply::execute(
        ctx,
        Command::Challenge(ChallengeOp::New {
            opponent: bot,
            spec,
        }),
    )
    .await;
    post_challenge(ctx, result).await
}

/// Answers a challenge: in the match's own thread when the server plays in threads (the
/// challenge posted there), else as any reply.
async fn post_challenge(
    ctx: Context<'_>,
    result: Result<club::Outcome, ClubError>,
) -> Result<(), Error> {
    let club = Arc::clone(&ctx.data().club);
    let threads = club.match_threads(&actor(ctx), None).await.unwrap_or(false);
    match (result, ctx.guild_id()) {
        (Ok(out), Some(_)) if threads => {
            // The challenge is saved: a thread Discord would not make (or post in) does
            // not undo it, and nobody is told that nothing changed; the answer goes here.
            if let Err(e) = in_thread(ctx, &club, &out).await {
                tracing::warn!(error = %e, "the challenge's thread failed; answering here");
                return reply(ctx, Ok(out)).await.map(|_| ());
            }
            Ok(())
        }
        (result, _) => reply(ctx, result).await.map(|_| ()),
    }
}

/// Posts a saved challenge in a thread of its own: the thread made, the match moved to
/// it, the challenge posted there, a pointer to it here.
async fn in_thread(
    ctx: Context<'_>,
    club: &Arc<club::Club>,
    out: &club::Outcome,
) -> Result<(), Error> {
    // The match gets its own thread; the challenge is posted there.
    let id = out.match_id.unwrap_or(club::MatchNo::from(0));
    let name = format!("Match #{id}");
    let thread = ctx
        .channel_id()
        .create_thread(
            ctx,
            serenity::CreateThread::new(name).kind(serenity::ChannelType::PublicThread),
        )
        .await?;
    club.move_to_channel(&actor(ctx), id, &thread.id.to_string())
        .await?;
    // The bot's move, should it come meanwhile, goes to the thread too.
    ctx.data().answering.moved(id.get(), thread.id);
    thread
        .id
        .send_message(
            ctx,
            crate::discord::answer::Answer::linked(
                out,
                crate::discord::answer::outcome_files(out).await,
                &ctx.data().club,
                ctx.data().web.as_deref(),
            )
            .await
            .message(),
        )
        .await?;
    // The challenged player's direct message, when he asked for them, is in the outbox.
    crate::discord::reply::say_public(ctx, format!("Match #{id} is played in <#{}>", thread.id))
        .await?;
    Ok(())
}

/// Accept a challenge (Welsh: you are the guest and may choose who shakes first).
#[poise::command(slash_command)]
pub async fn accept(
    ctx: Context<'_>,
    #[description = "Welsh: who shakes for the first call (default: your challenger)"]
    shaker: Option<Who>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let cmd = match shaker {
        None => Command::Challenge(ChallengeOp::Accept(m(id))),
        Some(Who::Me) => Command::Challenge(ChallengeOp::AcceptShaking(m(id), Starter::Me)),
        Some(Who::Opponent) => {
            Command::Challenge(ChallengeOp::AcceptShaking(m(id), Starter::Opponent))
        }
    };
    run(ctx, cmd).await
}
simple!(decline, "Decline a challenge.", Challenge(Decline));
simple!(cancel, "Withdraw a challenge you made.", Challenge(Cancel));

/// The club's refusal of an option, named as `/challenge` names it.
fn refused(e: TermsError) -> ClubError {
    use ChallengeOption as O;
    let name = match e.option {
        O::Rules => "rules",
        O::Length => "length",
        O::Money => "money",
        O::Crawford => "crawford",
        O::Holland => "holland",
        O::Jacoby => "jacoby",
        O::Beavers => "beavers",
        O::Raccoons => "raccoons",
        O::AutoDoubles => "auto_doubles",
        O::Stake => "stake",
        O::MoveTime => "move_hours",
        O::Bank => "bank_days",
        O::LiveClock => "live_clock",
        O::Rated => "rated",
        O::Expires => "expires_hours",
        O::Level => "level",
        O::Practice => "practice",
        O::Tutor => "tutor",
        // Not an option of this command.
        O::Remind => return e.error,
    };
    match e.error {
        ClubError::Refused(club::Refusal::Terms(why)) => {
            club::Refusal::NamedOption { option: name, why }.into()
        }
        other => other,
    }
}
