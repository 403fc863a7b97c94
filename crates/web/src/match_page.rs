//! The match page (`/m/{token}`): the board at the step asked for (`?n=`, default the
//! last), previous and next as links (the script turns them and the arrow keys into
//! steps without reloading), the move list with every step's words, the score, the
//! result and its cause, the downloads; and the dice page (`/m/{token}/dice`).

use club::{Frame, MatchPage};
use render::{Scene, Target};

use crate::html::Html;

/// The score of a board in words: `alice 2, bob 1 (match to 5)`.
#[must_use]
pub fn score_words(scene: &Scene) -> String {
    let s = &scene.score;
    let target = match s.target {
        Target::Points(n) => format!("match to {n}"),
        Target::Games(n) => format!("match to {n} games"),
        Target::Money => s
            .stakes
            .clone()
            .map_or_else(|| "money play".into(), |st| format!("money play, {st}")),
    };
    let crawford = if s.crawford { ", Crawford game" } else { "" };
    format!(
        "{} {}, {} {} ({target}{crawford})",
        scene.names[0], s.score[0], scene.names[1], s.score[1]
    )
}

/// The link to step `n` of the page.
fn step_link(h: &mut Html, n: usize) {
    h.raw("?n=").num(i64::try_from(n).unwrap_or(0));
}

/// The replay of `frames` under `path` (`/m/{token}`, `/c/{token}`): the caption `score`
/// of the board shown, the board at step `at`, previous and next, and the list of every
/// step's words (each with its caption, `score_of` its board, for the script).
pub(crate) fn replay_html(
    h: &mut Html,
    path: &str,
    frames: &[Frame],
    at: usize,
    score: &str,
    score_of: &dyn Fn(&Scene) -> String,
) {
    let count = frames.len();
    h.raw("<p class=\"score\" id=\"score\">")
        .text(score)
        .raw("</p><div class=\"layout\"><section class=\"board\"><img id=\"board\" src=\"")
        .text(path)
        .raw("/board/")
        .num(i64::try_from(at).unwrap_or(0))
        .raw(".png\" width=\"800\" height=\"600\" alt=\"The board at step ")
        .num(i64::try_from(at + 1).unwrap_or(0))
        .raw("\"><nav class=\"steps\"><a class=\"button\" id=\"prev\"");
    if at > 0 {
        h.raw(" href=\"");
        step_link(h, at - 1);
        h.raw("\"");
    } else {
        h.raw(" aria-disabled=\"true\"");
    }
    h.raw(">&#9664; Previous</a> <span id=\"step\">Step ")
        .num(i64::try_from(at + 1).unwrap_or(0))
        .raw(" of ")
        .num(i64::try_from(count).unwrap_or(0))
        .raw("</span> <a class=\"button\" id=\"next\"");
    if at + 1 < count {
        h.raw(" href=\"");
        step_link(h, at + 1);
        h.raw("\"");
    } else {
        h.raw(" aria-disabled=\"true\"");
    }
    h.raw(">Next &#9654;</a></nav></section><ol class=\"moves\" id=\"moves\">");
    for (n, f) in frames.iter().enumerate() {
        h.raw("<li data-n=\"")
            .num(i64::try_from(n).unwrap_or(0))
            .raw("\" data-score=\"")
            .text(&score_of(&f.scene))
            .raw("\"");
        if n == at {
            h.raw(" class=\"current\" aria-current=\"step\"");
        }
        h.raw("><a href=\"");
        step_link(h, n);
        h.raw("\">");
        if f.lines.is_empty() {
            h.raw("(no words)");
        }
        for (i, line) in f.lines.iter().enumerate() {
            if i > 0 {
                h.raw("<br>");
            }
            h.text(line);
        }
        h.raw("</a></li>");
    }
    h.raw("</ol></div>");
}

