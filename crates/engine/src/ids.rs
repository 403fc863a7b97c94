//! GNU Backgammon's Position ID and Match ID.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use thiserror::Error;

use super::position::{BAR, Board, OPP_BAR};
use super::side::Side;

/// Why an ID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IdError {
    /// Not 14 base64 characters.
    #[error("a Position ID has 14 characters of base64, not `{0}`")]
    PositionIdForm(String),
    /// 14 characters that describe no legal position.
    #[error("Position ID `{0}` does not describe a legal position: {1}")]
    PositionIdContent(String, &'static str),
    /// Not 12 base64 characters.
    #[error("a Match ID has 12 characters of base64, not `{0}`")]
    MatchIdForm(String),
    /// 12 characters holding an impossible value.
    #[error("Match ID `{0}` holds an impossible value: {1}")]
    MatchIdContent(String, &'static str),
}

/// `N` bytes from base64 without padding (padding `=` at the end is ignored): exactly
/// the characters `N` bytes take, the spare bits of the last one zero.
fn decode_b64<const N: usize>(s: &str) -> Option<[u8; N]> {
    let s = s.trim_end_matches('=');
    if s.len() != (N * 8).div_ceil(6) {
        return None;
    }
    // The crate asks room for whole groups of three bytes.
    let mut buf = [0u8; 24];
    let n = STANDARD_NO_PAD.decode_slice(s, &mut buf).ok()?;
    if n != N {
        return None;
    }
    buf[..N].try_into().ok()
}

/// The Position ID of `board`, the mover being the player on roll.
#[must_use]
pub fn position_id(board: &Board) -> String {
    let bytes = position_id_bytes(board);
    // Base64 characters are ASCII.
    bytes.iter().map(|&b| b as char).collect()
}

/// Bit k set where byte k of `h` has its high bit set (the other bits of `h` clear).
#[inline(always)]
fn high_bits(h: u128) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Each byte's low bit multiplied into the top byte, lowest byte to the lowest bit.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let h = h >> 7;
    let lo = (h as u64 & ONES).wrapping_mul(GATHER) >> 56;
    let hi = ((h >> 64) as u64 & ONES).wrapping_mul(GATHER) >> 56;
    (lo | (hi << 8)) as u32
}

const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;

/// The board's counts as two overlapping words: bytes 0..16 and 10..26.
#[inline(always)]
fn words(p: &[i8; 26]) -> [u128; 2] {
    [0, 10].map(|at| {
        let mut b = [0u8; 16];
        for (d, s) in b.iter_mut().zip(&p[at..at + 16]) {
            *d = *s as u8;
        }
        u128::from_le_bytes(b)
    })
}

/// Where the board holds checkers: bit i set where `points[i]` is positive (the mover's),
/// and where it is negative (the opponent's). Sixteen bytes at a time, without branches.
#[inline(always)]
fn occupied(words: [u128; 2]) -> (u32, u32) {
    const LOW: u128 = !HIGH;
    let (mut mine, mut theirs) = (0u32, 0u32);
    for (x, at) in words.into_iter().zip([0, 10]) {
        // The high bit of each byte: set where the byte is not zero.
        let nonzero = ((x & LOW) + LOW) | x;
        mine |= high_bits(nonzero & !x & HIGH) << at;
        theirs |= high_bits(x & HIGH) << at;
    }
    (mine, theirs)
}

/// The opponent's checkers alone: the bytes of `words` that are negative, the others 0, as
/// four 64-bit halves (compared in registers: a 128-bit compare through memory stalls).
#[inline(always)]
fn opponents(words: [u128; 2]) -> [u64; 4] {
    let [a, b] = words.map(|x| {
        // 1 in each negative byte, spread to 0xff: 256 - 1 in each such byte, no byte
        // borrowing from the next (the top byte's 256 wraps past 2^128, as it should).
        let sign = (x & HIGH) >> 7;
        x & (sign << 8).wrapping_sub(sign)
    });
    [a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64]
}

/// The opponent's half of gnubg's key (his 25 counts, each as that many 1 bits and a 0,
/// least significant bit first) and its length in bits. Only the occupied points are
/// visited: the ones of slot s begin at s plus the checkers of the slots before it.
#[inline(always)]
fn theirs_half(p: &[i8; 26], theirs_at: u32) -> (u64, u32) {
    // His slots 0..23 are the mover's points 24..1, slot 24 his bar (`points[OPP_BAR]`,
    // index 0); so slot 24 - i for index i, visited from index 24 down. Indices 0..=24
    // (index 25, the mover's bar, is never negative).
    let (mut half, mut before) = (0u64, 0u32);
    let mut at = theirs_at & ((1 << 25) - 1);
    while at != 0 {
        let i = 31 - at.leading_zeros();
        at &= !(1 << i);
        let n = u32::from(p[i as usize].unsigned_abs());
        half |= ((1u64 << n) - 1) << (24 - i + before);
        before += n;
    }
    (half, 25 + before)
}

/// The mover's half of gnubg's key: slot s is point s + 1 (points 1..24, then his bar).
#[inline(always)]
fn mine_half(p: &[i8; 26], mine_at: u32) -> u64 {
    let (mut half, mut before) = (0u64, 0u32);
    let mut at = mine_at >> 1;
    while at != 0 {
        let s = at.trailing_zeros();
        at &= at - 1;
        let n = u32::from(p[s as usize + 1].unsigned_abs());
        half |= ((1u64 << n) - 1) << (s + before);
        before += n;
    }
    half
}

