//! Seasons that start by themselves: a recurring divisions league's next season after its
//! sign-up window (a restart during the window loses nothing), a knockout's check-in (the
//! absent dropped, the draw from the rest), and the threads a season the sweep starts owes
//! its matches. (`/league suggest` is in `suggest`.)

mod suggest;

use club::{ChallengeSpec, Command, DAY, Format, LeagueCommand, LeagueOp, MatchOp, MatchRef};
use clubkit::{Fixture, START, match_of, refused, run, who};
use engine::ResignLevel;
use testkit::store_url;

pub(super) fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

pub(super) fn set(name: &str, key: &str, value: &str) -> Command {
    league(
        name,
        LeagueOp::Set {
            key: key.into(),
            value: value.into(),
        },
    )
}

pub(super) async fn create(
    f: &Fixture,
    name: &str,
    format: Format,
    spec: ChallengeSpec,
    players: &[&str],
) {
    run(
        f,
        "org",
        league(
            name,
            LeagueOp::Create {
                name: name.into(),
                format,
                spec,
            },
        ),
    )
    .await;
    for p in players {
        run(f, p, league(name, LeagueOp::Join)).await;
    }
}

/// The league's row as stored.
async fn row(f: &Fixture, name: &str) -> store::LeagueRow {
    f.store.find_league(1, name).await.unwrap().unwrap()
}

/// Names of a division's table, sorted.
async fn division(f: &Fixture, name: &str, d: i64) -> Vec<String> {
    let mut names: Vec<String> = f
        .club
        .league_table(&who("org"), Some(name), d)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    names.sort();
    names
}

/// A divisions league (size 4, one mover, `recur:7d`) whose first season (a, b, c over
/// d, e, g) is played out, the lower seed winning every match; the last result's outcome.
async fn first_season_played(f: &Fixture) -> club::Outcome {
    create(
        f,
        "Ladder",
        Format::Divisions,
        ChallengeSpec::standard(Some(1)),
        &["a", "b", "c", "d", "e", "g"],
    )
    .await;
    for (k, v) in [("division-size", "4"), ("movers", "1"), ("recur", "7d")] {
        run(f, "org", set("Ladder", k, v)).await;
    }
    let order = ["a", "b", "c", "d", "e", "g"].map(String::from).to_vec();
    run(
        f,
        "org",
        league("Ladder", LeagueOp::Start { order: Some(order) }),
    )
    .await;
    let mut last = None;
    for (w, lo) in [
        ("c", "a"),
        ("c", "b"),
        ("b", "a"),
        ("g", "d"),
        ("g", "e"),
        ("e", "d"),
    ] {
        let m = match_of(f, "Ladder", w, lo).await;
        run(
            f,
            lo,
            Command::Match(MatchRef::id(m), MatchOp::Resign(ResignLevel::Single)),
        )
        .await;
        last = Some(run(f, w, Command::Match(MatchRef::id(m), MatchOp::AcceptResign)).await);
    }
    last.unwrap()
}

