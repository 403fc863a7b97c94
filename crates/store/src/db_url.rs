//! The database's URL as configured, with its password kept out of every message.

use std::fmt;

/// What stands in a printed URL where its password was.
const HIDDEN: &str = "***";

/// A database URL (`postgres://user:password@host/db`, `sqlite://path`) or an SQLite
/// file path, as configured. Its text goes only to the driver ([`DbUrl::expose`]);
/// printed (`Display` and `Debug`: log lines, errors, panics) it shows `***` where a
/// password stands, in the user part or as a `password`/`sslpassword` query parameter.
/// A URL that cannot be read as one is printed as its scheme and `***` alone.
#[derive(Clone, PartialEq, Eq)]
pub struct DbUrl(String);

impl DbUrl {
    /// The URL or file path `text`.
    #[must_use]
    pub fn new(text: impl Into<String>) -> DbUrl {
        DbUrl(text.into())
    }

    /// The whole text, password included: for the driver only, never for a message.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether it names a PostgreSQL database (`postgres://` or `postgresql://`).
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        self.0.starts_with("postgres://") || self.0.starts_with("postgresql://")
    }

    /// The text as it may be shown: the password replaced.
    fn shown(&self) -> String {
        let Some((scheme, _)) = self.0.split_once("://") else {
            // A file path or `sqlite:path`: there is no password in it.
            return self.0.clone();
        };
        let Ok(mut url) = url::Url::parse(&self.0) else {
            return format!("{scheme}://{HIDDEN}");
        };
        if url.password().is_some() && url.set_password(Some(HIDDEN)).is_err() {
            return format!("{scheme}://{HIDDEN}");
        }
        let secret = |key: &str| key.to_ascii_lowercase().contains("password");
        if url.query_pairs().any(|(k, _)| secret(&k)) {
            let pairs: Vec<(String, String)> = url
                .query_pairs()
                .map(|(k, v)| {
                    let v = if secret(&k) {
                        HIDDEN.into()
                    } else {
                        v.into_owned()
                    };
                    (k.into_owned(), v)
                })
                .collect();
            url.query_pairs_mut().clear().extend_pairs(pairs);
        }
        url.to_string()
    }
}

impl From<String> for DbUrl {
    fn from(text: String) -> DbUrl {
        DbUrl(text)
    }
}

impl From<&str> for DbUrl {
    fn from(text: &str) -> DbUrl {
        DbUrl(text.to_string())
    }
}

impl fmt::Display for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown())
    }
}

impl fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DbUrl").field(&self.shown()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::DbUrl;

    #[test]
    fn a_password_is_shown_as_stars_in_display_and_debug() {
        let cases = [
            (
                "postgres://bot:s3cret-PW@db.example:5432/club",
                "postgres://bot:***@db.example:5432/club",
            ),
            (
                "postgresql://bot:p%40ss%2Fw0rd@10.0.0.1/club?sslmode=require",
                "postgresql://bot:***@10.0.0.1/club?sslmode=require",
            ),
            (
                "postgres://bot@host/club?password=s3cret-PW&application_name=g",
                "postgres://bot@host/club?password=***&application_name=g",
            ),
            (
                "postgres://bot@host/club?sslpassword=s3cret-PW",
                "postgres://bot@host/club?sslpassword=***",
            ),
        ];
        for (text, shown) in cases {
            let url = DbUrl::new(text);
            assert_eq!(url.to_string(), shown, "{text}");
            let debug = format!("{url:?}");
            for secret in ["s3cret-PW", "p%40ss", "w0rd"] {
                assert!(!url.to_string().contains(secret), "{url}");
                assert!(!debug.contains(secret), "{debug}");
            }
            assert_eq!(url.expose(), text);
        }
    }

    #[test]
    fn a_url_that_cannot_be_read_hides_all_but_its_scheme() {
        // An unencoded `/` in the password: the URL parser (sqlx's too) cannot read it.
        let url = DbUrl::new("postgres://bot:pa/ss-s3cret@host/club");
        assert_eq!(url.to_string(), "postgres://***");
        assert!(!format!("{url:?}").contains("s3cret"));
    }

    #[test]
    fn a_file_path_or_url_without_password_is_shown_as_it_is() {
        for text in [
            "gammonbot.db",
            "/var/lib/gammonbot/club.db",
            "sqlite:club.db",
            "sqlite:///var/lib/club.db",
            "postgres://bot@host:5432/club",
        ] {
            assert_eq!(DbUrl::new(text).to_string(), text);
        }
        assert!(DbUrl::new("postgresql://h/d").is_postgres());
        assert!(!DbUrl::new("sqlite://h.db").is_postgres());
    }
}
