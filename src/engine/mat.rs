//! Export of a match to the `.mat` text format (Jellyfish's, as gnubg writes and imports it).

use std::fmt::Write as _;

use super::game::{Action, Event, Match, RuleError};
use super::notation::format_steps;
use super::rules::MatchRules;
use super::side::Side;

/// One game's lines as they are built: cells alternate left (O, gnubg's player 0) and
/// right (X, gnubg's player 1).
struct Writer {
    out: String,
    /// Cells written on the current game's numbered lines.
    cells: usize,
}

impl Writer {
    fn column(side: Side) -> usize {
        match side {
            Side::O => 0,
            Side::X => 1,
        }
    }

    fn cell(&mut self, side: Side, text: &str) {
        if self.cells % 2 != Self::column(side) {
            self.raw_cell("");
        }
        self.raw_cell(text);
    }

    fn raw_cell(&mut self, text: &str) {
        if self.cells % 2 == 0 {
            let _ = write!(self.out, "{:>3}) {:<28}", self.cells / 2 + 1, text);
            if text.len() >= 28 {
                // Keep the columns apart where gnubg's own `%-28s` would run them together.
                self.out.push(' ');
            }
        } else {
            self.out.push_str(text);
            self.out.push('\n');
        }
        self.cells += 1;
    }

    fn close_line(&mut self) {
        if self.cells % 2 == 1 {
            self.out.push('\n');
            self.cells += 1;
        }
    }

    fn wins(&mut self, winner: Side, points: u64) {
        self.close_line();
        let indent = if Self::column(winner) == 0 { 6 } else { 34 };
        let plural = if points == 1 { "" } else { "s" };
        let _ = writeln!(self.out, "{:indent$}Wins {points} point{plural}\n", "");
    }

    fn game_header(&mut self, number: u32, names: &[&str; 2], score: [u32; 2]) {
        let (o, x) = (Side::O.index(), Side::X.index());
        let _ = writeln!(self.out, " Game {number}");
        let left = format!("{} : {}", names[o], score[o]);
        let _ = writeln!(self.out, " {left:<30} {} : {}", names[x], score[x]);
        self.cells = 0;
    }
}

/// The `.mat` text of a match: its rules, the players' names (indexed by [`Side::index`])
/// and its actions in order. A running match is exported up to its last action.
///
/// # Errors
/// An action the engine refuses: the log is not a match's.
pub fn export_mat(
    rules: &MatchRules,
    names: [&str; 2],
    actions: &[(Side, Action)],
) -> Result<String, RuleError> {
    let mut m = Match::new(*rules)?;
    let mut w = Writer {
        out: String::new(),
        cells: 0,
    };
    let _ = writeln!(w.out, "; [Site \"gammonbot\"]");
    if rules.is_money() {
        let _ = writeln!(
            w.out,
            "; [Jacoby \"{}\"]",
            if rules.jacoby { "On" } else { "Off" }
        );
    }
    let _ = writeln!(w.out, "\n {} point match\n", rules.length.unwrap_or(0));
    w.game_header(1, &names, m.score());
    for (by, action) in actions {
        let before = m.clone();
        let (next, events) = m.apply(*by, action)?;
        for e in events {
            match e {
                Event::Played { by, dice, play } => {
                    let board = before.position().view(by);
                    let mut text = format!(
                        "{}{}: {}",
                        dice.high(),
                        dice.low(),
                        format_steps(&board, &play)
                    );
                    if (1..4).contains(&play.steps().len()) {
                        text.push(' ');
                    }
                    w.cell(by, &text);
                }
                Event::NoLegalPlay { by, dice } => {
                    w.cell(by, &format!("{}{}: ", dice.high(), dice.low()));
                }
                Event::Doubled { by, value } => w.cell(by, &format!(" Doubles => {value}")),
                Event::Taken { by, .. } => w.cell(by, " Takes"),
                Event::Beavered { by, value } => w.cell(by, &format!(" Beavers => {value}")),
                Event::Raccooned { by, value } => w.cell(by, &format!(" Raccoons => {value}")),
                Event::Dropped { by } => w.cell(by, " Drops"),
                Event::GameOver(r) => w.wins(r.winner, r.points),
                Event::GameStarted { number, .. } => w.game_header(number, &names, next.score()),
                _ => {}
            }
        }
        m = next;
    }
    w.close_line();
    Ok(w.out)
}
