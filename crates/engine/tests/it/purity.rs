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
    // And read as Rust: every `use` tree followed, every path and macro call.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = 0;
    let mut found = Vec::new();
    let mut stack = vec![root.join("engine")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            files += 1;
            let rel = path.strip_prefix(&root).unwrap().with_extension("");
            let mut module: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for o in engine_offences(&text, &module) {
                found.push(format!("{}: {o}", path.display()));
            }
        }
    }
    assert!(files >= 5, "the files of src/engine were found");
    assert!(
        found.is_empty(),
        "the engine must stay pure:\n{}",
        found.join("\n")
    );
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

// ---- The engine read as Rust (syn) ----

/// Paths the engine may not reach, as leading segments: I/O, clocks, randomness, the
/// runtime and database, drawing, and the layers above it.
const ENGINE_FORBIDDEN_PATHS: &[&[&str]] = &[
    &["std", "fs"],
    &["std", "io"],
    &["std", "net"],
    &["std", "process"],
    &["std", "env"],
    &["std", "os"],
    &["std", "thread"],
    &["std", "time"],
    &["tokio"],
    &["sqlx"],
    &["serenity"],
    &["poise"],
    &["image"],
    &["imageproc"],
    &["ab_glyph"],
    &["png"],
    &["rand"],
    &["getrandom"],
    &["crate", "club"],
    &["crate", "store"],
    &["crate", "discord"],
    &["crate", "render"],
    &["crate", "console"],
    &["crate", "cli"],
];

/// Names that are a clock wherever they come from.
const ENGINE_FORBIDDEN_NAMES: &[&str] = &["SystemTime", "Instant"];

/// Macros that print: the engine returns values and events, it writes nowhere.
const PRINTING_MACROS: &[&str] = &["println", "print", "eprintln", "eprint", "dbg"];

/// What `src` (the text of the engine module `module`, e.g. `["engine", "welsh"]`) uses
/// that the engine may not: `use` trees followed through groups, `self`, `super` and
/// renames; paths written in code, in types and inside macro calls; printing macros.
fn engine_offences(src: &str, module: &[String]) -> Vec<String> {
    let file = match syn::parse_file(src) {
        Ok(f) => f,
        Err(e) => return vec![format!("cannot be read as Rust: {e}")],
    };
    let mut c = Checker {
        module: module.to_vec(),
        aliases: std::collections::HashMap::new(),
        found: Vec::new(),
    };
    // The first pass learns every name a `use` brings in; the second checks with them.
    syn::visit::Visit::visit_file(&mut c, &file);
    c.found.clear();
    c.module = module.to_vec();
    syn::visit::Visit::visit_file(&mut c, &file);
    c.found.sort();
    c.found.dedup();
    c.found
}

struct Checker {
    module: Vec<String>,
    aliases: std::collections::HashMap<String, Vec<String>>,
    found: Vec<String>,
}

impl Checker {
    /// `path` made absolute: `crate`, `self` and `super` resolved against the module,
    /// a name brought in by `use` replaced by what it names.
    fn resolve(&self, path: &[String]) -> Vec<String> {
        let Some(first) = path.first() else {
            return Vec::new();
        };
        let mut out;
        let mut rest = path;
        match first.as_str() {
            "crate" => {
                out = vec!["crate".to_string()];
                rest = &path[1..];
            }
            "self" | "super" => {
                out = std::iter::once("crate".to_string())
                    .chain(self.module.iter().cloned())
                    .collect();
                while let Some(s) = rest.first() {
                    match s.as_str() {
                        "self" => {}
                        "super" => {
                            if out.len() > 1 {
                                out.pop();
                            }
                        }
                        _ => break,
                    }
                    rest = &rest[1..];
                }
            }
            name => match self.aliases.get(name) {
                Some(full) if full.len() > 1 || full[0] != name => {
                    out = full.clone();
                    rest = &path[1..];
                }
                _ => out = Vec::new(),
            },
        }
        out.extend(rest.iter().cloned());
        out
    }

    /// Records `path` if it reaches a forbidden module. A lone name in code (a variable
    /// called `image`) names no crate unless a `use` brought it in.
    fn check(&mut self, path: &[String], what: &str) {
        let full = self.resolve(path);
        let bare = what != "use" && what != "extern crate" && full.len() == 1;
        let hit = !bare
            && ENGINE_FORBIDDEN_PATHS
                .iter()
                .any(|f| full.len() >= f.len() && full.iter().zip(f.iter()).all(|(a, b)| a == b))
            || full
                .iter()
                .any(|s| ENGINE_FORBIDDEN_NAMES.contains(&s.as_str()));
        if hit {
            self.found.push(format!("{what} `{}`", full.join("::")));
        }
    }

