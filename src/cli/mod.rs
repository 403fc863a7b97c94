//! Engine commands for the terminal: legality checks and notation conversions.

use std::io::{BufRead, BufWriter, Write};

mod assets;
pub mod backup;
mod ratings;
mod signals;
mod web;
mod welsh;
mod welsh_match;
pub use assets::{ASSET_FILES, assets};
pub use ratings::ratings;
pub use welsh::{TrainArgs, welsh_duel, welsh_train};
pub use welsh_match::{welsh_match_duel, welsh_table, welsh_table_check};

use crate::config::Config;

use engine::welsh::{Throw, format_welsh_play, welsh_legal_plays};
use engine::{
    Dice, LegalPlay, MatchId, Position, PositionIdEncoder, Side, Xgid, board_from_position_id,
    format_play, legal_plays_into, position_id, xgid_position_field,
};

fn parse_line(line: &str) -> Result<(engine::Board, Dice), String> {
    parse_line_with(line, |id| {
        board_from_position_id(id).map_err(|e| e.to_string())
    })
}

/// A line `<position-id> <d1> <d2>` read with `board` turning the ID into a board: the
/// shape is checked first, then the ID, then the dice.
fn parse_line_with<'a>(
    line: &'a str,
    board: impl FnOnce(&'a str) -> Result<engine::Board, String>,
) -> Result<(engine::Board, Dice), String> {
    let mut it = line.split_whitespace();
    let (Some(id), Some(a), Some(b), None) = (it.next(), it.next(), it.next(), it.next()) else {
        return Err("expected `<position-id> <d1> <d2>`".into());
    };
    let board = board(id)?;
    let die = |s: &str| s.parse::<u8>().map_err(|_| format!("`{s}` is not a die"));
    let dice = Dice::new(die(a)?, die(b)?).map_err(|e| e.to_string())?;
    Ok((board, dice))
}

