//! The bot's settings, typed: read once by `main` from the environment and a `.env` file
//! (the environment wins), checked, and handed down. Nothing below `main` and the
//! adapters reads the environment. `.env.example` lists every setting ([`SETTINGS`]).

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use crate::discord::{RateLimit, Shards};
use club::{AnalysisSettings, Span};

/// Every setting read, as named in the environment and `.env`.
pub const SETTINGS: &[&str] = &[
    "DISCORD_TOKEN",
    "DISCORD_GUILD_ID",
    "DATABASE_URL",
    "SHARDS",
    "SHARD_RANGE",
    "DISCORD_API_URL",
    "RUST_LOG",
    "DISCORD_RATE_LIMIT",
    "LEADERBOARD_MIN_EXPERIENCE",
    "ANALYSIS_PLIES",
    "ANALYSIS_THREADS",
    "ANALYSIS_WORKERS",
    "ANALYSIS_TIME_LIMIT",
    "BOT_PROCESSES",
    "BOT_TIME_LIMIT",
    "WEB_ADDR",
    "PUBLIC_URL",
];

/// The database when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE: &str = "gammonbot.db";

/// The log filter when `RUST_LOG` is not set.
pub const DEFAULT_LOG: &str = "info,serenity=warn,sqlx=warn";

/// A setting that cannot be used: the message names it and says what it takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

/// The bot's settings (no `Debug`: it holds the token).
#[derive(Clone)]
pub struct Config {
    /// `DISCORD_TOKEN`: without it the local chat runs. Never logged.
    pub discord_token: Option<String>,
    /// `DISCORD_GUILD_ID`: register the slash commands in this guild only.
    pub discord_guild_id: Option<u64>,
    /// `DATABASE_URL` (default [`DEFAULT_DATABASE`]).
    pub database_url: String,
    /// `SHARDS` and `SHARD_RANGE`: the shards this process runs.
    pub shards: Shards,
    /// `DISCORD_API_URL`: a rate-limiting proxy in front of Discord's REST API.
    pub discord_api_url: Option<String>,
    /// `RUST_LOG` (default [`DEFAULT_LOG`]).
    pub log_filter: String,
    /// `DISCORD_RATE_LIMIT` (default 8 in 10 s; `off`: none).
    pub rate_limit: Option<RateLimit>,
    /// `LEADERBOARD_MIN_EXPERIENCE` (default 0).
    pub leaderboard_min_experience: u32,
    /// `ANALYSIS_PLIES`, `ANALYSIS_THREADS`, `ANALYSIS_WORKERS`, `ANALYSIS_TIME_LIMIT`, and
    /// where to look for gnubg (`PATH`, then `/usr/games`).
    pub analysis: AnalysisSettings,
    /// `BOT_PROCESSES` and `BOT_TIME_LIMIT`: GNU Backgammon as a player and for hints,
    /// looked for where the analysis looks for it.
    pub bot: gnubg::BotSettings,
    /// `WEB_ADDR`: where the web companion listens (`docs/web.md`).
    pub web_addr: WebAddr,
    /// `PUBLIC_URL`: the address players reach the web pages at (behind the operator's
    /// HTTPS proxy), without a trailing `/`; links are made with it.
    pub public_url: Option<String>,
}

/// `WEB_ADDR`: where the web companion listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebAddr {
    /// Not set: off on Discord; the local chat listens on [`DEFAULT_WEB_ADDR`].
    Unset,
    /// `off`: no web pages, in the local chat either.
    Off,
    /// An address and port to listen on (`127.0.0.1:8080`, `0.0.0.0:8080`).
    At(std::net::SocketAddr),
}

/// Where the local chat's web pages listen when `WEB_ADDR` is not set.
pub const DEFAULT_WEB_ADDR: &str = "127.0.0.1:8080";

impl Config {
    /// The settings from the environment, else from the `.env` file in `dir` (if there is
    /// one).
    ///
    /// # Errors
    /// The `.env` file cannot be read, or a setting is not a value it may take.
    pub fn load(dir: &Path) -> Result<Config, ConfigError> {
        let file = read_dot_env(&dir.join(".env"))?;
        let path = std::env::var("PATH").unwrap_or_default();
        Config::from_source(
            |key| std::env::var(key).ok().or_else(|| file.get(key).cloned()),
            &path,
        )
    }

