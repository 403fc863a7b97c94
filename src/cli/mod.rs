//! Engine commands for the terminal: legality checks and notation conversions.

use std::io::{BufRead, BufWriter, Write};

use crate::engine::welsh::{Throw, format_welsh_play, welsh_legal_plays};
use crate::engine::{
    Dice, LegalPlay, MatchId, Position, Side, Xgid, board_from_position_id, format_play,
    legal_plays_into, position_id,
};

/// What `gammonbot` prints when run without a command.
pub const WELCOME: &str = "gammonbot: the rules engine is ready; the chat adapters come later.\n\
Try:  echo '4HPwATDgc/ABMA 3 1' | gammonbot legal --notation\n\
      gammonbot show 4HPwATDgc/ABMA cAkAAAAAAAAA\n\
See `gammonbot --help` for every command.";

fn parse_line(line: &str) -> Result<(crate::engine::Board, Dice), String> {
    let mut it = line.split_whitespace();
    let (Some(id), Some(a), Some(b), None) = (it.next(), it.next(), it.next(), it.next()) else {
        return Err("expected `<position-id> <d1> <d2>`".into());
    };
    let board = board_from_position_id(id).map_err(|e| e.to_string())?;
    let die = |s: &str| s.parse::<u8>().map_err(|_| format!("`{s}` is not a die"));
    let dice = Dice::new(die(a)?, die(b)?).map_err(|e| e.to_string())?;
    Ok((board, dice))
}

/// `gammonbot legal`: one output line per input line. Returns `Ok(false)` if any line
/// could not be read (it is answered with `ERROR` and the reason).
///
/// # Errors
/// Reading or writing failed.
pub fn legal(input: impl BufRead, output: impl Write, notation: bool) -> std::io::Result<bool> {
    let mut out = BufWriter::new(output);
    let mut plays: Vec<LegalPlay> = Vec::with_capacity(64);
    let mut texts: Vec<String> = Vec::with_capacity(64);
    let mut all_ok = true;
    for line in input.lines() {
        let line = line?;
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(line) {
            Ok((board, dice)) => {
                legal_plays_into(&board, dice, &mut plays);
                texts.clear();
                if notation {
                    texts.extend(plays.iter().map(|p| format_play(&board, &p.play)));
                } else {
                    texts.extend(plays.iter().map(|p| position_id(&p.board)));
                }
                texts.sort_unstable();
                let sep = if notation { " | " } else { "," };
                writeln!(out, "{line}\t{}\t{}", plays.len(), texts.join(sep))?;
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

fn parse_welsh_line(line: &str) -> Result<(crate::engine::Position, Side, Throw), String> {
    let mut it = line.split_whitespace();
    let xgid: Xgid = it
        .next()
        .ok_or("expected `<XGID> <d1> <d2>`")?
        .parse()
        .map_err(|e: crate::engine::XgidError| e.to_string())?;
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
    let mut out = BufWriter::new(output);
    let mut all_ok = true;
    for line in input.lines() {
        let line = line?;
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        match parse_welsh_line(line) {
            Ok((position, side, throw)) => {
                let board = position.view(side);
                let plays = welsh_legal_plays(&board, throw);
                let mut texts: Vec<String> = plays
                    .iter()
                    .map(|p| {
                        if positions {
                            let after = Position::from_view(side, &p.board);
                            xgid_position_field(&after)
                        } else {
                            format_welsh_play(&board, &p.play)
                        }
                    })
                    .collect();
                texts.sort_unstable();
                let sep = if positions { "," } else { " | " };
                writeln!(out, "{line}\t{}\t{}", plays.len(), texts.join(sep))?;
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

/// The 26-character position field of an XGID.
fn xgid_position_field(p: &Position) -> String {
    p.points()
        .iter()
        .map(|&n| match n {
            0 => '-',
            n if n > 0 => (b'A' + (n as u8 - 1)) as char,
            n => (b'a' + ((-n) as u8 - 1)) as char,
        })
        .collect()
}
