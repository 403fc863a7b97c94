//! Provably fair dice, scheme `gammonbot-dice-v2` (and `-v1`, kept for the records made
//! before it): a SHA-256 hash chain the bot commits to (its anchor) before the players'
//! seeds are known, and an HMAC-SHA256 per throw. Pure functions only; where the secrets
//! come from and where they are kept is the club's and the store's business.
//! `docs/fair-dice.md` states the scheme and its trust model; `scripts/verify_dice.py`
//! checks an export.
//!
//! - A chain: a secret `s_N` (32 bytes), `s_{k-1} = SHA-256(s_k)` down to `s_0`, the
//!   **anchor**; N = [`CHAIN_LEN`].
//! - Throw number k (from 1; a chain used up is followed by a fresh one whose first throw
//!   is `k = 4097`, `8193`, ...) reveals `s_j`, j = its place in its chain (1..=N), and takes
//!   its dice from `HMAC-SHA256(key = s_j, message)`: bytes in order, every byte >= 252
//!   skipped, `b % 6 + 1`, until the throw has its dice; then `HMAC-SHA256(s_j, message +
//!   "|more")`, `message + "|more|more"`, and so on.
//! - v2's message is `"gammonbot-dice-v2"` followed, for each of id, k, seed_x, seed_o, by
//!   `"|" + (its length in UTF-8 bytes) + ":" + field` ([`message_v2`]): no two different
//!   sets of fields give the same message, whatever the seeds hold. v1's was the fields
//!   joined by `|` ([`message`]), which a seed holding `|` made ambiguous.
//! - A chouette's line (v2) is drawn from the first chain value and every member's seed
//!   ([`line_order`]), so that the bot does not choose whose seeds key the session.

use std::fmt;

use hmac::{KeyInit, Mac};
use sha2::{Digest, Sha256};

/// The first scheme's name, the first field of its HMAC messages and of its exports.
pub const SCHEME: &str = "gammonbot-dice-v1";

/// The scheme of every record made now: length-prefixed fields in the HMAC message.
pub const SCHEME_V2: &str = "gammonbot-dice-v2";

/// Which scheme a record's throws follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scheme {
    /// `gammonbot-dice-v1`: fields joined by `|` (records made before v2).
    V1,
    /// `gammonbot-dice-v2`: length-prefixed fields.
    V2,
}

impl Scheme {
    /// The scheme's name, as in an export.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Scheme::V1 => SCHEME,
            Scheme::V2 => SCHEME_V2,
        }
    }

    /// The scheme of a name (`None`: not one of ours).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Scheme> {
        match name {
            SCHEME => Some(Scheme::V1),
            SCHEME_V2 => Some(Scheme::V2),
            _ => None,
        }
    }

    /// The HMAC message of throw `k` under this scheme.
    #[must_use]
    pub fn message(self, id: FairId, k: u64, seed_x: &str, seed_o: &str) -> String {
        match self {
            Scheme::V1 => message(id, k, seed_x, seed_o),
            Scheme::V2 => message_v2(id, k, seed_x, seed_o),
        }
    }
}

/// The length of a hash chain: the throws one anchor commits to.
pub const CHAIN_LEN: u64 = 4096;

/// The longest player seed, in characters.
pub const MAX_SEED_CHARS: usize = 64;

/// A 32-byte chain value (`s_k`).
pub type Secret = [u8; 32];

/// SHA-256 of `bytes`.
#[must_use]
pub fn sha256(bytes: &[u8]) -> Secret {
    Sha256::digest(bytes).into()
}

/// Which match or chouette session a throw belongs to, written as in the HMAC message:
/// `12` for match 12, `c3` for chouette session 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairId {
    /// A match, by number.
    Match(i64),
    /// A chouette session, by number.
    Chouette(i64),
}

impl fmt::Display for FairId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FairId::Match(n) => write!(f, "{n}"),
            FairId::Chouette(n) => write!(f, "c{n}"),
        }
    }
}

impl std::str::FromStr for FairId {
    type Err = String;

    fn from_str(s: &str) -> Result<FairId, String> {
        let bad = || format!("`{s}` is not a match number (12) or a chouette session (c3)");
        match s.strip_prefix('c') {
            Some(n) => n.parse().map(FairId::Chouette).map_err(|_| bad()),
            None => s.parse().map(FairId::Match).map_err(|_| bad()),
        }
    }
}

/// All of one chain, `s_0` (the anchor) to `s_N`, from its secret top `s_N`.
#[must_use]
pub fn chain(top: &Secret) -> Vec<Secret> {
    let n = usize::try_from(CHAIN_LEN).unwrap_or(4096);
    let mut v = vec![[0u8; 32]; n + 1];
    v[n] = *top;
    for i in (0..n).rev() {
        v[i] = sha256(&v[i + 1]);
    }
    v
}

