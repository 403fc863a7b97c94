//! Quoting what a player typed: the one way every layer echoes user text.

/// The most characters of typed text a message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// What a message may quote of text a player typed: control and invisible formatting
/// characters removed (a run of whitespace, newlines and tabs included, becomes one
/// space), backticks turned into `'` (the quote is often inside a code span), and at most
/// [`EXCERPT_CHARS`] characters, a cut marked with `…`. Reads no further than it needs,
/// so a line of any length costs the same.
#[must_use]
pub fn excerpt(text: &str) -> String {
    let mut out = String::with_capacity(EXCERPT_CHARS + 4);
    let mut kept = 0usize;
    let mut space = false;
    for c in text.trim().chars() {
        if c.is_whitespace() {
            space = kept > 0;
            continue;
        }
        if c.is_control() || invisible(c) {
            continue;
        }
        if kept + usize::from(space) >= EXCERPT_CHARS {
            out.push('…');
            return out;
        }
        if space {
            out.push(' ');
            kept += 1;
            space = false;
        }
        out.push(if c == '`' { '\'' } else { c });
        kept += 1;
    }
    out
}

/// Characters that change how text around them is shown without showing themselves:
/// zero-width characters, direction marks and overrides, the byte-order mark.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_plain_text_is_quoted_as_typed() {
        assert_eq!(excerpt("13/7 8/7"), "13/7 8/7");
        assert_eq!(excerpt("  bob  "), "bob");
    }

    #[test]
    fn control_characters_go_and_whitespace_runs_become_one_space() {
        assert_eq!(excerpt("/games\u{7}\u{1b}[31m"), "/games[31m");
        assert_eq!(excerpt("a\n\tb\r\nc"), "a b c");
        assert_eq!(excerpt("x\u{202E}y\u{200B}z`"), "xyz'");
    }

    #[test]
    fn long_text_is_cut_at_the_limit_with_a_mark() {
        let long = "a".repeat(100_000);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        assert!(e.ends_with('…'));
        assert_eq!(
            excerpt(&"b".repeat(EXCERPT_CHARS)),
            "b".repeat(EXCERPT_CHARS)
        );
    }
}
