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
    "BACKUP_DIR",
    "BACKUP_EVERY",
    "BACKUP_KEEP",
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
    "METRICS_ADDR",
    "LOG_FORMAT",
    "SHUTDOWN_TIMEOUT",
    "WEB_ADDR",
    "PUBLIC_URL",
    "LOW_TIME",
    "BOT_MATCHES_PER_PLAYER",
    "ANALYSES_PER_PLAYER",
    "HINTS_PER_HOUR",
    "OUTBOX_LEASE",
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
    pub database_url: store::DbUrl,
    /// `BACKUP_DIR`, `BACKUP_EVERY`, `BACKUP_KEEP`: scheduled backups of the SQLite
    /// database while the bot runs (none without `BACKUP_DIR`).
    pub backup: Option<BackupSchedule>,
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
    /// `METRICS_ADDR`: where `/metrics` and `/healthz` are served (default: nowhere).
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// `LOG_FORMAT`: `text` (default) or `json`.
    pub log_format: crate::ops::LogFormat,
    /// `SHUTDOWN_TIMEOUT` (default [`DEFAULT_SHUTDOWN_TIMEOUT`]): after SIGTERM or Ctrl-C,
    /// how long the commands under way and the workers get to finish.
    pub shutdown_timeout: Duration,
    /// `WEB_ADDR`: where the web companion listens (`docs/web.md`).
    pub web_addr: WebAddr,
    /// `PUBLIC_URL`: the address players reach the web pages at (behind the operator's
    /// HTTPS proxy), without a trailing `/`; links are made with it.
    pub public_url: Option<String>,
    /// `LOW_TIME` (default [`club::DEFAULT_LOW_TIME`], one day; `off`: never): a player is
    /// told once per match when his time bank falls below it.
    pub low_time: i64,
    /// `BOT_MATCHES_PER_PLAYER`, `ANALYSES_PER_PLAYER`, `HINTS_PER_HOUR` (default
    /// [`club::Quotas::default`]: 3, 2, 30): the per-player limits.
    pub quotas: club::Quotas,
    /// `OUTBOX_LEASE` (seconds, default 10): how long a poster's claim on a message owed
    /// lasts; a message whose poster died is posted again (same nonce) after it.
    pub outbox_lease: Duration,
}

/// How long a graceful stop may take when `SHUTDOWN_TIMEOUT` is not set.
pub const DEFAULT_SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(10);

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
            database_url: store::DbUrl::new(
                get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE.into()),
            ),
            backup: backup_schedule(&get)?,
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
            metrics_addr: get("METRICS_ADDR")
                .map(|a| {
                    a.parse().map_err(|_| {
                        ConfigError(format!(
                            "METRICS_ADDR `{a}` is not an address and port, e.g. 127.0.0.1:9184"
                        ))
                    })
                })
                .transpose()?,
            log_format: get("LOG_FORMAT")
                .map(|f| crate::ops::LogFormat::parse(&f).map_err(ConfigError))
                .transpose()?
                .unwrap_or_default(),
            shutdown_timeout: time_limit(&get, "SHUTDOWN_TIMEOUT")?
                .unwrap_or(DEFAULT_SHUTDOWN_TIMEOUT),
            web_addr,
            public_url,
            low_time: match get("LOW_TIME") {
                None => club::DEFAULT_LOW_TIME,
                Some(v) if v.eq_ignore_ascii_case("off") => 0,
                Some(v) => match v.parse::<Span>() {
                    Ok(s) if s.seconds() >= 60 => s.seconds(),
                    _ => {
                        return Err(ConfigError(format!(
                            "LOW_TIME `{v}` is not a time bank: at least 1m, like 1d or 12h (or `off`)"
                        )));
                    }
                },
            },
            quotas: quotas(&get)?,
            outbox_lease: Duration::from_secs(
                number(
                    &get,
                    "OUTBOX_LEASE",
                    1..=3600,
                    "a number of seconds, 1 to 3600",
                )?
                .unwrap_or(10),
            ),
        })
    }
}

/// The per-player limits over the defaults.
fn quotas(get: &impl Fn(&str) -> Option<String>) -> Result<club::Quotas, ConfigError> {
    let mut q = club::Quotas::default();
    if let Some(n) = number(
        get,
        "BOT_MATCHES_PER_PLAYER",
        1..=1000,
        "a number, 1 to 1000",
    )? {
        q.bot_matches = n;
    }
    if let Some(n) = number(get, "ANALYSES_PER_PLAYER", 1..=1000, "a number, 1 to 1000")? {
        q.analyses = n;
    }
    if let Some(n) = number(get, "HINTS_PER_HOUR", 1..=10_000, "a number, 1 to 10000")? {
        q.hints_per_hour = n;
    }
    Ok(q)
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

/// Scheduled backups (`src/cli/backup.rs`): a copy of the SQLite database into `dir`
/// every `every`, the newest `keep` kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupSchedule {
    /// `BACKUP_DIR`: where the backups go (created when missing).
    pub dir: std::path::PathBuf,
    /// `BACKUP_EVERY` (default [`DEFAULT_BACKUP_EVERY`]; at least a minute).
    pub every: Duration,
    /// `BACKUP_KEEP` (default [`DEFAULT_BACKUP_KEEP`]): the older ones are deleted.
    pub keep: usize,
}

