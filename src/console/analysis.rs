//! The local chat's side of `/analyse`: the pictures of the worst decisions written to the
//! `--png` folder, and the workers' progress and results printed as they come.

use std::fmt::Write as _;
use std::path::Path;

use club::{AnalysisEvent, AnalysisReport};
use render::{BlunderBoard, blunder_png};

/// Writes the pictures (`analysis-M-1.png` ...) into `dir`, off the async runtime; says
/// where, or why not.
pub(super) async fn write_blunders(dir: &Path, match_id: i64, boards: Vec<BlunderBoard>) -> String {
    let dir = dir.to_path_buf();
    let written = tokio::task::spawn_blocking(move || {
        let mut paths = Vec::new();
        for (i, b) in boards.iter().enumerate() {
            let path = dir.join(format!("analysis-{match_id}-{}.png", i + 1));
            let png = blunder_png(b).map_err(|e| e.to_string())?;
            std::fs::write(&path, png).map_err(|e| e.to_string())?;
            paths.push(path.display().to_string());
        }
        Ok::<_, String>(paths)
    })
    .await;
    match written {
        Ok(Ok(p)) if p.is_empty() => String::new(),
        Ok(Ok(p)) => format!("(worst decisions: {})", p.join(", ")),
        Ok(Err(e)) => format!("(worst decisions not written: {e})"),
        Err(e) => format!("(worst decisions not written: {e})"),
    }
}

/// An analysis event as chat text (pictures written when there is a folder).
pub(super) fn event_text(e: AnalysisEvent) -> String {
    match e {
        AnalysisEvent::Progress {
            match_id,
            game,
            games,
            ..
        } => format!("[match #{match_id}] analysing game {game} of {games}\n"),
        // The report itself is printed from the outbox.
        AnalysisEvent::Finished(_) => String::new(),
    }
}

/// An analysis report as the chat prints it, its pictures written into `png_dir`.
pub(super) async fn report_text(r: AnalysisReport, png_dir: Option<&Path>) -> String {
    let mut s = String::new();
    for l in &r.lines {
        let _ = writeln!(s, "[match #{}] {l}", r.match_id);
    }
    if let Some(dir) = png_dir {
        let w = write_blunders(dir, r.match_id.get(), r.boards).await;
        if !w.is_empty() {
            let _ = writeln!(s, "{w}");
        }
    }
    s
}
