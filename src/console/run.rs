//! Running the local chat: one line through the club, a script replayed, or the
//! terminal read, with the deadline sweep, the analysis workers and the bot player beside
//! it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};

use club::{Actor, Club, Outcome, WebPage};
use engine::excerpt;

use super::analysis;
use super::bot;
use super::help::{HELP, help_on};
use super::outbox;
use super::output::{refusal_text, shown};
use super::parse::parse_line;
use super::web_revoke::{run_web_line, web_line};

/// How the local chat runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Replay this transcript instead of reading the terminal.
    pub script: Option<PathBuf>,
    /// Write each board as `match-N.png` here.
    pub png_dir: Option<PathBuf>,
    /// The web pages' address (`docs/web.md`): each board answer names its match's page.
    pub web: Option<String>,
}

/// The help a line asks for: `/help [word]`, alone or after a name (`alice: /help`,
/// `alice: /help league`); `None` for any other line (`alice: /move 13/help` is some other
/// command).
fn help_asked(line: &str) -> Option<String> {
    let line = line.trim();
    let command = match line.split_once(':') {
        Some((_, rest)) if !line.starts_with('/') => rest.trim(),
        _ => line,
    };
    let mut words = command.split_whitespace();
    if !words.next()?.eq_ignore_ascii_case("/help") {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    Some(match rest.as_slice() {
        [] => format!("{HELP}\n"),
        words => help_on(&words.join(" ")),
    })
}

/// One line through the club; the text to print and whether it was refused.
pub async fn run_line(club: &Club, line: &str, png_dir: Option<&Path>) -> (String, bool) {
    if let Some(parsed) = web_line(line) {
        return run_web_line(club, parsed, None).await;
    }
    let (text, refused, _) = run_line_board(club, line, png_dir).await;
    (text, refused)
}

/// [`run_line`], and the outcome when there was one with the one it answers (for its web
/// pages' links).
async fn run_line_board(
    club: &Club,
    line: &str,
    png_dir: Option<&Path>,
) -> (String, bool, Option<(Actor, Outcome)>) {
    if let Some(help) = help_asked(line) {
        return (help, false, None);
    }
    let parsed = match parse_line(line) {
        Ok(None) => return (String::new(), false, None),
        Ok(Some(p)) => p,
        Err(e) => return (format!("?? {e}\n"), true, None),
    };
    let (name, cmd) = parsed;
    let who = Actor::local(&name);
    match club.execute(&who, cmd).await {
        Ok(out) => {
            // What the command owes other players and channels, printed from the outbox.
            let mut text = shown(&out, club.now(), png_dir).await;
            text.push_str(&outbox::owed_text(club, png_dir).await);
            (text, false, Some((who, out)))
        }
        Err(e) => (format!("!! {}\n", refusal_text(&e)), true, None),
    }
}

/// [`run_line`], and under `web` the link of the web page of what the answer is about: a
/// match's or a chouette's board (`(web page: ...)`), a player's rating or stats
/// (`(player page: ...)`), both players of a head-to-head (`(player page of alice:
/// ...)`).
pub async fn run_line_linked(
    club: &Club,
    line: &str,
    png_dir: Option<&Path>,
    web: Option<&str>,
) -> (String, bool) {
    if let Some(parsed) = web_line(line) {
        return run_web_line(club, parsed, web).await;
    }
    let (mut text, refused, out) = run_line_board(club, line, png_dir).await;
    let Some((who, out)) = out else {
        return (text, refused);
    };
    // A page its owner keeps private is linked in their own answers only.
    if let Some(base) = web
        && let Ok(Some(link)) = club.web().outcome_link(&out, Some(&who)).await
    {
        let what = if link.kind == club::PageKind::Player {
            "player page"
        } else {
            "web page"
        };
        let _ = writeln!(text, "({what}: {})", web::page_url(base, &link));
    }
    // An answer about two players (`/h2h`): each one's page.
    if let Some(base) = web
        && let Ok(links) = club.web().outcome_player_links(&out, Some(&who)).await
    {
        for (name, link) in links {
            let _ = writeln!(
                text,
                "(player page of {name}: {})",
                web::page_url(base, &link)
            );
        }
    }
    if let (Some(base), Some(page)) = (web, out.web) {
        if let Ok(token) = club.web().web_page_link(page).await {
            let what = match page {
                WebPage::League(_) => "league page",
                WebPage::Leaderboard(_) => "leaderboard page",
            };
            let _ = writeln!(text, "({what}: {})", web::web_page_url(base, page, &token));
        }
    }
    (text, refused)
}

/// How `/games waiting` links a match in the local chat: its web page under `base`.
#[must_use]
pub fn waiting_links(base: &str) -> club::WaitingLinks {
    let base = base.to_string();
    club::WaitingLinks {
        page: Some(Arc::new(move |token: &str| web::match_url(&base, token))),
        ..club::WaitingLinks::default()
    }
}

/// Runs the local chat: a script (stops at the first refused line not marked with a
/// leading `!`, and at a `!` line that is not refused) or the terminal. Returns whether
/// every line went as expected.
///
/// # Errors
/// The script or the terminal cannot be read.
pub async fn run(club: Arc<Club>, opts: Options) -> std::io::Result<bool> {
    run_until(club, opts, std::future::pending(), Duration::MAX).await
}

/// [`run`], the terminal stopped gracefully when `signal` comes: the line under way is
/// answered, no further line is read (the chat says so), the workers stop at their safe
/// point and what they did last is printed, all within `timeout`. Returns `false` when
/// something was cut at the timeout.
///
/// # Errors
/// The script or the terminal cannot be read.
pub async fn run_until(
    club: Arc<Club>,
    opts: Options,
    signal: impl Future<Output = ()>,
    timeout: Duration,
) -> std::io::Result<bool> {
    if let Some(dir) = &opts.png_dir {
        std::fs::create_dir_all(dir)?;
    }
    let png = opts.png_dir.as_deref();
    // Deadlines that came while the bot was down are acted on at once.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let sweeper = Arc::clone(&club).spawn_deadlines(Duration::from_secs(30), tx);
    let mut analyses = club.analysis_events();
    let analysts = Arc::clone(&club).spawn_analysis();
    if let Some(path) = &opts.script {
        let text = std::fs::read_to_string(path)?;
        let mut ok = true;
        // No bot worker: the bot's decisions pending from before are made now, and
        // those a line leaves pending right after it (see `bot`).
        print!("{}", bot::drain(&club).await);
        print!("{}", outbox::owed_text(&club, png).await);
        for (n, raw) in text.lines().enumerate() {
            let (expect_refusal, line) = match raw.trim_start().strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, raw),
            };
            if parse_line(line) == Ok(None) {
                continue;
            }
            // The transcript quotes the line; one too long or with control characters
            // only as an excerpt.
            let plain = line.chars().count() <= 200 && !line.chars().any(char::is_control);
            if plain {
                println!("> {}", line.trim());
            } else {
                println!("> {}", excerpt(line));
            }
            let (out, refused) = run_line(&club, line, png).await;
            print!("{out}");
            if !refused {
                print!("{}", bot::drain(&club).await);
            }
            // The sweep's notices are in the outbox too.
            while rx.try_recv().is_ok() {}
            print!("{}", outbox::owed_text(&club, png).await);
            while let Ok(e) = analyses.try_recv() {
                print!("{}", analysis::event_text(e));
            }
            if refused != expect_refusal {
                eprintln!(
                    "gammonbot: script line {}: {}",
                    n + 1,
                    if refused {
                        "refused (mark it with a leading ! if that is expected)"
                    } else {
                        "marked ! as refused, but it was accepted"
                    }
                );
                ok = false;
                break;
            }
        }
        // The script's end stops the workers as the bot's stop does: a gnubg run under
        // way (a match the script finished, analysed by itself) is killed, its job
        // queued again for the next start.
        club.stop();
        sweeper.abort();
        analysts.iter().for_each(tokio::task::JoinHandle::abort);
        return Ok(ok);
    }
    println!(
        "gammonbot local chat. Type `alice: /challenge bob` to start; `/help` lists commands; Ctrl-D quits."
    );
    let bot = Arc::clone(&club).spawn_bot();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    tokio::pin!(signal);
    loop {
        tokio::select! {
            line = lines.next_line() => {
                let Some(line) = line? else { break };
                let (out, _) = run_line_linked(&club, &line, png, opts.web.as_deref()).await;
                print!("{out}");
            }
            // The sweep's notices are printed from the outbox, as everything owed is.
            Some(_) = rx.recv() => {}
            () = club.outbox_wait(Duration::from_secs(1)) => print!("{}", outbox::owed_text(&club, png).await),
            Ok(e) = analyses.recv() => print!("{}", analysis::event_text(e)),
            () = &mut signal => {
                println!("The bot is stopping: lines typed from now on are not read.");
                club.stop();
                let deadline = tokio::time::Instant::now().checked_add(timeout);
                let stopped = async {
                    let _ = bot.await;
                    let _ = sweeper.await;
                    for a in analysts {
                        let _ = a.await;
                    }
                };
                let finished = match deadline {
                    Some(d) => tokio::time::timeout_at(d, stopped).await.is_ok(),
                    None => {
                        stopped.await;
                        true
                    }
                };
                // What the workers did last.
                while rx.try_recv().is_ok() {}
                print!("{}", outbox::owed_text(&club, png).await);
                while let Ok(e) = analyses.try_recv() {
                    print!("{}", analysis::event_text(e));
                }
                println!("Stopped.");
                return Ok(finished);
            }
        }
    }
    bot.abort();
    sweeper.abort();
    analysts.iter().for_each(tokio::task::JoinHandle::abort);
    Ok(true)
}
