//! Text in the order it is drawn, left to right, without a shaper: Arabic letters take their
//! joined forms (initial, medial, final, isolated, and the lam-alef ligatures) from the
//! Arabic Presentation Forms-B block; each run of Hebrew or Arabic is put in visual order
//! (its letters reversed, numbers inside it kept left to right, marks kept after their
//! letter, brackets mirrored); an Indic vowel sign written before its consonant (Devanagari
//! ि, Bengali ি, ...) is moved before the consonant and the consonants joined to it by a
//! virama. This is a small part of the Unicode bidirectional algorithm and of Arabic and
//! Indic shaping: enough for names to read as written, not a typesetter (no forms beyond
//! the basic Arabic letters, no conjunct ligatures, no nested embeddings).

use std::borrow::Cow;

/// The Arabic letters U+0621..U+064A that have presentation forms, in the order of those
/// forms from U+FE80 on, each with how many it has: 1 (hamza: joins neither way), 2 (joins
/// only to the letter before it: isolated, final) or 4 (joins both ways: isolated, final,
/// initial, medial).
const ARABIC_FORMS: [(char, u8); 36] = [
    ('\u{0621}', 1),
    ('\u{0622}', 2),
    ('\u{0623}', 2),
    ('\u{0624}', 2),
    ('\u{0625}', 2),
    ('\u{0626}', 4),
    ('\u{0627}', 2),
    ('\u{0628}', 4),
    ('\u{0629}', 2),
    ('\u{062A}', 4),
    ('\u{062B}', 4),
    ('\u{062C}', 4),
    ('\u{062D}', 4),
    ('\u{062E}', 4),
    ('\u{062F}', 2),
    ('\u{0630}', 2),
    ('\u{0631}', 2),
    ('\u{0632}', 2),
    ('\u{0633}', 4),
    ('\u{0634}', 4),
    ('\u{0635}', 4),
    ('\u{0636}', 4),
    ('\u{0637}', 4),
    ('\u{0638}', 4),
    ('\u{0639}', 4),
    ('\u{063A}', 4),
    ('\u{0641}', 4),
    ('\u{0642}', 4),
    ('\u{0643}', 4),
    ('\u{0644}', 4),
    ('\u{0645}', 4),
    ('\u{0646}', 4),
    ('\u{0647}', 4),
    ('\u{0648}', 2),
    ('\u{0649}', 2),
    ('\u{064A}', 4),
];

/// The tatweel: no forms of its own, joins both ways.
const TATWEEL: char = '\u{0640}';
const LAM: char = '\u{0644}';

/// The first presentation form of `ch` and how many forms it has.
fn arabic_forms(ch: char) -> Option<(u32, u8)> {
    let mut first = 0xFE80;
    for (letter, n) in ARABIC_FORMS {
        if letter == ch {
            return Some((first, n));
        }
        first += u32::from(n);
    }
    None
}

/// The lam-alef ligature (isolated form) for an alef after a lam.
fn lam_alef(alef: char) -> Option<u32> {
    match alef {
        '\u{0622}' => Some(0xFEF5),
        '\u{0623}' => Some(0xFEF7),
        '\u{0625}' => Some(0xFEF9),
        '\u{0627}' => Some(0xFEFB),
        _ => None,
    }
}

/// A mark drawn over or under the letter before it (Hebrew points, Arabic vowels, the
/// combining diacritics).
fn is_mark(ch: char) -> bool {
    matches!(ch,
        '\u{0300}'..='\u{036F}'
        | '\u{0591}'..='\u{05BD}'
        | '\u{05BF}'
        | '\u{05C1}'..='\u{05C2}'
        | '\u{05C4}'..='\u{05C5}'
        | '\u{05C7}'
        | '\u{0610}'..='\u{061A}'
        | '\u{064B}'..='\u{065F}'
        | '\u{0670}'
        | '\u{06D6}'..='\u{06DC}'
        | '\u{06DF}'..='\u{06E4}'
        | '\u{06E7}'..='\u{06E8}'
        | '\u{06EA}'..='\u{06ED}')
}

