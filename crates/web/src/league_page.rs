//! The league page (`/l/{token}`, or `/s/{key}/l/{id}` when the server's pages are
//! public): each season, newest first, with its standings as `/league standings` reads
//! them (the tie-break columns beside the points), the bracket (the renderer's PNG) of a
//! knockout, and every fixture in the words of `/league fixtures`, each linking to its
//! match page. The leaderboard page (`/r/{token}`, `/s/{key}/r`): each ruleset's
//! ratings as `/leaderboard` lists them, each player linking to their page. The index of
//! a server's public pages (`/s/{key}`). No script; every name escaped.

use club::{LeaderboardPage, LeaguePage, PublicIndex, SeasonPage, TableLine};

use crate::html::Html;

/// A count as a number for the page.
fn n(x: u32) -> i64 {
    i64::from(x)
}

/// The league page; `base` is the page's own address (its bracket pictures are under
/// it).
#[must_use]
pub fn league_html(page: &LeaguePage, base: &str) -> String {
    let mut h = Html::default();
    h.head_of(&page.name, None);
    h.raw("<main id=\"league\"><h1>")
        .name(&page.name)
        .raw("</h1><p class=\"terms\">")
        .text(&page.format)
        .raw(" · ")
        .text(&page.terms)
        .raw(" · ")
        .text(&page.status)
        .raw(" · ")
        .num(i64::try_from(page.entrants).unwrap_or(i64::MAX))
        .raw(if page.entrants == 1 {
            " entrant</p>"
        } else {
            " entrants</p>"
        });
    if page.seasons.is_empty() {
        h.raw("<p>The league has not started yet.</p>");
    }
    if page.seasons.len() > 1 {
        h.raw("<nav class=\"seasons\">Seasons:");
        for s in &page.seasons {
            h.raw(" <a href=\"#season-")
                .num(s.season)
                .raw("\">")
                .num(s.season)
                .raw("</a>");
        }
        h.raw("</nav>");
    }
    for s in &page.seasons {
        season_html(&mut h, page, s, base);
    }
    h.raw("</main>");
    h.finish()
}

fn season_html(h: &mut Html, page: &LeaguePage, s: &SeasonPage, base: &str) {
    h.raw("<section class=\"season\" id=\"season-")
        .num(s.season)
        .raw("\"><h2>Season ")
        .num(s.season)
        .raw(" · ")
        .text(&s.status)
        .raw("</h2>");
    if page.knockout {
        // The picture links to itself: on a phone it opens full size, to zoom into.
        h.raw("<h3>Bracket</h3><p class=\"bracket\"><a href=\"")
            .text(base)
            .raw("/bracket/")
            .num(s.season)
            .raw(".png\"><img src=\"")
            .text(base)
            .raw("/bracket/")
            .num(s.season)
            .raw(".png\" alt=\"The bracket of season ")
            .num(s.season)
            .raw("\"></a><span class=\"hint\">Tap the bracket to see it full size.</span></p>");
    }
    let many = s.divisions.len() > 1;
    for (d, table) in (1i64..).zip(&s.divisions) {
        h.raw("<h3>");
        if many {
            h.raw("Division ").num(d).raw(" · ");
        }
        h.raw("Standings</h3>");
        standings_html(h, s.season, d, table);
    }
    if !s.divisions.is_empty() {
        h.raw("<p class=\"terms\">").text(&page.rules).raw("</p>");
    }
    h.raw("<h3>Fixtures and results</h3><ol class=\"fixtures\" id=\"fixtures-")
        .num(s.season)
        .raw("\">");
    for f in &s.fixtures {
        h.raw("<li>");
        match &f.token {
            Some(t) => {
                h.raw("<a href=\"/m/")
                    .text(t)
                    .raw("\">")
                    .text(&f.text)
                    .raw("</a>");
            }
            None => {
                h.text(&f.text);
            }
        }
        h.raw("</li>");
    }
    h.raw("</ol></section>");
}

