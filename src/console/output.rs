//! What the local chat prints and writes: an outcome as text (and as shown, a reply or a
//! move of the bot, with its pictures), a refusal, a notice, and the pictures and files
//! written to the `--png` folder.

use std::fmt::Write as _;
use std::path::Path;

use club::{Chart, Notice, Outcome, duration_words};
use render::{bracket_png, history_png, leaderboard_png, render_png, render_text, standings_png};

use super::analysis;

/// The outcome as chat text: what happened, the board, who must act next.
#[must_use]
pub fn outcome_text(out: &Outcome, now: i64) -> String {
    let mut s = String::new();
    for l in &out.lines {
        let _ = writeln!(s, "{l}");
    }
    if let Some(scene) = &out.board {
        s.push_str(&render_text(scene));
    }
    if let Some(next) = &out.next {
        let _ = write!(s, "-> {} to {}", next.name, next.what);
        if let Some(d) = next.deadline {
            let _ = write!(s, " (within {})", duration_words(d - now));
        }
        s.push('\n');
    }
    if let Some(a) = &out.attachment {
        let _ = writeln!(s, "--- {} ---\n{}", a.name, a.text.trim_end());
    }
    // What other players are told (a vacation's start or end); a direct message only
    // has no place in the terminal.
    // (Printed from the outbox when they are there.)
    for n in out
        .notices
        .iter()
        .filter(|n| !out.owed && !out.notices_owed && !n.channel.is_empty())
    {
        s.push_str(&notice_text(n));
    }
    s
}

/// A refusal in words, with the chat's own syntax where the club leaves it to the chat.
pub(super) fn refusal_text(e: &club::ClubError) -> String {
    match e {
        club::ClubError::Refused(club::Refusal::MatchLength(_)) => {
            format!("{e}; for money play say length:money")
        }
        _ => e.to_string(),
    }
}

/// Writes an attachment into the pictures' folder; says where (or why not).
pub(super) fn write_attachment(dir: Option<&Path>, a: &club::Attachment) -> String {
    let Some(dir) = dir else {
        return format!(
            "({} is shown above, not written: start the local chat with --png DIR to have files written there)",
            a.name
        );
    };
    // The name is the club's own (`fair-c3.json`, `match-12.mat`); no folder in it.
    let name = Path::new(&a.name)
        .file_name()
        .map_or_else(|| "attachment".into(), |n| n.to_string_lossy().to_string());
    let path = dir.join(name);
    match std::fs::write(&path, &a.text) {
        Ok(()) => format!("(file: {})", path.display()),
        Err(e) => format!("({} not written to {}: {e})", a.name, path.display()),
    }
}

/// Writes a chart (`leaderboard.png`, `rating.png`) into `dir`, off the async runtime;
/// says where, or why not.
pub(super) async fn write_chart(dir: &Path, chart: Chart) -> String {
    // A league's pictures are named by the league (and division): several leagues do
    // not write over each other's.
    let (file, what) = match &chart {
        Chart::Leaderboard(_) => ("leaderboard.png".to_string(), "leaderboard"),
        Chart::History(_) => ("rating.png".to_string(), "rating history"),
        Chart::Standings(t) => (
            format!("standings-{}.png", file_slug(&t.title, &t.subtitle)),
            "standings",
        ),
        Chart::Bracket(b) => (
            format!("bracket-{}.png", file_slug(&b.title, "")),
            "bracket",
        ),
        Chart::Blunders(_) => ("analysis.png".to_string(), "worst decision"),
    };
    let path = dir.join(file);
    let written = tokio::task::spawn_blocking(move || {
        let png = match &chart {
            Chart::Leaderboard(b) => leaderboard_png(b),
            Chart::History(h) => history_png(h),
            Chart::Standings(t) => standings_png(t),
            Chart::Bracket(b) => bracket_png(b),
            Chart::Blunders(b) => match b.first() {
                Some(first) => render::blunder_png(first),
                None => return Err("no decision to draw".to_string()),
            },
        }
        .map_err(|e| e.to_string())?;
        std::fs::write(&path, png).map_err(|e| e.to_string())?;
        Ok::<_, String>(path)
    })
    .await;
    match written {
        Ok(Ok(p)) => format!("({what}: {})", p.display()),
        Ok(Err(e)) => format!("({what} not written: {e})"),
        Err(e) => format!("({what} not written: {e})"),
    }
}

