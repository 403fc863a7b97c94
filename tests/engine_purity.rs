//! Layer rules: `src/engine/` is pure (no async runtime, database, chat, image, clock or OS
//! randomness); `src/render/` reads the engine only (no database, chat, clock, randomness,
//! files or upper layers); `src/store/` knows no chat, rendering or club; `src/club/` no
//! chat platform; `src/console/` holds no rules (it parses and prints); `src/discord/` is
//! thin over the club.

use std::path::Path;

const FORBIDDEN: &[&str] = &[
    "tokio",
    "sqlx",
    "serenity",
    "poise",
    "image",
    "imageproc",
    "ab_glyph",
    "rand",
    "getrandom",
    "std::time",
    "SystemTime",
    "Instant",
    "std::fs",
    "std::net",
    "std::process",
    "std::thread",
    "std::env",
    "crate::club",
    "crate::store",
    "crate::discord",
    "crate::render",
    "crate::console",
    "crate::cli",
];

const RENDER_FORBIDDEN: &[&str] = &[
    "tokio",
    "sqlx",
    "serenity",
    "poise",
    "rand",
    "std::time",
    "SystemTime",
    "Instant",
    "std::fs",
    "std::net",
    "std::process",
    "std::env",
    "crate::club",
    "crate::store",
    "crate::discord",
    "crate::console",
    "crate::cli",
];

const STORE_FORBIDDEN: &[&str] = &[
    "serenity",
    "poise",
    "crate::club",
    "crate::discord",
    "crate::render",
    "crate::console",
    "crate::cli",
];

const CLUB_FORBIDDEN: &[&str] = &[
    "serenity",
    "poise",
    "crate::discord",
    "crate::console",
    "crate::cli",
];

/// The console may name engine types (to build commands) but runs no rules itself.
const CONSOLE_FORBIDDEN: &[&str] = &[
    "serenity",
    "poise",
    "sqlx",
    "crate::store",
    "crate::discord",
    "legal_plays",
    "welsh_legal_plays",
    "apply",
    "resolve_play",
    "resolve_welsh_play",
];

/// Discord is thin: no storage, no rule functions, no game state of its own.
const DISCORD_FORBIDDEN: &[&str] = &[
    "sqlx",
    "crate::store",
    "crate::console",
    "legal_plays",
    "welsh_legal_plays",
    "resolve_play",
    "resolve_welsh_play",
    "Match::new",
    "WelshMatch",
    "AnyMatch",
    "Snapshot",
];

/// The lines under `src/<folder>` that name a forbidden word, and how many files were read.
fn offences(folder: &str, forbidden: &[&str]) -> (Vec<String>, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(folder);
    let mut offences = Vec::new();
    let mut files = 0;
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for word in forbidden {
                    let hit = code.match_indices(word).any(|(i, _)| {
                        let before = code[..i].chars().next_back();
                        let after = code[i + word.len()..].chars().next();
                        let boundary =
                            |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                        boundary(before) && boundary(after)
                    });
                    if hit {
                        offences.push(format!("{}:{}: `{word}`: {line}", path.display(), n + 1));
                    }
                }
            }
        }
    }
    (offences, files)
}

/// Fails with every offending line when `src/<folder>` (at least `min_files` files)
/// names a forbidden word.
fn assert_clean(folder: &str, forbidden: &[&str], min_files: usize, rule: &str) {
    let (offences, files) = offences(folder, forbidden);
    assert!(files >= min_files, "the files of src/{folder} were found");
    assert!(offences.is_empty(), "{rule}:\n{}", offences.join("\n"));
}

#[test]
fn engine_code_imports_no_io_clock_or_randomness() {
    assert_clean("engine", FORBIDDEN, 5, "the engine must stay pure");
}

#[test]
fn render_code_reads_only_the_engine() {
    assert_clean(
        "render",
        RENDER_FORBIDDEN,
        3,
        "the renderer must not reach storage, chat, clocks or files",
    );
}

#[test]
fn store_code_knows_no_chat_rendering_or_club() {
    assert_clean("store", STORE_FORBIDDEN, 1, "the store is below the club");
}

#[test]
fn club_code_knows_no_chat_platform() {
    assert_clean(
        "club",
        CLUB_FORBIDDEN,
        5,
        "the club speaks no platform's language",
    );
}

#[test]
fn console_code_parses_and_prints_only() {
    assert_clean(
        "console",
        CONSOLE_FORBIDDEN,
        1,
        "rules belong below the console",
    );
}

#[test]
fn discord_code_is_thin_over_the_club() {
    assert_clean(
        "discord",
        DISCORD_FORBIDDEN,
        2,
        "rules and storage belong below discord/",
    );
}
