//! Vacations (docs/vacation.md): the yearly allowance, the clock of a turn waiting on a
//! player on vacation moved on by the time away, the sweep never timing him out, coming
//! back early, a league that allows no vacation, a vacation kept across a restart, and
//! the refusals that change nothing.

use club::{
    ChallengeSpec, Command, DAY, Format, LeagueCommand, LeagueOp, Look, MatchOp, Notice, PlayerOp,
    VacationOp,
};
use store::MatchStatus;

use clubkit::{Fixture, START, accepted, refused, run};
use testkit::store_url;

fn vacation(op: VacationOp) -> Command {
    Command::Player(PlayerOp::Vacation(op))
}

/// A 3-point match between alice and bob, accepted: its id and (lower-case) who is to
/// act, then the other.
async fn a_match(f: &Fixture) -> (i64, String, String) {
    let (id, out) = accepted(f, "alice", "bob", ChallengeSpec::standard(Some(3))).await;
    let waiting = out.next.expect("someone is to act").user_id;
    let other = if waiting == "alice" { "bob" } else { "alice" };
    (id.get(), waiting, other.to_string())
}

async fn deadline(f: &Fixture, id: i64) -> i64 {
    f.store
        .load_match(id)
        .await
        .unwrap()
        .unwrap()
        .deadline_at
        .expect("a deadline")
}

fn told(notices: &[Notice], user: &str, words: &str) -> bool {
    notices
        .iter()
        .any(|n| n.user_id == user && n.text.contains(words))
}

#[tokio::test]
async fn a_vacation_moves_the_deadline_waiting_on_him_by_its_length_and_tells_the_opponent() {
    // Given a match waiting on one player, with its deadline
    let f = Fixture::seeded(&store_url("vacation-pause").await, 3).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    // When he goes on vacation for 10 days
    let out = run(&f, &me, vacation(VacationOp::Take(10))).await;
    // Then the deadline moves on by 10 days, his opponent is told, and he sees the days
    assert_eq!(deadline(&f, id).await, before + 10 * DAY);
    assert!(
        told(&out.notices, &other, "is on vacation until"),
        "{:?}",
        out.notices
    );
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("10 of 15 vacation days used")),
        "{:?}",
        out.lines
    );
}

#[tokio::test]
async fn the_sweep_never_times_out_a_player_on_vacation_and_his_clock_runs_again_after() {
    // Given a player on vacation for 10 days in a match waiting on him (2 days a move,
    // a 5-day bank: 7 days to act)
    let f = Fixture::seeded(&store_url("vacation-sweep").await, 4).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    run(&f, &me, vacation(VacationOp::Take(10))).await;
    // When 9 days pass and the sweep runs
    f.clock.advance(9 * DAY);
    let notices = f.club.sweep().await.unwrap();
    // Then he is neither timed out nor reminded
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.status, MatchStatus::Active);
    assert!(notices.iter().all(|n| n.match_id != id), "{notices:?}");
    // When the vacation is over: both told, and his clock runs to the moved deadline
    f.clock.advance(DAY);
    let notices = f.club.sweep().await.unwrap();
    assert!(told(&notices, &other, "vacation is over"), "{notices:?}");
    assert!(told(&notices, &me, "your vacation is over"), "{notices:?}");
    f.clock.advance(before + 10 * DAY - 1 - f.club.now());
    f.club.sweep().await.unwrap();
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(
        row.status,
        MatchStatus::Active,
        "a second before the deadline"
    );
    f.clock.advance(before + 10 * DAY - f.club.now());
    f.club.sweep().await.unwrap();
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(
        row.status,
        MatchStatus::Finished,
        "timed out at the deadline"
    );
}