    fn use_tree(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(&p.tree, prefix);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.use_leaf(prefix, &n.ident.to_string(), None),
            syn::UseTree::Rename(r) => {
                self.use_leaf(prefix, &r.ident.to_string(), Some(r.rename.to_string()));
            }
            syn::UseTree::Glob(_) => {
                let full = self.resolve(prefix);
                self.check(prefix, "use");
                // A glob of a parent brings a forbidden module in by its short name.
                if ENGINE_FORBIDDEN_PATHS
                    .iter()
                    .any(|f| f.len() > full.len() && full.iter().zip(f.iter()).all(|(a, b)| a == b))
                {
                    self.found
                        .push(format!("glob `use {}::*`", full.join("::")));
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix);
                }
            }
        }
    }

    fn use_leaf(&mut self, prefix: &[String], name: &str, rename: Option<String>) {
        let mut path = prefix.to_vec();
        if name != "self" {
            path.push(name.to_string());
        }
        self.check(&path, "use");
        let full = self.resolve(&path);
        let local = rename.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
        if local != "_" && !full.is_empty() {
            self.aliases.insert(local, full);
        }
    }

    /// Paths and printing macros inside a macro call's tokens (not parsed by syn).
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                proc_macro2::TokenTree::Group(g) => {
                    self.tokens(g.stream());
                    i += 1;
                }
                proc_macro2::TokenTree::Ident(id) => {
                    let mut path = vec![id.to_string()];
                    let mut j = i + 1;
                    while let (
                        Some(proc_macro2::TokenTree::Punct(a)),
                        Some(proc_macro2::TokenTree::Punct(b)),
                        Some(proc_macro2::TokenTree::Ident(next)),
                    ) = (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        path.push(next.to_string());
                        j += 3;
                    }
                    let bang = matches!(trees.get(j), Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == '!');
                    if bang && PRINTING_MACROS.contains(&path.last().map_or("", String::as_str)) {
                        self.found
                            .push(format!("printing macro `{}!`", path.join("::")));
                    }
                    self.check(&path, "path in a macro call");
                    i = j;
                }
                proc_macro2::TokenTree::Punct(_) | proc_macro2::TokenTree::Literal(_) => i += 1,
            }
        }
    }
}

fn segments(p: &syn::Path) -> Vec<String> {
    p.segments.iter().map(|s| s.ident.to_string()).collect()
}

impl<'ast> syn::visit::Visit<'ast> for Checker {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&u.tree, &mut Vec::new());
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        self.check(&[e.ident.to_string()], "extern crate");
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.check(&segments(p), "path");
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        let path = segments(&m.path);
        if PRINTING_MACROS.contains(&path.last().map_or("", String::as_str)) {
            self.found
                .push(format!("printing macro `{}!`", path.join("::")));
        }
        self.check(&path, "macro");
        self.tokens(m.tokens.clone());
    }
}

/// The checker on small sources: each forbidden pattern is caught, however it is written.
#[test]
fn the_engine_checker_catches_io_printing_and_upper_layers_however_they_are_written() {
    let engine = ["engine".to_string()];
    let welsh = ["engine".to_string(), "welsh".to_string()];
    let caught = [
        "use std::fs;",
        "use std::{fs};",
        "use std::{fmt, fs::File};",
        "use tokio;",
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
        "use crate::{club};",
        "use crate::{store::Store, engine::Side};",
        "use crate::*;",
        "use tokio::sync::Mutex;",
        "extern crate sqlx;",
        "use rand::Rng;",
        "mod inner { use crate::render::Scene; }",
        "fn f() { let _: Option<crate::discord::Bot> = None; }",
        "impl X { fn f(&self) { tracing_like(); } } fn g() { let _ = image::open(\"x\"); }",
    ];
    for src in caught {
        assert!(
            !engine_offences(src, &engine).is_empty(),
            "not caught: {src}"
        );
    }
    // `super` is resolved against the module: from engine::welsh, super::super is the crate.
    assert!(!engine_offences("use super::super::club::Club;", &welsh).is_empty());
    assert!(
        engine_offences(
            "use super::super::club::Club;",
            &["engine".into(), "welsh".into(), "movegen".into()]
        )
        .is_empty()
    );
    // Allowed: formatting into strings, collections, the engine's own modules, and words
    // in comments and strings.
    let clean = [
        "use std::fmt::{self, Write as _}; fn f(s: &mut String) { let _ = write!(s, \"{}\", 1); }",
        "use std::collections::HashSet; use std::hash::{BuildHasherDefault, Hasher};",
        "use super::dice::Dice; use crate::engine::Side;",
        "/// Reads no std::fs and never calls println!.\nfn f() -> &'static str { \"std::io\" }",
        "fn f(image: &[u8], rand: u8) -> usize { let png = image.len(); png + usize::from(rand) }",
        "#[cfg(test)] mod tests { use super::*; }",
    ];
    for src in clean {
        let found = engine_offences(src, &welsh);
        assert!(found.is_empty(), "{src}: {found:?}");
    }
}
