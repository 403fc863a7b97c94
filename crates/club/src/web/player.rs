//! The web companion's player page (`docs/web.md`): one unguessable token per player per
//! community (kept in `web_links` with kind `player:<community id>`, target the player's
//! id), and what the page shows: the player's display name, rating and rank per ruleset
//! as `/rating` reads them with the rating's history for the chart, the record, the last
//! matches (each with its match page's token), the head-to-head against each opponent
//! (each finished match counted as `/h2h` counts it) and the analysed matches' average
//! error rate per ruleset (`/stats`'s figures), and the PR over the last analysed matches
//! with its interval and its chart over time. No server or Discord id appears.

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::Review;
use crate::WelshReview;
use crate::analysis::pr::{PR_WINDOW, pr_summary};
use crate::analysis::pr_history::player_prs;
use crate::players::h2h::finished_result;
use crate::rating_band;
use crate::web::links::is_token;
use crate::web::links::player_kind;
use engine::Ruleset;
use engine::rating::Rating;
use engine::rating::format_rating;
use render::{PrHistory, PrPoint, RatingHistory};
use std::collections::HashMap;

/// How many of the player's matches the page lists.
pub const RECENT_MATCHES: usize = 10;

/// The rulesets a player page shows a rating for, in order.
const RULESETS: [Ruleset; 2] = [Ruleset::Standard, Ruleset::Welsh];

/// A player's rating in one ruleset, as `/rating` reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub ruleset: Ruleset,
    /// The rating in words as `/rating` writes it (the starting one when there is no
    /// rated match).
    pub rating: String,
    /// Rated matches played (the rating's experience).
    pub experience: u32,
    /// The rank and the number of rated players, when the player has a rated match.
    pub rank: Option<(u32, u32)>,
    /// Rated matches won and lost.
    pub won: u32,
    pub lost: u32,
}

/// One of the player's matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerMatch {
    /// The token of the match's page; `None` once its link was revoked (then linked
    /// nowhere else).
    pub token: Option<String>,
    /// The opponent's display name.
    pub opponent: String,
    pub ruleset: Ruleset,
    /// `challenged`, `active`, `finished`, ...
    pub status: String,
    /// Whether the player won, once the match has a winner.
    pub won: Option<bool>,
    /// The result in words, once there is one.
    pub result: Option<String>,
}

/// The player's matches against one opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadToHead {
    /// The opponent's display name.
    pub opponent: String,
    /// Finished matches between them.
    pub matches: u32,
    /// Of which the player won.
    pub wins: u32,
}

/// The player's analysed matches in one ruleset (the stored analyses of the server, as
/// `/stats` reads them).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerAnalysis {
    pub ruleset: Ruleset,
    /// Analysed matches the player played.
    pub matches: u32,
    /// The average in words: gnubg's error rate (mEMG a decision, its band, PR) for
    /// standard matches; equity lost a decision, as gammonbot's Welsh player judged it,
    /// for Welsh ones.
    pub average: String,
}

/// A player as their web page shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerPage {
    /// The display name.
    pub name: String,
    /// One rating per ruleset.
    pub ratings: Vec<PlayerRating>,
    /// Finished matches won and lost (of the last 50 in the community, as `/games` reads
    /// them).
    pub won: u32,
    pub lost: u32,
    /// The last [`RECENT_MATCHES`] matches, newest first.
    pub recent: Vec<PlayerMatch>,
    /// Per opponent, most matches first (from the same matches as the record).
    pub head_to_head: Vec<HeadToHead>,
    /// Per ruleset with an analysed match of the player's, in [`RULESETS`] order.
    pub analyses: Vec<PlayerAnalysis>,
    /// gnubg's PR over his last analysed standard matches with its 95% interval, in
    /// words as `/stats` gives it (`None`: no analysed match); the chart is at
    /// [`player_pr_chart`].
    pub pr: Option<String>,
    /// His drill cards here, as `/drill stats` counts them (`None`: he has none).
    pub drills: Option<DrillProgress>,
}

/// A player's drill cards here, as `/drill stats` counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrillProgress {
    /// All his cards.
    pub cards: i64,
    /// Due now.
    pub due: i64,
    /// Learnt: recalled over [`crate::LEARNT_DAYS`] days or more.
    pub learnt: i64,
    /// Days in a row with a card answered, to today.
    pub streak: u32,
}

