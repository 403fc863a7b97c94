//! The local chat's side of the outbox: every message the club owes, printed from the
//! store as it is posted on Discord (the bot's decisions with their boards, notices,
//! announcements), each marked posted. Direct messages have no place in the terminal:
//! they are marked as not sent, with that reason.

use std::path::Path;

use club::{Club, Owed, Posted};

use super::analysis;
use super::output::{notice_text, shown};

/// How many messages one claim takes (one per lane at most).
const CLAIM: i64 = 50;

/// Prints everything owed now, lane by lane in order, and marks it; gives the text.
pub(super) async fn owed_text(club: &Club, png_dir: Option<&Path>) -> String {
    let mut text = String::new();
    loop {
        let batch = match club.outbox_claim(CLAIM).await {
            Ok(b) => b,
            Err(e) => {
                text.push_str(&format!("!! the outbox: {e}\n"));
                break;
            }
        };
        if batch.is_empty() {
            break;
        }
        let mut done = Vec::new();
        for d in batch {
            let how = match &d.what {
                Owed::Notice(n) => {
                    text.push_str(&notice_text(n));
                    Posted::Done(format!("local-{}", d.id))
                }
                Owed::Direct(_) => {
                    Posted::Never("direct messages have no place in the local chat".into())
                }
                // The local chat keeps no threads.
                Owed::LeagueThreads { .. } => Posted::Done(format!("local-{}", d.id)),
                Owed::Analysis(r) => {
                    text.push_str(&analysis::report_text((**r).clone(), png_dir).await);
                    Posted::Done(format!("local-{}", d.id))
                }
                Owed::Puzzle(p) => {
                    let out = club::Outcome {
                        lines: p.lines.clone(),
                        board: p.board.clone(),
                        puzzle: Some(p.ask.clone()),
                        ..club::Outcome::default()
                    };
                    text.push_str(&format!("[in {}] the position of the day:\n", p.channel));
                    text.push_str(&shown(&out, club.now(), png_dir).await);
                    Posted::Done(format!("local-{}", d.id))
                }
                Owed::Bot { outcome, .. } => {
                    text.push_str(&shown(outcome, club.now(), png_dir).await);
                    Posted::Done(format!("local-{}", d.id))
                }
            };
            done.push((d, how));
        }
        if let Err(e) = club.outbox_done_all(&done).await {
            text.push_str(&format!("!! the outbox: {e}\n"));
            return text;
        }
    }
    text
}