/// The time between scheduled backups when `BACKUP_EVERY` is not set: six hours.
pub const DEFAULT_BACKUP_EVERY: Duration = Duration::from_secs(6 * 3600);

/// The scheduled backups kept when `BACKUP_KEEP` is not set: a week's at the default pace.
pub const DEFAULT_BACKUP_KEEP: usize = 28;

/// The `BACKUP_*` settings: none without `BACKUP_DIR`; not on PostgreSQL (`pg_dump`
/// backs it up).
fn backup_schedule(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<BackupSchedule>, ConfigError> {
    let Some(dir) = get("BACKUP_DIR") else {
        for key in ["BACKUP_EVERY", "BACKUP_KEEP"] {
            if let Some(v) = get(key) {
                return Err(ConfigError(format!(
                    "{key} `{v}` is set but BACKUP_DIR is not: name the backups' folder"
                )));
            }
        }
        return Ok(None);
    };
    let url = get("DATABASE_URL").unwrap_or_default();
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Err(ConfigError(format!(
            "BACKUP_DIR `{dir}` is set but the database is PostgreSQL: back it up with \
             pg_dump (docs/operating.md)"
        )));
    }
    let every = match get("BACKUP_EVERY") {
        None => DEFAULT_BACKUP_EVERY,
        Some(v) => match v.parse::<Span>() {
            Ok(s) if s.seconds() >= 60 => Duration::from_secs(s.seconds().unsigned_abs()),
            _ => {
                return Err(ConfigError(format!(
                    "BACKUP_EVERY `{v}` is not a time between backups: at least 1m, like 6h"
                )));
            }
        },
    };
    let keep = number(
        get,
        "BACKUP_KEEP",
        1..=100_000,
        "a number of backups to keep, at least 1",
    )?
    .unwrap_or(DEFAULT_BACKUP_KEEP);
    Ok(Some(BackupSchedule {
        dir: dir.into(),
        every,
        keep,
    }))
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
        assert_eq!(c.database_url.expose(), "gammonbot.db");
        assert_eq!(c.discord_token, None);
        assert_eq!(c.analysis.plies, 2);
        assert_eq!(c.analysis.search_path, "/bin:/usr/games");
        assert_eq!(c.bot.search_path, "/bin:/usr/games");
        assert_eq!((c.bot.processes, c.bot.time_limit.as_secs()), (2, 30));
        assert_eq!(c.rate_limit, Some(crate::discord::RateLimit::default()));
        assert_eq!(c.metrics_addr, None);
        assert_eq!(c.log_format, crate::ops::LogFormat::Text);
        let c = with(&[("METRICS_ADDR", "127.0.0.1:9184"), ("LOG_FORMAT", "json")]).unwrap();
        assert_eq!(c.metrics_addr, Some(([127, 0, 0, 1], 9184).into()));
        assert_eq!(c.log_format, crate::ops::LogFormat::Json);
        assert_eq!(c.shutdown_timeout.as_secs(), 10);
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
            ("METRICS_ADDR", "localhost"),
            ("LOG_FORMAT", "xml"),
            ("SHUTDOWN_TIMEOUT", "0"),
            ("SHUTDOWN_TIMEOUT", "soon"),
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
        let c = with(&[("SHUTDOWN_TIMEOUT", "30")]).unwrap();
        assert_eq!(c.shutdown_timeout.as_secs(), 30);
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

    #[test]
    fn backups_are_scheduled_only_with_a_folder_and_never_on_postgresql() {
        assert_eq!(with(&[]).unwrap().backup, None);
        let c = with(&[("BACKUP_DIR", "/var/backups/gammonbot")]).unwrap();
        assert_eq!(
            c.backup,
            Some(super::BackupSchedule {
                dir: "/var/backups/gammonbot".into(),
                every: super::DEFAULT_BACKUP_EVERY,
                keep: super::DEFAULT_BACKUP_KEEP,
            })
        );
        let c = with(&[
            ("BACKUP_DIR", "b"),
            ("BACKUP_EVERY", "1d"),
            ("BACKUP_KEEP", "2"),
        ])
        .unwrap()
        .backup
        .unwrap();
        assert_eq!((c.every.as_secs(), c.keep), (86_400, 2));
        for (pairs, key, value) in [
            (&[("BACKUP_EVERY", "6h")][..], "BACKUP_EVERY", "6h"),
            (&[("BACKUP_KEEP", "3")][..], "BACKUP_KEEP", "3"),
            (
                &[("BACKUP_DIR", "b"), ("BACKUP_EVERY", "30s")][..],
                "BACKUP_EVERY",
                "30s",
            ),
            (
                &[("BACKUP_DIR", "b"), ("BACKUP_EVERY", "often")][..],
                "BACKUP_EVERY",
                "often",
            ),
            (
                &[("BACKUP_DIR", "b"), ("BACKUP_KEEP", "0")][..],
                "BACKUP_KEEP",
                "0",
            ),
            (
                &[("BACKUP_DIR", "b"), ("DATABASE_URL", "postgres://h/db")][..],
                "BACKUP_DIR",
                "b",
            ),
        ] {
            let Err(e) = with(pairs) else {
                panic!("{pairs:?} was taken");
            };
            let e = e.to_string();
            assert!(e.contains(key) && e.contains(value), "{pairs:?}: {e}");
        }
    }
}
