//! An answer for everyone, built once from an outcome (its text, files, buttons and
//! mentions) and converted for each way it goes out: the interaction's reply, a message
//! in the channel (after a private deferral, or in a match's thread), a button's response
//! or followup, an edit of a deferred response. No path can drop a part of it.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;
use render::{
    alt_text, history_alt_text, history_png, leaderboard_alt_text, leaderboard_png, render_png,
};
use render::{bracket_alt_text, bracket_png, standings_alt_text, standings_png};

use super::buttons::buttons;
use club::{Actor, Chart, Club, Outcome, PageKind};

/// What everyone is shown.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    pub content: String,
    /// The board, the chart, a file to download.
    pub files: Vec<serenity::CreateAttachment>,
    pub components: Vec<serenity::CreateActionRow>,
    /// Whom the content may ping (`None`: Discord's default).
    pub mentions: Option<serenity::CreateAllowedMentions>,
}

impl Answer {
    /// Text alone.
    pub fn text(content: impl Into<String>) -> Answer {
        Answer {
            content: content.into(),
            ..Answer::default()
        }
    }

    /// An outcome's text, buttons and mentions with `files` (see [`outcome_files`]).
    pub fn of(out: &Outcome, files: Vec<serenity::CreateAttachment>) -> Answer {
        Answer {
            content: outcome_content(out),
            files,
            components: buttons(out),
            mentions: Some(mentions(out)),
        }
    }

    /// [`Answer::of`], and when `web` (the web pages' public address) is set and the
    /// outcome shows a match's or a chouette's board (or is about a player), a link button
    /// to its page beside its other buttons (or in a row of its own when theirs is full);
    /// likewise to the league's or the leaderboard's page when the outcome is about one
    /// (`web_page`). An answer to no one in particular (the bot's move): a page kept
    /// private is not linked ([`Answer::linked_for`]).
    pub async fn linked(
        out: &Outcome,
        files: Vec<serenity::CreateAttachment>,
        club: &Club,
        web: Option<&str>,
    ) -> Answer {
        Answer::linked_for(out, files, club, web, None).await
    }

    /// [`Answer::linked`] in the answer to `viewer`: their own player page is linked even
    /// while they keep it private; another's kept private is not, nor a match's revoked.
    pub async fn linked_for(
        out: &Outcome,
        files: Vec<serenity::CreateAttachment>,
        club: &Club,
        web: Option<&str>,
        viewer: Option<&Actor>,
    ) -> Answer {
        let mut a = Answer::of(out, files);
        let mut links: Vec<serenity::CreateButton> = [
            page_button(out, club, web, viewer).await,
            crate::discord::web_page::page_link(out, club, web).await,
        ]
        .into_iter()
        .flatten()
        .collect();
        links.extend(player_buttons(out, club, web, viewer).await);
        for link in links {
            match a.components.last_mut() {
                Some(serenity::CreateActionRow::Buttons(b)) if b.len() < 5 => b.push(link),
                _ => a
                    .components
                    .push(serenity::CreateActionRow::Buttons(vec![link])),
            }
        }
        a
    }

    /// As the interaction's reply (poise).
    pub fn reply(&self) -> poise::CreateReply {
        let mut r = poise::CreateReply::default()
            .content(self.content.clone())
            .components(self.components.clone());
        if let Some(m) = &self.mentions {
            r = r.allowed_mentions(m.clone());
        }
        for f in &self.files {
            r = r.attachment(f.clone());
        }
        r
    }

    /// As a message in a channel.
    pub fn message(&self) -> serenity::CreateMessage {
        let mut m = serenity::CreateMessage::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .add_files(self.files.clone());
        if let Some(a) = &self.mentions {
            m = m.allowed_mentions(a.clone());
        }
        m
    }

    /// As the response to a button click.
    pub fn response(&self) -> serenity::CreateInteractionResponseMessage {
        let mut m = serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .add_files(self.files.clone());
        if let Some(a) = &self.mentions {
            m = m.allowed_mentions(a.clone());
        }
        m
    }

