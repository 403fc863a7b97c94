//! The chouette page (`/c/{token}`): the session's terms and status, the line (the box,
//! the captain, the crew), the games played and the standings, and the replay of its log
//! board by board (the match page's replay, previous and next, the step list; a session
//! polls its version and shows a new last board by itself, until it has ended: everyone
//! left). Every name escaped.

use club::ChouettePage;
use render::Scene;

use crate::html::Html;
use crate::match_page::replay_html;

/// Said above an ended session's page (and by the script, on a page left open when it
/// ends).
pub const ENDED: &str =
    "This chouette has ended (everyone left): the page is not updated any more.";

/// The caption of a chouette board: who is in the box and who is captain.
fn sides_words(scene: &Scene) -> String {
    format!(
        "{} (box) against {} (captain)",
        scene.names[0], scene.names[1]
    )
}

/// The chouette page at step `at` (clamped to the last).
#[must_use]
pub fn chouette_html(token: &str, page: &ChouettePage, at: Option<usize>) -> String {
    let title = format!("Chouette #{}", page.id);
    let count = page.frames.len();
    let at = at.unwrap_or(usize::MAX).min(count.saturating_sub(1));
    let mut h = Html::default();
    h.head(&title, "/static/match.js");
    h.raw("<main id=\"match\" class=\"chouette\" data-path=\"/c/")
        .text(token)
        .raw("\" data-version=\"")
        .num(page.version)
        .raw("\" data-count=\"")
        .num(i64::try_from(count).unwrap_or(0))
        .raw(if page.ended {
            "\" data-live=\"0\"><h1>"
        } else {
            "\" data-live=\"1\"><h1>"
        })
        .text(&title)
        .raw("</h1>");
    if page.ended {
        h.raw("<p id=\"ended\" role=\"status\">")
            .text(ENDED)
            .raw("</p>");
    }
    h.raw("<p class=\"terms\">")
        .text(&page.terms)
        .raw(" · <span id=\"status\">")
        .text(&page.status)
        .raw("</span></p><p class=\"line\" id=\"line\">");
    match (&page.box_player, &page.captain) {
        (Some(b), Some(c)) => {
            h.raw("Box: <b>")
                .name(b)
                .raw("</b> · Captain: <b>")
                .name(c)
                .raw("</b>");
            for (i, member) in page.crew.iter().enumerate() {
                h.raw(if i == 0 { " · Crew: " } else { ", " }).name(member);
            }
        }
        _ => {
            h.raw("No line yet: the box and the captain are drawn when the first game starts.");
        }
    }
    h.raw("</p><h2>Standings after ")
        .num(i64::from(page.games))
        .raw(if page.games == 1 { " game" } else { " games" })
        .raw("</h2>");
    if page.standings.is_empty() {
        h.raw("<p>No game played yet.</p>");
    } else {
        h.raw("<table class=\"ratings\" id=\"standings\"><thead><tr><th>Player</th><th>Points</th></tr></thead><tbody>");
        for (name, points) in &page.standings {
            h.raw("<tr><td>")
                .name(name)
                .raw("</td><td>")
                .text(&format!("{points:+}"))
                .raw("</td></tr>");
        }
        h.raw("</tbody></table>");
    }
    for line in &page.preamble {
        h.raw("<p class=\"preamble\">").text(line).raw("</p>");
    }
    if count == 0 {
        h.raw("<p>No game has started: there is no board yet.</p></main>");
        return h.finish();
    }
    let caption = sides_words(&page.frames[at].scene);
    replay_html(
        &mut h,
        &format!("/c/{token}"),
        &page.frames,
        at,
        &caption,
        &sides_words,
    );
    h.raw("</main>");
    h.finish()
}
