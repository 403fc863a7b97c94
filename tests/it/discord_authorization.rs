//! Who may do what, on Discord against the fake: for every command that acts on a match,
//! a chouette or a league (the list of registered commands), a non-player, a player out
//! of turn, a non-organiser on organiser-only commands and someone naming a match of
//! another server are each refused privately (ephemeral), and nothing changes (the
//! database's fingerprint and the chouette's version stand).

use std::sync::Arc;

use crate::discord_e2e::connect_web;
use crate::fake_discord::{FakeDiscord, Request, TOKEN, click, slash, user};
use club::{Club, ManualClock, RngDice};
use gammonbot::discord::commands;
use serde_json::{Value, json};
use store::Store;
use testkit::store_url;

type Who = (u64, &'static str);
const ALICE: Who = (111_111_111_111_111_111, "alice");
const BOB: Who = (222_222_222_222_222_222, "bob");
const CAROL: Who = (333_333_333_333_333_333, "carol");
const DAVE: Who = (444_444_444_444_444_444, "dave");
const ERIN: Who = (555_555_555_555_555_555, "erin");
/// Another server, where dave plays (and alice is a member too).
const OTHER_GUILD: u64 = 800_000_000_000_000_002;
/// The Manage Server permission bit.
const MANAGE_GUILD: &str = "32";

static TOKENS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn token() -> String {
    format!(
        "t-{}",
        TOKENS.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    )
}

/// A slash command (`name`, or `name sub` for a subcommand) with options.
fn command(who: Who, name: &str, options: Value) -> Value {
    let (name, options) = match name.split_once(' ') {
        Some((parent, sub)) => (
            parent,
            json!([{"name": sub, "type": 1, "options": options}]),
        ),
        None => (name, options),
    };
    let mut users = serde_json::Map::new();
    for u in [ALICE, BOB, CAROL, DAVE, ERIN] {
        users.insert(u.0.to_string(), user(u.0, u.1));
    }
    slash(&token(), who, name, options, json!({"users": users}))
}

fn in_guild(mut v: Value, guild: u64) -> Value {
    v["guild_id"] = json!(guild.to_string());
    v
}

fn with_manage_server(mut v: Value) -> Value {
    v["member"]["permissions"] = json!(MANAGE_GUILD);
    v
}

fn int(name: &str, v: i64) -> Value {
    json!({"name": name, "type": 4, "value": v})
}
fn text(name: &str, v: &str) -> Value {
    json!({"name": name, "type": 3, "value": v})
}
/// A choice option (poise sends the choices as their index).
fn choice(name: &str, index: i64) -> Value {
    int(name, index)
}
fn person(name: &str, who: Who) -> Value {
    json!({"name": name, "type": 6, "value": who.0.to_string()})
}

/// The bot's answer to an interaction: (seen by the sender only, the text). A deferred
/// answer is followed to its followup.
pub(crate) async fn answer(fake: &FakeDiscord, interaction: Value) -> (bool, String) {
    let token = interaction["token"].as_str().unwrap().to_string();
    let id = interaction["id"].as_str().unwrap().to_string();
    let from = fake.requests().len();
    fake.dispatch(interaction);
    let r = fake
        .wait_for(from, |r| {
            r.method == "POST" && r.path == format!("/api/v10/interactions/{id}/{token}/callback")
        })
        .await;
    assert_eq!(r.status, 204, "Discord refused the reply: {}", r.response);
    let flags = |j: &Value| j["flags"].as_u64().unwrap_or(0) & 64 != 0;
    let body = r.json();
    match body["type"].as_u64() {
        Some(4) => (
            flags(&body["data"]),
            body["data"]["content"].as_str().unwrap_or("").to_string(),
        ),
        // Deferred: the placeholder's visibility is the answer's.
        Some(5) => {
            let private = flags(&body["data"]);
            let f = fake
                .wait_for(from, |r| {
                    r.path.contains("/webhooks/") && r.path.contains(&token)
                })
                .await;
            (private, content_of(&f))
        }
        Some(6) => {
            let f = fake
                .wait_for(from, |r| {
                    r.method == "POST" && r.path.contains("/webhooks/") && r.path.contains(&token)
                })
                .await;
            (flags(&f.json()), content_of(&f))
        }
        other => panic!("unexpected callback type {other:?}: {body}"),
    }
}

fn content_of(r: &Request) -> String {
    r.json()["content"].as_str().unwrap_or("").to_string()
}

/// The user id mentioned as the one to act next.
fn next_id(content: &str) -> Option<u64> {
    let at = content.rfind("<@")?;
    let rest = &content[at + 2..];
    let end = rest.find('>')?;
    rest[..end].parse().ok()
}

fn name_of(id: u64) -> Who {
    [ALICE, BOB, CAROL, DAVE, ERIN]
        .into_iter()
        .find(|w| w.0 == id)
        .expect("a known player")
}

/// Everything a refusal must leave as it was.
async fn state(store: &Store) -> (Vec<(String, i64, String)>, Option<(i64, String)>) {
    let chouette = store
        .load_chouette(1)
        .await
        .unwrap()
        .map(|c| (c.version, c.state));
    (store.fingerprint().await.unwrap(), chouette)
}

struct Row {
    case: &'static str,
    command: &'static str,
    interaction: Value,
    /// A phrase the refusal must contain (what it is refused for).
    because: &'static str,
}

fn row(
    case: &'static str,
    command: &'static str,
    interaction: Value,
    because: &'static str,
) -> Row {
    Row {
        case,
        command,
        interaction,
        because,
    }
}

/// Every slash command acting on a match, with the options it needs, naming match `id`.
fn match_commands(who: Who, id: i64) -> Vec<(&'static str, Value)> {
    let m = || int("match", id);
    vec![
        ("accept", command(who, "accept", json!([m()]))),
        ("decline", command(who, "decline", json!([m()]))),
        ("cancel", command(who, "cancel", json!([m()]))),
        ("roll", command(who, "roll", json!([m()]))),
        ("throw", command(who, "throw", json!([m()]))),
        (
            "move",
            command(who, "move", json!([text("play", "13/7"), m()])),
        ),
        ("double", command(who, "double", json!([m()]))),
        ("take", command(who, "take", json!([m()]))),
        ("drop", command(who, "drop", json!([m()]))),
        ("beaver", command(who, "beaver", json!([m()]))),
        ("raccoon", command(who, "raccoon", json!([m()]))),
        (
            "resign",
            command(who, "resign", json!([choice("what", 0), m()])),
        ),
        (
            "resign accept",
            command(who, "resign", json!([choice("what", 3), m()])),
        ),
        ("stop", command(who, "stop", json!([m()]))),
        (
            "call",
            command(who, "call", json!([choice("call", 0), m()])),
        ),
        (
            "choose",
            command(who, "choose", json!([choice("starts", 0), m()])),
        ),
        ("reroll", command(who, "reroll", json!([m()]))),
        ("onedie", command(who, "onedie", json!([m()]))),
        (
            "nominate",
            command(
                who,
                "nominate",
                json!([choice("whose", 0), int("die1", 6), int("die2", 5), m()]),
            ),
        ),
        (
            "concede",
            command(who, "concede", json!([int("games", 1), m()])),
        ),
        ("break", command(who, "break", json!([m()]))),
        ("resume", command(who, "resume", json!([m()]))),
        ("hint", command(who, "hint", json!([m()]))),
        ("undo", command(who, "undo", json!([m()]))),
        ("keep", command(who, "keep", json!([m()]))),
        (
            "fair seed",
            command(who, "fair seed", json!([text("text", "mine"), m()])),
        ),
    ]
}

/// The commands on a match open to each of its players at any time (not in turn).
fn player_commands(who: Who, id: i64) -> Vec<(&'static str, Value)> {
    vec![(
        "web revoke",
        command(who, "web revoke", json!([int("match", id)])),
    )]
}

/// The viewing commands (open to anyone on the match's server).
fn view_commands(who: Who, id: i64) -> Vec<(&'static str, Value)> {
    let m = || int("match", id);
    vec![
        ("board", command(who, "board", json!([m()]))),
        ("history", command(who, "history", json!([m()]))),
        ("export", command(who, "export", json!([m()]))),
        ("moves", command(who, "moves", json!([m()]))),
        ("fair show", command(who, "fair show", json!([m()]))),
        ("fair export", command(who, "fair export", json!([m()]))),
        ("analyse", command(who, "analyse", json!([m()]))),
    ]
}

/// The buttons of a match, clicked.
fn match_buttons(who: Who, id: i64, version: i64) -> Vec<(&'static str, Value)> {
    [
        "accept", "decline", "odds", "evens", "me", "opponent", "take", "drop", "beaver",
        "raccoon", "roll", "double", "one", "reroll",
    ]
    .into_iter()
    .map(|verb| {
        (
            verb,
            click(&token(), who, &format!("gb:{verb}:{id}:{version}")),
        )
    })
    .collect()
}

/// Every chouette subcommand acting on a session, naming session `id`.
fn chouette_commands(who: Who, id: i64) -> Vec<(&'static str, Value)> {
    let s = || int("session", id);
    vec![
        (
            "chouette leave",
            command(who, "chouette leave", json!([s()])),
        ),
        (
            "chouette start",
            command(who, "chouette start", json!([s()])),
        ),
        ("chouette roll", command(who, "chouette roll", json!([s()]))),
        (
            "chouette move",
            command(who, "chouette move", json!([text("play", "13/7"), s()])),
        ),
        (
            "chouette double",
            command(who, "chouette double", json!([s()])),
        ),
        ("chouette take", command(who, "chouette take", json!([s()]))),
        ("chouette drop", command(who, "chouette drop", json!([s()]))),
        (
            "chouette beaver",
            command(who, "chouette beaver", json!([s()])),
        ),
        (
            "chouette suggest",
            command(who, "chouette suggest", json!([text("play", "13/7"), s()])),
        ),
        (
            "fair seed (chouette)",
            command(who, "fair seed", json!([text("text", "mine"), s()])),
        ),
    ]
}

/// The organiser-only league subcommands.
fn league_organiser_commands(who: Who) -> Vec<(&'static str, Value)> {
    vec![
        ("league start", command(who, "league start", json!([]))),
        (
            "league settings",
            command(
                who,
                "league settings",
                json!([text("setting", "win-points"), text("value", "2")]),
            ),
        ),
        (
            "league result",
            command(
                who,
                "league result",
                json!([
                    int("match", 1),
                    person("winner", ALICE),
                    text("reason", "x")
                ]),
            ),
        ),
        (
            "league forfeit",
            command(
                who,
                "league forfeit",
                json!([int("match", 1), person("loser", BOB), text("reason", "x")]),
            ),
        ),
        (
            "league extend",
            command(
                who,
                "league extend",
                json!([int("match", 1), int("days", 1)]),
            ),
        ),
    ]
}

async fn start() -> (FakeDiscord, Store) {
    let fake = FakeDiscord::start(TOKEN).await;
    let db = store_url("discord-authorization").await;
    let store = Store::open(&db).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(11)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    // (with web pages, so that `/web revoke` reaches the club)
    connect_web(
        &fake,
        club,
        std::time::Duration::from_secs(60),
        Some("https://gammon.example".into()),
    )
    .await;
    (fake, store)
}

/// Runs a command that must succeed (setting the scene); its public text.
async fn done(fake: &FakeDiscord, interaction: Value) -> String {
    let (private, text) = answer(fake, interaction).await;
    assert!(
        !private && !text.starts_with('\u{26A0}'),
        "setting up: {text}"
    );
    text
}

#[test]
fn authorization_matrix_covers_every_registered_command_that_acts() {
    // The matrix below names these; a new command acting on a match, a chouette or a
    // league must be added to it.
    let mut names: Vec<String> = Vec::new();
    for c in commands() {
        if c.subcommands.is_empty() {
            names.push(c.name.to_string());
        } else {
            for s in &c.subcommands {
                names.push(format!("{} {}", c.name, s.name));
            }
        }
    }
    let covered: Vec<&str> = match_commands(ALICE, 1)
        .iter()
        .chain(&player_commands(ALICE, 1))
        .chain(&view_commands(ALICE, 1))
        .chain(&chouette_commands(ALICE, 1))
        .chain(&league_organiser_commands(ALICE))
        .map(|(n, _)| *n)
        .collect();
    // Commands that act on no one else's match, session or league: the player's own
    // lists and settings, new challenges and sessions, joining, views of a league.
    let not_acting = [
        "challenge",
        "play-bot",
        "games",
        "settings",
        "ledger",
        "pot",
        "rating",
        "leaderboard",
        "stats",
        "server",
        "chouette create",
        "chouette join",
        "chouette board",
        "chouette moves",
        "chouette standings",
        "league create",
        "league join",
        "league leave",
        "league withdraw",
        "league standings",
        "league fixtures",
        "league bracket",
        "league list",
        "league log",
        // The player's own views, blocks and vacation (which moves only that player's clocks).
        "fair stats",
        "h2h",
        "block",
        "unblock",
        "vacation",
        // An entrant's own check-in; a suggestion writes nothing (its refusal to anyone
        // but an organiser is pinned in the club's league_seasons suite).
        "league checkin",
        "league suggest",
        // The sender's own player page kept private or shared again.
        "web private",
        // The sender's own drill cards: shown and answered privately, his alone.
        "drill",
        // The server's position of the day shown or answered privately, the sender's own
        // name allowed on it or not.
        "puzzle",
    ];
    for n in &names {
        assert!(
            covered.contains(&n.as_str()) || not_acting.contains(&n.as_str()),
            "/{n} is in neither the authorization matrix nor the list of commands that act on nothing"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn authorization_every_acting_command_is_refused_privately_and_changes_nothing() {
    let (fake, store) = start().await;
    // The scene: match #1 alice v bob under way; chouette #1 alice, bob, erin started; a
    // league created by alice (Manage Server) that bob joined; carol a member of this
    // server in none of them; dave on another server, where alice is a member too.
    let out = done(
        &fake,
        command(
            ALICE,
            "challenge",
            json!([person("opponent", BOB), int("length", 5)]),
        ),
    )
    .await;
    assert!(out.starts_with("Match #1:"), "{out}");
    let out = done(&fake, command(BOB, "accept", json!([int("match", 1)]))).await;
    let mover = name_of(next_id(&out).expect("someone to move"));
    let idle = if mover == ALICE { BOB } else { ALICE };
    done(&fake, command(ALICE, "chouette create", json!([]))).await;
    done(
        &fake,
        command(BOB, "chouette join", json!([int("session", 1)])),
    )
    .await;
    done(
        &fake,
        command(ERIN, "chouette join", json!([int("session", 1)])),
    )
    .await;
    let out = done(
        &fake,
        command(ALICE, "chouette start", json!([int("session", 1)])),
    )
    .await;
    let roller = name_of(next_id(&out).expect("someone to roll"));
    let waiting = [ALICE, BOB, ERIN]
        .into_iter()
        .find(|w| *w != roller)
        .unwrap();
    done(
        &fake,
        with_manage_server(command(
            ALICE,
            "league create",
            json!([text("name", "Cup")]),
        )),
    )
    .await;
    done(&fake, command(BOB, "league join", json!([]))).await;
    // Everyone has spoken on each server he is on (being met is not a change to test).
    done(&fake, command(CAROL, "games", json!([]))).await;
    done(
        &fake,
        in_guild(command(DAVE, "games", json!([])), OTHER_GUILD),
    )
    .await;
    done(
        &fake,
        in_guild(command(ALICE, "games", json!([])), OTHER_GUILD),
    )
    .await;
    let version = store.load_match(1).await.unwrap().unwrap().version;

    let mut rows: Vec<Row> = Vec::new();
    // A non-player: every acting command and button on the match, every chouette command.
    for (c, i) in match_commands(CAROL, 1) {
        rows.push(row("non-player", c, i, "only they can act"));
    }
    for (c, i) in match_buttons(CAROL, 1, version) {
        rows.push(row("non-player (button)", c, i, "only they can act"));
    }
    for (c, i) in player_commands(CAROL, 1) {
        rows.push(row("non-player", c, i, "only they can act"));
    }
    for (c, i) in chouette_commands(CAROL, 1) {
        rows.push(row("non-member", c, i, ""));
    }
    // A player out of turn. (A resignation may be offered at any time: it is an offer the
    // opponent answers, and 002 5.12 ties it to no turn.)
    for (c, i) in match_commands(idle, 1) {
        if c != "resign" {
            rows.push(row("out of turn", c, i, ""));
        }
    }
    for (c, i) in match_buttons(idle, 1, version) {
        rows.push(row("out of turn (button)", c, i, ""));
    }
    for (c, i) in chouette_commands(waiting, 1) {
        if c != "chouette leave" {
            rows.push(row("out of turn (chouette)", c, i, ""));
        }
    }
    // A non-organiser on the organiser's commands (bob is in the league; carol is not).
    for who in [BOB, CAROL] {
        for (c, i) in league_organiser_commands(who) {
            rows.push(row("non-organiser", c, i, "only the organiser"));
        }
    }
    rows.push(row(
        "non-organiser",
        "server",
        command(
            CAROL,
            "server",
            json!([{"name": "threads", "type": 5, "value": true}]),
        ),
        "Manage Server",
    ));
    // A match, session or league of another server, named there: by a stranger (who
    // must not even learn who plays it) and by one of its players.
    for who in [DAVE, ALICE] {
        let on = |list: Vec<(&'static str, Value)>| -> Vec<(&'static str, Value)> {
            list.into_iter()
                .map(|(c, i)| (c, in_guild(i, OTHER_GUILD)))
                .collect()
        };
        let (case, because) = if who == DAVE {
            ("another server, stranger", "no match #1")
        } else {
            ("another server, player", "another server")
        };
        for (c, i) in on(match_commands(who, 1)) {
            rows.push(row(case, c, i, because));
        }
        for (c, i) in on(match_buttons(who, 1, version)) {
            rows.push(row(case, c, i, because));
        }
        for (c, i) in on(player_commands(who, 1)) {
            rows.push(row(case, c, i, because));
        }
        for (c, i) in on(chouette_commands(who, 1)) {
            rows.push(row(case, c, i, ""));
        }
        for (c, i) in on(league_organiser_commands(who)) {
            rows.push(row(case, c, i, "no league here"));
        }
        if who == DAVE {
            for (c, i) in on(view_commands(who, 1)) {
                rows.push(row(case, c, i, "no match #1"));
            }
            rows.push(row(
                case,
                "chouette join",
                in_guild(
                    command(who, "chouette join", json!([int("session", 1)])),
                    OTHER_GUILD,
                ),
                "",
            ));
        }
    }

    let mut failures = Vec::new();
    let before = state(&store).await;
    let n = rows.len();
    for r in rows {
        let (private, text) = answer(&fake, r.interaction).await;
        let refused = text.starts_with('\u{26A0}');
        let now = state(&store).await;
        let leaked =
            r.case.contains("stranger") && (text.contains("alice") || text.contains("bob"));
        if !(private && refused && now == before && text.contains(r.because)) || leaked {
            failures.push(format!(
                "{} /{}: private {private}, changed {}, said: {text}",
                r.case,
                r.command,
                now != before
            ));
        }
        if now != before {
            break;
        }
    }
    println!("{n} cases checked");
    assert!(
        failures.is_empty(),
        "not refused privately with nothing changed:\n{}",
        failures.join("\n")
    );
    fake.finish().await;
}
