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

    fn wins(&mut self, winner: Side, points: u64, match_won: bool) {
        self.close_line();
        let indent = if Self::column(winner) == 0 { 6 } else { 34 };
        let plural = if points == 1 { "" } else { "s" };
        let and = if match_won { " and the match" } else { "" };
        let _ = writeln!(self.out, "{:indent$}Wins {points} point{plural}{and}\n", "");
    }

    fn game_header(&mut self, number: u32, names: &[&str; 2], score: [u32; 2]) {
        let (o, x) = (Side::O.index(), Side::X.index());
        let _ = writeln!(self.out, " Game {number}");
        let left = format!("{} : {}", names[o], score[o]);
        let _ = writeln!(self.out, " {left:<30} {} : {}", names[x], score[x]);
        self.cells = 0;
    }
}

/// What a `.mat` file says of its match besides the play: the header lines GNU
/// Backgammon writes and reads (`; [Event "..."]`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatInfo {
    /// The event (`gammonbot match #12`, a league's round); empty: none.
    pub event: String,
    /// When it began, in Unix seconds (UTC): `EventDate` and `EventTime`.
    pub began: Option<i64>,
    /// Whether it counts for ratings (`Unrated`); `None`: not said.
    pub rated: Option<bool>,
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
    export_mat_with(rules, names, actions, &MatInfo::default())
}

/// The day and time of Unix seconds `t` in UTC: `(year, month, day)`, `(hour, minute)`.
#[must_use]
pub fn utc_date(t: i64) -> ((i64, u32, u32), (u32, u32)) {
    let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let small = |v: i64| u32::try_from(v).unwrap_or(0);
    (
        (year, small(month), small(day)),
        (small(secs / 3600), small(secs % 3600 / 60)),
    )
}

/// [`export_mat`] with the header lines of `info`: players, event, date and time,
/// variation, rated or not, Crawford (match play), Jacoby and beavers (money play).
///
/// # Errors
/// An action the engine refuses: the log is not a match's.
pub fn export_mat_with(
    rules: &MatchRules,
    names: [&str; 2],
    actions: &[(Side, Action)],
    info: &MatInfo,
) -> Result<String, RuleError> {
    let mut m = Match::new(*rules)?;
    let mut w = Writer {
        out: String::new(),
        cells: 0,
    };
    let on = |b: bool| if b { "On" } else { "Off" };
    // A header's value is quoted: no quote or line break inside it.
    let clean = |v: &str| v.replace(['"', '\n', '\r'], "'");
    let _ = writeln!(w.out, "; [Site \"gammonbot\"]");
    // gnubg's player 1 is the left column (O), player 2 the right (X).
    let _ = writeln!(w.out, "; [Player 1 \"{}\"]", clean(names[Side::O.index()]));
    let _ = writeln!(w.out, "; [Player 2 \"{}\"]", clean(names[Side::X.index()]));
    if !info.event.is_empty() {
        let _ = writeln!(w.out, "; [Event \"{}\"]", clean(&info.event));
    }
    if let Some(t) = info.began {
        let ((y, mo, d), (h, mi)) = utc_date(t);
        let _ = writeln!(w.out, "; [EventDate \"{y:04}.{mo:02}.{d:02}\"]");
        let _ = writeln!(w.out, "; [EventTime \"{h:02}.{mi:02}\"]");
    }
    let _ = writeln!(w.out, "; [Variation \"Backgammon\"]");
    if let Some(rated) = info.rated {
        let _ = writeln!(w.out, "; [Unrated \"{}\"]", on(!rated));
    }
    if !rules.is_money() {
        let _ = writeln!(w.out, "; [Crawford \"{}\"]", on(rules.crawford));
    }
    if rules.is_money() {
        let _ = writeln!(w.out, "; [Jacoby \"{}\"]", on(rules.jacoby));
        let _ = writeln!(w.out, "; [Beaver \"{}\"]", on(rules.beavers));
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
                // A beaver or a raccoon is one more turn of the cube, written as gnubg's own
                // exporter writes it: `Doubles => 4` in the beaverer's column. gnubg reads
                // `Beavers => 4` too, but then takes the next throw it reads for the
                // beaver's silent take; after a dropped beaver that throw is the next game's
                // first, and gnubg loses it and every throw after it up to the next double.
                Event::Doubled { by, value }
                | Event::Beavered { by, value }
                | Event::Raccooned { by, value } => w.cell(by, &format!(" Doubles => {value}")),
                Event::Taken { by, .. } => w.cell(by, " Takes"),
                Event::Dropped { by } => w.cell(by, " Drops"),
                Event::GameOver(r) => w.wins(
                    r.winner,
                    r.points,
                    matches!(next.phase(), super::game::Phase::MatchOver { .. }),
                ),
                Event::GameStarted { number, .. } => w.game_header(number, &names, next.score()),
                _ => {}
            }
        }
        m = next;
    }
    w.close_line();
    Ok(w.out)
}
