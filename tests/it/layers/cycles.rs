//! No import cycles inside a crate.
//!
//! A plain-text scan (no parser): each module of a crate's `src/` and the modules it names
//! in paths (`use crate::x`, `crate::x::`, `super::x`, `self::x`, a child `x::`, a name a
//! `use` brought in, under its own name or an alias: `use super::x as y;` then `y::z::`),
//! then the strongly connected components of that graph. The crate root (`lib.rs`) is the crate's
//! face, not a node: it declares the modules and re-exports the crate's public items (the
//! club's `Club`, `Command`, `ClubError`, ...), so a name taken through it (`crate::Club`)
//! is no edge. An inline
//! module (`mod tests { .. }`) counts as part of its file's module. The scan relies on
//! rustfmt's layout (an inline module ends at a `}` at its own indentation). A package with
//! a library and a program (`src/lib.rs`, `src/main.rs`) has two roots, neither a node.

use std::path::Path;

use std::collections::{BTreeMap, BTreeSet};

use testkit::source::rust_files;

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

#[test]
fn the_store_has_no_import_cycles() {
    assert_no_import_cycles("store", 5);
}

#[test]
fn the_renderer_has_no_import_cycles() {
    assert_no_import_cycles("render", 5);
}

#[test]
fn the_engine_has_no_import_cycles() {
    assert_no_import_cycles("engine", 10);
}

#[test]
fn the_gnubg_player_has_no_import_cycles() {
    assert_no_import_cycles("gnubg", 3);
}

#[test]
fn the_welsh_player_has_no_import_cycles() {
    assert_no_import_cycles("welsh-player", 8);
}

/// The members with a test of their own above.
const OWN_TESTS: &[&str] = &[
    "crates/club",
    "crates/store",
    "crates/render",
    "crates/engine",
    "crates/gnubg",
    "crates/welsh-player",
];

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

/// The fewest modules (the root counted) a member without a test of its own is known to
/// have, so that a wrong path fails rather than finds nothing; a member not named here
/// needs a root at least.
const MODULE_FLOORS: &[(&str, usize)] = &[("crates/web", 8), (".", 40)];

/// Every member of the workspace, the web crate and the program included, read from the
/// manifest so that a new member is checked too; those with a test of their own above
/// (`OWN_TESTS`) are checked there.
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
    for dir in OWN_TESTS {
        assert!(members.iter().any(|m| m == dir), "{dir} is a member");
    }
    for dir in members.iter().filter(|m| !OWN_TESTS.contains(&m.as_str())) {
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
