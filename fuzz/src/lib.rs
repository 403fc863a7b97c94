//! A fuzz harness over every parser that reads text a player or an operator types: move
//! text (standard and Welsh), XGID, Position and Match IDs, local-chat lines (with the
//! challenge, chouette, league and fair options, amounts and durations they carry), the
//! `legal` command's input lines, fair-dice names and seeds, league formats and fees.
//!
//! Inputs are generated, not read: random bytes, random text from awkward characters, and
//! mutations of valid inputs (spliced, cut, repeated, with numbers at the edges of their
//! types, control characters, very long). Each target must return (an error is a fine
//! answer); a panic is a defect, caught and reported with the input. Where an inverse
//! exists the target also checks the round trip.
//!
//! `cargo run --release -p gammonbot-fuzz -- N` runs N inputs; fuzz/tests/smoke.rs runs a few
//! thousand in the test suite. No dependencies beyond the bot's: the generator is the tests'
//! `testkit::Rng` (rand's Xoshiro256++) seeded, so a run is reproducible from its seed.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use engine::welsh::{Throw, resolve_welsh_play};
use engine::{
    Dice, MatchId, Position, Side, Xgid, board_from_position_id, parse_hops, position_id,
    resolve_play,
};
/// The generator: the tests' seeded Xoshiro256++ (`testkit::Rng`).
pub use testkit::Rng;

/// One parser under test: its name, valid inputs to start mutations from, and the call.
pub struct Target {
    /// A short name for the report.
    pub name: &'static str,
    /// Valid inputs (and near misses) the mutations start from.
    pub seeds: &'static [&'static str],
    /// Runs the parser on one input; panics only on a defect.
    pub run: fn(&str),
}

const MOVE_SEEDS: &[&str] = &[
    "13/7 8/7",
    "24/18*/13",
    "bar/22 6/off",
    "8/5(2) 6/3(2)",
    "25/20 13/11*",
    "b/20 o",
    "6/off 5/off",
    "24-18 13-11",
    "13/7,8/7",
    "pass",
    "none",
    "8/4*/2 6/2(2)",
];

const WELSH_MOVE_SEEDS: &[&str] = &[
    "13/12/8",
    "roof/22",
    "3/off",
    "roof/20/14",
    "24/20* 10/5",
    "24/19/15",
    "11/7* 6/1",
    "13/12/10",
    "1/off 2/off",
    "pass",
];

const XGID_SEEDS: &[&str] = &[
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10",
    "XGID=a---CCD-----c-----b-c---bB:2:-1:-1:63:1:3:0:7:8",
    "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:0:1:3:10",
    "XGID=--------------------------:0:0:1:6:0:0:0:0:10",
];

const POSITION_ID_SEEDS: &[&str] = &[
    "4HPwATDgc/ABMA",
    "wxk4AIS7BwDAAA",
    "27YBBwAA8P8DQA",
    "v3sAAAhmdzMAAQ",
    "AAAAAAAAAAAAAA",
    "//////////////",
];

const MATCH_ID_SEEDS: &[&str] = &[
    "cIkFAAAAAAAA",
    "cAkAAAAAAAAA",
    "QYkqASAAIAAA",
    "////////////",
];

const CHAT_SEEDS: &[&str] = &[
    "alice: /challenge bob",
    "alice: /challenge bob rules:welsh length:25 stake:1.50 move:2d bank:12h remind:30m expires:90s",
    "alice: /challenge bob length:money jacoby:on beavers:on raccoons:off autodoubles:2 stake:0.50",
    "alice: /challenge bob length:7 crawford:off holland:on clock:live rated:off",
    "bob: /accept #12",
    "bob: /accept shaker:me",
    "alice: /move #12@5 13/7 8/7",
    "alice: /move 24/18*/13 # a comment",
    "alice: /resign gammon",
    "alice: /nominate me 6-5",
    "bob: /concede 3 payment",
    "alice: /settings auto-roll:on dm:off",
    "alice: /rating carol rules:welsh",
    "alice: /leaderboard rules:standard",
    "alice: /fair c3 seed text:hello",
    "alice: /fair export #4",
    "alice: /chouette create cubes:single consult:after-cube order:joined stake:1.00",
    "alice: /chouette move 13/7 8/7",
    "alice: /chouette double bob carol",
    "alice: /league create name:Autumn Cup format:round-robin rules:welsh length:7 move:2d",
    "alice: /league standings division:2 league:Spring",
    "alice: /league start order:alice,bob,carol",
    "alice: /league result #12 winner:bob reason:no show",
    "alice: /league extend #12 by:2d",
    "alice: /league settings entry-fee:10.00",
    "alice: /league settings remind:3,1",
    "# a comment",
    "/help",
];