    /// The settings as `get` gives them (an empty value counts as unset), with gnubg looked
    /// for on `path` and then in `/usr/games`.
    ///
    /// # Errors
    /// A setting is not a value it may take.
    pub fn from_source(
        get: impl Fn(&str) -> Option<String>,
        path: &str,
    ) -> Result<Config, ConfigError> {
        let get = |key: &str| {
            get(key)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let discord_api_url = get("DISCORD_API_URL").map(|u| u.trim_end_matches('/').to_string());
        if let Some(u) = &discord_api_url
            && !(u.starts_with("http://") || u.starts_with("https://"))
        {
            return Err(ConfigError(format!(
                "DISCORD_API_URL `{u}` is not an http:// or https:// address"
            )));
        }
        let public_url = get("PUBLIC_URL").map(|u| u.trim_end_matches('/').to_string());
        if let Some(u) = &public_url
            && !(u.starts_with("http://") || u.starts_with("https://"))
        {
            return Err(ConfigError(format!(
                "PUBLIC_URL `{u}` is not an http:// or https:// address"
            )));
        }
        let web_addr = match get("WEB_ADDR") {
            None => WebAddr::Unset,
            Some(v) if v.eq_ignore_ascii_case("off") => WebAddr::Off,
            Some(v) => WebAddr::At(v.parse().map_err(|_| {
                ConfigError(format!(
                    "WEB_ADDR `{v}` is not an address and port like 127.0.0.1:8080 (or `off`)"
                ))
            })?),
        };
        Ok(Config {
            discord_token: get("DISCORD_TOKEN"),
            discord_guild_id: get("DISCORD_GUILD_ID")
                .map(|g| {
                    g.parse::<u64>().map_err(|_| {
                        ConfigError(format!(
                            "DISCORD_GUILD_ID `{g}` is not a guild id (a number)"
                        ))
                    })
                })
                .transpose()?,
            database_url: get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE.into()),
            shards: Shards::parse(get("SHARDS").as_deref(), get("SHARD_RANGE").as_deref())
                .map_err(ConfigError)?,
            discord_api_url,
            log_filter: get("RUST_LOG").unwrap_or_else(|| DEFAULT_LOG.into()),
            rate_limit: match get("DISCORD_RATE_LIMIT") {
                Some(v) => RateLimit::parse(&v).map_err(ConfigError)?,
                None => Some(RateLimit::default()),
            },
            leaderboard_min_experience: number(
                &get,
                "LEADERBOARD_MIN_EXPERIENCE",
                0..=u32::MAX,
                "a number of points",
            )?
            .unwrap_or(0),
            analysis: analysis_settings(&get, path)?,
            bot: bot_settings(&get, path)?,
            web_addr,
            public_url,
        })
    }
}

/// The `KEY=value` lines of a `.env` file (none when there is no file).
fn read_dot_env(file: &Path) -> Result<HashMap<String, String>, ConfigError> {
    let lines = match dotenvy::from_path_iter(file) {
        Ok(lines) => lines,
        Err(e) if e.not_found() => return Ok(HashMap::new()),
        Err(e) => return Err(ConfigError(format!("{}: {e}", file.display()))),
    };
    lines
        .map(|line| line.map_err(|e| ConfigError(format!("{}: {e}", file.display()))))
        .collect()
}

/// Setting `key` as a number in `range`, if set.
fn number<T>(
    get: &impl Fn(&str) -> Option<String>,
    key: &str,
    range: std::ops::RangeInclusive<T>,
    what: &str,
) -> Result<Option<T>, ConfigError>
where
    T: std::str::FromStr + PartialOrd,
{
    let Some(v) = get(key) else { return Ok(None) };
    match v.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(ConfigError(format!("{key} `{v}` is not {what}"))),
    }
}

/// A time limit of at least a second: plain seconds or a span like `10m`.
fn time_limit(
    get: &impl Fn(&str) -> Option<String>,
    key: &str,
) -> Result<Option<Duration>, ConfigError> {
    let Some(v) = get(key) else { return Ok(None) };
    match v.parse::<Span>() {
        Ok(l) if l.seconds() >= 1 => Ok(Some(Duration::from_secs(l.seconds().unsigned_abs()))),
        _ => Err(ConfigError(format!(
            "{key} `{v}` is not a time limit: seconds, or like 10m"
        ))),
    }
}

/// The `BOT_*` settings over the defaults; gnubg is looked for on `path`, then in
/// `/usr/games`, as for the analysis.
fn bot_settings(
    get: &impl Fn(&str) -> Option<String>,
    path: &str,
) -> Result<gnubg::BotSettings, ConfigError> {
    let mut s = gnubg::BotSettings {
        search_path: format!("{path}:/usr/games"),
        ..gnubg::BotSettings::default()
    };
    if let Some(n) = number(
        get,
        "BOT_PROCESSES",
        1..=16,
        "a number of gnubg processes, 1 to 16",
    )? {
        s.processes = n;
    }
    if let Some(l) = time_limit(get, "BOT_TIME_LIMIT")? {
        s.time_limit = l;
    }
    Ok(s)
}

