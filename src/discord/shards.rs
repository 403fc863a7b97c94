//! Which Discord shards this process runs: `SHARDS=<total>` and `SHARD_RANGE=<first>-<last>`
//! (inclusive, counted from 0).
//!
//! Discord sends a guild's events to shard `(guild_id >> 22) % total`; a bot in many
//! guilds runs several processes, each holding a range of the shards, all of them on the
//! same database. Without either setting the process runs every shard, as many as Discord
//! recommends (autosharded). With `SHARDS` alone it runs all `SHARDS` shards itself.
//!
//! The process whose range holds shard 0 is the one that registers the slash commands:
//! registration is one REST call for the whole application (or the development guild),
//! not a per-shard matter, and several processes overwriting the list at once would race.
//! Every process runs the deadline sweep: a reminder is posted only by the sweep whose
//! `mark_reminded` cleared it, and a time-out is a versioned commit that only one sweep
//! wins (the others get `Stale` and post nothing), so each notice goes out once; posts go
//! through the REST API, which any process may use for any guild.

use poise::serenity_prelude as serenity;

/// The shards one process runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shards {
    /// As many shards as Discord recommends, all in this process (`GET /gateway/bot`).
    #[default]
    Auto,
    /// Shards `first..=last` of `total`.
    Range {
        /// How many shards the bot has in all its processes.
        total: u32,
        /// The first shard of this process.
        first: u32,
        /// The last shard of this process (included).
        last: u32,
    },
}

impl Shards {
    /// Reads `SHARDS` and `SHARD_RANGE` (each `None` when unset or blank).
    ///
    /// # Errors
    /// A value that is not a number or a range, a total of 0, a range whose first shard
    /// is after its last, a range outside `0..total`, or `SHARD_RANGE` without `SHARDS`;
    /// the message says what to write instead.
    pub fn parse(shards: Option<&str>, range: Option<&str>) -> Result<Shards, String> {
        let shards = shards.map(str::trim).filter(|s| !s.is_empty());
        let range = range.map(str::trim).filter(|s| !s.is_empty());
        let Some(total) = shards else {
            return match range {
                None => Ok(Shards::Auto),
                Some(r) => Err(format!(
                    "SHARD_RANGE `{r}` needs SHARDS, the total number of shards of the bot \
                     (e.g. SHARDS=4 SHARD_RANGE=0-1)"
                )),
            };
        };
        let total: u32 = total
            .parse()
            .map_err(|_| format!("SHARDS `{total}` is not a number of shards (e.g. SHARDS=4)"))?;
        if total == 0 {
            return Err("SHARDS is 0: a bot has at least one shard (e.g. SHARDS=4)".into());
        }
        let Some(r) = range else {
            return Ok(Shards::Range {
                total,
                first: 0,
                last: total - 1,
            });
        };
        let bad = || {
            format!(
                "SHARD_RANGE `{r}` is not a range of shards: write <first>-<last>, both \
                 counted from 0 and included (e.g. SHARD_RANGE=0-{})",
                total.saturating_sub(1)
            )
        };
        let (a, b) = r.split_once('-').ok_or_else(bad)?;
        let first: u32 = a.trim().parse().map_err(|_| bad())?;
        let last: u32 = b.trim().parse().map_err(|_| bad())?;
        if first > last {
            return Err(format!(
                "SHARD_RANGE `{r}` starts after it ends: write the lower shard first \
                 (SHARD_RANGE={last}-{first})"
            ));
        }
        if last >= total {
            return Err(format!(
                "SHARD_RANGE `{r}` goes past the last shard: with SHARDS={total} the shards are \
                 0 to {}",
                total - 1
            ));
        }
        Ok(Shards::Range { total, first, last })
    }

    /// Whether this process runs shard 0, and so registers the slash commands.
    #[must_use]
    pub const fn has_shard_zero(self) -> bool {
        match self {
            Shards::Auto => true,
            Shards::Range { first, .. } => first == 0,
        }
    }

    /// Connects the shards and runs them until they stop.
    ///
    /// # Errors
    /// The connection fails for good.
    pub async fn start(self, client: &mut serenity::Client) -> Result<(), serenity::Error> {
        match self {
            Shards::Auto => client.start_autosharded().await,
            // serenity 0.12 takes the range's end as the last shard *included*
            // (`start_shard_range(4..7, 10)` runs shards 4, 5, 6 and 7).
            Shards::Range { total, first, last } => {
                client.start_shard_range(first..last, total).await
            }
        }
    }
}

