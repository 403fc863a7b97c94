//! Layer rules Cargo cannot state. Cargo's graph points down only (engine <- render,
//! store <- club <- this program), but it does not stop a crate from gaining a dependency:
//! the manifests are read here for the crates each layer may not name. And the source:
//! the renderer reaches no files, clock or randomness; the console holds no rules (it
//! parses and prints); `src/discord/` is thin over the club; the Welsh player
//! (`crates/welsh-player`) sits over the engine only, with no runtime, database or chat. The lower crates' tests link
//! no club (their dependencies and dev-dependencies, and the testkit's, name none), so an
//! edit of the club rebuilds none of them. (The engine's own purity,
//! no I/O, printing or clock, is checked in `crates/engine/tests/it/purity.rs`.)

use std::path::Path;

use testkit::source::rust_files;

/// Each layer's crate and the crates its `[dependencies]` may not name.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "engine",
        &[
            "tokio",
            "sqlx",
            "serenity",
            "poise",
            "image",
            "imageproc",
            "ab_glyph",
            "png",
            "rand",
            "getrandom",
            "tracing",
            "render",
            "store",
            "gnubg",
            "club",
            "gammonbot",
        ],
    ),
    (
        "render",
        &[
            "tokio",
            "sqlx",
            "serenity",
            "poise",
            "rand",
            "store",
            "gnubg",
            "club",
            "gammonbot",
        ],
    ),
    (
        "store",
        &[
            "serenity",
            "poise",
            "image",
            "imageproc",
            "ab_glyph",
            "png",
            "render",
            "gnubg",
            "club",
            "gammonbot",
        ],
    ),
    (
        "gnubg",
        &[
            "sqlx",
            "serenity",
            "poise",
            "image",
            "imageproc",
            "ab_glyph",
            "png",
            "rand",
            "render",
            "store",
            "club",
            "gammonbot",
        ],
    ),
    (
        "welsh-player",
        &[
            "tokio",
            "sqlx",
            "serenity",
            "poise",
            "image",
            "imageproc",
            "ab_glyph",
            "png",
            "tracing",
            "render",
            "store",
            "gnubg",
            "club",
            "gammonbot",
        ],
    ),
    ("club", &["serenity", "poise", "gammonbot", "axum"]),
    // The web companion is an adapter over the club: no chat crate, no database of its
    // own (it reads through the club), not the program.
    ("web", &["serenity", "poise", "sqlx", "store", "gammonbot"]),
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
];

/// The console may name engine types (to build commands) but runs no rules itself.
const CONSOLE_FORBIDDEN: &[&str] = &[
    "serenity",
    "poise",
    "sqlx",
    "store::",
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
    "store::",
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

/// The names under `[dependencies]` of a manifest (the renamed ones by their key).
fn dependencies(manifest: &str) -> Vec<String> {
    names_under(manifest, &["[dependencies]"])
}

/// The names under the given sections of a manifest (the renamed ones by their key).
fn names_under(manifest: &str, sections: &[&str]) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = sections.contains(&line);
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            let key = line.split(['=', '.']).next().unwrap_or("").trim();
            names.push(key.replace('-', "_"));
        }
    }
    names
}

#[test]
fn each_layer_depends_on_no_crate_above_or_beside_its_concern() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (layer, forbidden) in LAYERS {
        let manifest =
            std::fs::read_to_string(root.join("crates").join(layer).join("Cargo.toml")).unwrap();
        let deps = dependencies(&manifest);
        assert!(!deps.is_empty(), "the dependencies of {layer} were found");
        let wrong: Vec<&String> = deps
            .iter()
            .filter(|d| forbidden.iter().any(|f| f.replace('-', "_") == **d))
            .collect();
        assert!(wrong.is_empty(), "{layer} may not depend on {wrong:?}");
    }
}

#[test]
fn the_manifest_reader_sees_a_forbidden_dependency() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nthiserror.workspace = true\n\
                    tokio = { workspace = true }\n\n[dev-dependencies]\nsqlx.workspace = true\n";
    assert_eq!(dependencies(manifest), ["thiserror", "tokio"]);
    assert_eq!(
        names_under(manifest, &["[dependencies]", "[dev-dependencies]"]),
        ["thiserror", "tokio", "sqlx"]
    );
}

/// The workspace's crates, by the key the others name them with, and their directories.
const MEMBERS: &[(&str, &str)] = &[
    ("engine", "crates/engine"),
    ("render", "crates/render"),
    ("store", "crates/store"),
    ("gnubg", "crates/gnubg"),
    ("club", "crates/club"),
    ("testkit", "crates/testkit"),
    ("clubkit", "crates/clubkit"),
    ("gammonbot", "."),
];

