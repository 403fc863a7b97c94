//! The local chat's side of the bot player (GNU Backgammon): its decisions printed as
//! replies are printed (lines, board, who acts next, the board's picture in the `--png`
//! folder), from the outbox (`outbox`). The terminal runs the club's bot worker; a script
//! makes the bot's pending decisions itself after each line, so that a transcript reads
//! the same every time (the bot has answered before the next line is run).

use club::Club;

/// The most rounds of decisions after one line: the bot may act several times in a row
/// (its roll, then its play; a new game it opens), never endlessly.
const MAX_ROUNDS: usize = 20;

/// Makes every pending decision of the bot, round after round while the bot moves a match
/// on (a round that only repeats why it cannot act, gnubg missing say, ends it); what it
/// did is told through the outbox. Gives the chat text of a failure to reach the store.
pub(super) async fn drain(club: &Club) -> String {
    let mut text = String::new();
    let mut seen: Vec<(i64, i64)> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let events = match club.run_bot_once().await {
            Ok(events) => events,
            Err(e) => {
                text.push_str(&format!("!! the bot: {e}\n"));
                break;
            }
        };
        let mut progress = false;
        for e in &events {
            if let Some(v) = e.outcome.version
                && !seen.contains(&(e.match_id.get(), v))
            {
                seen.push((e.match_id.get(), v));
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    text
}