fn standings_html(h: &mut Html, season: i64, division: i64, table: &[TableLine]) {
    h.raw("<div class=\"wide\"><table class=\"standings\" id=\"standings-")
        .num(season)
        .raw("-")
        .num(division)
        .raw("\"><thead><tr><th>#</th><th class=\"who\">Player</th><th>P</th><th>W</th><th>L</th><th>Pts</th><th title=\"head to head\">H2H</th><th title=\"Sonneborn-Berger\">SB</th><th>Diff</th></tr></thead><tbody>");
    for t in table {
        let r = &t.row;
        h.raw("<tr><td>")
            .num(n(r.rank))
            .raw("</td><td class=\"who\">")
            .name(&t.name);
        if r.withdrawn {
            h.raw(" (withdrew)");
        }
        h.raw("</td><td>")
            .num(n(r.played))
            .raw("</td><td>")
            .num(n(r.won));
        if r.forfeit_wins > 0 {
            h.raw(" (").num(n(r.forfeit_wins)).raw(" by forfeit)");
        }
        h.raw("</td><td>")
            .num(n(r.lost))
            .raw("</td><td>")
            .num(r.points)
            .raw("</td><td>")
            .num(r.head_to_head)
            .raw("</td><td>")
            .num(r.sonneborn_berger)
            .raw("</td><td>")
            .text(&format!("{:+}", r.difference))
            .raw("</td></tr>");
    }
    h.raw("</tbody></table></div>");
}

/// The leaderboard page.
#[must_use]
pub fn leaderboard_html(page: &LeaderboardPage) -> String {
    let mut h = Html::default();
    h.head_of("Ratings", None);
    h.raw("<main id=\"leaderboard\"><h1>Ratings</h1>");
    if page.min_experience > 0 {
        h.raw("<p class=\"terms\">Players with ")
            .num(n(page.min_experience))
            .raw(" rated matches or more.</p>");
    }
    for b in &page.boards {
        h.raw("<h2>").text(b.ruleset.as_str()).raw("</h2>");
        if b.rows.is_empty() {
            h.raw("<p>No rated match yet.</p>");
            continue;
        }
        // The PR column, when any player shown has one (standard only).
        let with_pr = b.rows.iter().any(|r| r.pr.is_some());
        h.raw("<div class=\"wide\"><table class=\"standings\" id=\"board-")
            .text(b.ruleset.as_str())
            .raw("\"><thead><tr><th>#</th><th class=\"who\">Player</th><th>Rating</th><th title=\"rated matches played\">P</th><th title=\"won-lost\">W-L</th>");
        if with_pr {
            h.raw("<th title=\"GNU Backgammon's PR over the last analysed matches, with its 95% interval\">PR</th>");
        }
        h.raw("</tr></thead><tbody>");
        for r in &b.rows {
            h.raw("<tr><td>")
                .num(n(r.rank))
                .raw("</td><td class=\"who\">");
            // A player keeping their page private: the name with no link.
            match &r.player {
                Some(t) => {
                    h.raw("<a href=\"/p/")
                        .text(t)
                        .raw("\">")
                        .name(&r.name)
                        .raw("</a>");
                }
                None => {
                    h.name(&r.name);
                }
            }
            h.raw("</td><td>")
                .text(&r.rating)
                .raw("</td><td>")
                .num(n(r.experience))
                .raw("</td><td>")
                .num(n(r.won))
                .raw("-")
                .num(n(r.lost))
                .raw("</td>");
            if with_pr {
                h.raw("<td class=\"pr\">")
                    .text(r.pr.as_deref().unwrap_or("-"))
                    .raw("</td>");
            }
            h.raw("</tr>");
        }
        h.raw("</tbody></table></div>");
    }
    h.raw("</main>");
    h.finish()
}

/// The index of a server's public pages: its leagues and its ratings.
#[must_use]
pub fn public_html(index: &PublicIndex, key: &str) -> String {
    let mut h = Html::default();
    h.head_of("Leagues and ratings", None);
    h.raw("<main id=\"public\"><h1>Leagues and ratings</h1><p><a href=\"/s/")
        .text(key)
        .raw("/r\">Ratings</a></p><h2>Leagues</h2>");
    if index.leagues.is_empty() {
        h.raw("<p>No league yet.</p>");
    } else {
        h.raw("<ul class=\"leagues\" id=\"leagues\">");
        for (id, name) in &index.leagues {
            h.raw("<li><a href=\"/s/")
                .text(key)
                .raw("/l/")
                .num(*id)
                .raw("\">")
                .name(name)
                .raw("</a></li>");
        }
        h.raw("</ul>");
    }
    h.raw("</main>");
    h.finish()
}