#[tokio::test]
async fn a_recurring_league_starts_its_next_season_after_the_window_with_those_signed_up() {
    let f = Fixture::seeded(&store_url("recur_next").await, 3).await;
    let out = first_season_played(&f).await;
    // The season's end opens the next sign-up, said with the result.
    let text = out.lines.join("\n");
    assert!(
        text.contains("Sign-up for season 2 of Ladder is open")
            && text.contains("starts by itself in 7 days"),
        "{text}"
    );
    assert_eq!(row(&f, "Ladder").await.start_at, Some(START + 7 * DAY));
    // During the window a newcomer joins and a player leaves.
    run(&f, "h", league("Ladder", LeagueOp::Join)).await;
    run(&f, "d", league("Ladder", LeagueOp::Leave)).await;
    f.clock.advance(7 * DAY - 60);
    let notices = f.club.sweep().await.unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(row(&f, "Ladder").await.status, "signup");
    // Once the window has closed the sweep starts season 2, announced in the channel.
    f.clock.advance(60);
    let notices = f.club.sweep().await.unwrap();
    let announced = notices
        .iter()
        .find(|n| n.user_id.is_empty())
        .expect("an announcement");
    assert!(
        announced
            .text
            .contains("League Ladder season 2 starts: 6 players, 6 matches"),
        "{}",
        announced.text
    );
    assert!(
        announced
            .text
            .contains("g goes up from division 2 to division 1"),
        "{}",
        announced.text
    );
    assert!(
        announced
            .text
            .contains("a goes down from division 1 to division 2"),
        "{}",
        announced.text
    );
    assert!(announced.text.contains("h enters in division 2"));
    // Each player is told of his matches: 6 matches, 2 players each.
    assert_eq!(notices.iter().filter(|n| n.match_id > 0).count(), 12);
    let r = row(&f, "Ladder").await;
    assert_eq!(
        (r.status.as_str(), r.season, r.start_at),
        ("running", 2, None)
    );
    assert_eq!(division(&f, "Ladder", 1).await, ["b", "c", "g"]);
    assert_eq!(division(&f, "Ladder", 2).await, ["a", "e", "h"]);
    // A second sweep starts nothing more.
    f.clock.advance(60);
    f.club.sweep().await.unwrap();
    assert_eq!(row(&f, "Ladder").await.season, 2);
}

#[tokio::test]
async fn a_restart_during_the_sign_up_window_loses_nothing() {
    let url = store_url("recur_restart").await;
    let f = Fixture::seeded(&url, 3).await;
    first_season_played(&f).await;
    run(&f, "h", league("Ladder", LeagueOp::Join)).await;
    drop(f);
    // The bot comes back three days later, then the window closes.
    let f = Fixture::open(
        &url,
        std::sync::Arc::new(club::RngDice::seeded(4)),
        START + 3 * DAY,
    )
    .await;
    f.club.sweep().await.unwrap();
    assert_eq!(row(&f, "Ladder").await.status, "signup");
    f.clock.advance(4 * DAY);
    f.club.sweep().await.unwrap();
    let r = row(&f, "Ladder").await;
    assert_eq!((r.status.as_str(), r.season), ("running", 2));
    assert_eq!(division(&f, "Ladder", 2).await, ["a", "d", "e", "h"]);
}

#[tokio::test]
async fn a_recurring_window_with_too_few_signed_up_opens_again() {
    let f = Fixture::seeded(&store_url("recur_few").await, 3).await;
    first_season_played(&f).await;
    for p in ["a", "b", "c", "d"] {
        run(&f, p, league("Ladder", LeagueOp::Leave)).await;
    }
    f.clock.advance(7 * DAY);
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices.iter().any(|n| n.user_id.is_empty()
            && n.text.contains("only 2 signed up for season 2")
            && n.text.contains("starts by itself in 7 days")),
        "{notices:?}"
    );
    let r = row(&f, "Ladder").await;
    assert_eq!(
        (r.status.as_str(), r.start_at),
        ("signup", Some(START + 14 * DAY))
    );
}