/// What a crate's library and tests link: its `[dependencies]` and `[dev-dependencies]`,
/// and the `[dependencies]` of the workspace's crates among them, all the way down.
fn linked_by_tests(member: &str) -> std::collections::BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |key: &str, sections: &[&str]| {
        let dir = MEMBERS.iter().find(|(k, _)| *k == key).unwrap().1;
        let manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml")).unwrap();
        names_under(&manifest, sections)
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut todo = read(member, &["[dependencies]", "[dev-dependencies]"]);
    while let Some(name) = todo.pop() {
        if seen.insert(name.clone()) && MEMBERS.iter().any(|(k, _)| *k == name) {
            todo.extend(read(&name, &["[dependencies]"]));
        }
    }
    seen
}

/// The engine's, the renderer's, the store's and the gnubg crate's tests link no club: an
/// edit of the club rebuilds none of them (the club's test helpers are in `clubkit`, apart
/// from `testkit`, which names the gnubg crate for its `find_gnubg`).
#[test]
fn the_lower_crates_and_their_tests_link_no_club() {
    for layer in ["engine", "render", "store", "gnubg"] {
        let linked = linked_by_tests(layer);
        assert!(
            linked.contains("engine") || layer == "engine",
            "{layer}: {linked:?}"
        );
        let wrong: Vec<&String> = linked
            .iter()
            .filter(|d| ["club", "clubkit", "gammonbot"].contains(&d.as_str()))
            .collect();
        assert!(
            wrong.is_empty(),
            "{layer}'s library or tests link {wrong:?} (through {linked:?})"
        );
    }
    // (The reader follows the testkit: the club's own tests do link the club.)
    assert!(linked_by_tests("club").contains("testkit"));
    assert!(linked_by_tests("gammonbot").contains("club"));
}

/// The lines of `text` that name a forbidden word, by number (from 1), with the word. What
/// comments say is not read (a `//` in a string, as in `"http://127.0.0.1/x"`, starts no
/// comment); what literals say is.
fn text_offences<'a>(text: &str, forbidden: &[&'a str]) -> Vec<(usize, &'a str)> {
    let mut found = Vec::new();
    for (n, code) in testkit::source::without_comments(text).lines().enumerate() {
        for word in forbidden {
            let hit = code.match_indices(word).any(|(i, _)| {
                let before = code[..i].chars().next_back();
                let after = code[i + word.len()..].chars().next();
                let boundary =
                    |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                boundary(before) && (word.ends_with("::") || boundary(after))
            });
            if hit {
                found.push((n + 1, *word));
            }
        }
    }
    found
}

/// The lines under `dir` that name a forbidden word, and how many files were read.
fn offences(dir: &Path, forbidden: &[&str]) -> (Vec<String>, usize) {
    let mut offences = Vec::new();
    let files = rust_files(dir);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (n, word) in text_offences(&text, forbidden) {
            let line = lines[n - 1];
            offences.push(format!("{}:{n}: `{word}`: {line}", path.display()));
        }
    }
    (offences, files.len())
}

#[test]
fn the_word_finder_reads_a_line_past_a_url_and_skips_comments() {
    let text = "let home = \"http://127.0.0.1/x\"; crate::discord::post(home);\n\
                // crate::discord::post\n/* sqlx\n */ let sqlx_x = \"sqlx\";\n";
    assert_eq!(
        text_offences(text, &["crate::discord", "sqlx"]),
        [(1, "crate::discord"), (4, "sqlx")]
    );
}

/// Fails with every offending line when `dir` (at least `min_files` files) names a
/// forbidden word.
fn assert_clean(dir: &str, forbidden: &[&str], min_files: usize, rule: &str) {
    let (offences, files) = offences(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), forbidden);
    assert!(files >= min_files, "the files of {dir} were found");
    assert!(offences.is_empty(), "{rule}:\n{}", offences.join("\n"));
}

#[test]
fn render_code_reads_only_the_engine() {
    assert_clean(
        "crates/render/src",
        RENDER_FORBIDDEN,
        3,
        "the renderer must not reach storage, chat, clocks or files",
    );
}

#[test]
fn console_code_parses_and_prints_only() {
    assert_clean(
        "src/console",
        CONSOLE_FORBIDDEN,
        1,
        "rules belong below the console",
    );
}

#[test]
fn discord_code_is_thin_over_the_club() {
    assert_clean(
        "src/discord",
        DISCORD_FORBIDDEN,
        2,
        "rules and storage belong below discord/",
    );
}

mod cycles;
