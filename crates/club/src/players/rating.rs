//! Ratings for players: the lines the end of a rated match adds to its outcome, `/rating`
//! and `/leaderboard`. The formula is `engine::rating`; the update itself runs inside the
//! store's commit that finishes the match (`store::record_match_end`), so a rating never
//! disagrees with the finished matches.

use crate::PlayerRefusal;
use crate::analysis::pr::{PR_MIN_MATCHES, PR_WINDOW, pr_summary};
use crate::analysis::pr_history::{all_prs, player_prs};
use crate::kernel::cause::rating_cause_words;
use crate::matches::loaded::Loaded;
use crate::{Actor, Chart, Club, ClubError, Outcome};
use engine::Ruleset;
use engine::rating::{Rating, format_change, format_rating};
use render::{Leaderboard, LeaderboardRow, RatingHistory, leaderboard_text};
use store::{PlayerRow, RatedMatch, RatedSide, ruleset_text};

/// How many of a player's last rating changes `/rating` lists.
pub const RATING_CHANGES_SHOWN: u32 = 10;

/// One player's change in words: `alice 1500.00 -> 1505.29 (+5.29)`.
#[must_use]
pub fn change_line(name: &str, side: &RatedSide) -> String {
    format!(
        "{name} {} -> {} ({})",
        format_rating(side.before.value),
        format_rating(side.after.value),
        format_change(side.delta)
    )
}

/// The winner's line, then the loser's.
pub(crate) fn change_lines(r: &RatedMatch, l: &Loaded) -> Vec<String> {
    let name = |id: i64| {
        if l.row.players[0] == id {
            l.names[0].as_str()
        } else {
            l.names[1].as_str()
        }
    };
    [&r.winner, &r.loser]
        .into_iter()
        .map(|s| change_line(name(s.player_id), s))
        .collect()
}

/// A player named in `/rating`: known on this platform, never created by asking.
pub(super) async fn rated_player(
    club: &Club,
    actor: &Actor,
    who: &str,
) -> Result<PlayerRow, ClubError> {
    let found = super::named::known_player(club, actor, who).await?;
    found.ok_or_else(|| {
        PlayerRefusal::NotRated {
            name: who.trim().to_string(),
        }
        .into()
    })
}