const CHALLENGE_OPTION_SEEDS: &[&str] = &[
    "stake:1.00",
    "stake:0.5",
    "stake:18446744073709551615.99",
    "move:2d",
    "bank:5d",
    "remind:12h",
    "expires:3d",
    "move:9223372036854775807d",
    "length:7",
    "length:money",
    "autodoubles:255",
    "rules:welsh length:25",
    "clock:live",
];

const LEGAL_LINE_SEEDS: &[&str] = &[
    "4HPwATDgc/ABMA 6 5",
    "27YBBwAA8P8DQA 6 6",
    "4HPwATDgc/ABMA 3 1\nnonsense 7 1",
    "v3sAAAhmdzMAAQ 1 2\r\n",
];

const WELSH_LINE_SEEDS: &[&str] = &[
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10 6 5",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10 4",
    "XGID=a---CCD-----c-----b-c---bB:2:-1:-1:63:1:3:0:7:8 3 3",
];

const FAIR_SEEDS: &[&str] = &[
    "12",
    "c3",
    "c",
    "hello world",
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
];

const LEAGUE_VALUE_SEEDS: &[&str] = &[
    "10.00",
    "10",
    "0",
    "9999999.99",
    "round-robin",
    "double",
    "knockout",
    "divisions",
    "ladder",
];

fn standard_move(text: &str) {
    let _ = parse_hops(text);
    let start = Position::start().view(Side::X);
    for (board, (a, b)) in [
        (start, (6, 5)),
        (start, (3, 3)),
        (start.swapped(), (2, 1)),
        (bar_and_off(), (6, 2)),
    ] {
        let dice = Dice::new(a, b).expect("dice 1 to 6");
        if let Ok(play) = resolve_play(&board, dice, text) {
            // A play it accepts is one of the legal plays.
            let legal = engine::legal_plays(&board, dice);
            assert!(
                legal.iter().any(|l| l.board == play.board),
                "`{text}` resolved to a board no legal play leaves"
            );
        }
    }
}

/// The mover with 2 on the bar and checkers home; the opponent with one on his bar.
fn bar_and_off() -> engine::Board {
    let mut p = [0i8; 26];
    p[25] = 2;
    p[6] = 4;
    p[5] = 3;
    p[4] = 3;
    p[0] = -1;
    p[24] = -2;
    p[20] = -3;
    p[18] = -2;
    p[12] = -3;
    engine::Board::new(p).expect("a legal layout")
}

fn welsh_move(text: &str) {
    let start = Position::start().view(Side::X);
    for (board, throw) in [
        (start, Throw::Two(6, 5)),
        (start, Throw::Two(4, 4)),
        (bar_and_off(), Throw::Two(3, 1)),
        (start.swapped(), Throw::One(4)),
    ] {
        let _ = resolve_welsh_play(&board, throw, text);
    }
}

fn xgid(text: &str) {
    if let Ok(x) = text.parse::<Xgid>() {
        // What it reads, it writes back readably, to the same fields.
        let again: Xgid = x
            .to_string()
            .parse()
            .unwrap_or_else(|e| panic!("`{text}` read, but its own text `{x}` did not: {e}"));
        assert_eq!(again, x, "`{text}` does not survive a round trip");
    }
}

fn position_id_text(text: &str) {
    if let Ok(board) = board_from_position_id(text) {
        let id = position_id(&board);
        assert_eq!(
            board_from_position_id(&id),
            Ok(board),
            "`{text}` read, but its own ID `{id}` reads otherwise"
        );
    }
}

fn match_id_text(text: &str) {
    if let Ok(mut m) = MatchId::decode(text) {
        let id = m.encode();
        // The encoder writes the higher die first; the decoder keeps the order it finds
        // (an ID may hold the lower first), so the dice are compared as a pair.
        m.dice = m.dice.map(|(a, b)| (a.max(b), a.min(b)));
        assert_eq!(
            MatchId::decode(&id),
            Ok(m),
            "`{text}` read, but its own ID `{id}` reads otherwise"
        );
    }
}

fn chat_line(text: &str) {
    let _ = gammonbot::console::parse_line(text);
}

fn challenge_options(text: &str) {
    let _ = gammonbot::console::parse_line(&format!("alice: /challenge bob {text}"));
    let _ = gammonbot::console::parse_line(&format!("alice: /chouette create {text}"));
    let _ = gammonbot::console::parse_line(&format!("alice: /league create name:Cup {text}"));
    let _ = gammonbot::console::parse_line(&format!("alice: /league extend #3 by:{text}"));
}