/// Player `user`'s drill cards in `community` at `now` (`None`: none).
async fn drill_progress(
    club: &Club,
    user: i64,
    community: i64,
) -> Result<Option<DrillProgress>, ClubError> {
    use crate::practice::drill_schedule::{LEARNT_DAYS, streak};
    let now = club.clock.now();
    let c = club
        .store
        .drill_counts(user, community, now, LEARNT_DAYS)
        .await?;
    if c.cards == 0 {
        return Ok(None);
    }
    let days = club.store.drill_days(user, community, 3650).await?;
    Ok(Some(DrillProgress {
        cards: c.cards,
        due: c.due,
        learnt: c.learnt,
        streak: streak(&days, now),
    }))
}

/// The average of the player's figures in each ruleset's stored analyses.
fn analysis_averages(results: &[String], user: i64) -> Vec<PlayerAnalysis> {
    let (mut standard, mut welsh) = (Vec::new(), Vec::new());
    for text in results {
        if let Ok(r) = serde_json::from_str::<Review>(text) {
            if let Some(i) = r.player_ids.iter().position(|&p| p == user) {
                standard.push((r.players[i].error_rate, r.players[i].pr));
            }
        } else if let Ok(r) = serde_json::from_str::<WelshReview>(text)
            && let Some(i) = r.player_ids.iter().position(|&p| p == user)
        {
            welsh.push(r.players[i].per_decision());
        }
    }
    let mut out = Vec::new();
    if !standard.is_empty() {
        let n = standard.len() as f64;
        let rate = standard.iter().map(|f| f.0).sum::<f64>() / n;
        let pr = standard.iter().map(|f| f.1).sum::<f64>() / n;
        out.push(PlayerAnalysis {
            ruleset: Ruleset::Standard,
            matches: u32::try_from(standard.len()).unwrap_or(u32::MAX),
            average: format!(
                "average error rate {rate:.1} mEMG ({}), PR {pr:.1}",
                rating_band(rate / 1000.0)
            ),
        });
    }
    if !welsh.is_empty() {
        let lost = welsh.iter().sum::<f64>() / welsh.len() as f64;
        out.push(PlayerAnalysis {
            ruleset: Ruleset::Welsh,
            matches: u32::try_from(welsh.len()).unwrap_or(u32::MAX),
            average: format!(
                "average equity lost {lost:.3} a decision (judged by gammonbot's Welsh player)"
            ),
        });
    }
    out
}

/// Revokes the link of `actor`'s own player page on their server: a new token replaces
/// it (answered), kept private (`/web private off` shares it again), and the old one
/// finds nothing from now on.
pub(super) async fn revoke_player_link_by(club: &Club, actor: &Actor) -> Result<String, ClubError> {
    let (me, community) = club.me(actor).await?;
    let token = super::links::replace_web_link(club, &player_kind(community), me.id, true).await?;
    tracing::info!(player = me.id, "a player revoked their page's link");
    Ok(token)
}

/// `/web private on|off`: `actor`'s player page on their server kept off every other page
/// and answer (`private`), or linked again; its link itself does not change. Answers in
/// words what it now does.
pub(super) async fn set_player_private(
    club: &Club,
    actor: &Actor,
    private: bool,
) -> Result<String, ClubError> {
    let (me, community) = club.me(actor).await?;
    let token = super::links::new_token()?;
    club.store
        .set_web_hidden(
            &player_kind(community),
            me.id,
            &token,
            private,
            club.clock.now(),
        )
        .await?;
    tracing::info!(player = me.id, private, "a player set their page's privacy");
    Ok(if private {
        "Your player page is private now: other pages and answers (the leaderboard, other \
         players' pages, the league pages, answers to others) show your name with no link \
         to it; your own answers still give you the link. Whoever already has the link can \
         still open the page: `/web revoke player` makes a new one."
            .into()
    } else {
        "Your player page is shared again: the leaderboard, the league pages and answers \
         about you link it."
            .into()
    })
}

/// The player page whose token is `token`, if any.
pub(super) async fn resolve_player_link(
    club: &Club,
    token: &str,
) -> Result<Option<PlayerPage>, ClubError> {
    match player_target(club, token).await? {
        Some((community, user)) => Ok(Some(player_page(club, community, user).await?)),
        None => Ok(None),
    }
}

/// The rating history in `ruleset` of the player whose page's token is `token`, for
/// the page's chart; `None` for a token that finds no player, or a player without a
/// rated match in `ruleset`.
pub(super) async fn player_rating_chart(
    club: &Club,
    token: &str,
    ruleset: Ruleset,
) -> Result<Option<RatingHistory>, ClubError> {
    let Some((community, user)) = player_target(club, token).await? else {
        return Ok(None);
    };
    let ratings = club.store.rating_history(community, ruleset, user).await?;
    if ratings.is_empty() {
        return Ok(None);
    }
    let name = club.store.player_by_id(user).await?.display_name;
    Ok(Some(RatingHistory {
        name,
        ruleset,
        ratings,
    }))
}