/// The match page at step `at` (clamped to the last).
#[must_use]
pub fn match_html(token: &str, page: &MatchPage, at: Option<usize>, file: Option<&str>) -> String {
    let title = format!("{} vs {}", page.names[0], page.names[1]);
    let count = page.frames.len();
    let at = at.unwrap_or(usize::MAX).min(count.saturating_sub(1));
    let live = matches!(page.status.as_str(), "active" | "challenged");
    let mut h = Html::default();
    h.head(&title, "/static/match.js");
    h.raw("<main id=\"match\" data-token=\"")
        .text(token)
        .raw("\" data-version=\"")
        .num(page.version)
        .raw("\" data-count=\"")
        .num(i64::try_from(count).unwrap_or(0))
        .raw("\" data-live=\"")
        .raw(if live { "1" } else { "0" })
        .raw("\"><h1>")
        .name(&page.names[0])
        .raw(" vs ")
        .name(&page.names[1])
        .raw("</h1><p class=\"terms\">")
        .text(&page.terms)
        .raw(" · <span id=\"status\">")
        .text(&page.status)
        .raw("</span></p>");
    if let Some(result) = &page.result {
        h.raw("<p class=\"result\" id=\"result\">").text(result);
        if let Some(cause) = &page.cause {
            h.raw(" (").text(cause).raw(")");
        }
        h.raw("</p>");
    }
    for line in &page.preamble {
        h.raw("<p class=\"preamble\">").text(line).raw("</p>");
    }
    if count == 0 {
        h.raw("<p>The match has not started: there is no board yet.</p></main>");
        return h.finish();
    }
    let score = score_words(&page.frames[at].scene);
    replay_html(
        &mut h,
        &format!("/m/{token}"),
        &page.frames,
        at,
        &score,
        &score_words,
    );
    h.raw("<p class=\"downloads\">");
    if let Some(name) = file {
        h.raw("<a id=\"file\" download href=\"/m/")
            .text(token)
            .raw("/file\">Download ")
            .text(name)
            .raw("</a>");
    }
    if page.has_dice {
        h.raw(" <a id=\"dice-export\" download href=\"/m/")
            .text(token)
            .raw("/dice.json\">Download the fair-dice export</a> <a id=\"dice-check\" href=\"/m/")
            .text(token)
            .raw("/dice\">Check the dice in your browser</a>");
    }
    h.raw("</p></main>");
    h.finish()
}

/// The dice page: the anchor as posted, the throws checked by the script, and a box to
/// check a pasted export.
#[must_use]
pub fn dice_html(token: &str, page: &MatchPage, anchor: &str) -> String {
    let title = format!("Fair dice: {} vs {}", page.names[0], page.names[1]);
    let mut h = Html::default();
    h.head(&title, "/static/dice.js");
    h.raw("<main id=\"dice\" data-export=\"/m/")
        .text(token)
        .raw("/dice.json\" data-anchor=\"")
        .text(anchor)
        .raw("\"><h1>Fair dice: ")
        .name(&page.names[0])
        .raw(" vs ")
        .name(&page.names[1])
        .raw("</h1><p><a href=\"/m/")
        .text(token)
        .raw("\">Back to the match</a></p>")
        .raw("<p>Anchor as posted before the first throw: <code id=\"anchor\">")
        .text(anchor)
        .raw("</code></p>")
        .raw("<p>This page checks every throw of the match in your browser: each revealed value hashes down its chain to the anchor (SHA-256), each throw's dice are the ones HMAC-SHA256 gives, and the game's throws as played are the proven ones, one to one, in order (the scheme of <code>scripts/verify_dice.py</code>, <code>docs/fair-dice.md</code>).</p>")
        .raw("<p class=\"verdict\" id=\"verdict\">Checking&#8230;</p>")
        .raw("<ol class=\"checks\" id=\"checks\"></ol>")
        .raw("<h2>Check an export</h2><p>Paste a fair-dice export (the JSON of <code>/fair export</code>) to check it against the anchor above.</p>")
        .raw("<textarea id=\"paste\" rows=\"8\" spellcheck=\"false\" aria-label=\"A fair-dice export\"></textarea>")
        .raw("<p><button type=\"button\" id=\"check\">Check</button></p>")
        .raw("<p class=\"verdict\" id=\"paste-verdict\"></p><ol class=\"checks\" id=\"paste-checks\"></ol></main>");
    h.finish()
}

/// The page of a link that finds nothing.
#[must_use]
pub fn not_found_html() -> String {
    let mut h = Html::default();
    h.head("Not found", "/static/match.js");
    h.raw("<main><h1>Not found</h1><p>This link finds nothing: it was mistyped, or it has been replaced by a new one.</p></main>");
    h.finish()
}