/// The 14 characters of a Position ID from the two halves of gnubg's key (the opponent's
/// half and its length in bits, then the mover's): the ten key bytes (the key is under
/// 2^80), least significant first, in base64 without padding.
#[inline(always)]
fn position_id_text(theirs: u64, theirs_len: u32, mine: u64) -> [u8; 14] {
    let key = u128::from(theirs) | (u128::from(mine) << theirs_len);
    let mut out = [0u8; 14];
    // Ten bytes take exactly 14 characters: the slice is never too short.
    let written = STANDARD_NO_PAD.encode_slice(&key.to_le_bytes()[..10], &mut out);
    debug_assert_eq!(written, Ok(14));
    out
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
    let (mine_at, theirs_at) = occupied(words(p));
    let (theirs, len) = theirs_half(p, theirs_at);
    position_id_text(theirs, len, mine_half(p, mine_at))
}

/// Position IDs of many boards in turn: the IDs of the plays of one position, whose boards keep the opponent's checkers where they were unless a play hits.
/// The opponent's half of the key is made again only when his checkers differ from those
/// of the board before.
#[derive(Clone, Debug, Default)]
pub struct PositionIdEncoder {
    /// The opponent's checkers on the last board (see `opponents`), his half of the key
    /// and its length.
    last: Option<([u64; 4], u64, u32)>,
}

impl PositionIdEncoder {
    /// The Position ID of `board` as its 14 ASCII bytes (as [`position_id_bytes`]).
    #[must_use]
    pub fn id(&mut self, board: &Board) -> [u8; 14] {
        let p = &board.points;
        let w = words(p);
        let (mine_at, theirs_at) = occupied(w);
        let theirs_now = opponents(w);
        let (theirs, len) = match self.last {
            Some((seen, half, len))
                if seen
                    .iter()
                    .zip(&theirs_now)
                    .fold(0, |d, (a, b)| d | (a ^ b))
                    == 0 =>
            {
                (half, len)
            }
            _ => {
                let (half, len) = theirs_half(p, theirs_at);
                self.last = Some((theirs_now, half, len));
                (half, len)
            }
        };
        position_id_text(theirs, len, mine_half(p, mine_at))
    }
}

/// The board a Position ID describes, from the view of the player on roll.
///
/// # Errors
/// Not 14 base64 characters, more than 15 checkers for a side, or both sides on a point.
pub fn board_from_position_id(id: &str) -> Result<Board, IdError> {
    let key: [u8; 10] =
        decode_b64(id).ok_or_else(|| IdError::PositionIdForm(super::excerpt(id)))?;
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
    /// No game started.
    NoGame = 0,
    /// A game is being played.
    Playing = 1,
    /// The game is over.
    Over = 2,
    /// The game ended by a resignation.
    Resigned = 3,
    /// The game ended by a dropped cube.
    Dropped = 4,
}

/// The fields of a Match ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchId {
    /// The cube value (a power of two up to 2^15).
    pub cube: u32,
    /// Who holds the cube (`None`: centred).
    pub cube_owner: Option<Side>,
    /// The player who holds the dice (on roll).
    pub on_roll: Side,
    /// This game is the Crawford game.
    pub crawford: bool,
    /// Whether a game is being played, over, or not started.
    pub status: GameStatus,
    /// The player who must decide now (differs from `on_roll` after a double or a resign offer).
    pub turn: Side,
    /// A double waits for its answer.
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
        STANDARD_NO_PAD.encode(bytes)
    }

    /// Reads a 12-character Match ID.
    ///
    /// # Errors
    /// Not 12 base64 characters, or a field out of range.
    pub fn decode(id: &str) -> Result<MatchId, IdError> {
        let bytes: [u8; 9] =
            decode_b64(id).ok_or_else(|| IdError::MatchIdForm(super::excerpt(id)))?;
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

#[cfg(test)]
mod tests {
    use base64::Engine as _;
    use base64::engine::general_purpose::STANDARD_NO_PAD;

    use super::{MatchId, board_from_position_id, decode_b64, position_id};

    #[test]
    fn position_ids_are_the_base64_crates_encoding() {
        for id in ["4HPwATDgc/ABMA", "27YBBwAA8P8DQA", "wxk4AIS7BwDAAA"] {
            let key: [u8; 10] = decode_b64(id).unwrap();
            let board = board_from_position_id(id).unwrap();
            assert_eq!(position_id(&board), STANDARD_NO_PAD.encode(key), "{id}");
            assert_eq!(position_id(&board), id);
        }
        // Spare bits set in the last character, or padding beyond the ID's own length.
        assert!(decode_b64::<10>("4HPwATDgc/ABMB").is_none());
        assert!(decode_b64::<10>("4HPwATDgc/ABM").is_none());
        assert_eq!(
            decode_b64::<10>("4HPwATDgc/ABMA=="),
            decode_b64("4HPwATDgc/ABMA")
        );
        let m = MatchId::decode("cIkFAAAAAAAA").unwrap();
        assert_eq!(m.encode(), "cIkFAAAAAAAA");
    }
}