/// The anchor `s_0` of the chain whose top is `top`.
#[must_use]
pub fn anchor(top: &Secret) -> Secret {
    anchor_and_first(top).0
}

/// The anchor `s_0` and the chain's first value `s_1` (what its first throw reveals), from
/// its top `s_N` in one pass down the chain.
#[must_use]
pub fn anchor_and_first(top: &Secret) -> (Secret, Secret) {
    let mut s = *top;
    for _ in 1..CHAIN_LEN {
        s = sha256(&s);
    }
    (sha256(&s), s)
}

/// The first throw number of the chain that throw `k` (from 1) uses, and `k`'s place in
/// it (1..=N).
#[must_use]
pub const fn chain_place(k: u64) -> (u64, u64) {
    let first = (k - 1) / CHAIN_LEN * CHAIN_LEN + 1;
    (first, k - first + 1)
}

/// The HMAC message of throw `k` under v1 (fields joined by `|`).
#[must_use]
pub fn message(id: FairId, k: u64, seed_x: &str, seed_o: &str) -> String {
    format!("{SCHEME}|{id}|{k}|{seed_x}|{seed_o}")
}

/// `"|" + length in bytes + ":" + field`, appended to `out`.
fn push_field(out: &mut String, field: &str) {
    out.push('|');
    out.push_str(&field.len().to_string());
    out.push(':');
    out.push_str(field);
}

/// The HMAC message of throw `k` under v2: `gammonbot-dice-v2` and each of id, k, seed_x,
/// seed_o as `|<bytes>:<field>`.
#[must_use]
pub fn message_v2(id: FairId, k: u64, seed_x: &str, seed_o: &str) -> String {
    let mut m = SCHEME_V2.to_string();
    for f in [
        id.to_string().as_str(),
        k.to_string().as_str(),
        seed_x,
        seed_o,
    ] {
        push_field(&mut m, f);
    }
    m
}

/// The HMAC message that draws a chouette's line (v2): `gammonbot-dice-v2`, then the
/// fields `line`, the id, the number of members and each member's seed in the order they
/// joined, each as `|<bytes>:<field>`.
#[must_use]
pub fn line_message(id: FairId, seeds: &[&str]) -> String {
    let mut m = SCHEME_V2.to_string();
    push_field(&mut m, "line");
    push_field(&mut m, &id.to_string());
    push_field(&mut m, &seeds.len().to_string());
    for s in seeds {
        push_field(&mut m, s);
    }
    m
}

/// A chouette's line drawn from the first chain value `s` (`s_1`, revealed by the session's
/// first throw) and the members' seeds in the order they joined: the member at each place
/// (place 0 the box, place 1 the captain), as indices into `seeds`. A Fisher-Yates shuffle
/// of `0..n`: for i = n-1 down to 1, the next byte b of the HMAC stream of
/// [`line_message`] below `256 - 256 % (i+1)` gives j = b % (i+1), and places i and j are
/// swapped (bytes at or above that bound are skipped; the stream continues with `|more`
/// as the dice's does).
#[must_use]
pub fn line_order(s: &Secret, id: FairId, seeds: &[&str]) -> Vec<usize> {
    let mut line: Vec<usize> = (0..seeds.len()).collect();
    let mut msg = line_message(id, seeds);
    let mut bytes: Vec<u8> = Vec::new();
    let mut next = 0;
    for i in (1..line.len()).rev() {
        let m = i + 1;
        let bound = 256 - 256 % m;
        let j = loop {
            if next == bytes.len() {
                let mut mac =
                    hmac::Hmac::<Sha256>::new_from_slice(s).expect("HMAC takes any key length");
                mac.update(msg.as_bytes());
                bytes.extend_from_slice(&mac.finalize().into_bytes());
                msg.push_str("|more");
            }
            let b = usize::from(bytes[next]);
            next += 1;
            if b < bound {
                break b % m;
            }
        };
        line.swap(i, j);
    }
    line
}

