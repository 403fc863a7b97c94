//! GNU Backgammon's Position ID and Match ID.

use thiserror::Error;

use super::position::{BAR, Board, OPP_BAR};
use super::side::Side;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why an ID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IdError {
    #[error("a Position ID has 14 characters of base64, not `{0}`")]
    PositionIdForm(String),
    #[error("Position ID `{0}` does not describe a legal position: {1}")]
    PositionIdContent(String, &'static str),
    #[error("a Match ID has 12 characters of base64, not `{0}`")]
    MatchIdForm(String),
    #[error("Match ID `{0}` holds an impossible value: {1}")]
    MatchIdContent(String, &'static str),
}

/// Each byte's base64 value, or 0xff for a byte that is not a base64 character.
const B64_VALUE: [u8; 256] = {
    let mut t = [0xffu8; 256];
    let mut i = 0;
    while i < 64 {
        t[B64[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Two base64 characters for each 12-bit value: the encoder takes 12 bits at a time.
const B64_PAIR: [[u8; 2]; 4096] = {
    let mut t = [[0u8; 2]; 4096];
    let mut i = 0;
    while i < 4096 {
        t[i] = [B64[i >> 6], B64[i & 0x3f]];
        i += 1;
    }
    t
};

fn b64_value(c: u8) -> Option<u8> {
    let v = B64_VALUE[c as usize];
    (v != 0xff).then_some(v)
}

fn encode_b64(bytes: &[u8], chars: usize) -> String {
    let mut bits: u128 = 0;
    for (i, &b) in bytes.iter().enumerate() {
        bits |= u128::from(b) << (8 * (bytes.len() - 1 - i));
    }
    let total = bytes.len() * 8;
    let mut out = String::with_capacity(chars);
    for k in 0..chars {
        let shift = total as i32 - 6 * (k as i32 + 1);
        let v = if shift >= 0 {
            (bits >> shift) & 0x3f
        } else {
            (bits << -shift) & 0x3f
        };
        out.push(B64[v as usize] as char);
    }
    out
}

fn decode_b64(s: &str, nbytes: usize) -> Option<Vec<u8>> {
    let s = s.trim_end_matches('=');
    let chars = (nbytes * 8).div_ceil(6);
    if s.len() != chars {
        return None;
    }
    let mut bits: u128 = 0;
    for c in s.bytes() {
        bits = (bits << 6) | u128::from(b64_value(c)?);
    }
    let spare = chars * 6 - nbytes * 8;
    if bits & ((1 << spare) - 1) != 0 {
        return None;
    }
    bits >>= spare;
    Some(
        (0..nbytes)
            .map(|i| (bits >> (8 * (nbytes - 1 - i))) as u8)
            .collect(),
    )
}

/// The Position ID of `board`, the mover being the player on roll.
#[must_use]
pub fn position_id(board: &Board) -> String {
    let bytes = position_id_bytes(board);
    // Base64 characters are ASCII.
    bytes.iter().map(|&b| b as char).collect()
}

/// Appends one side's counts to gnubg's key: `n` 1 bits then a 0 for each count (negative
/// counts are the other side's checkers and count as 0).
#[inline(always)]
fn key_push(bits: &mut u64, at: &mut u32, n: i8) {
    let n = n.max(0) as u32;
    *bits |= ((1u64 << n) - 1) << *at;
    *at += n + 1;
}

/// The Position ID of `board` as its 14 ASCII bytes, without allocating: the same text as
/// [`position_id`], for writing many IDs into one buffer (and sorting them as bytes, which
/// orders them as the strings would be ordered).
#[must_use]
pub fn position_id_bytes(board: &Board) -> [u8; 14] {
    // gnubg's key: for each of the 50 counts (the opponent's 25, then the mover's), that
    // many 1 bits then a 0, least significant bit first; 80 bits at most. Each side's 25
    // counts take at most 40 bits, so each is built in a u64.
    let p = &board.points;
    // The opponent: his points 1..24 are the mover's 24..1, then his bar.
    let (mut theirs, mut len) = (0u64, 0u32);
    for &n in p[1..=24].iter().rev() {
        key_push(&mut theirs, &mut len, n.wrapping_neg());
    }
    key_push(&mut theirs, &mut len, p[OPP_BAR].wrapping_neg());
    // The mover: points 1..24, then his bar.
    let (mut mine, mut mine_len) = (0u64, 0u32);
    for &n in &p[1..=BAR] {
        key_push(&mut mine, &mut mine_len, n);
    }
    let key = u128::from(theirs) | (u128::from(mine) << len);
    // The ten key bytes read as one big-endian number (key < 2^80), 6 bits a character,
    // the last one padded with zeros: 84 bits, taken 12 at a time (two characters).
    let bits = (key.swap_bytes() >> 48) << 4;
    let mut out = [0u8; 14];
    for (k, pair) in out.chunks_exact_mut(2).enumerate() {
        let v = ((bits >> (72 - 12 * k)) & 0xfff) as usize;
        pair.copy_from_slice(&B64_PAIR[v]);
    }
    out
}

/// The board a Position ID describes, from the view of the player on roll.
///
/// # Errors
/// Not 14 base64 characters, more than 15 checkers for a side, or both sides on a point.
pub fn board_from_position_id(id: &str) -> Result<Board, IdError> {
    let key = decode_b64(id, 10).ok_or_else(|| IdError::PositionIdForm(super::excerpt(id)))?;
    let bad = |why| IdError::PositionIdContent(super::excerpt(id), why);
    let mut halves = [[0u8; 25]; 2];
    let mut bit = 0usize;
    for half in &mut halves {
        for slot in half.iter_mut() {
            while bit < 80 && key[bit / 8] & (1 << (bit % 8)) != 0 {
                *slot += 1;
                bit += 1;
            }
            bit += 1;
        }
    }
    if bit > 80 + 1 {
        return Err(bad("the bit string runs past its end"));
    }
    for half in &halves {
        if half.iter().map(|&n| u32::from(n)).sum::<u32>() > 15 {
            return Err(bad("a side has more than 15 checkers"));
        }
    }
    let mut points = [0i8; 26];
    for i in 0..24 {
        let (mine, theirs) = (halves[1][i], halves[0][23 - i]);
        if mine > 0 && theirs > 0 {
            return Err(bad("both sides have checkers on one point"));
        }
        points[i + 1] = mine as i8 - theirs as i8;
    }
    points[BAR] = halves[1][24] as i8;
    points[OPP_BAR] = -(halves[0][24] as i8);
    Board::new(points).map_err(|_| bad("a side has more than 15 checkers"))
}

/// gnubg's player number for a side (see [`Side`]).
#[must_use]
pub const fn gnubg_player(side: Side) -> u64 {
    match side {
        Side::O => 0,
        Side::X => 1,
    }
}

fn side_of_gnubg(p: u64) -> Side {
    if p == 0 { Side::O } else { Side::X }
}

/// The state of play a Match ID records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    NoGame = 0,
    Playing = 1,
    Over = 2,
    Resigned = 3,
    Dropped = 4,
}

/// The fields of a Match ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchId {
    /// The cube value (a power of two up to 2^15).
    pub cube: u32,
    pub cube_owner: Option<Side>,
    /// The player who holds the dice (on roll).
    pub on_roll: Side,
    pub crawford: bool,
    pub status: GameStatus,
    /// The player who must decide now (differs from `on_roll` after a double or a resign offer).
    pub turn: Side,
    pub double_offered: bool,
    /// 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resign_offered: u8,
    /// The dice thrown (higher first, as gnubg stores them), or `None` before the roll.
    pub dice: Option<(u8, u8)>,
    /// 0 for money play.
    pub match_length: u32,
    /// Indexed by [`Side::index`].
    pub score: [u32; 2],
    /// The Jacoby rule is in use (money play); gnubg stores the negation in bit 66.
    pub jacoby: bool,
}

fn put(bits: &mut u128, pos: &mut u32, width: u32, value: u64) {
    *bits |= u128::from(value & ((1 << width) - 1)) << *pos;
    *pos += width;
}

fn take(bits: u128, pos: &mut u32, width: u32) -> u64 {
    let v = (bits >> *pos) as u64 & ((1 << width) - 1);
    *pos += width;
    v
}

impl MatchId {
    /// The 12-character ID.
    #[must_use]
    pub fn encode(&self) -> String {
        let mut bits: u128 = 0;
        let mut pos = 0u32;
        put(
            &mut bits,
            &mut pos,
            4,
            u64::from(self.cube.max(1).trailing_zeros()),
        );
        put(
            &mut bits,
            &mut pos,
            2,
            self.cube_owner.map_or(3, gnubg_player),
        );
        put(&mut bits, &mut pos, 1, gnubg_player(self.on_roll));
        put(&mut bits, &mut pos, 1, u64::from(self.crawford));
        put(&mut bits, &mut pos, 3, self.status as u64);
        put(&mut bits, &mut pos, 1, gnubg_player(self.turn));
        put(&mut bits, &mut pos, 1, u64::from(self.double_offered));
        put(&mut bits, &mut pos, 2, u64::from(self.resign_offered));
        let (d1, d2) = self.dice.map_or((0, 0), |(a, b)| (a.max(b), a.min(b)));
        put(&mut bits, &mut pos, 3, u64::from(d1));
        put(&mut bits, &mut pos, 3, u64::from(d2));
        put(&mut bits, &mut pos, 15, u64::from(self.match_length));
        put(
            &mut bits,
            &mut pos,
            15,
            u64::from(self.score[Side::O.index()]),
        );
        put(
            &mut bits,
            &mut pos,
            15,
            u64::from(self.score[Side::X.index()]),
        );
        put(&mut bits, &mut pos, 1, u64::from(!self.jacoby));
        let bytes: Vec<u8> = (0..9).map(|i| (bits >> (8 * i)) as u8).collect();
        encode_b64(&bytes, 12)
    }

    /// Reads a 12-character Match ID.
    ///
    /// # Errors
    /// Not 12 base64 characters, or a field out of range.
    pub fn decode(id: &str) -> Result<MatchId, IdError> {
        let bytes = decode_b64(id, 9).ok_or_else(|| IdError::MatchIdForm(super::excerpt(id)))?;
        let bad = |why| IdError::MatchIdContent(super::excerpt(id), why);
        let mut bits: u128 = 0;
        for (i, &b) in bytes.iter().enumerate() {
            bits |= u128::from(b) << (8 * i);
        }
        let mut pos = 0u32;
        let cube = 1u32 << take(bits, &mut pos, 4);
        let owner = match take(bits, &mut pos, 2) {
            3 => None,
            p @ (0 | 1) => Some(side_of_gnubg(p)),
            _ => return Err(bad("cube owner")),
        };
        let on_roll = side_of_gnubg(take(bits, &mut pos, 1));
        let crawford = take(bits, &mut pos, 1) == 1;
        let status = match take(bits, &mut pos, 3) {
            0 => GameStatus::NoGame,
            1 => GameStatus::Playing,
            2 => GameStatus::Over,
            3 => GameStatus::Resigned,
            4 => GameStatus::Dropped,
            _ => return Err(bad("game state")),
        };
        let turn = side_of_gnubg(take(bits, &mut pos, 1));
        let double_offered = take(bits, &mut pos, 1) == 1;
        let resign_offered = take(bits, &mut pos, 2) as u8;
        let d1 = take(bits, &mut pos, 3) as u8;
        let d2 = take(bits, &mut pos, 3) as u8;
        let dice = match (d1, d2) {
            (0, 0) => None,
            (1..=6, 1..=6) => Some((d1, d2)),
            _ => return Err(bad("dice")),
        };
        let match_length = take(bits, &mut pos, 15) as u32;
        let s0 = take(bits, &mut pos, 15) as u32;
        let s1 = take(bits, &mut pos, 15) as u32;
        let jacoby = take(bits, &mut pos, 1) == 0;
        let mut score = [0; 2];
        score[Side::O.index()] = s0;
        score[Side::X.index()] = s1;
        Ok(MatchId {
            cube,
            cube_owner: owner,
            on_roll,
            crawford,
            status,
            turn,
            double_offered,
            resign_offered,
            dice,
            match_length,
            score,
            jacoby,
        })
    }
}