/// `/rating bot`: the bot has no rating (its matches are unrated: it plays at the level
/// chosen); the asker's record against it instead.
async fn bot_rating(club: &Club, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
    let mut lines = vec![
        "The bot has no rating: matches against it are unrated (it plays at the level you \
         choose). Your record against it:"
            .to_string(),
    ];
    let record = club.bot_record_lines(me, community).await?;
    if record.is_empty() {
        lines.push("no finished match against the bot yet".into());
    }
    lines.extend(record);
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

/// `/rating [player] [rules]`: the first line is exactly `Rating for <name>
/// (<ruleset>): <rating>, experience <n>`; then rank, record and the last changes; the
/// history as a chart.
pub(super) async fn rating_view(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    player: Option<&str>,
    ruleset: Option<Ruleset>,
) -> Result<Outcome, ClubError> {
    let ruleset = ruleset.unwrap_or(Ruleset::Standard);
    if let Some(p) = player
        && club.names_bot(actor, p)
    {
        return bot_rating(club, me, community).await;
    }
    let who = match player {
        Some(p) => rated_player(club, actor, p).await?,
        None => me.clone(),
    };
    let pool = ruleset_text(ruleset);
    let standing = club.store.rating(community, ruleset, who.id).await?;
    let rating = standing.as_ref().map_or(Rating::NEW, |s| s.row.rating);
    let mut lines = vec![format!(
        "Rating for {} ({pool}): {}, experience {}",
        who.display_name,
        format_rating(rating.value),
        rating.experience
    )];
    // Matches against the bot are unrated: their record, level by level.
    let against_bot = if ruleset == Ruleset::Standard {
        club.bot_record_lines(&who, community).await?
    } else {
        Vec::new()
    };
    let Some(s) = standing else {
        lines.push(format!(
            "No rated {pool} match in {} yet: everyone starts at {}",
            actor.community_name,
            format_rating(Rating::NEW.value)
        ));
        lines.extend(against_bot);
        return Ok(Outcome {
            lines,
            players: vec![crate::PlayerRef::new(community, who.id)],
            ..Outcome::default()
        });
    };
    lines.push(format!(
        "Rank {} of {} in {}; rated matches won {}, lost {}",
        s.rank, s.of, actor.community_name, s.row.won, s.row.lost
    ));
    // gnubg's PR over the last analysed matches, once there are enough of them.
    if ruleset == Ruleset::Standard
        && let Some(pr) = pr_summary(&player_prs(club, community, who.id).await?)
        && pr.matches >= PR_MIN_MATCHES
    {
        lines.push(pr.words());
    }
    let changes = club
        .store
        .rating_changes(community, ruleset, who.id, RATING_CHANGES_SHOWN)
        .await?;
    lines.push(format!(
        "Last {} change{}:",
        changes.len(),
        if changes.len() == 1 { "" } else { "s" }
    ));
    for c in &changes {
        lines.push(format!(
            "  match #{}, {} {} ({}{}{}{}): {} -> {} ({})",
            c.match_id,
            if c.won { "won against" } else { "lost to" },
            c.opponent,
            if ruleset == Ruleset::Welsh {
                "rated as "
            } else {
                ""
            },
            c.length,
            if c.length == 1 { " point" } else { " points" },
            rating_cause_words(c.cause.as_ref(), c.forfeit, c.won, &c.opponent),
            format_rating(c.before),
            format_rating(c.after),
            format_change(c.delta)
        ));
    }
    lines.extend(against_bot);
    let ratings = club
        .store
        .rating_history(community, ruleset, who.id)
        .await?;
    Ok(Outcome {
        lines,
        chart: Some(Chart::History(RatingHistory {
            name: who.display_name,
            ruleset,
            ratings,
        })),
        web: Some(crate::WebPage::Leaderboard(community.into())),
        players: vec![crate::PlayerRef::new(community, who.id)],
        ..Outcome::default()
    })
}

/// `/leaderboard [rules]`: the best ratings here with at least the configured
/// experience, as text and as a table.
pub(super) async fn leaderboard_view(
    club: &Club,
    actor: &Actor,
    community: i64,
    ruleset: Option<Ruleset>,
) -> Result<Outcome, ClubError> {
    let ruleset = ruleset.unwrap_or(Ruleset::Standard);
    let rows = club
        .store
        .leaderboard(community, ruleset, club.leaderboard_min_experience, 1000)
        .await?;
    // The PR column (standard only: gnubg's PR), for players with enough analysed matches.
    let prs = if ruleset == Ruleset::Standard {
        all_prs(club, community).await?
    } else {
        std::collections::HashMap::new()
    };
    let pr_of = |player: i64| {
        prs.get(&player)
            .and_then(|m| pr_summary(m))
            .filter(|s| s.matches >= PR_MIN_MATCHES)
            .and_then(|s| s.half_width.map(|h| (s.pr, h)))
    };
    let board = Leaderboard {
        server: actor.community_name.clone(),
        ruleset,
        rows: rows
            .into_iter()
            .zip(1u32..)
            .map(|(r, rank)| LeaderboardRow {
                rank,
                name: r.name,
                rating: r.rating.value,
                experience: r.rating.experience,
                won: r.won,
                lost: r.lost,
                pr: pr_of(r.player_id),
            })
            .collect(),
    };
    let with_pr = board.rows.iter().any(|r| r.pr.is_some());
    let mut lines: Vec<String> = leaderboard_text(&board)
        .lines()
        .map(str::to_string)
        .collect();
    if club.leaderboard_min_experience > 0 {
        lines.push(format!(
            "(players with experience {} or more)",
            club.leaderboard_min_experience
        ));
    }
    if with_pr {
        lines.push(format!(
            "(PR: over the last {PR_WINDOW} analysed matches, weighted by decisions, \
             \u{b1} its 95% interval; shown with {PR_MIN_MATCHES} or more)"
        ));
    }
    Ok(Outcome {
        lines,
        chart: Some(Chart::Leaderboard(board)),
        web: Some(crate::WebPage::Leaderboard(community.into())),
        ..Outcome::default()
    })
}