#[tokio::test]
async fn recur_and_checkin_belong_to_their_formats_and_bad_values_change_nothing() {
    let f = Fixture::seeded(&store_url("recur_refusals").await, 3).await;
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &[],
    )
    .await;
    create(
        &f,
        "Ladder",
        Format::Divisions,
        ChallengeSpec::standard(Some(1)),
        &[],
    )
    .await;
    run(&f, "a", league("Ladder", LeagueOp::List)).await;
    let before = f.store.fingerprint().await.unwrap();
    for (l, k, v, says) in [
        (
            "Cup",
            "recur",
            "7d",
            "recur applies to divisions leagues only",
        ),
        (
            "Ladder",
            "checkin",
            "24h",
            "checkin applies to knockouts only",
        ),
        ("Ladder", "recur", "200d", "a number of days from 1 to 90"),
        ("Cup", "checkin", "soon", "a number of hours from 1 to 168"),
    ] {
        let e = refused(&f, "org", set(l, k, v)).await;
        assert!(e.to_string().contains(says), "{e}");
    }
    let e = refused(&f, "a", set("Ladder", "recur", "7d")).await;
    assert!(e.to_string().contains("only the organiser"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

#[tokio::test]
async fn a_check_in_drops_the_absent_and_draws_from_the_rest() {
    let f = Fixture::seeded(&store_url("checkin_draw").await, 5).await;
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &["a", "b", "c", "d", "e"],
    )
    .await;
    run(&f, "org", set("Cup", "checkin", "24h")).await;
    run(&f, "zed", league("Cup", LeagueOp::List)).await;
    let before = f.store.fingerprint().await.unwrap();
    let e = refused(&f, "a", league("Cup", LeagueOp::Checkin)).await;
    assert!(e.to_string().contains("no check-in open"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // The organiser's start opens the check-in instead of drawing.
    let out = run(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    assert!(
        out.lines[0].contains("the check-in is open for 1 day"),
        "{:?}",
        out.lines
    );
    assert_eq!(row(&f, "Cup").await.status, "signup");
    for p in ["a", "b", "c", "d"] {
        let out = run(&f, p, league("Cup", LeagueOp::Checkin)).await;
        assert!(out.lines[0].contains(&format!("{p} checks in to Cup")));
    }
    // Refusals: clear, private, nothing changed.
    let before = f.store.fingerprint().await.unwrap();
    for (who_, says) in [
        ("zed", "you have not joined Cup"),
        ("a", "you have already checked in"),
    ] {
        let e = refused(&f, who_, league("Cup", LeagueOp::Checkin)).await;
        assert!(e.to_string().contains(says), "{e}");
    }
    let e = refused(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    assert!(e.to_string().contains("already open"), "{e}");
    f.clock.advance(DAY);
    let e = refused(&f, "e", league("Cup", LeagueOp::Checkin)).await;
    assert!(e.to_string().contains("closed"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
    // The sweep closes it: e is dropped and told; the draw is of the four others.
    let notices = f.club.sweep().await.unwrap();
    let told = notices
        .iter()
        .find(|n| n.user_id == "e")
        .expect("e is told");
    assert!(
        told.text.contains("you did not check in to Cup"),
        "{}",
        told.text
    );
    let announced = notices.iter().find(|n| n.user_id.is_empty()).unwrap();
    assert!(
        announced
            .text
            .contains("Cup season 1 starts: 4 players, 2 matches")
            && announced.text.contains("Dropped for not checking in: e"),
        "{}",
        announced.text
    );
    let entrants = f
        .store
        .league_entrants(row(&f, "Cup").await.id)
        .await
        .unwrap();
    let mut names: Vec<&str> = entrants
        .iter()
        .map(|e| e.player.display_name.as_str())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["a", "b", "c", "d"]);
    let bracket = f.club.league_bracket(&who("a"), Some("Cup")).await.unwrap();
    assert!(
        bracket
            .iter()
            .all(|b| !b.names.iter().flatten().any(|n| n == "e"))
    );
    let e = refused(&f, "a", league("Cup", LeagueOp::Checkin)).await;
    assert!(e.to_string().contains("no check-in open"), "{e}");
}

#[tokio::test]
async fn a_season_the_sweep_starts_where_matches_get_threads_owes_each_match_a_thread() {
    // Given a server that keeps a thread per match and a knockout whose check-in closes
    let f = Fixture::seeded(&store_url("sweep_start_threads").await, 5).await;
    assert!(f.club.match_threads(&who("org"), Some(true)).await.unwrap());
    create(
        &f,
        "Cup",
        Format::Knockout,
        ChallengeSpec::standard(Some(1)),
        &["a", "b", "c", "d"],
    )
    .await;
    run(&f, "org", set("Cup", "checkin", "24h")).await;
    run(&f, "org", league("Cup", LeagueOp::Start { order: None })).await;
    for p in ["a", "b", "c", "d"] {
        run(&f, p, league("Cup", LeagueOp::Checkin)).await;
    }
    assert!(threads_owed(&f).await.is_empty());
    f.clock.advance(DAY);
    // When the sweep draws it
    let notices = f.club.sweep().await.unwrap();
    // Then the draw is announced in the league's channel, nobody is mentioned there one
    // by one (no player asked for direct messages), and each match is owed a thread
    let announced = notices.iter().find(|n| n.user_id.is_empty()).unwrap();
    assert!(
        announced
            .text
            .contains("Cup season 1 starts: 4 players, 2 matches"),
        "{}",
        announced.text
    );
    assert!(notices.iter().all(|n| n.user_id.is_empty()), "{notices:?}");
    let owed = threads_owed(&f).await;
    assert_eq!(owed.len(), 2, "{owed:?}");
    let mut players: Vec<String> = owed.iter().flat_map(|p| p.user_ids.clone()).collect();
    players.sort();
    assert_eq!(players, ["a", "b", "c", "d"]);
    assert!(
        owed.iter()
            .all(|p| p.channel == announced.channel && p.league == "Cup")
    );
    // Posted once
    assert!(threads_owed(&f).await.is_empty());
    // A match moved into its thread; moved again (no longer in the league's channel):
    // refused, nothing changed
    let m = owed[0].match_id.get();
    f.club
        .move_owed_league_match(m.into(), "thread-1")
        .await
        .unwrap();
    assert_eq!(
        f.store.load_match(m).await.unwrap().unwrap().channel,
        "thread-1"
    );
    let before = f.store.fingerprint().await.unwrap();
    let e = f
        .club
        .move_owed_league_match(m.into(), "thread-2")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("no league match waiting"), "{e}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}

#[tokio::test]
async fn recur_set_during_a_sign_up_window_moves_the_next_start() {
    let f = Fixture::seeded(&store_url("recur_moved").await, 3).await;
    first_season_played(&f).await;
    // The window opened with the season's end (now), for 7 days.
    assert_eq!(row(&f, "Ladder").await.start_at, Some(START + 7 * DAY));
    f.clock.advance(DAY);
    let out = run(&f, "org", set("Ladder", "recur", "2d")).await;
    // Two days from the window's opening, said so.
    assert_eq!(row(&f, "Ladder").await.start_at, Some(START + 2 * DAY));
    let text = out.lines.join("\n");
    assert!(
        text.contains("recur is now 2d") && text.contains("season 2 starts by itself in 1 day"),
        "{text}"
    );
    // A window shortened to before now: the next sweep starts the season.
    run(&f, "org", set("Ladder", "recur", "7d")).await;
    assert_eq!(row(&f, "Ladder").await.start_at, Some(START + 7 * DAY));
    f.clock.advance(2 * DAY);
    let out = run(&f, "org", set("Ladder", "recur", "1d")).await;
    assert_eq!(row(&f, "Ladder").await.start_at, Some(START + 3 * DAY));
    assert!(out.lines.join("\n").contains("starts by itself at once"));
    let notices = f.club.sweep().await.unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.text.contains("League Ladder season 2 starts")),
        "{notices:?}"
    );
}

/// Everything the outbox owes now, each marked posted: the matches owed a thread.
async fn threads_owed(f: &Fixture) -> Vec<club::LeaguePost> {
    let mut posts = Vec::new();
    loop {
        let owed = f.club.outbox_claim(50).await.unwrap();
        if owed.is_empty() {
            return posts;
        }
        for d in owed {
            if let club::Owed::LeagueThreads { posts: p, .. } = &d.what {
                posts.extend(p.iter().cloned());
            }
            f.club
                .outbox_done(&d, club::Posted::Done("m".into()))
                .await
                .unwrap();
        }
    }
}
