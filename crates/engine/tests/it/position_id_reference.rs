//! The Position ID encoder and decoder against a plain bit-by-bit reading of gnubg's
//! definition (`PositionKey` and `PositionIDFromKey` in gnubg's positionid.c): the fast
//! code in `engine::ids` must give the same text for every board and the same board (or the
//! same refusal) for every 14 characters.

use engine::{
    Board, IdError, PositionIdEncoder, board_from_position_id, position_id, position_id_bytes,
};
use proptest::prelude::*;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// gnubg's 50 counts: the opponent's points 1..24 (the mover's 24..1) and bar, then the
/// mover's points 1..24 and bar.
fn counts(b: &Board) -> Vec<u8> {
    let p = b.points();
    let mut c: Vec<u8> = (1..=24).rev().map(|i| (-p[i]).max(0) as u8).collect();
    c.push((-p[0]).max(0) as u8);
    c.extend((1..=25).map(|i| p[i].max(0) as u8));
    c
}

/// The ID one bit at a time: each count as that many 1 bits and a 0, from the low bit of
/// byte 0; then the ten bytes as base64, six bits at a time from the high bit of byte 0.
fn reference_id(b: &Board) -> String {
    let mut key = [0u8; 10];
    let mut bit = 0;
    for n in counts(b) {
        for _ in 0..n {
            key[bit / 8] |= 1 << (bit % 8);
            bit += 1;
        }
        bit += 1;
    }
    let stream: Vec<u8> = (0..84)
        .map(|i| {
            if i < 80 {
                (key[i / 8] >> (7 - i % 8)) & 1
            } else {
                0
            }
        })
        .collect();
    stream
        .chunks(6)
        .map(|c| B64[c.iter().fold(0, |v, &b| (v << 1) | b as usize)] as char)
        .collect()
}

/// The board of 14 characters one bit at a time, or the reason it is refused (`form` for
/// text that is not 14 base64 characters with the padding bits clear).
fn reference_board(id: &str) -> Result<[i8; 26], &'static str> {
    let s = id.trim_end_matches('=');
    if s.len() != 14 {
        return Err("form");
    }
    let mut stream = Vec::new();
    for c in s.bytes() {
        let v = B64.iter().position(|&x| x == c).ok_or("form")?;
        stream.extend((0..6).rev().map(|k| (v >> k) & 1));
    }
    if stream[80..].iter().any(|&b| b != 0) {
        return Err("form");
    }
    let key: Vec<u8> = stream[..80]
        .chunks(8)
        .map(|c| c.iter().fold(0u8, |v, &b| (v << 1) | b as u8))
        .collect();
    let mut halves = [[0u8; 25]; 2];
    let mut bit = 0;
    for half in &mut halves {
        for slot in half.iter_mut() {
            while bit < 80 && key[bit / 8] & (1 << (bit % 8)) != 0 {
                *slot += 1;
                bit += 1;
            }
            bit += 1;
        }
    }
    if bit > 81 {
        return Err("the bit string runs past its end");
    }
    if halves
        .iter()
        .any(|h| h.iter().map(|&n| u32::from(n)).sum::<u32>() > 15)
    {
        return Err("a side has more than 15 checkers");
    }
    let mut points = [0i8; 26];
    for i in 0..24 {
        let (mine, theirs) = (halves[1][i], halves[0][23 - i]);
        if mine > 0 && theirs > 0 {
            return Err("both sides have checkers on one point");
        }
        points[i + 1] = mine as i8 - theirs as i8;
    }
    points[25] = halves[1][24] as i8;
    points[0] = -(halves[0][24] as i8);
    Ok(points)
}

fn actual_board(id: &str) -> Result<[i8; 26], &'static str> {
    match board_from_position_id(id) {
        Ok(b) => Ok(*b.points()),
        Err(IdError::PositionIdForm(_)) => Err("form"),
        Err(IdError::PositionIdContent(_, why)) => Err(why),
        Err(e) => panic!("a Position ID gave a Match ID error: {e}"),
    }
}

/// A board from up to 15 checkers a side dropped on slots: `mine` on the mover's points
/// 1..=25 (25 the bar), `theirs` on 0..=24 (0 the opponent's bar); a slot the mover holds is
/// skipped by the opponent.
fn board_of(mine: &[usize], theirs: &[usize]) -> Board {
    let mut p = [0i8; 26];
    for &i in mine {
        p[i] += 1;
    }
    for &i in theirs {
        if p[i] <= 0 {
            p[i] -= 1;
        }
    }
    Board::new(p).unwrap()
}

