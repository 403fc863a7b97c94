//! The daily digest: `/settings digest:daily at:HH:MM tz:<zone>` sends the player one
//! direct message a day at that local time listing the matches waiting on him (as
//! `/games waiting` does, `waiting`), nothing when nothing waits; `digest:off` stops it.
//! The zone is an IANA name (`Europe/London`: summer time followed) or a UTC offset
//! (`+02:00`, `UTC-5`). The store keeps when the next is due and the local day of the
//! last one sent, so a day's digest is sent once, across restarts and processes (the
//! claim is a conditional write). Run by the deadline sweep (`deadlines`).

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::{Offset, TimeZone};

use crate::PlayerRefusal;
use crate::Refusal;
use crate::players::waiting::digest_lines;
use crate::{Club, ClubError, Notice};
use store::{DigestRow, DigestWrite, PlayerRow};

/// The local time a digest is sent at when none is given: 08:00.
const DEFAULT_MINUTE: i64 = 8 * 60;

/// The zone when none is given.
const DEFAULT_ZONE: &str = "UTC";

/// How many digests the sweep claims and composes at a time.
const BATCH: i64 = 200;

/// After each batch the sweep rests this many times as long as the batch took.
const PACE: u32 = 4;

/// How many players' matches one read asks for.
const READ_CHUNK: usize = 200;

/// `/settings digest:… at:… tz:…` as typed (`None`: not given); the club checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DigestOptions {
    /// `digest:daily` (true) or `digest:off` (false).
    pub daily: Option<bool>,
    /// `at:HH:MM`, the local time of day.
    pub at: Option<String>,
    /// `tz:`, an IANA time zone or a UTC offset.
    pub tz: Option<String>,
}

impl DigestOptions {
    /// Whether any digest option was given.
    #[must_use]
    pub fn any(&self) -> bool {
        self.daily.is_some() || self.at.is_some() || self.tz.is_some()
    }
}

