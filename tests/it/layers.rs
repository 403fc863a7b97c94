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

// --- No import cycles inside a crate ---------------------------------------------------
//
// A plain-text scan (no parser): each module of a crate's `src/` and the modules it names
// in paths (`use crate::x`, `crate::x::`, `super::x`, `self::x`, a child `x::`, a name a
// `use` brought in, under its own name or an alias: `use super::x as y;` then `y::z::`),
// then the strongly connected components of that graph. The crate root (`lib.rs`) is the crate's
// face, not a node: it declares the modules and holds the type the club's modules all
// add methods to, so a name taken through it (`super::Club`) is no edge. An inline
// module (`mod tests { .. }`) counts as part of its file's module. The scan relies on
// rustfmt's layout (an inline module ends at a `}` at its own indentation). A package with
// a library and a program (`src/lib.rs`, `src/main.rs`) has two roots, neither a node.

use std::collections::{BTreeMap, BTreeSet};

/// The modules of the crate whose sources are under `src`, by path (`league/advance`; the
/// root is `""`), with their text.
fn crate_modules(src: &Path) -> BTreeMap<String, String> {
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    for path in rust_files(src) {
        let rel = path.strip_prefix(src).unwrap().with_extension("");
        let rel = rel.to_string_lossy().replace('\\', "/");
        let name = match rel.as_str() {
            "lib" | "main" => String::new(),
            r => r.strip_suffix("/mod").unwrap_or(r).to_string(),
        };
        let text = std::fs::read_to_string(&path).unwrap();
        modules.entry(name).or_default().push_str(&text);
    }
    modules
}

/// A `use` tree's paths: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn use_paths(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.trim().to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    parts.push(cur);
    let mut out = Vec::new();
    for p in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        for e in use_paths(p) {
            // `self`, or `self as y`: the prefix itself.
            let own = e == "self" || e.starts_with("self as ");
            out.push(if own {
                format!("{}{}", prefix.trim_end_matches("::"), &e["self".len()..])
            } else {
                format!("{prefix}{e}")
            });
        }
    }
    out
}

/// The paths of two or more segments in `code` (`a::b`, `super::x::y`), `use` trees
/// expanded; comments and literals dropped. A path that starts with a name a `use` brought
/// in starts with that name's path instead: after `use super::x as y;` (or `use super::y;`)
/// `y::z::f` reads `super::x::z::f` (`super::y::z::f`).
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let text = testkit::source::code_only(code);
    let mut paths = Vec::new();
    // The names `use` brings in (an alias, or the path's last segment), with their paths.
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    // `use` statements, braces and all.
    let mut rest = text.as_str();
    let mut outside = String::new();
    while let Some(i) = rest.find("use ") {
        let boundary = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        outside.push_str(&rest[..i]);
        let Some(end) = rest[i..].find(';') else {
            break;
        };
        if boundary {
            // `x as y`: the path `x`, which the name `y` stands for.
            let mut tree = String::new();
            for token in rest[i + 4..i + end].split_whitespace() {
                if token == "as" {
                    tree.push_str(" as ");
                } else {
                    tree.push_str(token);
                }
            }
            for entry in use_paths(&tree) {
                let (path, alias) = match entry.split_once(" as ") {
                    Some((path, alias)) => (path.to_string(), Some(alias.trim())),
                    None => (entry, None),
                };
                let segments: Vec<String> = path.split("::").map(str::to_string).collect();
                let name = alias.unwrap_or(segments.last().unwrap());
                if !["_", "*", "self", "super", "crate"].contains(&name) && segments[0] != name {
                    names.insert(name.to_string(), segments);
                }
                paths.push(path);
            }
            rest = &rest[i + end + 1..];
        } else {
            outside.push_str("use ");
            rest = &rest[i + 4..];
        }
    }
    outside.push_str(rest);
    // Paths elsewhere: identifiers joined by `::`.
    let chars: Vec<char> = outside.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ident = |i: usize| chars[i].is_alphanumeric() || chars[i] == '_';
        if ident(i) && (i == 0 || !(ident(i - 1) || chars[i - 1] == ':')) {
            let start = i;
            loop {
                while i < chars.len() && ident(i) {
                    i += 1;
                }
                if i + 2 < chars.len() && chars[i] == ':' && chars[i + 1] == ':' && ident(i + 2) {
                    i += 2;
                } else {
                    break;
                }
            }
            let path: String = chars[start..i].iter().collect();
            if path.contains("::") {
                paths.push(path);
            }
        }
        i += 1;
    }
    // A name brought in by `use` reads as its path (through a few renamings at most).
    paths
        .into_iter()
        .map(|p| {
            let mut segments: Vec<String> = p.split("::").map(str::to_string).collect();
            for _ in 0..8 {
                let Some(path) = names.get(&segments[0]) else {
                    break;
                };
                segments.splice(0..1, path.iter().cloned());
            }
            segments
        })
        .collect()
}