#[test]
fn position_id_matches_the_bit_by_bit_reading_at_the_extremes() {
    // Given boards at the edges of the key: all on the bars, all on one point, none left,
    // every checker on its own point.
    let cases = [
        board_of(&[25; 15], &[0; 15]),
        board_of(&[1; 15], &[24; 15]),
        board_of(&[24; 15], &[1; 15]),
        board_of(&[], &[]),
        board_of(
            &(1..=15).collect::<Vec<_>>(),
            &(10..=24).collect::<Vec<_>>(),
        ),
        board_of(&[25], &[]),
        board_of(&[], &[0]),
    ];
    for b in cases {
        // Then the fast encoder writes the reference text, and it reads back.
        let id = reference_id(&b);
        assert_eq!(position_id(&b), id, "{:?}", b.points());
        assert_eq!(position_id_bytes(&b), id.as_bytes());
        assert_eq!(actual_board(&id), Ok(*b.points()));
    }
}

#[test]
fn position_id_decoding_refuses_as_the_bit_by_bit_reading_does() {
    // All ones runs past the end; 16 ones then zeros is too many checkers; a bad
    // character, a wrong length and set padding bits are not IDs.
    for id in [
        "//////////////",
        "//8AAAAAAAAAAA",
        "AAAAAAAAAAA//w",
        "4HPwATDgc/ABM!",
        "4HPwATDgc/ABM",
        "4HPwATDgc/ABMB",
        "4HPwATDgc/ABMA==",
    ] {
        assert_eq!(actual_board(id), reference_board(id), "{id}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn position_id_matches_the_bit_by_bit_reading(
        mine in prop::collection::vec(1usize..=25, 0..=15),
        theirs in prop::collection::vec(0usize..=24, 0..=15),
    ) {
        let b = board_of(&mine, &theirs);
        prop_assert_eq!(position_id(&b), reference_id(&b));
    }

    #[test]
    fn position_id_decoding_matches_the_bit_by_bit_reading(
        chars in prop::collection::vec(0usize..64, 14),
    ) {
        let id: String = chars.iter().map(|&c| B64[c] as char).collect();
        prop_assert_eq!(actual_board(&id), reference_board(&id));
    }

    #[test]
    fn position_id_encoder_matches_the_bit_by_bit_reading_over_a_run_of_boards(
        boards in prop::collection::vec(
            (
                prop::collection::vec(1usize..=25, 0..=15),
                prop::collection::vec(0usize..=24, 0..=15),
                any::<bool>(),
            ),
            1..20,
        ),
    ) {
        // Boards that often keep the opponent's checkers of the board before.
        let mut encoder = PositionIdEncoder::default();
        let mut before: Vec<usize> = Vec::new();
        for (mine, theirs, keep) in boards {
            let theirs = if keep { before.clone() } else { theirs };
            let b = board_of(&mine, &theirs);
            let want = reference_id(&b);
            prop_assert_eq!(encoder.id(&b), want.as_bytes());
            before = theirs;
        }
    }
}

/// A sequence of boards, some sharing the opponent's checkers and some not (he is hit, he
/// has fewer or more checkers on a point, or none at all): the encoder that reuses his half
/// of the key gives each board the ID of the bit-by-bit reading.
#[test]
fn position_id_encoder_reuses_the_opponents_half_only_while_it_is_unchanged() {
    let o = [24usize, 24, 13, 13, 13, 13, 13, 8, 8, 8, 6, 6, 6, 6, 6];
    let boards = [
        board_of(&[1, 2, 3], &o),
        board_of(&[1, 2, 4], &o),
        // The opponent's 13 point now a blot hit to the bar.
        board_of(&[1, 2, 4], &[24, 24, 13, 0]),
        board_of(&[1, 2, 5], &[24, 24, 13, 0]),
        // The same points, different counts.
        board_of(&[1, 2, 5], &[24, 13, 13, 0]),
        board_of(&[1, 2, 5], &[]),
        board_of(&[25, 25], &[]),
        board_of(&[1, 2, 3], &o),
        board_of(&[1, 2, 3], &o[..14]),
        board_of(
            &[1, 2, 3],
            &[24, 24, 13, 13, 13, 13, 13, 8, 8, 8, 6, 6, 6, 6, 5],
        ),
    ];
    let mut encoder = PositionIdEncoder::default();
    for b in &boards {
        assert_eq!(
            encoder.id(b),
            reference_id(b).as_bytes(),
            "{:?}",
            b.points()
        );
    }
}