/// The `ANALYSIS_*` settings over the defaults.
fn analysis_settings(
    get: &impl Fn(&str) -> Option<String>,
    path: &str,
) -> Result<AnalysisSettings, ConfigError> {
    let mut s = AnalysisSettings {
        search_path: format!("{path}:/usr/games"),
        ..AnalysisSettings::default()
    };
    if let Some(p) = number(get, "ANALYSIS_PLIES", 0..=4, "a depth from 0 to 4")? {
        s.plies = p;
    }
    if let Some(t) = number(
        get,
        "ANALYSIS_THREADS",
        1..=64,
        "a number of threads, 1 to 64",
    )? {
        s.threads = t;
    }
    if let Some(w) = number(
        get,
        "ANALYSIS_WORKERS",
        1..=16,
        "a number of workers, 1 to 16",
    )? {
        s.workers = w;
    }
    if let Some(l) = time_limit(get, "ANALYSIS_TIME_LIMIT")? {
        s.time_limit = l;
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::{Config, SETTINGS};

    fn with(pairs: &[(&str, &str)]) -> Result<Config, super::ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        Config::from_source(
            |key| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()),
            "/bin",
        )
    }

    #[test]
    fn unset_settings_take_their_defaults() {
        let c = with(&[]).unwrap();
        assert_eq!(c.database_url, "gammonbot.db");
        assert_eq!(c.discord_token, None);
        assert_eq!(c.analysis.plies, 2);
        assert_eq!(c.analysis.search_path, "/bin:/usr/games");
        assert_eq!(c.bot.search_path, "/bin:/usr/games");
        assert_eq!((c.bot.processes, c.bot.time_limit.as_secs()), (2, 30));
        assert_eq!(c.rate_limit, Some(crate::discord::RateLimit::default()));
        assert_eq!((c.web_addr, c.public_url), (super::WebAddr::Unset, None));
    }

    #[test]
    fn the_web_address_and_public_url_are_read() {
        let c = with(&[
            ("WEB_ADDR", "0.0.0.0:8081"),
            ("PUBLIC_URL", "https://gammon.example/"),
        ])
        .unwrap();
        assert_eq!(
            c.web_addr,
            super::WebAddr::At("0.0.0.0:8081".parse().unwrap())
        );
        assert_eq!(c.public_url.as_deref(), Some("https://gammon.example"));
        assert_eq!(
            with(&[("WEB_ADDR", "off")]).unwrap().web_addr,
            super::WebAddr::Off
        );
    }

    #[test]
    fn every_bad_value_is_an_error_naming_its_setting() {
        for (key, value) in [
            ("ANALYSIS_PLIES", "abc"),
            ("ANALYSIS_PLIES", "5"),
            ("ANALYSIS_THREADS", "0"),
            ("ANALYSIS_WORKERS", "-1"),
            ("ANALYSIS_TIME_LIMIT", "0"),
            ("ANALYSIS_TIME_LIMIT", "soon"),
            ("BOT_PROCESSES", "0"),
            ("BOT_PROCESSES", "many"),
            ("BOT_TIME_LIMIT", "0"),
            ("BOT_TIME_LIMIT", "never"),
            ("LEADERBOARD_MIN_EXPERIENCE", "ten"),
            ("DISCORD_GUILD_ID", "guild"),
            ("DISCORD_API_URL", "ftp://x"),
            ("WEB_ADDR", "localhost"),
            ("WEB_ADDR", "127.0.0.1:99999"),
            ("PUBLIC_URL", "gammon.example"),
        ] {
            let Err(e) = with(&[(key, value)]) else {
                panic!("{key}={value} was taken");
            };
            let e = e.to_string();
            assert!(e.contains(key) && e.contains(value), "{key}={value}: {e}");
        }
        let c = with(&[("ANALYSIS_PLIES", "3"), ("ANALYSIS_TIME_LIMIT", "10m")]).unwrap();
        assert_eq!(c.analysis.plies, 3);
        assert_eq!(c.analysis.time_limit.as_secs(), 600);
        let c = with(&[("BOT_PROCESSES", "4"), ("BOT_TIME_LIMIT", "1m")]).unwrap();
        assert_eq!((c.bot.processes, c.bot.time_limit.as_secs()), (4, 60));
    }

    #[test]
    fn the_dot_env_file_is_read_and_the_environment_wins() {
        let dir = std::env::temp_dir().join(format!("gammonbot-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join(".env"),
            "# a comment\nANALYSIS_PLIES=3\nANALYSIS_WORKERS=\"4\"\nLEADERBOARD_MIN_EXPERIENCE=9\n",
        )
        .unwrap();
        let file = super::read_dot_env(&dir.join(".env")).unwrap();
        let c = Config::from_source(
            |key| {
                (key == "LEADERBOARD_MIN_EXPERIENCE")
                    .then(|| "7".to_string())
                    .or_else(|| file.get(key).cloned())
            },
            "",
        )
        .unwrap();
        assert_eq!(
            (
                c.analysis.plies,
                c.analysis.workers,
                c.leaderboard_min_experience
            ),
            (3, 4, 7)
        );
        assert!(super::read_dot_env(&dir.join("none")).unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn dot_env_example_lists_every_setting() {
        let example = include_str!("../.env.example");
        for key in SETTINGS {
            assert!(example.contains(&format!("{key}=")), "{key}");
        }
    }
}