/// Answers each non-empty input line with `<line>\t<count>\t<items joined by sep>`, or
/// `<line>\tERROR\t<reason>`. Returns `Ok(false)` if any line could not be read.
fn answer_lines(
    input: impl BufRead,
    output: impl Write,
    sep: &str,
    mut answer: impl FnMut(&str) -> Result<Vec<String>, String>,
) -> std::io::Result<bool> {
    let mut out = BufWriter::new(output);
    let mut all_ok = true;
    for line in input.lines() {
        let line = line?;
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        match answer(line) {
            Ok(mut items) => {
                items.sort_unstable();
                writeln!(out, "{line}\t{}\t{}", items.len(), items.join(sep))?;
            }
            Err(e) => {
                all_ok = false;
                writeln!(out, "{line}\tERROR\t{e}")?;
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// `gammonbot legal`: one output line per input line. Returns `Ok(false)` if any line
/// could not be read (it is answered with `ERROR` and the reason).
///
/// # Errors
/// Reading or writing failed.
pub fn legal(input: impl BufRead, output: impl Write, notation: bool) -> std::io::Result<bool> {
    if !notation {
        return legal_ids(input, output);
    }
    let mut plays: Vec<LegalPlay> = Vec::with_capacity(64);
    answer_lines(input, output, " | ", |line| {
        let (board, dice) = parse_line(line)?;
        legal_plays_into(&board, dice, &mut plays);
        Ok(plays.iter().map(|p| format_play(&board, &p.play)).collect())
    })
}

/// `legal` with Position IDs, the fast path. The input is read in blocks of whole lines;
/// each block is cut into one part per core, the parts answered on their own threads and
/// written in order. Within a part every line's IDs are made as bytes, sorted as numbers
/// holding those bytes (the order of the strings) and written into one reused buffer;
/// nothing is allocated per line. The bytes are those of [`answer_lines`] with `,`.
fn legal_ids(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<bool> {
    const BLOCK: usize = 1 << 16;
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut block: Vec<u8> = Vec::with_capacity(BLOCK + 128);
    let mut all_ok = true;
    loop {
        block.clear();
        while block.len() < BLOCK && input.read_until(b'\n', &mut block)? > 0 {}
        if block.is_empty() {
            break;
        }
        let parts = split_lines(&block, threads);
        let answers: Vec<std::io::Result<(Vec<u8>, bool)>> = if parts.len() == 1 {
            vec![answer_ids(parts[0])]
        } else {
            std::thread::scope(|scope| {
                let running: Vec<_> = parts
                    .iter()
                    .map(|part| scope.spawn(move || answer_ids(part)))
                    .collect();
                running
                    .into_iter()
                    .map(|t| {
                        t.join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect()
            })
        };
        for answer in answers {
            let (out, ok) = answer?;
            all_ok &= ok;
            output.write_all(&out)?;
        }
    }
    output.flush()?;
    Ok(all_ok)
}

/// `block` cut into at most `n` parts of about equal size, each ending at a line's end.
fn split_lines(block: &[u8], n: usize) -> Vec<&[u8]> {
    let mut parts = Vec::with_capacity(n);
    let mut rest = block;
    for left in (1..=n).rev() {
        if rest.is_empty() {
            break;
        }
        let mut cut = (rest.len() / left).max(1);
        if left == 1 {
            cut = rest.len();
        } else {
            cut = rest[cut - 1..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| cut + i);
        }
        let (part, after) = rest.split_at(cut);
        parts.push(part);
        rest = after;
    }
    parts
}

/// The answers to the lines of `part` (whole lines), and whether every line could be read.
fn answer_ids(part: &[u8]) -> std::io::Result<(Vec<u8>, bool)> {
    let mut plays: Vec<LegalPlay> = Vec::with_capacity(64);
    // Each ID as a big-endian number: one comparison sorts as the strings would.
    let mut ids: Vec<u128> = Vec::with_capacity(64);
    let mut window: Vec<u64> = Vec::with_capacity(64);
    let mut out: Vec<u8> = Vec::with_capacity(part.len() * 16);
    let mut all_ok = true;
    // Input lists a position once per roll: the board read for the line before is used
    // again while the ID is the same.
    let mut cached: Option<(&str, engine::Board)> = None;
    for raw in part.split_inclusive(|&b| b == b'\n') {
        // As `BufRead::lines`: the line ending goes, and the text must be UTF-8.
        let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = std::str::from_utf8(raw)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        out.extend_from_slice(line.as_bytes());
        let parsed = parse_line_with(line, |id| match cached {
            Some((seen, board)) if seen == id => Ok(board),
            _ => {
                let board = board_from_position_id(id).map_err(|e| e.to_string())?;
                cached = Some((id, board));
                Ok(board)
            }
        });
        match parsed {
            Ok((board, dice)) => {
                legal_plays_into(&board, dice, &mut plays);
                ids.clear();
                // The plays share the opponent's checkers unless they hit: the encoder
                // makes his half of each ID once for all of them.
                let mut encoder = PositionIdEncoder::default();
                ids.extend(plays.iter().map(|p| {
                    let mut b = [0u8; 16];
                    b[..14].copy_from_slice(&encoder.id(&p.board));
                    u128::from_be_bytes(b)
                }));
                sort_ids(&mut ids, &mut window);
                out.push(b'\t');
                write_count(&mut out, ids.len());
                out.push(b'\t');
                for (i, id) in ids.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    out.extend_from_slice(&id.to_be_bytes()[..14]);
                }
                out.push(b'\n');
            }
            Err(e) => {
                all_ok = false;
                out.extend_from_slice(b"\tERROR\t");
                out.extend_from_slice(e.as_bytes());
                out.push(b'\n');
            }
        }
    }
    Ok((out, all_ok))
}

/// Sorts the IDs (14 bytes each, big-endian in the top of a `u128`). The plays of one
/// position mostly leave the opponent's half of the key alone, so the IDs often share their
/// first bytes: when the bytes that differ fit in eight, those are sorted as `u64`s, half
/// the work of sorting `u128`s.
fn sort_ids(ids: &mut [u128], window: &mut Vec<u64>) {
    let [first, _, ..] = *ids else { return };
    let differ = ids.iter().fold(0u128, |acc, &id| acc | (id ^ first));
    // The whole bytes every ID shares at its start (at most 8 of them are counted).
    let shared_bits = (differ.leading_zeros() / 8 * 8).min(64);
    if shared_bits < 6 * 8 {
        ids.sort_unstable();
        return;
    }
    // The 64 bits below the shared bytes hold every difference.
    let shift = 64 - shared_bits;
    window.clear();
    window.extend(ids.iter().map(|&id| (id >> shift) as u64));
    window.sort_unstable();
    let prefix = first >> (128 - shared_bits) << (128 - shared_bits);
    for (id, &w) in ids.iter_mut().zip(window.iter()) {
        *id = prefix | (u128::from(w) << shift);
    }
}

/// Appends `n` in decimal.
fn write_count(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// `gammonbot show`: a position in every notation.
///
/// # Errors
/// Never for I/O; an unreadable ID is reported and gives `Ok(false)`.
pub fn show(pos_id: &str, match_id: Option<&str>) -> std::io::Result<bool> {
    let board = match board_from_position_id(pos_id) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return Ok(false);
        }
    };
    let mid = match match_id.map(MatchId::decode).transpose() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return Ok(false);
        }
    };
    let on_roll = mid.map_or(Side::X, |m| m.on_roll);
    let position = Position::from_view(on_roll, &board);
    let (mine, theirs) = board.pips();
    println!("Position ID: {}", position_id(&board));
    println!("on roll:     {on_roll} (pips {mine}, opponent {theirs})");
    println!("X's view:    {:?}", position.points());
    if let Some(m) = mid {
        println!("Match ID:    {}  {m:?}", m.encode());
    }
    Ok(true)
}

fn parse_welsh_line(line: &str) -> Result<(engine::Position, Side, Throw), String> {
    let mut it = line.split_whitespace();
    let xgid: Xgid = it
        .next()
        .ok_or("expected `<XGID> <d1> <d2>`")?
        .parse()
        .map_err(|e: engine::XgidError| e.to_string())?;
    let dice: Vec<u8> = it
        .map(|s| {
            s.parse::<u8>()
                .ok()
                .filter(|d| (1..=6).contains(d))
                .ok_or(format!("`{s}` is not a die"))
        })
        .collect::<Result<_, _>>()?;
    let throw = match dice[..] {
        [a, b] => Throw::Two(a, b),
        [a] => Throw::One(a),
        _ => return Err("expected one or two dice after the XGID".into()),
    };
    Ok((xgid.position, xgid.turn, throw))
}

/// `gammonbot legal --rules welsh`: one output line per input line. Returns `Ok(false)` if
/// any line could not be read.
///
/// # Errors
/// Reading or writing failed.
pub fn legal_welsh(
    input: impl BufRead,
    output: impl Write,
    positions: bool,
) -> std::io::Result<bool> {
    let sep = if positions { "," } else { " | " };
    answer_lines(input, output, sep, |line| {
        let (position, side, throw) = parse_welsh_line(line)?;
        let board = position.view(side);
        Ok(welsh_legal_plays(&board, throw)
            .iter()
            .map(|p| {
                if positions {
                    xgid_position_field(&Position::from_view(side, &p.board))
                } else {
                    format_welsh_play(&board, &p.play)
                }
            })
            .collect())
    })
}

/// What `gammonbot render` draws.
pub struct RenderArgs<'a> {
    pub xgid: &'a str,
    pub ruleset: engine::Ruleset,
    /// The side to draw it from; the player on turn when `None`.
    pub viewer: Option<Side>,
    /// X's name, O's name.
    pub names: Option<(&'a str, &'a str)>,
    /// The last play as move text, from the view of `last_by`.
    pub last: Option<&'a str>,
    pub last_by: Side,
    /// Where to write the PNG; none: print the text board and its description only.
    pub out: Option<&'a std::path::Path>,
}

/// `gammonbot render`: draws the board an XGID describes as a PNG (and prints it as text).
/// Returns `Ok(false)` after explaining a bad argument.
///
/// # Errors
/// When the PNG cannot be written.
pub fn render(args: &RenderArgs<'_>) -> std::io::Result<bool> {
    use engine::{Hop, Step, parse_hops};
    use render::{LastPlay, Scene, alt_text, render_png, render_text};

    let scene = (|| -> Result<Scene, String> {
        let text = args.xgid.strip_prefix("XGID=").unwrap_or(args.xgid);
        let x: Xgid = format!("XGID={text}").parse().map_err(|e| format!("{e}"))?;
        let mut scene = Scene::from_xgid(&x, args.ruleset, args.viewer);
        if let Some((a, b)) = args.names {
            scene.names = [a.to_string(), b.to_string()];
        }
        if let Some(last) = args.last {
            let by = args.last_by;
            let hops: Vec<Hop> = parse_hops(last).map_err(|e| e.to_string())?;
            let legs: Vec<(u8, u8, bool)> = hops.iter().flat_map(Hop::legs).collect();
            if legs.len() > 4 {
                return Err(format!("`{last}` has more than four moves"));
            }
            scene.last_play = Some(LastPlay {
                side: by,
                steps: legs
                    .iter()
                    .map(|&(from, to, _)| Step { from, to })
                    .collect(),
                hits: legs.iter().filter(|l| l.2).map(|l| l.1).collect(),
                text: last.to_string(),
            });
        }
        Ok(scene)
    })();
    let scene = match scene {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return Ok(false);
        }
    };
    print!("{}", render_text(&scene));
    println!("{}", alt_text(&scene));
    if let Some(path) = args.out {
        let png = render_png(&scene).map_err(std::io::Error::other)?;
        std::fs::write(path, &png)?;
        println!("wrote {} ({} bytes)", path.display(), png.len());
    }
    Ok(true)
}

/// Runs the local terminal chat on the database `db` (default: the configured
/// `DATABASE_URL`). SIGTERM or Ctrl-C stops it gracefully within `SHUTDOWN_TIMEOUT`;
/// `Ok(false)` when something was cut then.
///
/// # Errors
/// The database cannot be opened or the input read.
pub fn local(
    config: &Config,
    db: Option<String>,
    dice_seed: Option<u64>,
    script: Option<std::path::PathBuf>,
    png: Option<std::path::PathBuf>,
) -> std::io::Result<bool> {
    use club::RngDice;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let ok = runtime.block_on(async move {
        let dice = match dice_seed {
            Some(seed) => RngDice::seeded(seed),
            None => RngDice::from_os(),
        };
        let (store, club) = open_club(config, db, dice).await?;
        // The web pages in an interactive chat (a script runs and ends at once).
        let pages = match script {
            None => web::start_local(config, &club).await,
            Some(_) => None,
        };
        if let Some(p) = &pages {
            club.set_waiting_links(crate::console::waiting_links(&p.base));
        }
        let ok = crate::console::run_until(
            club,
            crate::console::Options {
                script,
                png_dir: png,
                web: pages.as_ref().map(|p| p.base.clone()),
            },
            signals::stop_signal(),
            config.shutdown_timeout,
        )
        .await?;
        if let Some(p) = pages {
            p.running.task.abort();
        }
        close_store(store, config.shutdown_timeout).await;
        Ok::<_, std::io::Error>(ok)
    })?;
    // Tasks still under way past the timeout (a gnubg decision, say) are not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    Ok(ok)
}

/// Opens the database `db` (default: the configured `DATABASE_URL`) and the club on it
/// with these dice, the system clock and the configured settings; serves its metrics and
/// health on `METRICS_ADDR` when set.
async fn open_club(
    config: &Config,
    db: Option<String>,
    dice: club::RngDice,
) -> std::io::Result<(store::Store, std::sync::Arc<club::Club>)> {
    use std::sync::Arc;
    let db = db.map_or_else(|| config.database_url.clone(), store::DbUrl::from);
    let store = store::Store::open(db.expose())
        .await
        .map_err(|e| std::io::Error::other(format!("cannot open the database `{db}`: {e}")))?;
    tracing::info!(database = %db, "database open");
    if let Some(schedule) = &config.backup {
        backup::spawn_schedule(store.clone(), schedule.clone());
    }
    let club = club::Club::new(store.clone(), Arc::new(dice), Arc::new(club::SystemClock))
        .with_analysis(config.analysis.clone())
        .with_bot(config.bot.clone())
        .with_quotas(config.quotas)
        .with_outbox_lease(config.outbox_lease)
        .with_leaderboard_min_experience(config.leaderboard_min_experience)
        .with_low_time(config.low_time);
    let club = Arc::new(club);
    if let Some(addr) = config.metrics_addr {
        crate::ops::start(addr, Arc::clone(&club))
            .await
            .map_err(|e| std::io::Error::other(format!("METRICS_ADDR `{addr}`: {e}")))?;
    }
    Ok((store, club))
}

/// Runs the Discord bot with the configured token (never logged) and database;
/// `DISCORD_GUILD_ID` registers the commands in that guild only; `SHARDS` and
/// `SHARD_RANGE` choose the shards this process runs (default: all); `DISCORD_API_URL`
/// sends REST calls through a rate-limiting proxy instead of discord.com (the bot's own
/// rate limiter is then off); `DISCORD_RATE_LIMIT` limits each player's commands.
/// SIGTERM or Ctrl-C stops it gracefully within `SHUTDOWN_TIMEOUT`
/// ([`crate::discord::stopping`]); `Ok(false)` when something was cut then.
///
/// # Errors
/// No token is configured, the database cannot be opened or the bot cannot connect.
pub fn discord(config: &Config) -> std::io::Result<bool> {
    let token = config
        .discord_token
        .clone()
        .ok_or_else(|| std::io::Error::other("DISCORD_TOKEN is not set"))?;
    crate::ops::logs::init(&config.log_filter, config.log_format, &token);
    let (guild, shards, api, limit) = (
        config.discord_guild_id,
        config.shards,
        config.discord_api_url.clone(),
        config.rate_limit,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let finished = runtime.block_on(async move {
        let (store, club) = open_club(config, None, club::RngDice::from_os()).await?;
        let pages = web::start_discord(config, &club).await?;
        // Board messages link to their match's page only at the address players reach.
        let web = pages.as_ref().and(config.public_url.clone());
        let finished = crate::discord::run_until(
            crate::discord::Connection {
                token: token.trim().to_string(),
                guild,
                api,
                sweep_every: None,
                web,
            },
            club,
            shards,
            limit,
            signals::stop_signal(),
            config.shutdown_timeout,
        )
        .await
        .map_err(|e| std::io::Error::other(format!("Discord: {e}")))?;
        close_store(store, config.shutdown_timeout).await;
        Ok::<_, std::io::Error>(finished)
    })?;
    // Tasks still under way past the timeout (a gnubg decision, say) are not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    Ok(finished)
}

/// Closes the database (its connections; on SQLite the WAL is checkpointed), waiting at
/// most `limit`.
async fn close_store(store: store::Store, limit: std::time::Duration) {
    if tokio::time::timeout(limit, store.close()).await.is_err() {
        tracing::warn!("the database did not close in time");
    }
}

#[cfg(test)]
mod tests {
    use super::{sort_ids, split_lines};

    #[test]
    fn a_block_is_cut_into_parts_of_whole_lines_that_join_back_to_it() {
        let block = b"aaaa\nb\ncccccccc\ndd\ne";
        for n in 1..=8 {
            let parts = split_lines(block, n);
            assert!(parts.len() <= n);
            assert_eq!(parts.concat(), block.to_vec(), "{n} parts");
            for part in &parts[..parts.len() - 1] {
                assert!(part.ends_with(b"\n"), "{n} parts: {part:?}");
            }
        }
        assert!(split_lines(b"", 2).is_empty());
    }

    #[test]
    fn ids_sharing_their_first_bytes_sort_as_all_their_bytes_do() {
        let id = |s: &[u8; 14]| {
            let mut b = [0u8; 16];
            b[..14].copy_from_slice(s);
            u128::from_be_bytes(b)
        };
        let shared: Vec<u128> = [b"4HPwATDgc/ABMA", b"4HPwATCkc/ABMA", b"4HPwATDCc/ABMA"]
            .map(id)
            .to_vec();
        let apart: Vec<u128> = [b"zzPwATDgc/ABMA", b"4HPwATCkc/ABMA", b"AHPwATDCc/ABMB"]
            .map(id)
            .to_vec();
        for mut ids in [shared, apart] {
            let mut want = ids.clone();
            want.sort_unstable();
            sort_ids(&mut ids, &mut Vec::new());
            assert_eq!(ids, want);
        }
    }
}