#[tokio::test]
async fn ended_early_the_deadline_keeps_only_the_time_away_and_each_day_begun_counts() {
    // Given a player on a 10-day vacation
    let f = Fixture::seeded(&store_url("vacation-end").await, 5).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    run(&f, &me, vacation(VacationOp::Take(10))).await;
    // When he comes back after two and a half days
    f.clock.advance(5 * DAY / 2);
    let out = run(&f, &me, vacation(VacationOp::End)).await;
    // Then his deadline was moved on by the time away only, three days count, and his
    // opponent is told
    assert_eq!(deadline(&f, id).await, before + 5 * DAY / 2);
    assert!(
        out.lines.iter().any(|l| l.contains("counts 3 days")),
        "{:?}",
        out.lines
    );
    assert!(told(&out.notices, &other, "is back from vacation"));
    let shown = run(&f, &me, vacation(VacationOp::Show)).await;
    assert!(
        shown
            .lines
            .iter()
            .any(|l| l.contains("3 of 15 vacation days used")),
        "{:?}",
        shown.lines
    );
    // And the sweep has no vacation left to end
    f.clock.advance(10 * DAY);
    let notices = f.club.sweep().await.unwrap();
    assert!(!told(&notices, &other, "vacation is over"), "{notices:?}");
}

#[tokio::test]
async fn the_allowance_is_the_servers_setting_and_bounds_the_days_of_the_year() {
    let f = Fixture::seeded(&store_url("vacation-allowance").await, 6).await;
    // The default is 15 days a year
    let out = run(&f, "alice", vacation(VacationOp::Show)).await;
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("0 of 15 vacation days used")),
        "{:?}",
        out.lines
    );
    // A manager sets 20
    let set = VacationOp::Allowance {
        days: Some(20),
        manager: true,
    };
    let out = run(&f, "alice", vacation(set)).await;
    assert_eq!(out.lines, ["Vacation allowance here: 20 days a year"]);
    // Two vacations of 12 and 8 days use it all
    run(&f, "alice", vacation(VacationOp::Take(12))).await;
    run(&f, "alice", vacation(VacationOp::End)).await;
    f.clock.advance(DAY);
    let e = refused(&f, "alice", vacation(VacationOp::Take(20))).await;
    assert!(e.to_string().contains("19 vacation days left"), "{e}");
    run(&f, "alice", vacation(VacationOp::Take(19))).await;
}