/// The module `segments` name when read in module `from` (`None`: outside the crate).
fn resolve(modules: &BTreeMap<String, String>, from: &str, segments: &[String]) -> Option<String> {
    let child = |parent: &[String], name: &str| {
        let mut p = parent.to_vec();
        p.push(name.to_string());
        modules.contains_key(&p.join("/")).then_some(p)
    };
    let mut cur: Vec<String> = if from.is_empty() {
        Vec::new()
    } else {
        from.split('/').map(str::to_string).collect()
    };
    let mut i = 0;
    match segments[0].as_str() {
        "crate" => {
            cur.clear();
            i = 1;
        }
        "super" | "self" => {
            while i < segments.len() && (segments[i] == "super" || segments[i] == "self") {
                if segments[i] == "super" {
                    cur.pop();
                }
                i += 1;
            }
        }
        first => {
            child(&cur, first)?;
        }
    }
    while i < segments.len() {
        match child(&cur, &segments[i]) {
            Some(p) => cur = p,
            None => break,
        }
        i += 1;
    }
    Some(cur.join("/"))
}

/// Which module names which (the root left out, as said above).
fn module_graph(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, text) in modules {
        if name.is_empty() {
            continue;
        }
        // The file's own lines, and each inline module's, read from where they are.
        let mut parts: Vec<(String, String)> = vec![(name.clone(), String::new())];
        let mut inline: Option<(String, String, String)> = None;
        for line in text.lines() {
            if let Some((indent, inner, body)) = &mut inline {
                if line == format!("{indent}}}") {
                    parts.push((inner.clone(), std::mem::take(body)));
                    inline = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
                continue;
            }
            let trimmed = line.trim_start();
            let decl = trimmed
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub(super) ")
                .trim_start_matches("pub ");
            if let Some(m) = decl.strip_prefix("mod ").and_then(|m| m.strip_suffix(" {")) {
                let indent = line[..line.len() - trimmed.len()].to_string();
                inline = Some((indent, format!("{name}/{m}"), String::new()));
                continue;
            }
            parts[0].1.push_str(line);
            parts[0].1.push('\n');
        }
        let mut known = modules.clone();
        for (inner, _) in &parts[1..] {
            known.insert(inner.clone(), String::new());
        }
        let edges = graph.entry(name.clone()).or_default();
        for (reader, code) in &parts {
            for path in code_paths(code) {
                if let Some(to) = resolve(&known, reader, &path) {
                    let inside = to == *name || to.starts_with(&format!("{name}/"));
                    let own_inline = inside && !modules.contains_key(&to);
                    if !to.is_empty() && to != *name && !own_inline {
                        edges.insert(to);
                    }
                }
            }
        }
    }
    graph
}

/// The cycles of `graph`: its strongly connected components of two or more modules.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.stack.contains(&w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.found
}

/// The modules of the member in `dir` (its `src/`), how many, and each cycle among them
/// with the names that close it.
fn member_cycles(dir: &str) -> (usize, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir).join("src");
    let modules = crate_modules(&src);
    let graph = module_graph(&modules);
    let shown = cycles(&graph)
        .iter()
        .map(|c| {
            let within: Vec<String> = c
                .iter()
                .flat_map(|m| {
                    graph[m]
                        .iter()
                        .filter(|t| c.contains(t))
                        .map(move |t| format!("{m} -> {t}"))
                })
                .collect();
            format!("{dir}/src/{{{}}}: {}", c.join(", "), within.join("; "))
        })
        .collect();
    (modules.len(), shown)
}

const CYCLE_ADVICE: &str =
    "modules that name each other (move what both need to a leaf module named for it)";

/// Fails with each cycle among the modules of `crates/<name>/src` and the names that
/// close it.
fn assert_no_import_cycles(name: &str, min_modules: usize) {
    let (modules, found) = member_cycles(&format!("crates/{name}"));
    assert!(modules >= min_modules, "the modules of {name} were found");
    assert!(found.is_empty(), "{CYCLE_ADVICE}:\n{}", found.join("\n"));
}

#[test]
fn the_club_has_no_import_cycles() {
    assert_no_import_cycles("club", 40);
}

/// The workspace's members by directory, as the root manifest's `[workspace] members`
/// lists them, and `.` (the root package: the program, `src/lib.rs` and `src/main.rs`).
fn workspace_members() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let workspace = &manifest[manifest.find("[workspace]\n").expect("a [workspace]")..];
    let list = &workspace[workspace.find("\nmembers").expect("its members")..];
    let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
    let mut members: Vec<String> = list
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect();
    if manifest.lines().any(|l| l.trim() == "[package]") {
        members.push(".".to_string());
    }
    members
}

/// The fewest modules (the root counted) each member is known to have, so that a wrong
/// path fails rather than finds nothing; a member not named here needs a root at least.
const MODULE_FLOORS: &[(&str, usize)] = &[
    ("crates/engine", 10),
    ("crates/render", 5),
    ("crates/store", 5),
    ("crates/gnubg", 3),
    ("crates/welsh-player", 8),
    ("crates/web", 8),
    (".", 40),
];