fn legal_lines(text: &str) {
    let mut out = Vec::new();
    let _ = gammonbot::cli::legal(text.as_bytes(), &mut out, false);
    out.clear();
    let _ = gammonbot::cli::legal(text.as_bytes(), &mut out, true);
}

fn welsh_legal_lines(text: &str) {
    let mut out = Vec::new();
    let _ = gammonbot::cli::legal_welsh(text.as_bytes(), &mut out, false);
    out.clear();
    let _ = gammonbot::cli::legal_welsh(text.as_bytes(), &mut out, true);
}

fn fair_text(text: &str) {
    let _ = text.parse::<engine::fair::FairId>();
    let _ = engine::fair::seed_problem(text);
    let _ = engine::fair::secret_from_hex(text);
}

fn league_values(text: &str) {
    let _ = club::Format::parse(text);
    let _ = club::league::parse_amount(text);
}

/// Every parser of typed text.
#[must_use]
pub fn targets() -> Vec<Target> {
    vec![
        Target {
            name: "move text (standard)",
            seeds: MOVE_SEEDS,
            run: standard_move,
        },
        Target {
            name: "move text (Welsh)",
            seeds: WELSH_MOVE_SEEDS,
            run: welsh_move,
        },
        Target {
            name: "XGID",
            seeds: XGID_SEEDS,
            run: xgid,
        },
        Target {
            name: "Position ID",
            seeds: POSITION_ID_SEEDS,
            run: position_id_text,
        },
        Target {
            name: "Match ID",
            seeds: MATCH_ID_SEEDS,
            run: match_id_text,
        },
        Target {
            name: "local-chat line",
            seeds: CHAT_SEEDS,
            run: chat_line,
        },
        Target {
            name: "challenge options, amounts, durations",
            seeds: CHALLENGE_OPTION_SEEDS,
            run: challenge_options,
        },
        Target {
            name: "legal input lines",
            seeds: LEGAL_LINE_SEEDS,
            run: legal_lines,
        },
        Target {
            name: "legal --rules welsh lines",
            seeds: WELSH_LINE_SEEDS,
            run: welsh_legal_lines,
        },
        Target {
            name: "fair-dice names and seeds",
            seeds: FAIR_SEEDS,
            run: fair_text,
        },
        Target {
            name: "league format and fee",
            seeds: LEAGUE_VALUE_SEEDS,
            run: league_values,
        },
    ]
}

/// Characters that break careless parsers: separators, signs, digits, multi-byte letters,
/// combining marks, zero-width and direction marks, controls, the replacement character.
const AWKWARD: &[&str] = &[
    "/", "-", "*", "(", ")", ":", "#", "@", ".", ",", " ", "\t", "\n", "\r", "=", "+", "0", "1",
    "9", "25", "26", "bar", "off", "roof", "b", "o", "é", "€", "𝄞", "\u{301}", "\u{200b}",
    "\u{202e}", "\u{0}", "\u{7f}", "\u{1b}", "\u{feff}", "\u{fffd}", "İ", "ß", "ﬀ", "Ⅻ", "٣", "９",
];

/// Numbers at the edges of the types parsers read into.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "+1",
    "7",
    "24",
    "25",
    "26",
    "127",
    "128",
    "255",
    "256",
    "32767",
    "32768",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "00000000000000000001",
    "1e9",
    "0x10",
    "1.5",
    ".",
    "",
];