/// A letter of a script written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and
/// their presentation forms).
fn is_rtl(ch: char) -> bool {
    !is_mark(ch)
        && matches!(ch,
            '\u{0590}'..='\u{065F}'
            | '\u{066A}'..='\u{06EF}'
            | '\u{06FA}'..='\u{08FF}'
            | '\u{FB1D}'..='\u{FDFF}'
            | '\u{FE70}'..='\u{FEFF}'
            | '\u{10800}'..='\u{10FFF}'
            | '\u{1E800}'..='\u{1EFFF}')
}

/// A digit: kept left to right inside a right-to-left run.
fn is_digit(ch: char) -> bool {
    ch.is_ascii_digit() || matches!(ch, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}')
}

/// An Indic vowel sign typed after its consonant but written before it.
pub(crate) fn is_pre_base(ch: char) -> bool {
    matches!(ch,
        '\u{093F}'
        | '\u{09BF}'
        | '\u{09C7}'..='\u{09C8}'
        | '\u{0A3F}'
        | '\u{0ABF}'
        | '\u{0B47}'
        | '\u{0BC6}'..='\u{0BC8}'
        | '\u{0D46}'..='\u{0D48}')
}

/// An Indic virama (halant), joining the consonant before it to the one after.
fn is_virama(ch: char) -> bool {
    matches!(
        ch,
        '\u{094D}' | '\u{09CD}' | '\u{0A4D}' | '\u{0ACD}' | '\u{0B4D}' | '\u{0BCD}' | '\u{0D4D}'
    )
}

/// An Indic nukta, a dot under the consonant before it.
fn is_nukta(ch: char) -> bool {
    matches!(
        ch,
        '\u{093C}' | '\u{09BC}' | '\u{0A3C}' | '\u{0ABC}' | '\u{0B3C}'
    )
}

/// Each vowel sign written before its consonant moved before that consonant (with its
/// nukta) and the consonants joined to it by viramas.
fn pre_base_first(chars: &mut [char]) {
    for i in 1..chars.len() {
        if !is_pre_base(chars[i]) {
            continue;
        }
        let mut start = i - 1;
        if start > 0 && is_nukta(chars[start]) {
            start -= 1;
        }
        while start >= 2 && is_virama(chars[start - 1]) {
            start -= 2;
        }
        chars[start..=i].rotate_right(1);
    }
}

