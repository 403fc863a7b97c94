//! The slash-command registration payload, as poise builds it, checked offline against
//! Discord's limits.

use gammonbot::discord::commands;
use serde_json::Value;

fn payload() -> Vec<Value> {
    let cmds = commands();
    let built = poise::builtins::create_application_commands(&cmds);
    built
        .iter()
        .map(|c| serde_json::to_value(c).unwrap())
        .collect()
}

fn check_name(what: &str, name: &str) {
    assert!(
        (1..=32).contains(&name.chars().count()),
        "{what} `{name}`: 1 to 32 characters"
    );
    assert!(
        name.chars()
            .all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_'),
        "{what} `{name}`: lowercase letters, digits, - and _"
    );
}

fn check_description(what: &str, d: Option<&Value>) {
    let d = d.and_then(Value::as_str).unwrap_or("");
    assert!(
        (1..=100).contains(&d.chars().count()),
        "{what}: description of 1 to 100 characters, got `{d}`"
    );
}

/// The characters Discord counts against a command's 4000.
fn text_size(v: &Value) -> usize {
    let own = |k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map_or(0, |s| s.chars().count())
    };
    let mut n = own("name") + own("description");
    if let Some(value) = v.get("value") {
        n += value
            .as_str()
            .map_or_else(|| value.to_string().len(), |s| s.chars().count());
    }
    for key in ["options", "choices"] {
        for o in v.get(key).and_then(Value::as_array).into_iter().flatten() {
            n += text_size(o);
        }
    }
    n
}

/// The options of a command or subcommand, and (recursively) of its subcommands.
fn check_options(name: &str, c: &Value) {
    let options = c["options"].as_array().cloned().unwrap_or_default();
    assert!(options.len() <= 25, "/{name}: at most 25 options");
    let mut optional_seen = false;
    let mut option_names = std::collections::HashSet::new();
    for o in &options {
        let oname = o["name"].as_str().unwrap();
        check_name(&format!("/{name} option"), oname);
        assert!(
            option_names.insert(oname),
            "/{name}: option `{oname}` twice"
        );
        check_description(&format!("/{name} {oname}"), o.get("description"));
        if o["type"] == 1 || o["type"] == 2 {
            // A subcommand (group): its own options follow the same rules.
            check_options(&format!("{name} {oname}"), o);
            continue;
        }
        let required = o["required"].as_bool().unwrap_or(false);
        if required {
            assert!(
                !optional_seen,
                "/{name}: required `{oname}` after an optional option"
            );
        } else {
            optional_seen = true;
        }
        let choices = o["choices"].as_array().cloned().unwrap_or_default();
        assert!(choices.len() <= 25, "/{name} {oname}: at most 25 choices");
        for ch in &choices {
            let cn = ch["name"].as_str().unwrap();
            assert!((1..=100).contains(&cn.chars().count()), "choice `{cn}`");
        }
        if o.get("autocomplete").and_then(Value::as_bool) == Some(true) {
            assert!(
                choices.is_empty(),
                "/{name} {oname}: autocomplete and choices"
            );
        }
    }
}

#[test]
fn registration_payload_fits_discords_limits() {
    let cmds = payload();
    assert!(cmds.len() <= 100, "at most 100 global commands");
    let mut names = std::collections::HashSet::new();
    for c in &cmds {
        let name = c["name"].as_str().unwrap();
        check_name("command", name);
        assert!(names.insert(name.to_string()), "command `{name}` twice");
        check_description(&format!("/{name}"), c.get("description"));
        check_options(name, c);
        // Discord: names, descriptions and choice names and values of one command, all
        // levels together, at most 4000 characters.
        let total = text_size(c);
        assert!(
            total <= 4000,
            "/{name}: {total} characters of names and descriptions"
        );
    }
}

#[test]
fn every_club_command_has_a_slash_command() {
    let names: Vec<String> = payload()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    for n in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "roll",
        "move",
        "moves",
        "double",
        "take",
        "drop",
        "beaver",
        "raccoon",
        "resign",
        "call",
        "choose",
        "reroll",
        "onedie",
        "nominate",
        "concede",
        "break",
        "resume",
        "board",
        "games",
        "history",
        "export",
        "settings",
        "ledger",
        "pot",
        "server",
        "play-bot",
        "hint",
        "undo",
        "keep",
    ] {
        assert!(names.iter().any(|x| x == n), "/{n} missing from {names:?}");
    }
    // Enums are offered as choices; the play and the match are autocompleted.
    let cmds = payload();
    let find = |c: &str, o: &str| -> Value {
        cmds.iter().find(|x| x["name"] == c).unwrap()["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == o)
            .unwrap()
            .clone()
    };
    assert_eq!(
        find("challenge", "rules")["choices"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        find("resign", "what")["choices"].as_array().unwrap().len(),
        5
    );
    // GNU Backgammon's six levels, in /challenge and /play-bot.
    for c in ["challenge", "play-bot"] {
        let level = find(c, "level");
        let names: Vec<&str> = level["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "beginner",
                "casual",
                "intermediate",
                "advanced",
                "expert",
                "world class"
            ],
            "/{c}"
        );
    }
    for c in ["hint", "undo", "keep"] {
        assert_eq!(find(c, "match")["autocomplete"], Value::Bool(true), "/{c}");
    }
    assert_eq!(find("move", "play")["autocomplete"], Value::Bool(true));
    assert_eq!(find("move", "match")["autocomplete"], Value::Bool(true));
    assert_eq!(find("move", "play")["required"], Value::Bool(true));
    // Server settings need Manage Server (0x20).
    let server = cmds.iter().find(|x| x["name"] == "server").unwrap();
    assert_eq!(
        server["default_member_permissions"],
        Value::String("32".into())
    );
}

#[test]
fn chouette_subcommands_are_registered_with_their_options() {
    let cmds = payload();
    let c = cmds.iter().find(|x| x["name"] == "chouette").unwrap();
    let subs: Vec<&str> = c["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            assert_eq!(o["type"], 1, "{o}");
            o["name"].as_str().unwrap()
        })
        .collect();
    for s in [
        "create", "join", "leave", "start", "roll", "move", "double", "take", "drop", "beaver",
        "suggest", "board",
    ] {
        assert!(subs.contains(&s), "/chouette {s} missing: {subs:?}");
    }
}

#[test]
fn welsh_accept_offers_the_guests_choice_of_shaker() {
    // Rule 24(i): /accept has an optional shaker choice (me / my opponent).
    let cmds = payload();
    let accept = cmds.iter().find(|c| c["name"] == "accept").unwrap();
    let shaker = accept["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "shaker")
        .expect("a shaker option");
    assert_ne!(shaker["required"], true);
    assert_eq!(shaker["choices"].as_array().unwrap().len(), 2);
}

/// Given the commands as poise registers them
/// When the payload is written as JSON
/// Then it is the payload recorded in tests/golden/discord_registration.json, byte for byte: a
/// change to what Discord is sent is deliberate (bless it with `GAMMONBOT_BLESS=1 cargo test
/// --test it discord_commands`) and shows in the diff of that file.
#[test]
fn the_registration_payload_is_the_recorded_one_byte_for_byte() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/discord_registration.json");
    let ours = serde_json::to_string_pretty(&payload()).unwrap() + "\n";
    if std::env::var_os("GAMMONBOT_BLESS").is_some() {
        std::fs::write(&path, &ours).unwrap();
    }
    let recorded = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless to create it)", path.display()));
    assert!(
        ours == recorded,
        "the registration payload differs from {}; bless it if the change is meant",
        path.display()
    );
}
