//! Reading Rust source as the source-reading checks do (the engine's purity, the import
//! cycles, the layers' forbidden words): without what comments say, and for most checks
//! without what literals say.

/// `src` without comments and without the text of string and character literals (a
/// string reads `""`, a character `' '`).
pub fn code_only(src: &str) -> String {
    strip(src, false)
}

/// `src` without comments, its literals kept and each line where it was (a comment
/// leaves its newlines): for the checks that report a line and read literals too. A `//`
/// in a string (`"http://127.0.0.1/x"`) starts no comment.
pub fn without_comments(src: &str) -> String {
    strip(src, true)
}

/// Comments dropped (a block comment leaves a space and its newlines), literals kept or
/// blanked. The literals: strings (`"…"`, `b"…"`, with escapes), raw strings (`r"…"`,
/// `r#"…"#`, `br#"…"#`: a quote short of the closing one, or a backslash, is text) and
/// characters (`'x'`, `'\n'`, `'"'`); a lifetime (`'a`) is code.
fn strip(src: &str, keep_literals: bool) -> String {
    let chars: Vec<char> = src.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while let Some(c) = at(i) {
        let start = i;
        match (c, at(i + 1)) {
            ('/', Some('/')) => {
                while at(i).is_some_and(|c| c != '\n') {
                    i += 1;
                }
                continue;
            }
            ('/', Some('*')) => {
                out.push(' ');
                i += 2;
                while let Some(c) = at(i) {
                    if c == '*' && at(i + 1) == Some('/') {
                        i += 2;
                        break;
                    }
                    if c == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
                continue;
            }
            ('r', _) if raw_string_at(&chars, i) => {
                let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                let closing: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                i += 2 + hashes;
                while i < chars.len() && !chars[i..].starts_with(&closing) {
                    i += 1;
                }
                i = (i + closing.len()).min(chars.len());
            }
            ('"', _) => {
                i += 1;
                while let Some(c) = at(i) {
                    i += 1;
                    match c {
                        '\\' => i += 1,
                        '"' => break,
                        _ => {}
                    }
                }
                i = i.min(chars.len());
            }
            ('\'', Some('\\')) => {
                i += 3;
                while at(i).is_some_and(|c| c != '\'') {
                    i += 1;
                }
                i = (i + 1).min(chars.len());
            }
            ('\'', Some(_)) if at(i + 2) == Some('\'') => i += 3,
            _ => {
                out.push(c);
                i += 1;
                continue;
            }
        }
        // A literal, from `start` to `i`.
        if keep_literals {
            out.extend(&chars[start..i]);
        } else if c == '\'' {
            out.push_str("' '");
        } else {
            out.push_str("\"\"");
        }
    }
    out
}

/// Whether a raw string (`r"`, `r#"`, `br"`, `cr#"`) starts at `chars[i]`, an `r` that
/// ends no identifier but a `b` or `c` prefix.
fn raw_string_at(chars: &[char], i: usize) -> bool {
    let ident = |c: &char| c.is_alphanumeric() || *c == '_';
    let starts_word = |j: usize| j == 0 || !ident(&chars[j - 1]);
    let prefixed =
        starts_word(i) || (i >= 1 && matches!(chars[i - 1], 'b' | 'c') && starts_word(i - 1));
    let after_hashes = chars[i + 1..].iter().find(|&&c| c != '#');
    prefixed && after_hashes == Some(&'"')
}

/// The `.rs` files under `dir`, its subfolders included, in a stable order.
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::{code_only, without_comments};

    #[test]
    fn comments_go_and_literals_are_blanked_or_kept() {
        let src = "let u = \"http://127.0.0.1/x\"; a::b(); // c::d\n/* e::f\n */ '\"' 'a x\n";
        assert_eq!(code_only(src), "let u = \"\"; a::b(); \n \n ' ' 'a x\n");
        assert_eq!(
            without_comments(src),
            "let u = \"http://127.0.0.1/x\"; a::b(); \n \n '\"' 'a x\n"
        );
    }

    #[test]
    fn a_raw_string_may_hold_quotes_backslashes_and_urls() {
        let src = "let h = r#\"<a href=\"http://x/\">\"#; a::b(); let p = br\"C:\\\"; c::d();";
        assert_eq!(
            code_only(src),
            "let h = \"\"; a::b(); let p = b\"\"; c::d();"
        );
        assert_eq!(without_comments(src), src);
        assert_eq!(code_only("for_r\"x\" r#x"), "for_r\"\" r#x");
    }
}