/// A char boundary of `s` at or before `at`.
fn floor_boundary(s: &str, mut at: usize) -> usize {
    at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A random place in `s` (a char boundary).
fn place(rng: &mut Rng, s: &str) -> usize {
    floor_boundary(s, rng.below(s.len() + 1))
}

/// One small change to `s`.
fn mutate(rng: &mut Rng, s: &mut String, seeds: &[&str]) {
    match rng.below(9) {
        // Insert an awkward piece.
        0 => {
            let at = place(rng, s);
            let piece: &&str = rng.pick(AWKWARD);
            s.insert_str(at, piece);
        }
        // Delete a stretch.
        1 => {
            let a = place(rng, s);
            let b = floor_boundary(s, a + rng.below(6));
            s.replace_range(a..b.max(a), "");
        }
        // Replace a run of digits (or any place) with a number at an edge.
        2 => {
            let digits: Vec<usize> = s
                .char_indices()
                .filter(|(_, c)| c.is_ascii_digit())
                .map(|(i, _)| i)
                .collect();
            let n = rng.pick(EDGE_NUMBERS);
            if digits.is_empty() {
                let at = place(rng, s);
                s.insert_str(at, n);
            } else {
                let a = *rng.pick(&digits);
                let b = s[a..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(s.len(), |k| a + k);
                s.replace_range(a..b, n);
            }
        }
        // Splice in part of another seed.
        3 => {
            let other = rng.pick(seeds);
            let a = place(rng, other);
            let b = floor_boundary(other, a + rng.below(12));
            let at = place(rng, s);
            s.insert_str(at, &other[a..b.max(a)]);
        }
        // Repeat a stretch.
        4 => {
            let a = place(rng, s);
            let b = floor_boundary(s, a + rng.below(10));
            let piece = s[a..b.max(a)].repeat(1 + rng.below(4));
            s.insert_str(b.max(a), &piece);
        }
        // Flip the case of a letter.
        5 => {
            let at = place(rng, s);
            if let Some(c) = s[at..].chars().next() {
                let flipped: String = if c.is_uppercase() {
                    c.to_lowercase().collect()
                } else {
                    c.to_uppercase().collect()
                };
                s.replace_range(at..at + c.len_utf8(), &flipped);
            }
        }
        // Replace one character with a random one.
        6 => {
            let at = place(rng, s);
            if let Some(c) = s[at..].chars().next() {
                let r = random_char(rng).to_string();
                s.replace_range(at..at + c.len_utf8(), &r);
            }
        }
        // Cut short.
        7 => {
            let at = place(rng, s);
            s.truncate(at);
        }
        // Swap two halves.
        _ => {
            let at = place(rng, s);
            let (a, b) = s.split_at(at);
            *s = format!("{b}{a}");
        }
    }
}

/// Any character: mostly ASCII, sometimes anything in Unicode.
fn random_char(rng: &mut Rng) -> char {
    if rng.below(4) == 0 {
        char::from_u32(rng.next_u64() as u32 % 0x11_0000).unwrap_or('\u{fffd}')
    } else {
        char::from(rng.below(128) as u8)
    }
}

/// One input for a target with these seeds.
pub fn generate(rng: &mut Rng, seeds: &[&str]) -> String {
    match rng.below(16) {
        // Random bytes, read as UTF-8 with replacement characters.
        0 => {
            let bytes: Vec<u8> = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        // Random characters.
        1 => (0..rng.below(40)).map(|_| random_char(rng)).collect(),
        // Awkward pieces strung together.
        2 => (0..rng.below(12))
            .map(|_| *rng.pick(AWKWARD))
            .collect::<String>(),
        // Long: a seed repeated, or a long run of one piece.
        3 => {
            if rng.below(2) == 0 {
                rng.pick(seeds).repeat(1 + rng.below(200))
            } else {
                rng.pick(AWKWARD).repeat(1 + rng.below(5000))
            }
        }
        // A seed as it is.
        4 => (*rng.pick(seeds)).to_string(),
        // A seed with one to eight changes.
        _ => {
            let mut s = (*rng.pick(seeds)).to_string();
            for _ in 0..=rng.below(8) {
                mutate(rng, &mut s, seeds);
            }
            s
        }
    }
}

/// One target's figures from a run.
#[derive(Clone, Debug)]
pub struct TargetFigures {
    pub name: &'static str,
    pub inputs: u64,
    pub time: Duration,
}

/// A panic: which target, the input, and the panic's message and place.
#[derive(Clone, Debug)]
pub struct Defect {
    pub target: &'static str,
    pub input: String,
    pub message: String,
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub figures: Vec<TargetFigures>,
    /// Every panic caught.
    pub panics: u64,
    /// The first panics with their inputs.
    pub defects: Vec<Defect>,
}

thread_local! {
    /// The last panic's message and place on this thread (filled by the run's hook).
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `inputs` generated inputs through every target in turn (round robin), from `seed`.
/// Panics are caught, kept in the report with their inputs (at most `keep` of them), and do
/// not stop the run. The panic hook is replaced for the run (so caught panics print
/// nothing) and put back after.
#[must_use]
pub fn run(targets: &[Target], inputs: u64, seed: u64, keep: usize) -> Report {
    let mut rng = Rng::new(seed);
    let mut report = Report {
        figures: targets
            .iter()
            .map(|t| TargetFigures {
                name: t.name,
                inputs: 0,
                time: Duration::ZERO,
            })
            .collect(),
        panics: 0,
        defects: Vec::new(),
    };
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(text));
    }));
    for i in 0..inputs {
        let k = (i % targets.len() as u64) as usize;
        let t = &targets[k];
        let input = generate(&mut rng, t.seeds);
        let started = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| (t.run)(&input)));
        let f = &mut report.figures[k];
        f.time += started.elapsed();
        f.inputs += 1;
        if outcome.is_err() {
            report.panics += 1;
            let message = LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_default();
            if report.defects.len() < keep {
                report.defects.push(Defect {
                    target: t.name,
                    input,
                    message,
                });
            }
        }
    }
    std::panic::set_hook(previous);
    report
}