/// `HH:MM` as minutes after midnight.
fn parse_at(text: &str) -> Result<i64, ClubError> {
    let bad = || {
        ClubError::from(PlayerRefusal::NotATime {
            text: text.to_string(),
        })
    };
    let (h, m) = text.trim().split_once(':').ok_or_else(bad)?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return Err(bad());
    }
    let h: i64 = h.parse().map_err(|_| bad())?;
    let m: i64 = m.parse().map_err(|_| bad())?;
    if !(0..24).contains(&h) || !(0..60).contains(&m) {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

/// A UTC offset (`+02:00`, `-5`, `UTC+5:30`, `GMT-3`, `UTC`) in seconds.
fn parse_offset(text: &str) -> Option<i32> {
    let upper = text.to_ascii_uppercase();
    let rest = upper
        .strip_prefix("UTC")
        .or_else(|| upper.strip_prefix("GMT"))
        .unwrap_or(&upper);
    if rest.is_empty() {
        return (upper == "UTC" || upper == "GMT").then_some(0);
    }
    let (sign, digits) = match rest.as_bytes()[0] {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    let (h, m) = digits.split_once(':').unwrap_or((digits, "0"));
    if h.is_empty()
        || h.len() > 2
        || m.len() > 2
        || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    if h > 14 || m > 59 || (h == 14 && m > 0) {
        return None;
    }
    Some(sign * (h * 3600 + m * 60))
}

/// An offset as stored and shown: `UTC`, `+02:00`, `-05:30`.
fn offset_name(secs: i32) -> String {
    if secs == 0 {
        return DEFAULT_ZONE.into();
    }
    let sign = if secs < 0 { '-' } else { '+' };
    let a = secs.abs();
    format!("{sign}{:02}:{:02}", a / 3600, a % 3600 / 60)
}

/// A zone as typed: its name as stored (an IANA name as the database spells it, or an
/// offset) and the zone.
fn parse_zone(text: &str) -> Result<(String, TimeZone), ClubError> {
    let text = text.trim();
    if text.chars().count() > 64 {
        return Err(Refusal::TooLong("time zone", text.chars().count(), 64).into());
    }
    if let Some(secs) = parse_offset(text) {
        let offset = Offset::from_seconds(secs).map_err(PlayerRefusal::Offset)?;
        return Ok((offset_name(secs), TimeZone::fixed(offset)));
    }
    // An IANA name is letters, digits and `/_-+`; anything else is not looked up.
    let plausible = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/_-+".contains(c));
    let found = plausible.then(|| TimeZone::get(text).ok()).flatten();
    match found {
        Some(tz) => Ok((tz.iana_name().unwrap_or(text).to_string(), tz)),
        None => Err(PlayerRefusal::NotAZone {
            text: text.to_string(),
        }
        .into()),
    }
}

/// The zone a stored name names (an unknown one, which the club never writes, reads as UTC).
pub(crate) fn zone(name: &str) -> TimeZone {
    match parse_offset(name) {
        Some(secs) => Offset::from_seconds(secs).map_or(TimeZone::UTC, TimeZone::fixed),
        None => TimeZone::get(name).unwrap_or(TimeZone::UTC),
    }
}

/// The local day of `at` in `tz`.
pub(crate) fn local_day(tz: &TimeZone, at: i64) -> Date {
    Timestamp::from_second(at)
        .unwrap_or(Timestamp::UNIX_EPOCH)
        .to_zoned(tz.clone())
        .date()
}

/// The first moment after `now` when it is `minute` o'clock local time in `tz` on a day
/// after `done` (the day of the last one sent, if any): when the next digest is due.
fn next_due(tz: &TimeZone, minute: i64, now: i64, done: Option<Date>) -> i64 {
    let mut day = local_day(tz, now);
    let (h, m) = (
        i8::try_from(minute / 60).unwrap_or(0),
        i8::try_from(minute % 60).unwrap_or(0),
    );
    for _ in 0..4 {
        let at = day
            .at(h, m, 0, 0)
            .to_zoned(tz.clone())
            .map_or(now, |z| z.timestamp().as_second());
        if at > now && done.is_none_or(|d| day > d) {
            return at;
        }
        match day.tomorrow() {
            Ok(d) => day = d,
            Err(_) => break,
        }
    }
    now + crate::DAY
}

/// `08:30`.
fn minute_words(minute: i64) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// What the settings do to the digest, checked: the write, and its words for the
/// answer. A refusal changes nothing.
pub(super) async fn digest_change(
    club: &Club,
    me: &PlayerRow,
    o: &DigestOptions,
) -> Result<(DigestWrite, Option<DigestRow>), ClubError> {
    let now = club.clock.now();
    let current = club.store.digest_of(me.id).await?;
    if o.daily == Some(false) {
        if o.at.is_some() || o.tz.is_some() {
            return Err(PlayerRefusal::DigestOffWithTime.into());
        }
        return Ok((DigestWrite::Off, None));
    }
    if !o.any() {
        return Ok((DigestWrite::Keep, current));
    }
    if o.daily.is_none() && current.is_none() {
        return Err(PlayerRefusal::DigestIsOff.into());
    }
    let minute = match &o.at {
        Some(t) => parse_at(t)?,
        None => current.as_ref().map_or(DEFAULT_MINUTE, |c| c.minute),
    };
    let (name, tz) = match &o.tz {
        Some(t) => parse_zone(t)?,
        None => {
            let name = current
                .as_ref()
                .map_or_else(|| DEFAULT_ZONE.to_string(), |c| c.tz.clone());
            let tz = zone(&name);
            (name, tz)
        }
    };
    let last_day = current.as_ref().and_then(|c| c.last_day.clone());
    let done = last_day.as_deref().and_then(|d| d.parse::<Date>().ok());
    let row = DigestRow {
        player_id: me.id,
        minute,
        tz: name,
        next_at: next_due(&tz, minute, now, done),
        last_day,
    };
    Ok((DigestWrite::Set(row.clone()), Some(row)))
}

/// The digest in words, for the settings' answer.
pub(super) fn digest_words(club: &Club, d: Option<&DigestRow>) -> String {
    match d {
        None => "daily digest off".into(),
        Some(d) => format!(
            "daily digest at {} {} (the next in {})",
            minute_words(d.minute),
            d.tz,
            crate::duration_words(d.next_at - club.clock.now())
        ),
    }
}

/// Sends the digests that are due: each claimed for its local day (one process sends
/// it, once), then its player's waiting matches composed; nothing when nothing waits.
pub(super) async fn digest_sweep(club: &Club) -> Result<Vec<Notice>, ClubError> {
    let mut notices = Vec::new();
    match digest_batches(club, &mut notices).await {
        // The digests of the batches done before the error are still sent.
        Err(e) if !notices.is_empty() => {
            tracing::warn!(error = %e, sent = notices.len(), "a batch of digests failed");
            Ok(notices)
        }
        Err(e) => Err(e),
        Ok(()) => Ok(notices),
    }
}

/// The digests due, batch by batch, each batch claimed then composed into `notices`.
async fn digest_batches(club: &Club, notices: &mut Vec<Notice>) -> Result<(), ClubError> {
    let now = club.clock.now();
    loop {
        let started = std::time::Instant::now();
        let due = club.store.digests_due(now, BATCH).await?;
        if due.is_empty() {
            break;
        }
        let claims: Vec<(i64, i64, i64, String)> = due
            .iter()
            .map(|(d, _)| {
                let tz = zone(&d.tz);
                let day = local_day(&tz, now);
                (
                    d.player_id,
                    d.next_at,
                    next_due(&tz, d.minute, now, Some(day)),
                    day.to_string(),
                )
            })
            .collect();
        // Composed before the claim, so that each digest is written with its claim, in
        // one transaction: a digest claimed is never lost.
        let players: Vec<PlayerRow> = due.into_iter().map(|(_, p)| p).collect();
        let composed = compose_digests(club, &players, now).await?;
        let owed: Vec<(i64, store::Owed)> = composed
            .iter()
            .filter_map(|n| {
                let p = players.iter().find(|p| p.platform_id == n.user_id)?;
                Some(
                    crate::outbox::rows::notice_rows(n)
                        .into_iter()
                        .map(move |o| (p.id, o)),
                )
            })
            .flatten()
            .collect();
        let claimed = club.store.claim_digests(&claims, &owed, now).await?;
        let won: std::collections::HashSet<&str> = players
            .iter()
            .zip(claimed)
            .filter_map(|(p, won)| won.then_some(p.platform_id.as_str()))
            .collect();
        notices.extend(
            composed
                .into_iter()
                .filter(|n| won.contains(n.user_id.as_str())),
        );
        if claims.len() < usize::try_from(BATCH).unwrap_or(usize::MAX) {
            break;
        }
        // Paced: a morning's thousands of digests take a few seconds more to go out,
        // and the commands answered meanwhile keep their pace.
        tokio::time::sleep(started.elapsed() * PACE).await;
    }
    Ok(())
}

/// The digests of `players` at `now`: one direct message each for those some match
/// waits on.
pub(super) async fn compose_digests(
    club: &Club,
    players: &[PlayerRow],
    now: i64,
) -> Result<Vec<Notice>, ClubError> {
    let links = super::waiting::waiting_links(club);
    let mut notices = Vec::new();
    for chunk in players.chunks(READ_CHUNK) {
        let ids: Vec<i64> = chunk.iter().map(|p| p.id).collect();
        // Read by the waiting columns; only matches written before them are decoded
        // (on the low-priority thread, so that the commands answered meanwhile take
        // the cores first).
        let lists = super::waiting::waiting_of(club, &ids, None, now, true).await?;
        let linked = super::waiting::waiting_linked(club, lists.values(), &links).await?;
        for p in chunk {
            let Some(list) = lists.get(&p.id).filter(|l| !l.is_empty()) else {
                continue;
            };
            let lines = super::waiting::waiting_lines(list, now, &links, &linked);
            // The drill cards due, when there are some (room kept for the line).
            let due = club.store.drills_due(p.id, now).await?;
            let drills = (due > 0).then(|| {
                format!(
                    "{due} drill card{} of your own mistakes {} due: /drill",
                    if due == 1 { "" } else { "s" },
                    if due == 1 { "is" } else { "are" }
                )
            });
            let room = links
                .message_chars
                .map(|m| m.saturating_sub(drills.as_ref().map_or(0, |d| d.len() + 1)));
            let mut text = digest_lines(&p.display_name, lines, room);
            text.extend(drills);
            notices.push(Notice {
                match_id: list[0].match_id.into(),
                channel: String::new(),
                user_id: p.platform_id.clone(),
                dm: true,
                text: text.join("\n"),
            });
        }
        tokio::task::yield_now().await;
    }
    Ok(notices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_day_are_hours_and_minutes_within_a_day() {
        assert_eq!(parse_at("08:30").unwrap(), 510);
        assert_eq!(parse_at("0:05").unwrap(), 5);
        assert_eq!(parse_at("23:59").unwrap(), 1439);
        for bad in [
            "24:00", "8", "08:60", "8:5", "-1:00", "ab:cd", "08:30:00", "",
        ] {
            assert!(parse_at(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_time_or_zone_that_is_none_is_refused_as_a_bad_option_with_the_text_given() {
        use crate::{PlayerRefusal as P, Refusal};
        let e = parse_at("25:00").unwrap_err();
        assert!(
            matches!(&e, ClubError::Refused(Refusal::Player(P::NotATime { text })) if text == "25:00"),
            "{e}"
        );
        let e = parse_zone("Mars/Olympus_Mons").unwrap_err();
        assert!(
            matches!(&e, ClubError::Refused(Refusal::Player(P::NotAZone { text })) if text == "Mars/Olympus_Mons"),
            "{e}"
        );
        assert_eq!(
            e.to_string().split(' ').next(),
            Some("tz:Mars/Olympus_Mons")
        );
    }

    #[test]
    fn offsets_read_with_or_without_utc_and_are_stored_one_way() {
        assert_eq!(parse_offset("+02:00"), Some(7200));
        assert_eq!(parse_offset("UTC-5"), Some(-18_000));
        assert_eq!(parse_offset("gmt+5:30"), Some(19_800));
        assert_eq!(parse_offset("UTC"), Some(0));
        assert_eq!(parse_offset("+15"), None);
        assert_eq!(parse_offset("Europe/London"), None);
        assert_eq!(offset_name(-19_800), "-05:30");
        assert_eq!(offset_name(0), "UTC");
    }

    #[test]
    fn the_next_digest_is_on_a_day_after_the_last_one_sent() {
        let tz = TimeZone::UTC;
        // 2027-01-15 08:00 UTC
        let now = 1_800_000_000;
        assert_eq!(next_due(&tz, 9 * 60, now, None), now + 3600);
        assert_eq!(next_due(&tz, 7 * 60, now, None), now + 23 * 3600);
        let today = local_day(&tz, now);
        assert_eq!(next_due(&tz, 9 * 60, now, Some(today)), now + 25 * 3600);
    }
}
