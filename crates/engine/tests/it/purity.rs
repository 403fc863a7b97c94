//! The engine is pure: no I/O, printing, clock or randomness. Cargo keeps every other
//! crate away from it (its manifest names no runtime, database, image or chat crate:
//! `tests/it/layers/` of the program checks the manifests), but the standard library is
//! always there: this reads the engine's source for the parts of `std` it may not reach.

use std::path::Path;

use testkit::source::{code_only, rust_files};

/// The modules of `std` the engine may not use: files, streams, network, processes, the
/// environment, the OS, threads and clocks.
const STD_FORBIDDEN: &[&str] = &["fs", "io", "net", "process", "env", "os", "thread", "time"];

/// Names that are a clock wherever they come from.
const CLOCKS: &[&str] = &["SystemTime", "Instant"];

/// Macros that print: the engine returns values and events, it writes nowhere.
const PRINTING: &[&str] = &["println", "print", "eprintln", "eprint", "dbg"];

/// Whether `word` occurs in `code` as a whole word, followed by `then` (if given).
fn names(code: &str, word: &str, then: Option<char>) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        let before = code[..i].chars().next_back();
        let mut after = code[i + word.len()..]
            .chars()
            .filter(|c| !c.is_whitespace());
        before.is_none_or(|c| !ident(c))
            && match then {
                Some(t) => after.next() == Some(t),
                None => code[i + word.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !ident(c)),
            }
    })
}

/// What the engine source `src` uses that it may not: a forbidden `std` module (written
/// as a path, in a `use` group, or through `std::*` or an alias of `std`), a clock, a
/// printing macro.
fn engine_offences(src: &str) -> Vec<String> {
    let code = code_only(src);
    // Paths with their spaces around `::` removed: `std :: fs` reads as `std::fs`.
    let squeezed: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
    let squeezed = squeezed.replace(" ::", "::").replace(":: ", "::");
    let mut found = Vec::new();
    let mut rest = squeezed.as_str();
    while let Some(i) = rest.find("std::") {
        let boundary = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = &rest[i + "std::".len()..];
        if boundary {
            // `std::{fmt, fs::File}`: every head of the group; `std::*`: everything.
            let heads: Vec<&str> = if let Some(group) = after.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end].split(',').map(str::trim).collect()
            } else {
                vec![after]
            };
            for head in heads {
                let name: String = head
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '*')
                    .collect();
                if name == "*" || STD_FORBIDDEN.contains(&name.as_str()) {
                    found.push(format!("std::{name}"));
                }
                if name == "self" && head.contains(" as ") {
                    found.push("an alias of std".to_string());
                }
            }
        }
        rest = after;
    }
    if names(&squeezed, "std as", None) {
        found.push("an alias of std".to_string());
    }
    for clock in CLOCKS {
        if names(&code, clock, None) {
            found.push((*clock).to_string());
        }
    }
    for mac in PRINTING {
        if names(&code, mac, Some('!')) {
            found.push(format!("{mac}!"));
        }
    }
    found
}

#[test]
fn engine_code_does_no_io_printing_clock_or_randomness() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&root);
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        for o in engine_offences(&text) {
            found.push(format!("{}: {o}", path.display()));
        }
    }
    assert!(files.len() >= 5, "the files of the engine were found");
    assert!(
        found.is_empty(),
        "the engine must stay pure:\n{}",
        found.join("\n")
    );
}

/// The checker on small sources: each forbidden use is caught, however it is written.
#[test]
fn the_engine_checker_catches_io_printing_and_clocks_however_they_are_written() {
    let caught = [
        "use std::fs;",
        "use std::{fs};",
        "use std::{fmt, fs::File};",
        "use std::{self as s}; fn f() { let _ = s::fs::read(\"x\"); }",
        "use std as s; fn f() { s::io::stdout(); }",
        "use std::io::Write;",
        "use std::io;",
        "use ::std::net::TcpStream;",
        "use std::process::Command;",
        "use std::env::var;",
        "use std::*;",
        "use std::time::Duration;",
        "use std::thread::sleep;",
        "fn f() -> Option<Instant> { None }",
        "fn f() { let _ = std::fs::read_to_string(\"x\"); }",
        "fn f() -> std::process::ExitCode { todo!() }",
        "fn f() { let _ = format!(\"{}\", std::env::var(\"X\").is_ok()); }",
        "fn f() { println!(\"x\"); }",
        "fn f() { print!(\"x\"); }",
        "fn f() { eprintln!(\"x\"); }",
        "fn f() { eprint!(\"x\"); }",
        "fn f() -> u8 { dbg!(1) }",
        "fn f() { std::println!(\"x\"); }",
        "fn f() { let _ = vec![{ println!(\"x\"); 1 }]; }",
        "fn f() { let _ = std :: fs :: read(\"x\"); }",
    ];
    for src in caught {
        assert!(!engine_offences(src).is_empty(), "not caught: {src}");
    }
    // Allowed: formatting into strings, collections, the engine's own modules, and words
    // in comments and strings.
    let clean = [
        "use std::fmt::{self, Write as _}; fn f(s: &mut String) { let _ = write!(s, \"{}\", 1); }",
        "use std::collections::HashSet; use std::hash::{BuildHasherDefault, Hasher};",
        "use super::dice::Dice; use crate::Side;",
        "/// Reads no std::fs and never calls println!.\nfn f() -> &'static str { \"std::io\" }",
        "fn f(image: &[u8], rand: u8) -> usize { let png = image.len(); png + usize::from(rand) }",
        "fn f(c: char) -> bool { c == '\"' || c == '\\'' } fn g() -> &'static str { \"println!\" }",
        "/* std::fs */ fn f(instant_win: bool) -> bool { instant_win }",
        "#[cfg(test)] mod tests { use super::*; }",
    ];
    for src in clean {
        let found = engine_offences(src);
        assert!(found.is_empty(), "{src}: {found:?}");
    }
}
