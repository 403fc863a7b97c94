//! A league's matches posted on Discord, each with its two players mentioned: in a
//! thread of its own ("Match #N", the match moved there) when the server keeps a thread
//! per match, else in the league's channel. `/league start` posts them at once; a season
//! the sweep started (a recurring league's, a knockout's after its check-in) is posted
//! the same way by the outbox's poster, from the matches the club says are owed.

use poise::serenity_prelude as serenity;

use club::{Actor, Club, LeaguePost};

/// The most matches a start posts one by one (a thread or a post each); the others are
/// in `/league fixtures`.
const MAX_POSTS: usize = 32;

/// Who moves a match into its thread: the organiser who typed `/league start`, or the
/// sweep that started the season.
pub(super) enum Mover<'a> {
    Organiser(&'a Actor),
    Sweep,
}

/// Posts `posts` from `channel`: each in a new thread when `threads`, else in the
/// channel; at most [`MAX_POSTS`], then a line saying how many more.
pub(super) async fn post_league_matches(
    http: &serenity::Http,
    club: &Club,
    posts: &[LeaguePost],
    channel: serenity::ChannelId,
    threads: bool,
    mover: Mover<'_>,
) {
    for p in posts.iter().take(MAX_POSTS) {
        let ids: Vec<Option<serenity::UserId>> = p
            .user_ids
            .iter()
            .map(|u| u.parse::<u64>().ok().map(serenity::UserId::new))
            .collect();
        let mention = |i: usize| ids[i].map_or_else(|| p.names[i].clone(), |u| format!("<@{u}>"));
        let text = format!(
            "League {}, {}: match #{}, {} (X) v {} (O); /board match:{} shows it",
            p.league,
            p.round,
            p.match_id,
            mention(0),
            mention(1),
            p.match_id
        );
        let msg = serenity::CreateMessage::new()
            .content(text)
            .allowed_mentions(
                serenity::CreateAllowedMentions::new().users(ids.iter().flatten().copied()),
            );
        let mut target = channel;
        if threads {
            let thread = channel
                .create_thread(
                    http,
                    serenity::CreateThread::new(format!("Match #{}", p.match_id))
                        .kind(serenity::ChannelType::PublicThread),
                )
                .await;
            match thread {
                Ok(t) => {
                    let thread_id = t.id.to_string();
                    let moved = match mover {
                        Mover::Organiser(who) => {
                            club.move_league_match(who, Some(&p.league), p.match_id, &thread_id)
                                .await
                        }
                        Mover::Sweep => club.move_owed_league_match(p.match_id, &thread_id).await,
                    };
                    match moved {
                        Ok(()) => target = t.id,
                        Err(e) => {
                            tracing::warn!(error = %e, "league match not moved to its thread")
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "no thread for a league match"),
            }
        }
        if let Err(e) = super::rest_count::counted(target.send_message(http, msg).await) {
            tracing::warn!(match_id = p.match_id.get(), error = %e, "league match not posted");
        }
    }
    if posts.len() > MAX_POSTS {
        let more = format!(
            "... and {} more matches: /league fixtures lists them",
            posts.len() - MAX_POSTS
        );
        if let Err(e) = super::rest_count::counted(channel.say(http, more).await) {
            tracing::warn!(error = %e, "league matches summary not posted");
        }
    }
}
