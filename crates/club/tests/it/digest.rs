//! The matches waiting on a player (`/games waiting`), the daily digest that sends them
//! (issue 35, "A digest") and the low-time notice ("Low time"): the list's order and
//! links, nothing sent when nothing waits, one digest a day at the local time in the
//! player's zone, none sent twice across a restart, low time said once per match, and bad
//! times and zones refused with nothing changed.

use std::sync::Arc;

use club::Refusal;
use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, ClubError, Command, DAY, DigestOptions, Look, MatchOp,
    MatchRef, Notice, PlayerOp, RngDice, WaitingLinks,
};
use clubkit::{Fixture, START, refused, run};
use testkit::store_url;

const HOUR: i64 = 3600;

async fn open(name: &str) -> Fixture {
    Fixture::seeded(&store_url(name).await, 7).await
}

/// A 3-point match of `x` against `y` with `per_move` seconds a decision, accepted and
/// played on until `who` must act: its id.
async fn waiting_on(club: &Club, x: &str, y: &str, per_move: i64, who: &str) -> club::MatchNo {
    let mut spec = ChallengeSpec::standard(Some(3));
    spec.time.per_move = per_move;
    let (id, out) = clubkit::accepted(club, x, y, spec).await;
    let mut next = out.next.unwrap().name;
    while next != who {
        let m = MatchRef::id(id);
        let plays = club.legal_moves(&Actor::local(&next), m).await.unwrap();
        let out = run(
            club,
            &next,
            Command::Match(m, MatchOp::Move(plays[0].clone())),
        )
        .await;
        next = out.next.unwrap().name;
    }
    id
}

/// Moves the test's clock to `t`.
fn at(f: &Fixture, t: i64) {
    f.clock.advance(t - f.club.now());
}

fn settings(daily: Option<bool>, at: Option<&str>, tz: Option<&str>) -> Command {
    Command::Player(PlayerOp::Settings {
        auto_roll: None,
        notify_dm: None,
        digest: DigestOptions {
            daily,
            at: at.map(Into::into),
            tz: tz.map(Into::into),
        },
    })
}

/// The digests among a sweep's notices.
fn digests(notices: &[Notice]) -> Vec<&Notice> {
    notices
        .iter()
        .filter(|n| n.text.starts_with("Your daily digest"))
        .collect()
}

/// Links as a test adapter makes them.
fn test_links() -> WaitingLinks {
    WaitingLinks {
        page: Some(Arc::new(|t: &str| format!("https://pages.test/m/{t}"))),
        place: Some(Arc::new(|g: &str, c: &str, m: Option<&str>| {
            Some(match m {
                Some(m) => format!("jump:{g}/{c}/{m}"),
                None => format!("jump:{g}/{c}"),
            })
        })),
        message_chars: None,
    }
}