/// The community and player of player page token `token`, if it is one.
async fn player_target(club: &Club, token: &str) -> Result<Option<(i64, i64)>, ClubError> {
    if !is_token(token) {
        return Ok(None);
    }
    let Some((kind, user)) = club.store.web_link(token).await? else {
        return Ok(None);
    };
    Ok(kind
        .strip_prefix("player:")
        .and_then(|c| c.parse::<i64>().ok())
        .map(|community| (community, user)))
}

/// What the page of player `user` in community `community` shows.
async fn player_page(club: &Club, community: i64, user: i64) -> Result<PlayerPage, ClubError> {
    let me = club.store.player_by_id(user).await?;
    let mut ratings = Vec::new();
    for ruleset in RULESETS {
        let standing = club.store.rating(community, ruleset, user).await?;
        ratings.push(match standing {
            Some(s) => PlayerRating {
                ruleset,
                rating: format_rating(s.row.rating.value),
                experience: s.row.rating.experience,
                rank: Some((s.rank, s.of)),
                won: s.row.won,
                lost: s.row.lost,
            },
            None => PlayerRating {
                ruleset,
                rating: format_rating(Rating::NEW.value),
                experience: 0,
                rank: None,
                won: 0,
                lost: 0,
            },
        });
    }
    let rows = club.store.matches_of(user, community, false).await?;
    let mut names: HashMap<i64, String> = HashMap::new();
    let mut h2h: Vec<(i64, HeadToHead)> = Vec::new();
    let (mut won, mut lost) = (0, 0);
    let mut recent = Vec::new();
    for row in &rows {
        let other = if row.players[0] == user {
            row.players[1]
        } else {
            row.players[0]
        };
        let opponent = match names.get(&other) {
            Some(n) => n.clone(),
            None => {
                let n = club.store.player_by_id(other).await?.display_name;
                names.insert(other, n.clone());
                n
            }
        };
        let result = row.winner.map(|w| w == user);
        if let Some((_, w)) = finished_result(row, user) {
            if w {
                won += 1;
            } else {
                lost += 1;
            }
            let at = match h2h.iter().position(|(id, _)| *id == other) {
                Some(i) => i,
                None => {
                    h2h.push((
                        other,
                        HeadToHead {
                            opponent: opponent.clone(),
                            matches: 0,
                            wins: 0,
                        },
                    ));
                    h2h.len() - 1
                }
            };
            h2h[at].1.matches += 1;
            h2h[at].1.wins += u32::from(w);
        }
        if recent.len() < RECENT_MATCHES {
            recent.push(PlayerMatch {
                token: super::links::shown_match_link(club, row.id).await?,
                opponent,
                ruleset: row.ruleset,
                status: row.status.to_string(),
                won: result,
                result: row.result.clone(),
            });
        }
    }
    let mut head_to_head: Vec<HeadToHead> = h2h.into_iter().map(|(_, h)| h).collect();
    head_to_head.sort_by_key(|h| std::cmp::Reverse(h.matches));
    // As /stats counts them: not the matches where hints were allowed.
    let mut results: Vec<String> = Vec::new();
    for row in club.store.analyses_done_in(community).await? {
        if let Some(result) = row.result
            && !crate::analysis::stats::match_allowed_hints(club, row.match_id).await?
        {
            results.push(result);
        }
    }
    let pr = pr_summary(&player_prs(club, community, user).await?).map(|s| s.words());
    Ok(PlayerPage {
        name: me.display_name,
        ratings,
        won,
        lost,
        recent,
        head_to_head,
        analyses: analysis_averages(&results, user),
        pr,
        drills: drill_progress(club, user, community).await?,
    })
}

/// The PR history of the player whose page's token is `token`, for the page's chart:
/// each analysed standard match's PR, and the PR over the last matches up to it with its
/// interval (as `/stats` computes it at that point); `None` for a token that finds no
/// player, or a player with no analysed match.
pub(super) async fn player_pr_chart(
    club: &Club,
    token: &str,
) -> Result<Option<PrHistory>, ClubError> {
    let Some((community, user)) = player_target(club, token).await? else {
        return Ok(None);
    };
    let series = player_prs(club, community, user).await?;
    let points: Vec<PrPoint> = (0..series.len())
        .filter_map(|i| {
            let s = pr_summary(&series[..=i])?;
            Some(PrPoint {
                pr: series[i].pr,
                rolling: s.pr,
                band: s.half_width.map(|h| (s.pr - h, s.pr + h)),
            })
        })
        .collect();
    if points.is_empty() {
        return Ok(None);
    }
    let name = club.store.player_by_id(user).await?.display_name;
    Ok(Some(PrHistory {
        name,
        window: PR_WINDOW,
        points,
    }))
}
