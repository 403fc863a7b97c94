//! The player page (`/p/{token}`): the player's display name, rating and rank per
//! ruleset as `/rating` reads them with the rating chart (the renderer's PNG, at
//! `/p/{token}/rating/{ruleset}.png`), the analysed matches' average error rate and the PR
//! over the last ones with its chart (`/p/{token}/pr.png`), the
//! record, the player's drill cards (all, due, learnt, the streak), the last matches (each a
//! link to its match page) and the head-to-head against each opponent. No script; every
//! name escaped.

use club::PlayerPage;

use crate::html::Html;

/// A count as a number for the page.
fn n(x: u32) -> i64 {
    i64::from(x)
}

/// The player page; `token` is its own (the charts are under it).
#[must_use]
pub fn player_html(token: &str, page: &PlayerPage) -> String {
    let mut h = Html::default();
    h.head_of(&page.name, None);
    h.raw("<main id=\"player\"><h1>")
        .name(&page.name)
        .raw("</h1><p class=\"record\" id=\"record\">Record: won ")
        .num(n(page.won))
        .raw(", lost ")
        .num(n(page.lost))
        .raw("</p><h2>Ratings</h2><table class=\"ratings\" id=\"ratings\"><thead><tr>")
        .raw(
            "<th>Rules</th><th>Rating</th><th>Rank</th><th>Rated won-lost</th></tr></thead><tbody>",
        );
    for r in &page.ratings {
        h.raw("<tr><td>")
            .text(r.ruleset.as_str())
            .raw("</td><td>")
            .text(&r.rating)
            .raw("</td><td>");
        match r.rank {
            Some((rank, of)) => {
                h.num(n(rank)).raw(" of ").num(n(of));
            }
            None => {
                h.raw("no rated match");
            }
        }
        h.raw("</td><td>")
            .num(n(r.won))
            .raw("-")
            .num(n(r.lost))
            .raw("</td></tr>");
    }
    h.raw("</tbody></table>");
    // A chart per ruleset with a rated match: the renderer's rating history.
    for r in page.ratings.iter().filter(|r| r.rank.is_some()) {
        h.raw("<figure class=\"chart\"><img id=\"chart-")
            .text(r.ruleset.as_str())
            .raw("\" src=\"/p/")
            .text(token)
            .raw("/rating/")
            .text(r.ruleset.as_str())
            .raw(".png\" width=\"720\" height=\"440\" alt=\"")
            .text(&page.name)
            .raw("'s ")
            .text(r.ruleset.as_str())
            .raw(" rating after each rated match\"></figure>");
    }
    h.raw("<h2>Analysed matches</h2>");
    // gnubg's PR over the last analysed matches, and its chart over time.
    if let Some(pr) = &page.pr {
        h.raw("<p class=\"pr\" id=\"pr\">")
            .text(pr)
            .raw("</p><figure class=\"chart\"><img id=\"chart-pr\" src=\"/p/")
            .text(token)
            .raw("/pr.png\" width=\"720\" height=\"440\" alt=\"")
            .text(&page.name)
            .raw("'s PR in each analysed match and over the last ones\"></figure>");
    }
    if page.analyses.is_empty() {
        h.raw("<p>No analysed match yet.</p>");
    } else {
        h.raw("<ul class=\"analyses\" id=\"analyses\">");
        for a in &page.analyses {
            h.raw("<li>")
                .text(a.ruleset.as_str())
                .raw(": ")
                .num(n(a.matches))
                .raw(if a.matches == 1 {
                    " analysed match, "
                } else {
                    " analysed matches, "
                })
                .text(&a.average)
                .raw("</li>");
        }
        h.raw("</ul>");
    }
    // His drill cards here, as /drill stats counts them.
    if let Some(d) = &page.drills {
        h.raw("<h2>Drills</h2><p class=\"drills\" id=\"drills\">")
            .num(d.cards)
            .raw(if d.cards == 1 {
                " drill card, "
            } else {
                " drill cards, "
            })
            .num(d.due)
            .raw(" due now, ")
            .num(d.learnt)
            .raw(" learnt; streak: ")
            .num(i64::from(d.streak))
            .raw(if d.streak == 1 { " day" } else { " days" })
            .raw("</p>");
    }
    h.raw("<h2>Recent matches</h2>");
    if page.recent.is_empty() {
        h.raw("<p>No match yet.</p>");
    } else {
        h.raw("<ol class=\"recent\" id=\"recent\">");
        for m in &page.recent {
            // A match whose link was revoked is linked nowhere but by its revoker.
            match &m.token {
                Some(t) => {
                    h.raw("<li><a href=\"/m/")
                        .text(t)
                        .raw("\">vs ")
                        .name(&m.opponent)
                        .raw("</a> · ");
                }
                None => {
                    h.raw("<li>vs ").name(&m.opponent).raw(" · ");
                }
            }
            h.text(m.ruleset.as_str()).raw(" · ");
            match m.won {
                Some(true) => h.raw("won"),
                Some(false) => h.raw("lost"),
                None => h.text(&m.status),
            };
            if let Some(result) = &m.result {
                h.raw(" · <span class=\"terms\">")
                    .text(result)
                    .raw("</span>");
            }
            h.raw("</li>");
        }
        h.raw("</ol>");
    }
    h.raw("<h2>Head to head</h2>");
    if page.head_to_head.is_empty() {
        h.raw("<p>No finished match yet.</p>");
    } else {
        h.raw("<table class=\"h2h\" id=\"h2h\"><thead><tr><th class=\"who\">Opponent</th><th>Matches</th><th>Won</th></tr></thead><tbody>");
        for o in &page.head_to_head {
            h.raw("<tr><td>")
                .name(&o.opponent)
                .raw("</td><td>")
                .num(n(o.matches))
                .raw("</td><td>")
                .num(n(o.wins))
                .raw("</td></tr>");
        }
        h.raw("</tbody></table>");
    }
    h.raw("</main>");
    h.finish()
}