    /// As a followup after a deferred button click.
    pub fn followup(&self) -> serenity::CreateInteractionResponseFollowup {
        let mut f = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .add_files(self.files.clone());
        if let Some(a) = &self.mentions {
            f = f.allowed_mentions(a.clone());
        }
        f
    }

    /// As the edit of a deferred response.
    pub fn edit(&self) -> serenity::EditInteractionResponse {
        let mut e = serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .components(self.components.clone());
        for f in &self.files {
            e = e.new_attachment(f.clone());
        }
        if let Some(a) = &self.mentions {
            e = e.allowed_mentions(a.clone());
        }
        e
    }
}

/// The files of an outcome: its board, its chart and its download, drawn off the async
/// runtime.
pub async fn outcome_files(out: &Outcome) -> Vec<serenity::CreateAttachment> {
    let mut files = Vec::new();
    files.extend(board_file(out).await);
    files.extend(chart_file(out).await);
    if let Some(a) = &out.attachment {
        files.push(serenity::CreateAttachment::bytes(
            a.text.clone().into_bytes(),
            a.name.clone(),
        ));
    }
    files
}

/// The label of the link button to a match's web page.
pub const PAGE_LABEL: &str = "Match page";
/// The label of the link button to a chouette session's web page.
pub const CHOUETTE_LABEL: &str = "Chouette page";
/// The label of the link button to a player's web page.
pub const PLAYER_LABEL: &str = "Player page";

/// The most characters of a button's label (Discord's limit).
const LABEL_CHARS: usize = 80;

/// The link buttons to the pages of the players `out` is about when it is about several
/// (`/h2h`), labelled with their names, when `web` is set; none when the club cannot give
/// the links (then logged). A page kept private is linked only in its player's answer
/// (`viewer`).
async fn player_buttons(
    out: &Outcome,
    club: &Club,
    web: Option<&str>,
    viewer: Option<&Actor>,
) -> Vec<serenity::CreateButton> {
    let Some(base) = web else {
        return Vec::new();
    };
    match club.web().outcome_player_links(out, viewer).await {
        Ok(links) => links
            .into_iter()
            .map(|(name, link)| {
                let label: String = format!("{PLAYER_LABEL}: {name}")
                    .chars()
                    .take(LABEL_CHARS)
                    .collect();
                serenity::CreateButton::new_link(::web::page_url(base, &link)).label(label)
            })
            .collect(),
        Err(e) => {
            tracing::warn!(error = %e, "no web links for the players of the answer");
            Vec::new()
        }
    }
}

/// The link button to the web page of what `out` is about (the match or chouette whose
/// board it shows, the player of a `/rating` answer), when `web` is set and the club
/// gives it to `viewer` (not a revoked match's, nor another's private page); none when
/// the club cannot give the link (it is then left out, and logged).
async fn page_button(
    out: &Outcome,
    club: &Club,
    web: Option<&str>,
    viewer: Option<&Actor>,
) -> Option<serenity::CreateButton> {
    let base = web?;
    match club.web().outcome_link(out, viewer).await {
        Ok(Some(link)) => {
            let label = match link.kind {
                PageKind::Match => PAGE_LABEL,
                PageKind::Chouette => CHOUETTE_LABEL,
                PageKind::Player => PLAYER_LABEL,
                PageKind::League => super::web_page::LEAGUE_LABEL,
                PageKind::Leaderboard => super::web_page::LEADERBOARD_LABEL,
            };
            Some(serenity::CreateButton::new_link(::web::page_url(base, &link)).label(label))
        }
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(match_id = ?out.match_id.map(club::MatchNo::get), chouette = ?out.chouette, error = %e, "no web link for the answer");
            None
        }
    }
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
        out.match_id.map_or(0, club::MatchNo::get),
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
