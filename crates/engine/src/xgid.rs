//! XGID (eXtreme Gammon ID): `XGID=<position>:<cube>:<owner>:<turn>:<dice>:<score X>:<score O>:<crawford/jacoby>:<length>:<max cube>`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::dice::Dice;
use super::position::Position;
use super::side::Side;

/// What the dice field of an XGID says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XgidDice {
    /// `00`: the player on turn is to roll (or double).
    ToRoll,
    /// `D`: the player on turn has doubled; his opponent must answer.
    Doubled,
    /// `B`: beavered.
    Beavered,
    /// `R`: raccooned.
    Raccooned,
    /// The dice thrown.
    Rolled(Dice),
}

/// The fields of an XGID. The position is in the canonical orientation (X at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xgid {
    /// The position, X at the bottom.
    pub position: Position,
    /// log2 of the cube value.
    pub cube_log2: u8,
    /// Who holds the cube (`None`: centred).
    pub cube_owner: Option<Side>,
    /// The side to act.
    pub turn: Side,
    /// The dice field: a throw, a double offered, or none.
    pub dice: XgidDice,
    /// Indexed by [`Side::index`].
    pub score: [u32; 2],
    /// Match play: 1 in the Crawford game. Money: 1 for Jacoby, +2 for beavers.
    pub crawford_jacoby: u8,
    /// 0 for money play.
    pub match_length: u32,
    /// log2 of the highest cube value allowed.
    pub max_cube_log2: u8,
}

/// Why an XGID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read XGID `{text}`: {why}")]
pub struct XgidError {
    /// The text as given (cut to an excerpt).
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

fn side_code(s: Side) -> i32 {
    match s {
        Side::X => 1,
        Side::O => -1,
    }
}

/// The 26-character position field of an XGID: `-` empty, `A`-`O` X's men, `a`-`o` O's.
#[must_use]
pub fn xgid_position_field(p: &Position) -> String {
    p.points()
        .iter()
        .map(|&n| match n {
            0 => '-',
            n if n > 0 => (b'A' + (n as u8 - 1)) as char,
            n => (b'a' + ((-n) as u8 - 1)) as char,
        })
        .collect()
}

impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "XGID={}", xgid_position_field(&self.position))?;
        let dice = match self.dice {
            XgidDice::ToRoll => "00".to_string(),
            XgidDice::Doubled => "D".to_string(),
            XgidDice::Beavered => "B".to_string(),
            XgidDice::Raccooned => "R".to_string(),
            XgidDice::Rolled(d) => {
                let [a, b] = d.values();
                format!("{a}{b}")
            }
        };
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.cube_log2,
            self.cube_owner.map_or(0, side_code),
            side_code(self.turn),
            dice,
            self.score[Side::X.index()],
            self.score[Side::O.index()],
            self.crawford_jacoby,
            self.match_length,
            self.max_cube_log2
        )
    }
}

impl FromStr for Xgid {
    type Err = XgidError;

    fn from_str(s: &str) -> Result<Xgid, XgidError> {
        let text = s.trim();
        let bad = |why| XgidError {
            text: text.to_string(),
            why,
        };
        let body = text.strip_prefix("XGID=").unwrap_or(text);
        let fields: Vec<&str> = body.split(':').collect();
        if fields.len() != 10 {
            return Err(bad("an XGID has ten fields separated by `:`"));
        }
        let pos = fields[0].as_bytes();
        if pos.len() != 26 {
            return Err(bad("the position field has 26 characters"));
        }
        let mut points = [0i8; 26];
        for (slot, &c) in points.iter_mut().zip(pos) {
            *slot = match c {
                b'-' => 0,
                b'A'..=b'O' => (c - b'A' + 1) as i8,
                b'a'..=b'o' => -((c - b'a' + 1) as i8),
                _ => return Err(bad("position characters are `-`, `A`-`O` or `a`-`o`")),
            };
        }
        let position = Position::new(points).map_err(|_| bad("the position is not legal"))?;
        let num = |i: usize, why| fields[i].parse::<i64>().map_err(|_| bad(why));
        let cube_log2 = u8::try_from(num(1, "cube value")?).map_err(|_| bad("cube value"))?;
        let cube_owner = match num(2, "cube owner")? {
            0 => None,
            1 => Some(Side::X),
            -1 => Some(Side::O),
            _ => return Err(bad("cube owner is 1, 0 or -1")),
        };
        let turn = match num(3, "turn")? {
            1 => Side::X,
            -1 => Side::O,
            _ => return Err(bad("turn is 1 or -1")),
        };
        let dice = match fields[4] {
            "00" | "0" => XgidDice::ToRoll,
            "D" => XgidDice::Doubled,
            "B" => XgidDice::Beavered,
            "R" => XgidDice::Raccooned,
            d if d.len() == 2 => {
                let b = d.as_bytes();
                Dice::new(b[0].wrapping_sub(b'0'), b[1].wrapping_sub(b'0'))
                    .map(XgidDice::Rolled)
                    .map_err(|_| bad("dice are two digits 1-6, `00`, `D`, `B` or `R`"))?
            }
            _ => return Err(bad("dice are two digits 1-6, `00`, `D`, `B` or `R`")),
        };
        let score_x = u32::try_from(num(5, "score")?).map_err(|_| bad("score"))?;
        let score_o = u32::try_from(num(6, "score")?).map_err(|_| bad("score"))?;
        let mut score = [0; 2];
        score[Side::X.index()] = score_x;
        score[Side::O.index()] = score_o;
        Ok(Xgid {
            position,
            cube_log2,
            cube_owner,
            turn,
            dice,
            score,
            crawford_jacoby: u8::try_from(num(7, "crawford/jacoby")?)
                .map_err(|_| bad("crawford/jacoby"))?,
            match_length: u32::try_from(num(8, "match length")?)
                .map_err(|_| bad("match length"))?,
            max_cube_log2: u8::try_from(num(9, "max cube")?).map_err(|_| bad("max cube"))?,
        })
    }
}