#[tokio::test]
async fn a_league_with_vacation_off_keeps_its_clocks_running() {
    let f = Fixture::seeded(&store_url("vacation-league").await, 7).await;
    let league = |op| Command::League(LeagueCommand::local(Some("Spring"), op));
    // Given a round robin of three whose organiser set vacation:off, started
    run(
        &f,
        "org",
        league(LeagueOp::Create {
            name: "Spring".into(),
            format: Format::RoundRobin,
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let set = LeagueOp::Set {
        key: "vacation".into(),
        value: "off".into(),
    };
    run(&f, "org", league(set)).await;
    for p in ["al", "bo", "cy"] {
        run(&f, p, league(LeagueOp::Join)).await;
    }
    run(&f, "org", league(LeagueOp::Start { order: None })).await;
    let al = f.store.find_player("local", "al").await.unwrap().unwrap();
    let here = f
        .store
        .find_community("local", "local")
        .await
        .unwrap()
        .unwrap();
    let ids = f.store.active_match_ids(al.id, here).await.unwrap();
    assert_eq!(ids.len(), 2);
    let mut before = Vec::new();
    for &id in &ids {
        before.push(f.store.load_match(id).await.unwrap().unwrap().deadline_at);
    }
    // When one of its players goes on vacation
    let out = run(&f, "al", vacation(VacationOp::Take(5))).await;
    // Then no deadline of his league matches moved, and he is told why
    for (&id, b) in ids.iter().zip(before) {
        assert_eq!(
            f.store.load_match(id).await.unwrap().unwrap().deadline_at,
            b
        );
    }
    let still = format!(
        "Your clock still runs in matches #{}, #{} (its league allows no vacation)",
        ids[0], ids[1]
    );
    assert!(out.lines.contains(&still), "{:?}", out.lines);
}

#[tokio::test]
async fn a_vacation_survives_a_restart_and_ends_on_time_after_it() {
    // Given a player on vacation, and the bot stopped
    let url = store_url("vacation-restart").await;
    let f = Fixture::seeded(&url, 8).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    run(&f, &me, vacation(VacationOp::Take(4))).await;
    f.store.close().await;
    drop(f);
    // When it starts again two days later
    let g = Fixture::open(
        &url,
        std::sync::Arc::new(club::RngDice::seeded(9)),
        START + 2 * DAY,
    )
    .await;
    // Then he is still on vacation, the moved deadline stands, and the sweep ends the
    // vacation when it is over
    let out = run(&g, &me, vacation(VacationOp::Show)).await;
    assert!(
        out.lines[0].contains("is on vacation until"),
        "{:?}",
        out.lines
    );
    assert_eq!(deadline(&g, id).await, before + 4 * DAY);
    assert!(g.club.sweep().await.unwrap().is_empty());
    g.clock.advance(2 * DAY);
    let notices = g.club.sweep().await.unwrap();
    assert!(told(&notices, &other, "vacation is over"), "{notices:?}");
}

#[tokio::test]
async fn bad_vacation_commands_are_refused_and_change_nothing() {
    let f = Fixture::seeded(&store_url("vacation-refusals").await, 10).await;
    let (_, me, _) = a_match(&f).await;
    let cases: [(VacationOp, &str); 6] = [
        (VacationOp::Take(16), "15 vacation days left"),
        (VacationOp::Take(0), "at least one day"),
        (VacationOp::Take(-3), "at least one day"),
        (VacationOp::End, "you are not on vacation"),
        (
            VacationOp::Allowance {
                days: Some(20),
                manager: false,
            },
            "right to manage this server",
        ),
        (
            VacationOp::Allowance {
                days: Some(400),
                manager: true,
            },
            "from 0 to 365",
        ),
    ];
    for (op, words) in cases {
        let kept = f.store.fingerprint().await.unwrap();
        let e = refused(&f, &me, vacation(op)).await;
        assert!(e.to_string().contains(words), "{op:?}: {e}");
        assert_eq!(f.store.fingerprint().await.unwrap(), kept, "{op:?}");
    }
    // Already on vacation: refused, nothing changed
    run(&f, &me, vacation(VacationOp::Take(3))).await;
    let kept = f.store.fingerprint().await.unwrap();
    let e = refused(&f, &me, vacation(VacationOp::Take(2))).await;
    assert!(e.to_string().contains("already on vacation"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), kept);
    // A malformed length is refused by the reader, with what to write
    let e = VacationOp::parse("next week").unwrap_err();
    assert!(e.to_string().contains("a number of days like 5d"), "{e}");
}

#[tokio::test]
async fn a_turn_that_comes_to_him_while_away_starts_when_the_vacation_ends() {
    // Given a match waiting on one player, whose opponent goes on vacation for 6 days
    let f = Fixture::seeded(&store_url("vacation-turn").await, 11).await;
    let (id, me, other) = a_match(&f).await;
    let m = club::MatchRef::id(id);
    run(&f, &other, vacation(VacationOp::Take(6))).await;
    // When a day later the player plays and the turn passes to the one away
    f.clock.advance(DAY);
    let play = f
        .club
        .legal_moves(&club::Actor::local(&me), m)
        .await
        .unwrap()
        .remove(0);
    let out = run(&f, &me, Command::Match(m, MatchOp::Move(play))).await;
    assert_eq!(
        out.next.as_ref().map(|n| n.user_id.as_str()),
        Some(other.as_str())
    );
    // Then his turn starts when the vacation ends: the whole clock (2 days a move, a
    // 5-day bank) from then on
    let row = f.store.load_match(id).await.unwrap().unwrap();
    let back = START + 6 * DAY;
    assert_eq!(row.turn_started_at, Some(back));
    assert_eq!(row.deadline_at, Some(back + 7 * DAY));
    // And come back early on day 3, his turn started on his return
    f.clock.advance(DAY);
    run(&f, &other, vacation(VacationOp::End)).await;
    let row = f.store.load_match(id).await.unwrap().unwrap();
    assert_eq!(row.turn_started_at, Some(START + 2 * DAY));
    assert_eq!(row.deadline_at, Some(START + 9 * DAY));
}

#[tokio::test]
async fn a_reminder_due_as_the_vacation_ends_is_sent_and_moves_the_deadline_no_further() {
    // Given a player with 6 hours left to act who goes away for 2 days
    let f = Fixture::seeded(&store_url("vacation-reminder").await, 14).await;
    let (id, me, _) = a_match(&f).await;
    let before = deadline(&f, id).await;
    f.clock.advance(before - 6 * 3600 - f.club.now());
    run(&f, &me, vacation(VacationOp::Take(2))).await;
    assert_eq!(deadline(&f, id).await, before + 2 * DAY);
    // When the sweep runs as the vacation ends (his reminder comes then)
    f.clock.advance(2 * DAY);
    let notices = f.club.sweep().await.unwrap();
    // Then he is reminded, and the deadline is where the vacation put it
    assert!(
        notices
            .iter()
            .any(|n| n.match_id == id && n.text.starts_with("Reminder:")),
        "{notices:?}"
    );
    assert_eq!(deadline(&f, id).await, before + 2 * DAY);
}

/// `/vacation from:… to:…` as typed.
fn dates(words: &str) -> Command {
    vacation(VacationOp::parse(words).expect("dates read"))
}

/// 2027-01-17 00:00 UTC (START is 2027-01-15 08:00 UTC).
const JAN_17: i64 = START + 40 * 3600;

#[tokio::test]
async fn a_vacation_planned_by_dates_begins_at_its_start_even_after_a_restart() {
    // Given a match waiting on one player, who plans a vacation from the 17th to the
    // 19th (UTC: he set no time zone)
    let url = store_url("vacation-planned").await;
    let f = Fixture::seeded(&url, 15).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    let out = run(&f, &me, dates("from:2027-01-17 to:2027-01-19")).await;
    // Then it is planned: nothing moves yet, nobody is told, its 3 days count
    assert!(out.lines[0].contains("dates in UTC"), "{:?}", out.lines);
    assert!(
        out.lines[0].contains("from 2027-01-17 00:00 UTC to 2027-01-20 00:00 UTC"),
        "{:?}",
        out.lines
    );
    assert!(out.notices.is_empty(), "{:?}", out.notices);
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("3 of 15 vacation days used in 2027")),
        "{:?}",
        out.lines
    );
    assert_eq!(deadline(&f, id).await, before);
    // When the bot stops, and starts again a second before the vacation
    f.store.close().await;
    drop(f);
    let g = Fixture::open(
        &url,
        std::sync::Arc::new(club::RngDice::seeded(16)),
        JAN_17 - 1,
    )
    .await;
    let notices = g.club.sweep().await.unwrap();
    assert!(!told(&notices, &other, "on vacation"), "{notices:?}");
    assert_eq!(deadline(&g, id).await, before);
    // Then at its start the sweep begins it: the clock moves on by its 3 days, both told
    g.clock.advance(1);
    let notices = g.club.sweep().await.unwrap();
    assert!(
        told(
            &notices,
            &other,
            "is on vacation until 2027-01-20 00:00 UTC"
        ),
        "{notices:?}"
    );
    assert!(
        told(&notices, &me, "your planned vacation has begun"),
        "{notices:?}"
    );
    assert_eq!(deadline(&g, id).await, before + 3 * DAY);
    // And begun once: the next sweep tells nobody again
    assert!(!told(&g.club.sweep().await.unwrap(), &other, "on vacation"));
    // Back a day later: the deadline keeps the day away only
    g.clock.advance(DAY);
    let out = run(&g, &me, vacation(VacationOp::End)).await;
    assert!(out.lines[0].contains("counts 1 day"), "{:?}", out.lines);
    assert_eq!(deadline(&g, id).await, before + DAY);
}

#[tokio::test]
async fn vacation_end_cancels_a_planned_vacation_and_gives_its_days_back() {
    let f = Fixture::seeded(&store_url("vacation-cancel").await, 17).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    run(&f, &me, dates("from:2027-01-17 to:2027-01-19")).await;
    let shown = run(&f, &me, vacation(VacationOp::Show)).await;
    assert!(
        shown.lines[0].starts_with("Planned: a vacation from 2027-01-17 00:00 UTC"),
        "{:?}",
        shown.lines
    );
    // When he cancels it
    let out = run(&f, &me, vacation(VacationOp::End)).await;
    assert!(out.lines[0].contains("is cancelled"), "{:?}", out.lines);
    assert!(
        out.lines
            .iter()
            .any(|l| l.contains("0 of 15 vacation days used")),
        "{:?}",
        out.lines
    );
    // Then it never begins
    f.clock.advance(JAN_17 - f.club.now());
    let notices = f.club.sweep().await.unwrap();
    assert!(!told(&notices, &other, "on vacation"), "{notices:?}");
    assert_eq!(deadline(&f, id).await, before);
}

#[tokio::test]
async fn the_dates_are_read_in_the_time_zone_of_his_digest_settings() {
    let f = Fixture::seeded(&store_url("vacation-zone").await, 18).await;
    let (id, me, _) = a_match(&f).await;
    let before = deadline(&f, id).await;
    run(
        &f,
        &me,
        Command::Player(PlayerOp::Settings {
            auto_roll: None,
            notify_dm: None,
            digest: club::DigestOptions {
                daily: Some(true),
                at: None,
                tz: Some("+05:00".into()),
            },
        }),
    )
    .await;
    // The 17th at +05:00 begins at 19:00 UTC the day before
    let out = run(&f, &me, dates("from:2027-01-17 to:2027-01-17")).await;
    assert!(
        out.lines[0].contains("dates in +05:00, your time zone"),
        "{:?}",
        out.lines
    );
    assert!(
        out.lines[0].contains("1 day, from 2027-01-16 19:00 UTC to 2027-01-17 19:00 UTC"),
        "{:?}",
        out.lines
    );
    f.clock.advance(JAN_17 - 5 * 3600 - f.club.now());
    f.club.sweep().await.unwrap();
    assert_eq!(deadline(&f, id).await, before + DAY);
}

#[tokio::test]
async fn a_date_range_from_today_begins_now_and_ends_after_its_last_day() {
    let f = Fixture::seeded(&store_url("vacation-today").await, 19).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    // Today is the 15th (08:00 UTC): away to the end of the 16th, 2 days counted
    let out = run(&f, &me, dates("from:2027-01-15 to:2027-01-16")).await;
    assert!(
        out.lines[0].contains("on vacation for 2 days, until 2027-01-17 00:00 UTC"),
        "{:?}",
        out.lines
    );
    assert!(told(&out.notices, &other, "is on vacation until"));
    assert_eq!(deadline(&f, id).await, before + JAN_17 - START);
}

#[tokio::test]
async fn bad_date_ranges_are_refused_and_change_nothing() {
    let f = Fixture::seeded(&store_url("vacation-bad-dates").await, 20).await;
    let (_, me, _) = a_match(&f).await;
    run(&f, &me, dates("from:2027-02-01 to:2027-02-05")).await;
    let cases = [
        (
            "from:2027-02-10 to:2027-02-08",
            "to:2027-02-08 is before from:2027-02-10",
        ),
        (
            "from:2027-01-14 to:2027-01-20",
            "from:2027-01-14 has passed (today is 2027-01-15, dates in UTC",
        ),
        (
            "from:2027-03-01 to:2027-03-11",
            "10 vacation days left in 2027 (of 15)",
        ),
        (
            "from:2027-02-05 to:2027-02-06",
            "you have a vacation planned from 2027-02-01 00:00 UTC to 2027-02-06 00:00 UTC; a new one may not overlap it",
        ),
    ];
    for (words, refusal) in cases {
        let kept = f.store.fingerprint().await.unwrap();
        let e = refused(&f, &me, dates(words)).await;
        assert!(e.to_string().contains(refusal), "{words}: {e}");
        assert_eq!(f.store.fingerprint().await.unwrap(), kept, "{words}");
    }
    // A vacation from now may not run into the planned one either (with days enough)
    let more = VacationOp::Allowance {
        days: Some(40),
        manager: true,
    };
    run(&f, &me, vacation(more)).await;
    let kept = f.store.fingerprint().await.unwrap();
    let e = refused(&f, &me, vacation(VacationOp::Take(20))).await;
    assert!(e.to_string().contains("may not overlap"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), kept);
}

/// A round robin of al, bo and cy begun a day after al went away for 10 days: al's
/// matches as begun, and the id of one waiting on al.
async fn league_begun_while_away(f: &Fixture) -> (Vec<store::MatchRow>, i64) {
    let league = |op| Command::League(LeagueCommand::local(Some("Autumn"), op));
    // Given a round robin of three, and one of its players away for 10 days
    run(
        f,
        "org",
        league(LeagueOp::Create {
            name: "Autumn".into(),
            format: Format::RoundRobin,
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    for p in ["al", "bo", "cy"] {
        run(f, p, league(LeagueOp::Join)).await;
    }
    run(f, "al", vacation(VacationOp::Take(10))).await;
    // When the league starts a day later (its matches begin with their clocks running)
    f.clock.advance(DAY);
    run(f, "org", league(LeagueOp::Start { order: None })).await;
    let al = f.store.find_player("local", "al").await.unwrap().unwrap();
    let here = f
        .store
        .find_community("local", "local")
        .await
        .unwrap()
        .unwrap();
    let ids = f.store.active_match_ids(al.id, here).await.unwrap();
    assert_eq!(ids.len(), 2);
    let mut before = Vec::new();
    for &id in &ids {
        before.push(f.store.load_match(id).await.unwrap().unwrap());
    }
    let lines = run(f, "al", Command::Look(Look::Waiting)).await.lines;
    let waiting = lines
        .iter()
        .find_map(|l| l.strip_prefix('#')?.split(' ').next()?.parse::<i64>().ok())
        .expect("a match waiting on al");
    assert!(ids.contains(&waiting));
    (before, waiting)
}

#[tokio::test]
async fn back_early_a_league_match_begun_while_away_is_not_moved_back() {
    let f = Fixture::seeded(&store_url("vacation-league-begun").await, 23).await;
    let (before, waiting) = league_begun_while_away(&f).await;
    let m = before.iter().find(|m| m.id == waiting).unwrap();
    assert_eq!(
        m.turn_started_at,
        Some(START + DAY),
        "its clock runs from its start"
    );
    // And he comes back a day after that, 8 days early
    f.clock.advance(DAY);
    run(&f, "al", vacation(VacationOp::End)).await;
    // Then no match begun while he was away is moved back (the vacation never moved it on)
    for b in &before {
        let m = f.store.load_match(b.id).await.unwrap().unwrap();
        assert_eq!(
            (m.turn_started_at, m.deadline_at),
            (b.turn_started_at, b.deadline_at),
            "match #{}",
            b.id
        );
    }
}

#[tokio::test]
async fn back_early_a_league_match_that_came_due_while_away_keeps_the_time_away_after_it_began() {
    // Given al's league match begun on day 1 of his 10-day vacation, waiting on him (7
    // days to act: due on day 8)
    let f = Fixture::seeded(&store_url("vacation-league-due").await, 23).await;
    let (before, waiting) = league_begun_while_away(&f).await;
    let waiting = before.iter().find(|m| m.id == waiting).unwrap();
    let due = waiting.deadline_at.expect("a deadline");
    assert_eq!(due, START + 8 * DAY);
    // When the sweep finds it due on day 8 (spared), and al comes back on day 9
    f.clock.advance(due - f.club.now());
    f.club.sweep().await.unwrap();
    f.clock.advance(DAY);
    run(&f, "al", vacation(VacationOp::End)).await;
    // Then the match was moved on by the 8 days he was away since it began, no more
    let m = f.store.load_match(waiting.id).await.unwrap().unwrap();
    assert_eq!(m.status, MatchStatus::Active);
    assert_eq!(m.deadline_at, Some(due + 8 * DAY));
    assert_eq!(m.turn_started_at, Some(START + 9 * DAY));
}

#[tokio::test]
async fn a_vacation_begins_only_with_its_opponents_notice_in_the_outbox_written_once() {
    // Given a match waiting on one player, and no row writable to the outbox
    let url = store_url("vacation-owed").await;
    let f = Fixture::seeded(&url, 3).await;
    let (id, me, other) = a_match(&f).await;
    let before = deadline(&f, id).await;
    let pool = testkit::raw_pool(&url).await;
    sqlx::query("ALTER TABLE outbox RENAME TO outbox_gone")
        .execute(&pool)
        .await
        .unwrap();
    // When he goes on vacation: refused, and nothing moved
    let err = f
        .club
        .execute(&club::Actor::local(&me), vacation(VacationOp::Take(10)))
        .await;
    assert!(err.is_err(), "{err:?}");
    assert_eq!(deadline(&f, id).await, before);
    sqlx::query("ALTER TABLE outbox_gone RENAME TO outbox")
        .execute(&pool)
        .await
        .unwrap();
    // When he goes again with the outbox back
    run(&f, &me, vacation(VacationOp::Take(10))).await;
    // Then the opponent's notice is in the outbox once
    let rows: Vec<String> = f
        .store
        .outbox_rows()
        .await
        .unwrap()
        .into_iter()
        .filter(|(r, ..)| r.owed.body.contains("is on vacation until"))
        .map(|(r, ..)| r.owed.body)
        .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].starts_with(&other), "{rows:?}");
}