/// Whether `c` is a bidirectional control: an embedding, override or isolate (U+202A to
/// U+202E, U+2066 to U+2069) or a direction mark (U+200E, U+200F, U+061C). In a name it
/// would turn the text after it around (`\u{202E}evil won 13-11` reads "11-31 now live"),
/// so names are taken without them and nothing draws them.
#[must_use]
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// `s` without its bidirectional controls ([`is_bidi_control`]).
#[must_use]
pub fn strip_bidi_controls(s: &str) -> Cow<'_, str> {
    if s.chars().any(is_bidi_control) {
        Cow::Owned(s.chars().filter(|&c| !is_bidi_control(c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// `s` as it is drawn from left to right: unchanged unless it holds right-to-left letters
/// or Indic vowel signs written before their consonant.
pub(crate) fn visual_order(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| is_rtl(c) || is_pre_base(c)) {
        return Cow::Borrowed(s);
    }
    let mut shaped = shape_arabic(s);
    pre_base_first(&mut shaped);
    Cow::Owned(reorder(&shaped))
}

/// Whether a letter with `n` forms (or the tatweel) joins to the letter after it.
fn joins_next(ch: Option<char>) -> bool {
    ch.is_some_and(|c| c == TATWEEL || arabic_forms(c).is_some_and(|(_, n)| n == 4))
}

/// Whether a letter joins to the letter before it.
fn joins_prev(ch: Option<char>) -> bool {
    ch.is_some_and(|c| c == TATWEEL || arabic_forms(c).is_some_and(|(_, n)| n >= 2))
}

/// Arabic letters replaced by their joined presentation forms, lam-alef by its ligature.
fn shape_arabic(s: &str) -> Vec<char> {
    let chars: Vec<char> = s.chars().collect();
    // The letter before and after index i, skipping marks (they are transparent).
    let neighbour = |i: usize, step: isize| -> Option<char> {
        let mut j = i as isize + step;
        while j >= 0 && (j as usize) < chars.len() {
            let c = chars[j as usize];
            if !is_mark(c) {
                return Some(c);
            }
            j += step;
        }
        None
    };
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        let Some((first, n)) = arabic_forms(ch) else {
            out.push(ch);
            i += 1;
            continue;
        };
        let prev = joins_next(neighbour(i, -1)) && n >= 2;
        if ch == LAM
            && let Some(lig) = chars.get(i + 1).and_then(|&a| lam_alef(a))
        {
            out.push(char::from_u32(lig + u32::from(prev)).unwrap_or(ch));
            i += 2;
            continue;
        }
        let next = n == 4 && joins_prev(neighbour(i, 1));
        let form = match (prev, next) {
            (false, false) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (true, true) => 3,
        };
        out.push(char::from_u32(first + form).unwrap_or(ch));
        i += 1;
    }
    out
}

/// The mirror image of a bracket, drawn in a right-to-left run.
fn mirror(ch: char) -> char {
    match ch {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        _ => ch,
    }
}

/// Each run that begins with a right-to-left letter and goes on over right-to-left letters,
/// digits, spaces and punctuation (not over a left-to-right letter) reversed, its numbers and
/// each letter's marks kept in order; the neutrals at its end stay outside it.
fn reorder(chars: &[char]) -> String {
    // Units: a letter with the marks after it, or a number.
    let mut units: Vec<&[char]> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i + 1;
        if is_digit(chars[i]) {
            while j < chars.len() && is_digit(chars[j]) {
                j += 1;
            }
        } else {
            while j < chars.len() && is_mark(chars[j]) {
                j += 1;
            }
        }
        units.push(&chars[i..j]);
        i = j;
    }
    let strong_ltr = |u: &[char]| u[0].is_alphabetic() && !is_rtl(u[0]);
    let mut out = String::with_capacity(chars.len() * 3);
    let mut k = 0;
    while k < units.len() {
        if !is_rtl(units[k][0]) {
            out.extend(units[k]);
            k += 1;
            continue;
        }
        let mut end = k + 1;
        let mut last = k + 1;
        while end < units.len() && !strong_ltr(units[end]) {
            if is_rtl(units[end][0]) || is_digit(units[end][0]) {
                last = end + 1;
            }
            end += 1;
        }
        for unit in units[k..last].iter().rev() {
            out.extend(unit.iter().map(|&c| mirror(c)));
        }
        k = last;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_controls_are_stripped() {
        let evil = "\u{202E}evil\u{2066}\u{200F}\u{061C}";
        assert_eq!(strip_bidi_controls(evil), "evil");
        assert!(matches!(strip_bidi_controls("alice"), Cow::Borrowed(_)));
    }

    #[test]
    fn left_to_right_text_is_unchanged() {
        assert!(matches!(visual_order("alice 3-1 李雷"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_hebrew_name_is_drawn_in_visual_order_with_its_number_left_to_right() {
        assert_eq!(visual_order("משה 12 (bob)"), "12 השמ (bob)");
        assert_eq!(visual_order("to משה."), "to השמ.");
    }

    #[test]
    fn arabic_letters_take_their_joined_forms() {
        // meem-hah-meem-dal: initial, medial, medial, final.
        assert_eq!(
            visual_order("محمد"),
            "\u{FEAA}\u{FEE4}\u{FEA4}\u{FEE3}".to_string()
        );
        // lam-alef ligature after a joining letter: its final form.
        assert_eq!(
            shape_arabic("سلام").into_iter().collect::<String>(),
            "\u{FEB3}\u{FEFC}\u{FEE1}"
        );
    }

    #[test]
    fn a_devanagari_vowel_sign_i_is_drawn_before_its_consonant_cluster() {
        // मि: ma, sign i -> sign i, ma.
        assert_eq!(visual_order("अमिताभ"), "अ\u{093F}मताभ");
        // च्चि: ca, virama, ca, sign i -> sign i first.
        assert_eq!(visual_order("च्चि"), "\u{093F}च्च");
    }

    #[test]
    fn the_presentation_form_table_ends_at_yeh() {
        assert_eq!(arabic_forms('\u{064A}'), Some((0xFEF1, 4)));
        assert_eq!(arabic_forms('\u{0627}'), Some((0xFE8D, 2)));
    }
}