#[tokio::test]
async fn games_waiting_lists_what_waits_on_the_player_nearest_deadline_first_with_links() {
    let f = open("digest-order").await;
    f.club.set_waiting_links(test_links());
    // Given alice's turn in a match with three days a decision and in one with one day,
    // carol's turn in a third, and erin's challenge to alice (it expires in seven days)
    let slow = waiting_on(&f.club, "alice", "bob", 3 * DAY, "alice").await;
    let fast = waiting_on(&f.club, "alice", "dave", DAY, "alice").await;
    let theirs = waiting_on(&f.club, "alice", "carol", DAY, "carol").await;
    let challenge = run(
        &f,
        "erin",
        Command::Challenge(ChallengeOp::New {
            opponent: "alice".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await
    .match_id
    .unwrap();
    // When alice asks what waits on her
    let lines = run(&f, "alice", Command::Look(Look::Waiting)).await.lines;
    // Then the head, then the three in deadline order: 6 days, 7 days, 8 days
    assert_eq!(lines.len(), 4, "{lines:#?}");
    assert!(lines[0].contains("alice (3 matches"), "{}", lines[0]);
    for (line, (id, who)) in
        lines[1..]
            .iter()
            .zip([(fast, "dave"), (challenge, "erin"), (slow, "bob")])
    {
        assert!(
            line.starts_with(&format!("#{id} against {who}: ")),
            "#{id}: {line}"
        );
        let token = f.club.web().match_link(id).await.unwrap();
        assert!(
            line.contains(&format!("(web page: https://pages.test/m/{token})")),
            "{line}"
        );
        assert!(line.contains("(match: jump:local/local)"), "{line}");
    }
    assert!(lines[1].contains("6 days left"), "{}", lines[1]);
    assert!(lines[2].contains("/accept #"), "{}", lines[2]);
    assert!(lines[3].contains("8 days left"), "{}", lines[3]);
    // And carol's turn is not alice's to take
    assert!(
        !lines.iter().any(|l| l.starts_with(&format!("#{theirs} "))),
        "{lines:#?}"
    );
}

#[tokio::test]
async fn a_waiting_match_links_the_message_that_last_showed_its_board() {
    let f = open("digest-board-message").await;
    f.club.set_waiting_links(test_links());
    // Given alice's turn in a match whose board was last shown as message m-9 in a thread
    let id = waiting_on(&f.club, "alice", "bob", DAY, "alice").await;
    f.store
        .board_posted(id.get(), "thread-2", "m-8", START)
        .await
        .unwrap();
    f.store
        .board_posted(id.get(), "thread-2", "m-9", START + 5)
        .await
        .unwrap();
    // When she asks what waits on her
    let lines = run(&f, "alice", Command::Look(Look::Waiting)).await.lines;
    // Then its line jumps to that message, the last one
    assert!(
        lines[1].contains("(match: jump:local/thread-2/m-9)"),
        "{lines:#?}"
    );
}

#[tokio::test]
async fn nothing_is_sent_when_nothing_waits() {
    let f = open("digest-nothing").await;
    // Given bob's digest at 09:00 UTC and only alice's turn in their match
    waiting_on(&f.club, "alice", "bob", DAY, "alice").await;
    run(&f, "bob", settings(Some(true), Some("09:00"), Some("UTC"))).await;
    // When 09:00 comes
    at(&f, START + HOUR);
    let notices = f.club.sweep().await.unwrap();
    // Then bob is sent nothing, and /games waiting tells him nothing waits
    assert!(digests(&notices).is_empty(), "{notices:#?}");
    let lines = run(&f, "bob", Command::Look(Look::Waiting)).await.lines;
    assert!(
        lines[0].starts_with("Nothing waits for you here, bob"),
        "{lines:?}"
    );
}

#[tokio::test]
async fn the_digest_is_sent_once_a_day_at_the_local_time() {
    let f = open("digest-daily").await;
    let id = waiting_on(&f.club, "alice", "bob", DAY, "alice").await;
    // Given alice's digest at 09:00 UTC (the clock stands at 08:00 UTC)
    let said = run(&f, "alice", settings(Some(true), Some("09:00"), None)).await;
    assert!(
        said.lines[0].contains("daily digest at 09:00 UTC (the next in 1 hour)"),
        "{:?}",
        said.lines
    );
    // When the sweep runs at 08:59: nothing yet
    at(&f, START + HOUR - 60);
    assert!(digests(&f.club.sweep().await.unwrap()).is_empty());
    // At 09:00: one direct message to alice listing the match
    at(&f, START + HOUR);
    let notices = f.club.sweep().await.unwrap();
    let sent = digests(&notices);
    assert_eq!(sent.len(), 1, "{notices:#?}");
    assert_eq!((sent[0].user_id.as_str(), sent[0].dm), ("alice", true));
    assert!(
        sent[0].channel.is_empty(),
        "a direct message, not a channel post"
    );
    assert!(
        sent[0].text.contains(&format!("#{id} against bob: ")),
        "{}",
        sent[0].text
    );
    // Later the same day: none again
    at(&f, START + 10 * HOUR);
    assert!(digests(&f.club.sweep().await.unwrap()).is_empty());
    // The next day at 09:00: the next one
    at(&f, START + DAY + HOUR);
    assert_eq!(digests(&f.club.sweep().await.unwrap()).len(), 1);
}

#[tokio::test]
async fn the_digest_follows_the_players_time_zone() {
    let f = open("digest-zone").await;
    waiting_on(&f.club, "alice", "bob", 2 * DAY, "alice").await;
    waiting_on(&f.club, "carol", "dave", 2 * DAY, "carol").await;
    // Given alice's digest at 09:00 in New York (UTC-5 in January: 14:00 UTC) and
    // carol's at 09:00 at UTC+02:00 (07:00 UTC: tomorrow, it is 10:00 there now)
    run(
        &f,
        "alice",
        settings(Some(true), Some("09:00"), Some("America/New_York")),
    )
    .await;
    let said = run(
        &f,
        "carol",
        settings(Some(true), Some("09:00"), Some("UTC+2")),
    )
    .await;
    assert!(
        said.lines[0].contains("09:00 +02:00 (the next in 23 hours)"),
        "{:?}",
        said.lines
    );
    // When the sweep runs at 13:59 UTC: nothing; at 14:00 UTC: alice's alone
    at(&f, START + 6 * HOUR - 60);
    assert!(digests(&f.club.sweep().await.unwrap()).is_empty());
    at(&f, START + 6 * HOUR);
    let notices = f.club.sweep().await.unwrap();
    let users: Vec<&str> = digests(&notices)
        .iter()
        .map(|n| n.user_id.as_str())
        .collect();
    assert_eq!(users, ["alice"]);
    // At 07:00 UTC the next day: carol's alone
    at(&f, START + 23 * HOUR);
    let notices = f.club.sweep().await.unwrap();
    let users: Vec<&str> = digests(&notices)
        .iter()
        .map(|n| n.user_id.as_str())
        .collect();
    assert_eq!(users, ["carol"]);
}

#[tokio::test]
async fn a_restart_or_a_new_time_the_same_day_does_not_send_the_days_digest_again() {
    let f = open("digest-restart").await;
    waiting_on(&f.club, "alice", "bob", 2 * DAY, "alice").await;
    run(&f, "alice", settings(Some(true), Some("09:00"), None)).await;
    at(&f, START + HOUR);
    assert_eq!(digests(&f.club.sweep().await.unwrap()).len(), 1);
    // When the bot starts again on the same database and sweeps
    let again = Club::new(
        f.store.clone(),
        Arc::new(RngDice::seeded(1)),
        f.clock.clone(),
    );
    at(&f, START + HOUR + 60);
    // Then the day's digest is not sent again
    assert!(digests(&again.sweep().await.unwrap()).is_empty());
    // Nor when alice moves it to 20:00 the same day: the next comes tomorrow at 20:00
    let said = run(&again, "alice", settings(None, Some("20:00"), None)).await;
    assert!(
        said.lines[0].contains("(the next in 1 day 10 hours)"),
        "{:?}",
        said.lines
    );
    at(&f, START + 12 * HOUR);
    assert!(digests(&again.sweep().await.unwrap()).is_empty());
    at(&f, START + DAY + 12 * HOUR);
    assert_eq!(digests(&again.sweep().await.unwrap()).len(), 1);
}

#[tokio::test]
async fn digest_off_stops_it() {
    let f = open("digest-off").await;
    waiting_on(&f.club, "alice", "bob", 2 * DAY, "alice").await;
    run(&f, "alice", settings(Some(true), Some("09:00"), None)).await;
    let said = run(&f, "alice", settings(Some(false), None, None)).await;
    assert!(
        said.lines[0].ends_with("daily digest off"),
        "{:?}",
        said.lines
    );
    at(&f, START + HOUR);
    assert!(digests(&f.club.sweep().await.unwrap()).is_empty());
}

/// The low-time notices among a sweep's.
fn low_time(notices: &[Notice]) -> Vec<&Notice> {
    notices
        .iter()
        .filter(|n| n.text.starts_with("Low time"))
        .collect()
}

#[tokio::test]
async fn low_time_is_said_once_per_match_when_the_bank_falls_below_a_day() {
    let f = open("digest-low-time").await;
    let club = Club::new(
        f.store.clone(),
        Arc::new(RngDice::seeded(3)),
        f.clock.clone(),
    )
    .with_low_time(DAY);
    // Given alice to act with one day a decision and a bank of two: her bank falls below
    // a day two days from now (the deadline is in three)
    let mut spec = ChallengeSpec::standard(Some(3));
    spec.time.per_move = DAY;
    spec.time.bank = 2 * DAY;
    let (id, out) = clubkit::accepted(&club, "alice", "bob", spec).await;
    let who = out.next.unwrap().name;
    // When the sweep runs a minute before: nothing
    at(&f, START + 2 * DAY - 60);
    assert!(low_time(&club.sweep().await.unwrap()).is_empty());
    // A minute after: the player to act is told, in the match's channel
    at(&f, START + 2 * DAY + 60);
    let notices = club.sweep().await.unwrap();
    let told = low_time(&notices);
    assert_eq!(told.len(), 1, "{notices:#?}");
    assert_eq!(told[0].user_id, who);
    assert_eq!(told[0].channel, "local");
    assert!(
        told[0].text.contains(&format!("match #{id} against ")),
        "{}",
        told[0].text
    );
    assert!(
        told[0].text.contains("down to 23 hours 59 minutes"),
        "{}",
        told[0].text
    );
    // Then not again: at the next sweep, after a restart, nor at his next decision
    at(&f, START + 2 * DAY + 120);
    assert!(low_time(&club.sweep().await.unwrap()).is_empty());
    let again = Club::new(
        f.store.clone(),
        Arc::new(RngDice::seeded(1)),
        f.clock.clone(),
    )
    .with_low_time(DAY);
    assert!(low_time(&again.sweep().await.unwrap()).is_empty());
    let m = MatchRef::id(id);
    let plays = again.legal_moves(&Actor::local(&who), m).await.unwrap();
    if plays.is_empty() {
        run(&again, &who, Command::Match(m, MatchOp::Roll)).await;
    } else {
        run(
            &again,
            &who,
            Command::Match(m, MatchOp::Move(plays[0].clone())),
        )
        .await;
    }
    at(&f, START + 2 * DAY + 180);
    assert!(low_time(&again.sweep().await.unwrap()).is_empty());
}

#[tokio::test]
async fn bad_times_and_zones_are_refused_and_change_nothing() {
    let f = open("digest-refusals").await;
    run(&f, "alice", settings(None, None, None)).await;
    let before = f.store.fingerprint().await.unwrap();
    for (cmd, says) in [
        (
            settings(Some(true), Some("25:00"), None),
            "at:25:00 is not a time of day",
        ),
        (settings(Some(true), Some("9"), None), "write it as HH:MM"),
        (
            settings(Some(true), None, Some("Mars/Olympus_Mons")),
            "tz:Mars/Olympus_Mons is not a time zone",
        ),
        (
            settings(Some(true), None, Some("UTC+15")),
            "is not a time zone",
        ),
        (settings(None, Some("09:00"), None), "add digest:daily"),
        (
            settings(Some(false), Some("09:00"), None),
            "digest:off takes no at:",
        ),
    ] {
        // The auto-roll asked for in the same command is not set either
        let cmd = match cmd {
            Command::Player(PlayerOp::Settings { digest, .. }) => {
                Command::Player(PlayerOp::Settings {
                    auto_roll: Some(true),
                    notify_dm: None,
                    digest,
                })
            }
            other => other,
        };
        let e = refused(&f, "alice", cmd).await;
        assert!(matches!(e, ClubError::Refused(Refusal::Player(_))), "{e:?}");
        assert!(e.to_string().contains(says), "{e}");
        assert_eq!(f.store.fingerprint().await.unwrap(), before, "{says}");
    }
}
