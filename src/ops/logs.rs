//! The log output (stderr): human-readable text (the default) or one JSON object per
//! line (`LOG_FORMAT=json`), filtered by `RUST_LOG`. The Discord token never appears in
//! either: every line is written through [`Redacting`], which puts `[token]` where the
//! token's text would be, whatever a library below logs at whatever level.

use std::io::Write;

use tracing_subscriber::fmt::MakeWriter;

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// One line of text per event (the default).
    #[default]
    Text,
    /// One JSON object per event (time, level, target, fields, spans).
    Json,
}

impl LogFormat {
    /// Reads `text` or `json`.
    ///
    /// # Errors
    /// Any other word, with what to write instead.
    pub fn parse(s: &str) -> Result<LogFormat, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => Err(format!(
                "LOG_FORMAT `{s}` is not a log format: text or json"
            )),
        }
    }
}

/// Installs the log output to stderr: `filter` (a `RUST_LOG` value; `info` if it cannot be
/// read) in `format`, with `secret` (the token; ignored when empty) replaced by `[token]`.
pub fn init(filter: &str, format: LogFormat, secret: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let writer = Redacting::new(secret);
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}

/// Writes log lines to stderr with a secret's text replaced by `[token]`. The formatter
/// hands over each event's line in one write, so a secret is never split between writes.
#[derive(Clone, Debug)]
pub struct Redacting {
    secret: String,
}

impl Redacting {
    /// Replacing `secret` (nothing, when it is empty or blank).
    #[must_use]
    pub fn new(secret: &str) -> Redacting {
        Redacting {
            secret: secret.trim().to_string(),
        }
    }

    /// `line` with the secret replaced.
    #[must_use]
    pub fn scrub<'a>(&self, line: &'a str) -> std::borrow::Cow<'a, str> {
        if self.secret.is_empty() || !line.contains(&self.secret) {
            std::borrow::Cow::Borrowed(line)
        } else {
            std::borrow::Cow::Owned(line.replace(&self.secret, "[token]"))
        }
    }
}

/// One event's writer.
pub struct RedactingWriter<'a> {
    redacting: &'a Redacting,
}

impl Write for RedactingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        std::io::stderr().write_all(self.redacting.scrub(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

impl<'a> MakeWriter<'a> for Redacting {
    type Writer = RedactingWriter<'a>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter { redacting: self }
    }
}

#[cfg(test)]
mod tests {
    use super::{LogFormat, Redacting};

    #[test]
    fn the_secret_is_replaced_wherever_it_stands() {
        let r = Redacting::new(" abc.DEF-123 ");
        assert_eq!(
            r.scrub("Bot abc.DEF-123 then abc.DEF-123"),
            "Bot [token] then [token]"
        );
        assert_eq!(r.scrub("nothing here"), "nothing here");
        assert_eq!(Redacting::new("").scrub("Bot x"), "Bot x");
    }

    #[test]
    fn a_log_format_is_text_or_json() {
        assert_eq!(LogFormat::parse("json"), Ok(LogFormat::Json));
        assert_eq!(LogFormat::parse(" Text "), Ok(LogFormat::Text));
        let e = LogFormat::parse("xml").unwrap_err();
        assert!(e.contains("LOG_FORMAT") && e.contains("xml"), "{e}");
    }
}