impl std::fmt::Display for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shards::Auto => write!(f, "all shards (as many as Discord recommends)"),
            Shards::Range { total, first, last } if first == last => {
                write!(f, "shard {first} of {total}")
            }
            Shards::Range { total, first, last } => {
                write!(f, "shards {first} to {last} of {total}")
            }
        }
    }
}

/// The shard Discord sends a guild's events to: `(guild_id >> 22) % total`.
#[must_use]
pub const fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % total as u64) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(total: u32, first: u32, last: u32) -> Shards {
        Shards::Range { total, first, last }
    }

    #[test]
    fn neither_setting_runs_all_shards_autosharded() {
        assert_eq!(Shards::parse(None, None), Ok(Shards::Auto));
        assert_eq!(Shards::parse(Some(" "), Some("")), Ok(Shards::Auto));
        assert!(Shards::Auto.has_shard_zero());
    }

    #[test]
    fn shards_alone_runs_every_shard_here() {
        assert_eq!(Shards::parse(Some("4"), None), Ok(range(4, 0, 3)));
    }

    #[test]
    fn a_range_is_inclusive_at_both_ends() {
        assert_eq!(Shards::parse(Some("4"), Some("0-1")), Ok(range(4, 0, 1)));
        assert_eq!(Shards::parse(Some("4"), Some("2-3")), Ok(range(4, 2, 3)));
        assert_eq!(
            Shards::parse(Some(" 4 "), Some(" 3 - 3 ")),
            Ok(range(4, 3, 3))
        );
        assert_eq!(Shards::parse(Some("1"), Some("0-0")), Ok(range(1, 0, 0)));
    }

    #[test]
    fn only_the_range_holding_shard_zero_registers_the_commands() {
        assert!(range(4, 0, 1).has_shard_zero());
        assert!(!range(4, 2, 3).has_shard_zero());
        assert!(!range(4, 1, 1).has_shard_zero());
    }

    #[test]
    fn a_range_past_the_last_shard_is_refused() {
        let e = Shards::parse(Some("4"), Some("2-4")).unwrap_err();
        assert!(
            e.contains("past the last shard") && e.contains("0 to 3"),
            "{e}"
        );
        let e = Shards::parse(Some("2"), Some("5-6")).unwrap_err();
        assert!(e.contains("past the last shard"), "{e}");
    }

    #[test]
    fn a_range_that_starts_after_it_ends_is_refused() {
        let e = Shards::parse(Some("4"), Some("3-1")).unwrap_err();
        assert!(
            e.contains("starts after it ends") && e.contains("SHARD_RANGE=1-3"),
            "{e}"
        );
    }

    #[test]
    fn values_that_are_not_numbers_are_refused() {
        for (s, r, says) in [
            ("four", None, "SHARDS `four` is not a number"),
            ("-1", None, "SHARDS `-1` is not a number"),
            ("0", None, "SHARDS is 0"),
            ("4", Some("1"), "not a range of shards"),
            ("4", Some("a-b"), "not a range of shards"),
            ("4", Some("1-"), "not a range of shards"),
            ("4", Some("-1-2"), "not a range of shards"),
            ("4", Some("0..1"), "not a range of shards"),
        ] {
            let e = Shards::parse(Some(s), r).unwrap_err();
            assert!(e.contains(says), "SHARDS={s} SHARD_RANGE={r:?}: {e}");
        }
    }

    #[test]
    fn a_range_without_a_total_is_refused() {
        let e = Shards::parse(None, Some("0-1")).unwrap_err();
        assert!(e.contains("needs SHARDS"), "{e}");
    }

    #[test]
    fn a_guilds_shard_is_its_id_shifted_by_22_modulo_the_total() {
        // 41771983423143937 >> 22 = 9959216934, a multiple of 2 and of 3 (not of 5).
        assert_eq!(shard_of(41_771_983_423_143_937, 2), 0);
        assert_eq!(shard_of(41_771_983_423_143_937, 3), 0);
        assert_eq!(shard_of(41_771_983_423_143_937, 5), 4);
        assert_eq!(shard_of(1 << 22, 2), 1);
        assert_eq!(shard_of(123, 1), 0);
    }

    #[test]
    fn the_settings_are_described_for_the_log() {
        assert_eq!(range(4, 2, 3).to_string(), "shards 2 to 3 of 4");
        assert_eq!(range(4, 1, 1).to_string(), "shard 1 of 4");
    }
}
