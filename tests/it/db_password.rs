//! The database password is in no message of the program: not in the error line of a
//! database it cannot open, not in what a command prints, not in any log line at the most
//! verbose level. A throwaway PostgreSQL server (`testkit::PgCluster`, trusted local
//! connections: any password is taken) and the binary as an operator runs it.

use std::process::{Child, Command, Output, Stdio};

use crate::fake_discord::{FakeDiscord, GUILD};
use testkit::{PgCluster, scratch};

/// A password for these tests only: it must appear in no line the program writes.
const PASSWORD: &str = "pw-Never-Shown_7391";

/// The server's URL with the password in its user part, on the database `db`.
fn with_password(pg: &PgCluster, db: &str) -> String {
    let url = pg.url.replacen(
        "postgres://gammonbot@",
        &format!("postgres://gammonbot:{PASSWORD}@"),
        1,
    );
    assert_ne!(
        url, pg.url,
        "the test server's URL has the user gammonbot: {}",
        pg.url
    );
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{db}")
}

/// Runs the binary with `args` in a scratch folder, without the caller's environment.
fn gammonbot(name: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(scratch(name))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the gammonbot binary runs")
}

/// `out`'s stdout and stderr, asserted free of the password.
fn without_password(what: &str, out: &Output) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !text.contains(PASSWORD),
        "{what}: the password is shown:\n{text}"
    );
    text
}

#[test]
fn the_database_password_is_in_no_error_line_nor_report_of_the_command_line() {
    let pg = PgCluster::start();
    // A database the server does not have: it is refused at once, by name.
    let missing = with_password(&pg, "no_such_database");
    for args in [
        &["ratings", "--rebuild", "--db", &missing][..],
        &["local", "--db", &missing, "--script", "/dev/null"][..],
    ] {
        let out = gammonbot("db-password-missing", args);
        let text = without_password(&format!("{args:?}"), &out);
        assert!(!out.status.success(), "{args:?}: {text}");
        assert!(
            text.contains("cannot open the database `postgres://gammonbot:***@"),
            "{args:?}: {text}"
        );
    }
    // The database there: the rebuild's report names it, without its password.
    let there = with_password(&pg, "gammonbot");
    let out = gammonbot(
        "db-password-there",
        &["ratings", "--rebuild", "--db", &there],
    );
    let text = without_password("ratings --rebuild", &out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("in postgres://gammonbot:***@"), "{text}");
}

/// The bot process, killed when dropped.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_password_is_in_no_log_line_of_the_bot() {
    // Given the bot on PostgreSQL, its URL with a password, logging everything
    let pg = PgCluster::start();
    let url = with_password(&pg, "gammonbot");
    let fake = FakeDiscord::start("db-password-token").await;
    let dir = scratch("db-password-log");
    let log = dir.join("stderr.log");
    let bot = Bot(Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", "db-password-token")
        .env("DISCORD_API_URL", &fake.api)
        .env("DISCORD_GUILD_ID", GUILD.to_string())
        .env("DATABASE_URL", &url)
        .env("RUST_LOG", "trace")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("the gammonbot binary starts"));
    // When it has opened the database and registered its commands
    fake.wait_for(0, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    fake.finish().await;
    drop(bot);
    // Then its log says which database it opened, without the password
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(
        !log.contains(PASSWORD),
        "the password is in the log:\n{}",
        log.lines()
            .filter(|l| l.contains(PASSWORD))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let opened: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("database open"))
        .collect();
    assert_eq!(opened.len(), 1, "{log}");
    assert!(
        opened[0].contains("postgres://gammonbot:***@"),
        "{}",
        opened[0]
    );
}
