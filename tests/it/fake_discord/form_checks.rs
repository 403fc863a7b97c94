//! Discord's limits on what the bot sends: messages, choices, commands; each breach is a
//! problem answered as Discord's 50035 Invalid Form Body.

use serde_json::{Map, Value, json};
use std::collections::HashSet;

use super::Request;

/// One field Discord refuses: (dotted path in the body, error code, message).
pub(super) type Problem = (String, &'static str, String);

pub(super) fn problem(
    path: impl Into<String>,
    code: &'static str,
    message: impl Into<String>,
) -> Problem {
    (path.into(), code, message.into())
}

pub(super) fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

pub(super) fn is(segment: &str, id: u64) -> bool {
    segment.parse::<u64>() == Ok(id)
}

/// The fields of a message body (create or edit) over Discord's limits: content at most
/// 2000 characters; at most 5 action rows of 1 to 5 buttons, each `custom_id` 1 to 100
/// characters and unique in the message, each label at most 80; attachment descriptions
/// at most 1024 characters.
pub(super) fn message_problems(m: &Value, at: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let content = chars(&m["content"]);
    if content > 2000 {
        out.push(problem(
            format!("{at}content"),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be 2000 or fewer in length ({content} given)."),
        ));
    }
    if let Some(rows) = m["components"].as_array() {
        if rows.len() > 5 {
            out.push(problem(
                format!("{at}components"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 5 or fewer in length ({} given).", rows.len()),
            ));
        }
        let mut ids = HashSet::new();
        for (i, row) in rows.iter().enumerate() {
            let here = format!("{at}components.{i}");
            if row["type"] != 1 {
                out.push(problem(
                    format!("{here}.type"),
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows (type 1).",
                ));
            }
            let items = row["components"].as_array().cloned().unwrap_or_default();
            if items.is_empty() || items.len() > 5 {
                out.push(problem(
                    format!("{here}.components"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 5 in length ({} given).", items.len()),
                ));
            }
            if items.iter().any(|b| b["type"] == 3) && items.len() > 1 {
                out.push(problem(
                    format!("{here}.components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "A select menu takes a whole action row.",
                ));
            }
            for (j, b) in items.iter().enumerate() {
                let here = format!("{here}.components.{j}");
                if b["type"] == 3 {
                    out.extend(select_problems(b, &here, &mut ids));
                    continue;
                }
                if b["type"] != 2 {
                    continue;
                }
                let style = b["style"].as_u64().unwrap_or(0);
                if !(1..=6).contains(&style) {
                    out.push(problem(
                        format!("{here}.style"),
                        "BASE_TYPE_CHOICES",
                        "Value must be one of {1, 2, 3, 4, 5, 6}.",
                    ));
                }
                if (1..=4).contains(&style) {
                    let n = chars(&b["custom_id"]);
                    if !(1..=100).contains(&n) {
                        out.push(problem(
                            format!("{here}.custom_id"),
                            "BASE_TYPE_BAD_LENGTH",
                            format!("Must be between 1 and 100 in length ({n} given)."),
                        ));
                    }
                    if let Some(id) = b["custom_id"].as_str()
                        && !ids.insert(id.to_string())
                    {
                        out.push(problem(
                            format!("{here}.custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            format!("Component custom id cannot be duplicated ({id})."),
                        ));
                    }
                }
                let label = chars(&b["label"]);
                if label > 80 {
                    out.push(problem(
                        format!("{here}.label"),
                        "BASE_TYPE_MAX_LENGTH",
                        format!("Must be 80 or fewer in length ({label} given)."),
                    ));
                }
            }
        }
    }
    for (k, a) in m["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let n = chars(&a["description"]);
        if n > 1024 {
            out.push(problem(
                format!("{at}attachments.{k}.description"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 1024 or fewer in length ({n} given)."),
            ));
        }
    }
    out
}

/// A string select menu's fields over Discord's limits: its `custom_id` 1 to 100
/// characters and unique in the message; 1 to 25 options, each label and value 1 to 100
/// characters, the values distinct; `min_values` and `max_values` within 0-25 and the
/// options; a placeholder at most 150.
fn select_problems(b: &Value, here: &str, ids: &mut HashSet<String>) -> Vec<Problem> {
    let mut out = Vec::new();
    let n = chars(&b["custom_id"]);
    if !(1..=100).contains(&n) {
        out.push(problem(
            format!("{here}.custom_id"),
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between 1 and 100 in length ({n} given)."),
        ));
    }
    if let Some(id) = b["custom_id"].as_str()
        && !ids.insert(id.to_string())
    {
        out.push(problem(
            format!("{here}.custom_id"),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            format!("Component custom id cannot be duplicated ({id})."),
        ));
    }
    let options = b["options"].as_array().cloned().unwrap_or_default();
    if options.is_empty() || options.len() > 25 {
        out.push(problem(
            format!("{here}.options"),
            "BASE_TYPE_BAD_LENGTH",
            format!(
                "Must be between 1 and 25 in length ({} given).",
                options.len()
            ),
        ));
    }
    let mut values = HashSet::new();
    for (k, o) in options.iter().enumerate() {
        for field in ["label", "value"] {
            let n = chars(&o[field]);
            if !(1..=100).contains(&n) {
                out.push(problem(
                    format!("{here}.options.{k}.{field}"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 100 in length ({n} given)."),
                ));
            }
        }
        if let Some(v) = o["value"].as_str()
            && !values.insert(v.to_string())
        {
            out.push(problem(
                format!("{here}.options.{k}.value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                format!("Select component option value cannot be duplicated ({v})."),
            ));
        }
    }
    for field in ["min_values", "max_values"] {
        if let Some(v) = b[field].as_u64()
            && (v > 25 || v as usize > options.len())
        {
            out.push(problem(
                format!("{here}.{field}"),
                "BASE_TYPE_MAX_VALUE",
                format!("{field} must be within the options ({v} given)."),
            ));
        }
    }
    let p = chars(&b["placeholder"]);
    if p > 150 {
        out.push(problem(
            format!("{here}.placeholder"),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be 150 or fewer in length ({p} given)."),
        ));
    }
    out
}

/// A message with nothing in it (Discord: 50006 Cannot send an empty message).
pub(super) fn empty_message(m: &Value, req: &Request) -> bool {
    let none = |k: &str| match &m[k] {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    };
    none("content")
        && none("components")
        && none("embeds")
        && none("sticker_ids")
        && m["poll"].is_null()
        && req.files().is_empty()
}

/// Autocomplete choices over Discord's limits: at most 25, names 1 to 100 characters,
/// string values at most 100.
pub(super) fn choice_problems(choices: &Value, at: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let Some(list) = choices.as_array() else {
        return vec![problem(at, "BASE_TYPE_REQUIRED", "This field is required")];
    };
    if list.len() > 25 {
        out.push(problem(
            at,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be 25 or fewer in length ({} given).", list.len()),
        ));
    }
    for (i, c) in list.iter().enumerate() {
        let n = chars(&c["name"]);
        if !(1..=100).contains(&n) {
            out.push(problem(
                format!("{at}.{i}.name"),
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between 1 and 100 in length ({n} given)."),
            ));
        }
        if c["value"].is_string() && chars(&c["value"]) > 100 {
            out.push(problem(
                format!("{at}.{i}.value"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 100 or fewer in length.",
            ));
        }
    }
    out
}

/// Application commands over Discord's limits: at most 100; names 1 to 32 lower-case
/// letters, digits, `-` or `_`, unique; descriptions 1 to 100 characters; at most 25
/// options, required ones first; at most 25 choices.
pub(super) fn command_problems(cmds: &Value) -> Vec<Problem> {
    fn name_ok(n: &str) -> bool {
        (1..=32).contains(&n.chars().count())
            && n.chars().all(|c| {
                c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
            })
    }
    fn options(list: &Value, at: &str, out: &mut Vec<Problem>) {
        let Some(list) = list.as_array() else { return };
        if list.len() > 25 {
            out.push(problem(
                at,
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            ));
        }
        let mut names = HashSet::new();
        let mut optional_seen = false;
        for (i, o) in list.iter().enumerate() {
            let here = format!("{at}.{i}");
            let name = o["name"].as_str().unwrap_or("");
            if !name_ok(name) || !names.insert(name.to_string()) {
                out.push(problem(
                    format!("{here}.name"),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    format!("Invalid or repeated option name {name:?}."),
                ));
            }
            let d = chars(&o["description"]);
            if !(1..=100).contains(&d) {
                out.push(problem(
                    format!("{here}.description"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 100 in length ({d} given)."),
                ));
            }
            let sub = matches!(o["type"].as_u64(), Some(1 | 2));
            if !sub {
                let required = o["required"].as_bool().unwrap_or(false);
                if required && optional_seen {
                    out.push(problem(
                        format!("{here}.required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options.",
                    ));
                }
                optional_seen |= !required;
            }
            if !o["choices"].is_null() {
                out.extend(choice_problems(&o["choices"], &format!("{here}.choices")));
            }
            options(&o["options"], &format!("{here}.options"), out);
        }
    }
    let mut out = Vec::new();
    let Some(list) = cmds.as_array() else {
        return vec![problem(
            "",
            "ARRAY_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        )];
    };
    if list.len() > 100 {
        out.push(problem(
            "",
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.",
        ));
    }
    let mut names = HashSet::new();
    for (i, c) in list.iter().enumerate() {
        let kind = c["type"].as_u64().unwrap_or(1);
        let name = c["name"].as_str().unwrap_or("");
        let ok = if kind == 1 {
            name_ok(name)
        } else {
            (1..=32).contains(&name.chars().count())
        };
        if !ok || !names.insert((kind, name.to_string())) {
            out.push(problem(
                format!("{i}.name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                format!("Invalid or repeated command name {name:?}."),
            ));
        }
        if kind == 1 {
            let d = chars(&c["description"]);
            if !(1..=100).contains(&d) {
                out.push(problem(
                    format!("{i}.description"),
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and 100 in length ({d} given)."),
                ));
            }
        }
        options(&c["options"], &format!("{i}.options"), &mut out);
    }
    out
}

/// Discord's `errors` object: the problems nested by their dotted paths.
pub(super) fn form_errors(problems: &[Problem]) -> Value {
    let mut root = Value::Object(Map::new());
    for (path, code, message) in problems {
        let mut at = &mut root;
        for key in path.split('.').filter(|k| !k.is_empty()) {
            at = at
                .as_object_mut()
                .unwrap()
                .entry(key.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
        }
        let errs = at
            .as_object_mut()
            .unwrap()
            .entry("_errors".to_string())
            .or_insert_with(|| json!([]));
        errs.as_array_mut()
            .unwrap()
            .push(json!({"code": code, "message": message}));
    }
    root
}