/// Every member of the workspace, the web crate and the program included, read from the
/// manifest so that a new member is checked too. The club has its own test above.
#[test]
fn no_workspace_member_has_import_cycles() {
    let members = workspace_members();
    assert!(
        members.len() >= 11 && members.iter().any(|m| m == "crates/club"),
        "the workspace's members were found: {members:?}"
    );
    for (dir, _) in MODULE_FLOORS {
        assert!(members.iter().any(|m| m == dir), "{dir} is a member");
    }
    let mut found = Vec::new();
    for dir in members.iter().filter(|m| *m != "crates/club") {
        let floor = MODULE_FLOORS
            .iter()
            .find(|(d, _)| d == dir)
            .map_or(1, |(_, n)| *n);
        let (modules, cycles) = member_cycles(dir);
        assert!(modules >= floor, "the modules of {dir} were found");
        found.extend(cycles);
    }
    assert!(found.is_empty(), "{CYCLE_ADVICE}:\n{}", found.join("\n"));
}

#[test]
fn the_members_are_read_from_the_manifest() {
    let members = workspace_members();
    for m in ["crates/engine", "crates/web", "crates/club", "fuzz", "."] {
        assert!(members.iter().any(|x| x == m), "{m} in {members:?}");
    }
}

#[test]
fn the_cycle_finder_sees_a_cycle_through_a_parent_and_through_a_leaf() {
    let modules: BTreeMap<String, String> = [
        ("", "mod a;\nmod b;\nmod leaf;\nmod p;\n"),
        ("a", "use super::b::thing;\nuse crate::leaf::Leaf;\n"),
        (
            "b",
            "use std::fmt::Write as _;\nfn f() { super::a::other(); }\n",
        ),
        ("leaf", "//! a leaf: use super::a::nothing;\n"),
        (
            "p",
            "mod kid;\npub use kid::Kid;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        ("p/kid", "use super::{helper, x::y};\n"),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_string(), t.to_string()))
    .collect();
    let graph = module_graph(&modules);
    assert_eq!(
        cycles(&graph),
        [
            vec!["a".to_string(), "b".into()],
            vec!["p".into(), "p/kid".into()]
        ]
    );
    assert!(graph["a"].contains("leaf"));
    assert!(graph["leaf"].is_empty(), "a comment names nothing");
    assert_eq!(
        use_paths("crate::{a, b::{c, d}, self}"),
        ["crate::a", "crate::b::c", "crate::b::d", "crate"]
    );
}

/// A module brought in under another name (`use super::p as parent;`, or through a name
/// another `use` brought in) is still that module: `parent::kid::g()` names `p/kid`.
#[test]
fn the_cycle_finder_sees_through_a_use_as() {
    let modules: BTreeMap<String, String> = [
        ("", "mod a;\nmod b;\nmod p;\nmod r;\n"),
        (
            "a",
            "use super::p as parent;\nfn f() { parent::kid::g(); }\n",
        ),
        ("p", "pub mod kid;\n"),
        ("p/kid", "pub fn g() { crate::a::f(); }\n"),
        (
            "b",
            "use crate::r as q;\nuse q::kid as k;\nuse poise::serenity_prelude as serenity;\n\
             fn h(_: serenity::Context) { k::g(); }\n",
        ),
        ("r", "pub mod kid;\n"),
        ("r/kid", "pub fn g() { super::super::b::h(); }\n"),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_string(), t.to_string()))
    .collect();
    let graph = module_graph(&modules);
    assert_eq!(
        cycles(&graph),
        [
            vec!["a".to_string(), "p/kid".into()],
            vec!["b".into(), "r/kid".into()]
        ]
    );
    assert_eq!(graph["b"], ["r".to_string(), "r/kid".into()].into());
    assert_eq!(
        code_paths("use a::{self as x, b as y};\nfn f() { x::c(); y::d(); }"),
        [
            vec!["a".to_string()],
            vec!["a".into(), "b".into()],
            vec!["a".into(), "c".into()],
            vec!["a".into(), "b".into(), "d".into()]
        ]
    );
}

/// A line holding a URL is read to its end: `//` in a string (plain or raw, with quotes
/// in it) starts no comment.
#[test]
fn the_cycle_finder_reads_a_line_past_a_url() {
    let modules: BTreeMap<String, String> = [
        ("", "mod a;\nmod b;\n"),
        (
            "a",
            "fn f() { let _ = (r#\"<a href=\"http://127.0.0.1/x\">\"#, super::b::g()); }\n",
        ),
        (
            "b",
            "pub fn g() { let _ = (\"http://127.0.0.1/\", crate::a::f()); } // crate::c\n",
        ),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_string(), t.to_string()))
    .collect();
    let graph = module_graph(&modules);
    assert_eq!(cycles(&graph), [vec!["a".to_string(), "b".into()]]);
}