/// A league's name for a file: lower case letters and digits joined by `-`, with the
/// division when the subtitle names one (`spring-cup-division-2`).
fn file_slug(title: &str, subtitle: &str) -> String {
    let division = subtitle
        .split(" \u{b7} ")
        .find(|p| p.starts_with("Division "))
        .map_or("", |p| p.split(" of ").next().unwrap_or(p));
    let mut slug = String::new();
    for c in format!("{title} {division}").chars() {
        if c.is_alphanumeric() {
            slug.extend(c.to_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-').to_string();
    if slug.is_empty() {
        "league".into()
    } else {
        slug
    }
}

/// A notice as the chat prints it: where it goes or to whom, and the match it is about
/// (none for a notice about no match, as a league's announcement: match 0).
pub(super) fn notice_text(n: &Notice) -> String {
    let about = |word: &str| {
        if n.match_id.get() == 0 {
            String::new()
        } else {
            format!(" {word} match #{}", n.match_id)
        }
    };
    if n.user_id.is_empty() {
        return format!("[in {}{}] {}\n", n.channel, about("for"), n.text);
    }
    format!("[to {}{}] {}\n", n.user_id, about("in"), n.text)
}

/// An outcome as the chat prints it (a reply, or a move of the bot), with its board, chart
/// and files written into `png_dir` when there is one.
pub(super) async fn shown(out: &Outcome, now: i64, png_dir: Option<&Path>) -> String {
    let mut text = outcome_text(out, now);
    let file = match (out.match_id, out.chouette) {
        (Some(id), _) => Some(format!("match-{id}.png")),
        (None, Some(id)) => Some(format!("chouette-{id}.png")),
        // A drill card's board, a position of the day's.
        _ if out.board.is_some() => match (&out.drill, &out.puzzle) {
            (Some(d), _) => Some(format!("drill-{}.png", d.card)),
            (None, Some(p)) => Some(format!("puzzle-{}.png", p.puzzle)),
            (None, None) => None,
        },
        _ => None,
    };
    if let (Some(dir), Some(Chart::Blunders(b))) = (png_dir, out.chart.clone()) {
        let id = out.match_id.map_or(0, club::MatchNo::get);
        let _ = writeln!(text, "{}", analysis::write_blunders(dir, id, b).await);
    } else if let (Some(dir), Some(chart)) = (png_dir, out.chart.clone()) {
        let _ = writeln!(text, "{}", write_chart(dir, chart).await);
    }
    if let Some(a) = &out.attachment {
        // The file itself, beside the board pictures (`/fair export`'s JSON for
        // the checker, a match's .mat).
        let _ = writeln!(text, "{}", write_attachment(png_dir, a));
    }
    if let (Some(dir), Some(scene), Some(file)) = (png_dir, &out.board, file) {
        let scene = scene.clone();
        let path = dir.join(file);
        let written = tokio::task::spawn_blocking(move || {
            let png = render_png(&scene).map_err(|e| e.to_string())?;
            std::fs::write(&path, png).map_err(|e| e.to_string())?;
            Ok::<_, String>(path)
        })
        .await;
        match written {
            Ok(Ok(p)) => {
                let _ = writeln!(text, "(board: {})", p.display());
            }
            Ok(Err(e)) => {
                let _ = writeln!(text, "(board not written: {e})");
            }
            Err(e) => {
                let _ = writeln!(text, "(board not written: {e})");
            }
        }
    }
    text
}