/// The dice (`count`: 2, or 1) of a throw whose chain value is `s` and whose message is
/// `message`.
///
/// # Examples
///
/// ```
/// use engine::fair::{FairId, anchor_and_first, message_v2, sha256, throw_dice};
///
/// // The bot's secret top of a chain; it publishes the anchor before any seed is known.
/// let top = sha256(b"a secret the bot keeps");
/// let (anchor, s1) = anchor_and_first(&top);
/// // Throw 1 of match 12 reveals s_1 and takes its dice from it and both seeds.
/// let message = message_v2(FairId::Match(12), 1, "alice", "bob");
/// let dice = throw_dice(&s1, &message, 2);
/// assert_eq!(dice.len(), 2);
/// assert!(dice.iter().all(|d| (1..=6).contains(d)));
/// // Anyone can check the throw: s_1 hashes to the anchor, and the dice follow.
/// assert_eq!(sha256(&s1), anchor);
/// assert_eq!(throw_dice(&s1, &message, 2), dice);
/// ```
#[must_use]
pub fn throw_dice(s: &Secret, message: &str, count: usize) -> Vec<u8> {
    let mut dice = Vec::with_capacity(count);
    let mut msg = message.to_string();
    while dice.len() < count {
        let mut mac = hmac::Hmac::<Sha256>::new_from_slice(s).expect("HMAC takes any key length");
        mac.update(msg.as_bytes());
        for b in mac.finalize().into_bytes() {
            if dice.len() == count {
                break;
            }
            if b < 252 {
                dice.push(b % 6 + 1);
            }
        }
        msg.push_str("|more");
    }
    dice
}

/// Lower-case hexadecimal.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 bytes from 64 hexadecimal digits.
#[must_use]
pub fn secret_from_hex(text: &str) -> Option<Secret> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut s = [0u8; 32];
    for (i, b) in s.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(s)
}

/// Why a player seed is refused (`None`: it is acceptable): 1 to 64 characters, no
/// control characters (line breaks, tabs).
#[must_use]
pub fn seed_problem(seed: &str) -> Option<String> {
    let n = seed.chars().count();
    if n == 0 {
        return Some("a seed has at least one character".into());
    }
    if n > MAX_SEED_CHARS {
        return Some(format!(
            "a seed is at most {MAX_SEED_CHARS} characters, not {n}"
        ));
    }
    if seed.chars().any(char::is_control) {
        return Some("a seed is one line of text: no line breaks or tabs".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_links_each_value_to_the_hash_of_the_next() {
        let top = [7u8; 32];
        let c = chain(&top);
        assert_eq!(c[4096], top);
        assert_eq!(c[4095], sha256(&top));
        assert_eq!(c[0], anchor(&top));
    }

    #[test]
    fn throws_find_their_chain_and_place() {
        assert_eq!(chain_place(1), (1, 1));
        assert_eq!(chain_place(4096), (1, 4096));
        assert_eq!(chain_place(4097), (4097, 1));
        assert_eq!(chain_place(8193), (8193, 1));
    }

    #[test]
    fn ids_are_written_as_in_the_message() {
        assert_eq!(FairId::Match(12).to_string(), "12");
        assert_eq!(FairId::Chouette(3).to_string(), "c3");
        assert_eq!("c3".parse::<FairId>(), Ok(FairId::Chouette(3)));
        assert_eq!(
            message(FairId::Match(12), 5, "a", "b"),
            "gammonbot-dice-v1|12|5|a|b"
        );
    }

    #[test]
    fn v2_messages_are_length_prefixed_so_seeds_with_bars_cannot_collide() {
        // Given two seed pairs that v1 joins into the same message
        let (a, b) = (("x|y", "z"), ("x", "y|z"));
        assert_eq!(
            message(FairId::Match(1), 1, a.0, a.1),
            message(FairId::Match(1), 1, b.0, b.1)
        );
        // Then v2 tells them apart
        assert_eq!(
            message_v2(FairId::Match(1), 1, a.0, a.1),
            "gammonbot-dice-v2|1:1|1:1|3:x|y|1:z"
        );
        assert_ne!(
            message_v2(FairId::Match(1), 1, a.0, a.1),
            message_v2(FairId::Match(1), 1, b.0, b.1)
        );
        // And a length counts bytes, not characters
        assert_eq!(
            message_v2(FairId::Chouette(3), 12, "é", ""),
            "gammonbot-dice-v2|2:c3|2:12|2:é|0:"
        );
    }

    #[test]
    fn a_line_is_a_permutation_fixed_by_the_chain_value_and_the_seeds() {
        let s = sha256(b"line");
        let seeds = ["a", "b", "c", "d", "e"];
        let l = line_order(&s, FairId::Chouette(1), &seeds);
        let mut sorted = l.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 2, 3, 4]);
        assert_eq!(l, line_order(&s, FairId::Chouette(1), &seeds));
        // Another seed (or chain value) gives, over a few tries, another line
        let others = (0..8)
            .filter(|i| {
                line_order(
                    &s,
                    FairId::Chouette(1),
                    &["a", "b", "c", "d", &i.to_string()],
                ) != l
            })
            .count();
        assert!(others > 0);
    }
}
