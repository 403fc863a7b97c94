//! `/analyse` and `/stats` on Discord. `/analyse` answers with a private deferral, edited
//! as the job moves (`analysing game 2 of 5`) until it ends; the result itself is posted
//! in the match's channel by [`spawn_reports`], mentioning both players, with the
//! pictures of the worst decisions attached; so is the verdict of a match analysed by
//! itself as it ended (`/server analysis:`, [`AnalysisSetting`]).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::context::{Context, Error, actor};
use super::reply::run;
use club::{AnalysisEvent, AnalysisReport, Chart, Club, Command, Look, MatchNo, MatchRef};
use render::{BlunderBoard, blunder_alt_text, blunder_png};

/// `/server analysis:`: which finished matches are analysed by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum AnalysisSetting {
    /// Every rated, league or bot match, and money sessions when they stop.
    #[name = "auto"]
    Auto,
    /// League matches only.
    #[name = "league"]
    League,
    /// None: only `/analyse`.
    #[name = "off"]
    Off,
}

impl From<AnalysisSetting> for club::AutoAnalysis {
    fn from(s: AnalysisSetting) -> club::AutoAnalysis {
        match s {
            AnalysisSetting::Auto => club::AutoAnalysis::Auto,
            AnalysisSetting::League => club::AutoAnalysis::League,
            AnalysisSetting::Off => club::AutoAnalysis::Off,
        }
    }
}

/// How long `/analyse` keeps editing its answer (an interaction token lasts 15 minutes).
const FOLLOW_FOR: Duration = Duration::from_secs(14 * 60);

/// The pictures of the worst decisions, drawn off the async runtime.
async fn blunder_files(
    match_id: MatchNo,
    boards: Vec<BlunderBoard>,
) -> Vec<serenity::CreateAttachment> {
    tokio::task::spawn_blocking(move || {
        boards
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                let png = blunder_png(b).ok()?;
                let alt: String = blunder_alt_text(b).chars().take(1000).collect();
                Some(
                    serenity::CreateAttachment::bytes(
                        png,
                        format!("analysis-{match_id}-{}.png", i + 1),
                    )
                    .description(alt),
                )
            })
            .collect()
    })
    .await
    .unwrap_or_default()
}

fn content(lines: &[String]) -> String {
    let mut s = String::new();
    for l in lines {
        if s.len() + l.len() > 1900 {
            s.push_str("...");
            break;
        }
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// Review of a finished match (money: games so far) by gnubg; Welsh: by gammonbot's Welsh
/// player.
#[poise::command(slash_command)]
pub async fn analyse(
    ctx: Context<'_>,
    #[description = "Match number (default: your open match, else your last finished one)"]
    r#match: Option<i64>,
) -> Result<(), Error> {
    super::rest_count::counted(ctx.defer_ephemeral().await)?;
    let club = Arc::clone(&ctx.data().club);
    // Listening before asking, so that no progress is missed.
    let mut events = club.analysis_events();
    let cmd = Command::Analyse(MatchRef {
        id: r#match.map(MatchNo::from),
        version: None,
    });
    let out = club.execute(&actor(ctx), cmd).await;
    super::reply::mark_carried_out(ctx, &out).await;
    let out = match out {
        Ok(out) => out,
        Err(e) => {
            super::rest_count::counted(
                ctx.send(poise::CreateReply::default().content(format!("\u{26A0} {e}")))
                    .await,
            )?;
            return Ok(());
        }
    };
    let id = out.match_id;
    if let Some(Chart::Blunders(boards)) = out.chart.clone() {
        // The stored analysis, at once.
        let mut reply = poise::CreateReply::default().content(content(&out.lines));
        for f in blunder_files(id.unwrap_or(MatchNo::from(0)), boards).await {
            reply = reply.attachment(f);
        }
        super::rest_count::counted(ctx.send(reply).await)?;
        return Ok(());
    }
    // The deferred answer itself is edited (`@original`), first with the place in the queue.
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let edit = async |text: String| {
        app.interaction
            .edit_response(ctx.http(), super::answer::Answer::text(text).edit())
            .await
    };
    edit(content(&out.lines)).await?;
    let deadline = tokio::time::Instant::now() + FOLLOW_FOR;
    loop {
        let next = tokio::select! {
            e = tokio::time::timeout_at(deadline, events.recv()) => e,
            () = club.stopping() => {
                let m = id.unwrap_or(MatchNo::from(0));
                edit(format!(
                    "The bot is restarting: the analysis of match #{m} is queued again, and its \
                     result will be posted in <#{}> when it is done.",
                    ctx.channel_id()
                ))
                .await?;
                return Ok(());
            }
        };
        let text = match next {
            Ok(Ok(AnalysisEvent::Progress {
                match_id,
                game,
                games,
                ..
            })) if Some(match_id) == id => {
                format!("Match #{match_id}: analysing game {game} of {games}")
            }
            Ok(Ok(AnalysisEvent::Finished(r))) if Some(r.match_id) == id => {
                let text = if r.failed {
                    format!(
                        "The analysis of match #{} did not finish; the players were told in <#{}>.",
                        r.match_id, r.channel
                    )
                } else {
                    format!(
                        "Match #{} is analysed: the result is posted in <#{}>.",
                        r.match_id, r.channel
                    )
                };
                edit(text).await?;
                return Ok(());
            }
            Ok(Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => continue,
            _ => return Ok(()),
        };
        edit(text).await?;
    }
}

/// A player's average error rate and PR over his analysed matches on this server.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose figures (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let player = match player {
        Some(u) => {
            let name = u.global_name.clone().unwrap_or_else(|| u.name.clone());
            ctx.data()
                .club
                .introduce("discord", &u.id.to_string(), &name)
                .await?;
            Some(u.id.to_string())
        }
        None => None,
    };
    run(ctx, Command::Look(Look::Stats(player))).await
}

/// Starts the analysis workers; the task ends once they have (the club stopped). Each
/// finished job's report is owed in the outbox, whose poster posts it ([`report_message`]).
pub(super) fn spawn_reports(club: &Arc<Club>) -> tokio::task::JoinHandle<()> {
    let workers = Arc::clone(club).spawn_analysis();
    tokio::spawn(async move {
        for w in workers {
            let _ = w.await;
        }
    })
}

/// A finished job's report as a message for its match's channel: both players mentioned,
/// the pictures of the worst decisions attached.
pub(super) async fn report_message(r: &AnalysisReport) -> serenity::CreateMessage {
    let users: Vec<serenity::UserId> = r
        .mentions
        .iter()
        .filter_map(|m| m.parse::<u64>().ok())
        .map(serenity::UserId::new)
        .collect();
    let files = blunder_files(r.match_id, r.boards.clone()).await;
    serenity::CreateMessage::new()
        .content(content(&mention_players(r)))
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(users))
        .add_files(files)
}

/// The report's lines with the players' names that open the first line put as mentions.
fn mention_players(r: &AnalysisReport) -> Vec<String> {
    let mut lines = r.lines.clone();
    let to = r.names.join(" ");
    let mentions: Vec<String> = r.mentions.iter().map(|id| format!("<@{id}>")).collect();
    if let Some(first) = lines.first_mut()
        && !to.is_empty()
        && let Some(rest) = first.strip_prefix(&to)
        && rest.starts_with(':')
    {
        *first = format!("{}{rest}", mentions.join(" "));
    }
    lines
}
