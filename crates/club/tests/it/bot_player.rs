//! GNU Backgammon as a player of the club (issue 32): a match against the bot played to
//! its end (the human plays the first legal play), money play with beavers, the terms the
//! bot refuses, a restart in the middle, gnubg missing, no clock for the bot, the record
//! against the bot in `/rating`. gnubg is the real one (testkit finds it).

use std::path::Path;
use std::sync::Arc;

use club::{
    Actor, AnalysisSettings, BotEvent, ChallengeOp, ChallengeSpec, Choice, ChouetteOp, ChouetteRef,
    Club, Command, Entry, LeagueCommand, LeagueOp, Look, ManualClock, MatchOp, MatchRef, PlayerOp,
    PracticeOp, RngDice,
};
use clubkit::{START, assert_match_rebuilds, match_log, refused, run};
use engine::{Action, Ruleset, Side};
use gnubg::{BotSettings, Level};
use store::{MatchStatus, Store};
use testkit::{scratch, store_url};

/// A club on `url` with seeded dice, its clock at START, and gnubg looked for in
/// `search_path` (the real one's folder when `None`).
async fn club_on(
    url: &str,
    seed: u64,
    search_path: Option<&Path>,
) -> (Arc<Club>, Arc<ManualClock>) {
    let store = Store::open(url).await.unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let gnubg = testkit::gnubg();
    let dir = search_path.unwrap_or_else(|| gnubg.parent().unwrap());
    let settings = BotSettings {
        search_path: dir.to_str().unwrap().to_string(),
        ..BotSettings::default()
    };
    let analysis = AnalysisSettings {
        search_path: settings.search_path.clone(),
        plies: 0,
        ..AnalysisSettings::default()
    };
    let club = Club::new(store, Arc::new(RngDice::seeded(seed)), clock.clone())
        .with_bot(settings)
        .with_analysis(analysis);
    (Arc::new(club), clock)
}

fn against_bot(spec: ChallengeSpec) -> Command {
    Command::Challenge(ChallengeOp::New {
        opponent: "bot".into(),
        spec,
    })
}

/// alice challenges the bot to `spec`: the match's id (the bot accepted in the same
/// outcome).
async fn challenge_bot(club: &Club, spec: ChallengeSpec) -> i64 {
    let out = run(club, "alice", against_bot(spec)).await;
    let text = out.lines.join("\n");
    assert!(text.contains("gammonbot accepts match"), "{text}");
    out.match_id.unwrap().get()
}

/// alice's decision in match `id` if it is hers, by a plain policy: roll, play the first
/// legal play, double when `doubles` and she may, beaver (else take) a double, accept a
/// resignation. Whether she acted.
async fn alice_acts(club: &Club, id: i64, doubles: bool) -> bool {
    let m = MatchRef::id(id);
    let board = run(club, "alice", Command::Look(Look::Board(m))).await;
    let Some(next) = board.next.filter(|n| n.user_id == "alice") else {
        return false;
    };
    let has = |c: &Choice| next.choices.contains(c);
    let cmd = if has(&Choice::AcceptResignation) {
        Command::Match(m, MatchOp::AcceptResign)
    } else if has(&Choice::Beaver) {
        Command::Match(m, MatchOp::Beaver)
    } else if has(&Choice::Take) {
        Command::Match(m, MatchOp::Take)
    } else if doubles && has(&Choice::Double) {
        Command::Match(m, MatchOp::Double)
    } else if has(&Choice::Roll) || has(&Choice::OpeningRoll) {
        Command::Match(m, MatchOp::Roll)
    } else {
        let plays = club.legal_moves(&Actor::local("alice"), m).await.unwrap();
        Command::Match(m, MatchOp::Move(plays[0].clone()))
    };
    run(club, "alice", cmd).await;
    true
}

/// Each bot event of match `id` leaves the match to alice (or over): a roll and the play
/// after it come in one event.
fn check_events(events: &[BotEvent], id: i64) {
    for e in events.iter().filter(|e| e.match_id == id) {
        if let Some(next) = &e.outcome.next {
            assert_eq!(next.user_id, "alice", "{:?}", e.outcome.lines);
        }
        assert!(!e.outcome.lines.is_empty());
    }
}

async fn status(store: &Store, id: i64) -> MatchStatus {
    store.load_match(id).await.unwrap().unwrap().status
}

/// Plays match `id` until it is finished (or, for money, until the first game is over),
/// alice by her policy, the bot by `run_bot_once`. The bot's events.
async fn play_out(
    club: &Club,
    store: &Store,
    id: i64,
    doubles: bool,
    money: bool,
) -> Vec<BotEvent> {
    let mut all = Vec::new();
    for _ in 0..600 {
        let events = club.run_bot_once().await.unwrap();
        check_events(&events, id);
        all.extend(events);
        if status(store, id).await == MatchStatus::Finished {
            return all;
        }
        if money && game_over(store, id).await {
            return all;
        }
        assert!(
            alice_acts(club, id, doubles).await,
            "neither alice nor the bot acted in match #{id}"
        );
    }
    panic!("match #{id} did not end");
}

/// A money session's first game is over (the next opening throw waits for alice).
async fn game_over(store: &Store, id: i64) -> bool {
    match_log(store, id).await.iter().any(|e| {
        matches!(
            e,
            Entry::Standard {
                action: Action::AcceptResign | Action::Drop,
                ..
            }
        )
    }) || {
        let row = store.load_match(id).await.unwrap().unwrap();
        let snap: club::Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
        match &snap.game {
            engine::AnyMatch::Standard(m) => m.score() != [0, 0],
            engine::AnyMatch::Welsh(_) => false,
        }
    }
}

/// The bot's own decisions in the log (not the club's throws and forced plays).
fn bot_actions(log: &[Entry]) -> Vec<Action> {
    log.iter()
        .filter_map(|e| match e {
            Entry::Standard {
                side: Side::O,
                action,
                auto: false,
            } => Some(*action),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_one_point_match_against_the_bot_is_played_to_its_end_unrated_and_recorded() {
    let url = store_url("bot-one-point").await;
    let (club, _) = club_on(&url, 7, None).await;
    let store = club.store().clone();
    // Given alice challenges the bot to a 1-point match (no level: expert)
    let id = challenge_bot(&club, ChallengeSpec::standard(Some(1))).await;
    // When she plays it out, the bot deciding through run_bot_once
    let events = play_out(&club, &store, id, false, false).await;
    // Then the bot made its decisions (every one checked by the engine: the log
    // rebuilds), it moved, and the match is finished
    assert!(!events.is_empty());
    let log = match_log(&store, id).await;
    let bot = bot_actions(&log);
    assert!(
        bot.iter().any(|a| matches!(a, Action::Play(_))),
        "the bot played: {bot:?}"
    );
    assert_match_rebuilds(&store, id).await;
    assert_eq!(status(&store, id).await, MatchStatus::Finished);
    // And the match is unrated: alice has no rating, but a record against the expert bot
    let row = store.load_match(id).await.unwrap().unwrap();
    let won = row.winner == Some(row.players[0]);
    let rating = run(
        &club,
        "alice",
        Command::Look(Look::Rating {
            player: None,
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    let text = rating.lines.join("\n");
    assert!(text.contains("No rated standard match"), "{text}");
    let record = if won { "1-0" } else { "0-1" };
    assert!(
        text.contains(&format!("against the bot (expert): {record}")),
        "{text}"
    );
    // And the match exports (for /analyse as any match) with the bot's name
    let export = run(
        &club,
        "alice",
        Command::Look(Look::Export(MatchRef::id(id))),
    )
    .await;
    let mat = export.attachment.unwrap().text;
    assert!(mat.contains("gammonbot"), "{mat}");
    // And /analyse reviews it as any match
    run(&club, "alice", Command::Analyse(MatchRef::id(id))).await;
    let report = club.run_next_analysis().await.unwrap().unwrap();
    assert!(!report.failed, "{:?}", report.lines);
    assert!(report.names.contains(&"gammonbot".to_string()));
}

#[tokio::test]
async fn money_play_with_beavers_the_bot_answers_the_cube_and_never_stops_the_session() {
    let url = store_url("bot-money").await;
    let (club, _) = club_on(&url, 11, None).await;
    let store = club.store().clone();
    let spec = ChallengeSpec {
        beavers: true,
        bot: Some(Level::Beginner.into()),
        ..ChallengeSpec::standard(None)
    };
    // Given alice plays money against the beginner bot and doubles at once
    let id = challenge_bot(&club, spec).await;
    play_out(&club, &store, id, true, true).await;
    // Then the bot answered her double (take, drop or beaver) by gnubg's judgement
    let log = match_log(&store, id).await;
    let bot = bot_actions(&log);
    assert!(
        bot.iter()
            .any(|a| matches!(a, Action::Take | Action::Drop | Action::Beaver)),
        "the bot answered the double: {bot:?}"
    );
    assert_match_rebuilds(&store, id).await;
    // And between games the session waits for alice (the bot neither rolls the opening
    // nor stops the session)
    let before = store.load_match(id).await.unwrap().unwrap().version;
    let events = club.run_bot_once().await.unwrap();
    assert!(events.iter().all(|e| e.match_id != id), "{events:?}");
    assert_eq!(store.load_match(id).await.unwrap().unwrap().version, before);
    assert_eq!(status(&store, id).await, MatchStatus::Active);
    run(
        &club,
        "alice",
        Command::Match(MatchRef::id(id), MatchOp::Stop),
    )
    .await;
    assert_eq!(status(&store, id).await, MatchStatus::Finished);
    // And the session counts in alice's record against the beginner bot
    let rating = run(
        &club,
        "alice",
        Command::Look(Look::Rating {
            player: None,
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    let text = rating.lines.join("\n");
    assert!(text.contains("against the bot (beginner): "), "{text}");
    assert!(!text.contains("(expert)"), "{text}");
}

#[tokio::test]
async fn the_bot_refuses_terms_it_does_not_play_and_the_seats_it_does_not_take() {
    let url = store_url("bot-refusals").await;
    let (club, _) = club_on(&url, 3, None).await;
    let level_vs_person = Command::Challenge(ChallengeOp::New {
        opponent: "bob".into(),
        spec: ChallengeSpec {
            bot: Some(Level::Expert.into()),
            ..ChallengeSpec::standard(Some(3))
        },
    });
    // (Welsh is played since issue 33, by the bot's Welsh player: a GNU Backgammon level
    // with Welsh rules is what is refused now.)
    let welsh = against_bot(ChallengeSpec {
        bot: Some(Level::Expert.into()),
        ..ChallengeSpec::welsh(25)
    });
    let stake = against_bot(ChallengeSpec {
        stake: 100,
        ..ChallengeSpec::standard(None)
    });
    for (cmd, words) in [
        (
            level_vs_person,
            "a level applies to a match against the bot",
        ),
        (welsh, "plays standard backgammon only"),
        (stake, "the stake must be zero"),
    ] {
        let e = refused(&club, "alice", cmd).await.to_string();
        assert!(e.contains(words), "{e}");
    }
    // Nothing was made, not even the bot's player
    assert!(
        club.store()
            .open_bot_matches(0, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        club.store()
            .find_player("local", "bot")
            .await
            .unwrap()
            .is_none()
    );
    // A rated match against the bot is made unrated, and says so
    let out = run(
        &club,
        "alice",
        against_bot(ChallengeSpec::standard(Some(3))),
    )
    .await;
    let text = out.lines.join("\n");
    assert!(text.contains("unrated"), "{text}");
    let spec: ChallengeSpec = serde_json::from_str(
        &club
            .store()
            .load_match(out.match_id.unwrap().get())
            .await
            .unwrap()
            .unwrap()
            .terms,
    )
    .unwrap();
    assert!(!spec.rated);
    assert_eq!(spec.bot, Some(Level::Expert.into()));
    // The bot sits in no chouette and joins no league
    run(
        &club,
        "alice",
        Command::Chouette(
            ChouetteRef::default(),
            ChouetteOp::Create(Default::default()),
        ),
    )
    .await;
    let e = refused(
        &club,
        "bot",
        Command::Chouette(ChouetteRef::default(), ChouetteOp::Join),
    )
    .await
    .to_string();
    assert!(e.contains("does not sit in chouettes"), "{e}");
    let e = refused(
        &club,
        "bot",
        Command::League(LeagueCommand::local(None, LeagueOp::Join)),
    )
    .await
    .to_string();
    assert!(e.contains("does not join leagues"), "{e}");
    // And nobody moves for it
    let e = refused(
        &club,
        "bot",
        Command::Match(MatchRef::default(), MatchOp::Roll),
    )
    .await
    .to_string();
    assert!(e.contains("makes its own decisions"), "{e}");
    assert_eq!(Ruleset::Standard, spec.ruleset);
}

/// Sent as the bot (the local chat lets anyone type as `bot`), what only reads is
/// answered, the ledger and the pot among them; what acts is refused.
#[tokio::test]
async fn what_only_reads_is_answered_when_sent_as_the_bot() {
    let url = store_url("bot-looks").await;
    let (club, _) = club_on(&url, 3, None).await;
    for look in [
        Look::Games,
        Look::Waiting,
        Look::Ledger,
        Look::Pot("alice".into()),
        Look::Leaderboard { ruleset: None },
    ] {
        run(&club, "bot", Command::Look(look)).await;
    }
    let out = run(&club, "bot", Command::Look(Look::Ledger)).await;
    assert!(out.lines[0].starts_with("Balance for "), "{:?}", out.lines);
    let e = refused(
        &club,
        "bot",
        Command::Match(MatchRef::default(), MatchOp::Roll),
    )
    .await
    .to_string();
    assert!(e.contains("makes its own decisions"), "{e}");
}

/// Plays match `id` until the bot is to act (run_bot_once not called).
async fn until_bots_turn(club: &Club, id: i64) {
    for _ in 0..10 {
        let board = run(club, "alice", Command::Look(Look::Board(MatchRef::id(id)))).await;
        if board.next.as_ref().is_some_and(|n| n.user_id == "bot") {
            return;
        }
        assert!(alice_acts(club, id, false).await);
    }
    panic!("the bot never came to act in match #{id}");
}

#[tokio::test]
async fn a_new_club_on_the_same_file_makes_the_pending_decision() {
    let url = scratch("bot-restart")
        .join("gammonbot.db")
        .to_str()
        .unwrap()
        .to_string();
    let (club, _) = club_on(&url, 5, None).await;
    let id = challenge_bot(&club, ChallengeSpec::standard(Some(1))).await;
    until_bots_turn(&club, id).await;
    let version = club.store().load_match(id).await.unwrap().unwrap().version;
    // Given the club stops while the bot is to act
    club.store().close().await;
    drop(club);
    // When a new club opens the same file and its worker looks for pending decisions
    let (club, _) = club_on(&url, 6, None).await;
    let mut events = club.bot_events();
    let handle = Arc::clone(&club).spawn_bot();
    let event = tokio::time::timeout(std::time::Duration::from_secs(120), events.recv())
        .await
        .expect("the bot decides after the restart")
        .unwrap();
    // Then the bot made its decision and the match waits on alice
    assert_eq!(event.match_id, id);
    check_events(std::slice::from_ref(&event), id);
    assert!(club.store().load_match(id).await.unwrap().unwrap().version > version);
    // And when alice acts, her command wakes the worker (its next scan is a minute away)
    if status(club.store(), id).await == MatchStatus::Active {
        let version = club.store().load_match(id).await.unwrap().unwrap().version;
        assert!(alice_acts(&club, id, false).await);
        let event = tokio::time::timeout(std::time::Duration::from_secs(120), events.recv())
            .await
            .expect("the bot decides when woken")
            .unwrap();
        assert_eq!(event.match_id, id);
        assert!(club.store().load_match(id).await.unwrap().unwrap().version > version + 1);
    }
    handle.abort();
    assert_match_rebuilds(club.store(), id).await;
}

#[tokio::test]
async fn the_bot_answers_a_resignation_and_says_when_it_is_too_slow() {
    let url = store_url("bot-resign").await;
    // Given a 1-point match against the bot at alice's turn
    let (club, _) = club_on(&url, 9, None).await;
    let id = challenge_bot(&club, ChallengeSpec::standard(Some(1))).await;
    club.run_bot_once().await.unwrap();
    let store = club.store().clone();
    // And a bot (after a restart) that must decide within a millisecond
    drop(club);
    let gnubg = testkit::gnubg();
    let hurried = BotSettings {
        search_path: gnubg.parent().unwrap().to_str().unwrap().to_string(),
        time_limit: std::time::Duration::from_millis(1),
        ..BotSettings::default()
    };
    let club = Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(9)),
        Arc::new(ManualClock::new(START)),
    )
    .with_bot(hurried);
    // When alice offers to resign and the bot cannot evaluate in time
    run(
        &club,
        "alice",
        Command::Match(
            MatchRef::id(id),
            MatchOp::Resign(engine::ResignLevel::Single),
        ),
    )
    .await;
    let version = store.load_match(id).await.unwrap().unwrap().version;
    let events = club.run_bot_once().await.unwrap();
    // Then alice is told, and nothing is decided
    let text = events
        .iter()
        .flat_map(|e| e.outcome.lines.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains("took longer than"), "{text}");
    assert!(text.contains("tries again"), "{text}");
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().version,
        version
    );
    // When a bot with time enough looks again
    let (club, _) = club_on(&url, 9, None).await;
    let events = club.run_bot_once().await.unwrap();
    // Then it answered the resignation (a single game is the whole 1-point match: it
    // accepts)
    assert_eq!(events.len(), 1, "{events:?}");
    let log = match_log(&store, id).await;
    assert!(
        bot_actions(&log).contains(&Action::AcceptResign),
        "{:?}",
        bot_actions(&log)
    );
    assert_eq!(status(&store, id).await, MatchStatus::Finished);
}

#[tokio::test]
async fn without_gnubg_the_human_is_told_once_the_match_waits_and_the_bot_has_no_clock() {
    let url = store_url("bot-missing").await;
    let empty = scratch("bot-missing-gnubg");
    let (club, clock) = club_on(&url, 5, Some(&empty)).await;
    let id = challenge_bot(&club, ChallengeSpec::standard(Some(1))).await;
    until_bots_turn(&club, id).await;
    let store = club.store().clone();
    let version = store.load_match(id).await.unwrap().unwrap().version;
    // When the bot tries to decide without gnubg
    let events = club.run_bot_once().await.unwrap();
    // Then alice is told plainly, once, and nothing moved
    assert_eq!(events.len(), 1, "{events:?}");
    let text = events[0].outcome.lines.join("\n");
    assert!(text.contains("not installed"), "{text}");
    assert!(text.contains(gnubg::INSTALL_GNUBG), "{text}");
    assert!(text.contains("waits"), "{text}");
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().version,
        version
    );
    assert!(club.run_bot_once().await.unwrap().is_empty(), "told once");
    // And the bot has no clock: no deadline while it is to act, and the sweep months
    // later neither times it out nor reminds it
    let row = store.load_match(id).await.unwrap().unwrap();
    assert_eq!((row.deadline_at, row.reminder_at), (None, None));
    clock.advance(90 * club::DAY);
    let notices = club.sweep().await.unwrap();
    assert!(notices.iter().all(|n| n.match_id != id), "{notices:?}");
    assert_eq!(status(&store, id).await, MatchStatus::Active);
    assert_eq!(
        store.load_match(id).await.unwrap().unwrap().version,
        version
    );
    // When gnubg is back (a club that finds it), the bot makes its move
    let (club, clock) = club_on(&url, 5, None).await;
    clock.advance(90 * club::DAY);
    let events = club.run_bot_once().await.unwrap();
    assert_eq!(events.len(), 1, "{events:?}");
    check_events(&events, id);
    assert!(store.load_match(id).await.unwrap().unwrap().version > version);
    // And alice's clock started when the bot's move was written, not before
    let row = store.load_match(id).await.unwrap().unwrap();
    if status(&store, id).await == MatchStatus::Active {
        assert_eq!(row.turn_started_at, Some(START + 90 * club::DAY));
    }
}

#[tokio::test]
async fn a_three_point_match_with_the_cube_is_played_to_its_end() {
    let url = store_url("bot-three-points").await;
    let (club, _) = club_on(&url, 21, None).await;
    let store = club.store().clone();
    // Given alice doubles whenever she may against the advanced bot
    let spec = ChallengeSpec {
        bot: Some(Level::Advanced.into()),
        ..ChallengeSpec::standard(Some(3))
    };
    let id = challenge_bot(&club, spec).await;
    play_out(&club, &store, id, true, false).await;
    // Then the bot answered her doubles, every action went through the engine (the log
    // rebuilds), and the match ended
    let bot = bot_actions(&match_log(&store, id).await);
    assert!(
        bot.iter().any(|a| matches!(a, Action::Take | Action::Drop)),
        "{bot:?}"
    );
    assert_match_rebuilds(&store, id).await;
    assert_eq!(status(&store, id).await, MatchStatus::Finished);
}

#[tokio::test]
async fn a_match_against_the_bot_on_postgresql_is_found_played_and_recorded() {
    let pg = testkit::PgCluster::start();
    let (club, _) = club_on(&pg.url, 7, None).await;
    let store = club.store().clone();
    // Given a challenge to the bot on PostgreSQL: the store finds it among the open bot
    // matches
    let id = challenge_bot(&club, ChallengeSpec::standard(Some(1))).await;
    let open: Vec<i64> = store
        .open_bot_matches(0, 10)
        .await
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(open, vec![id]);
    // When it is played out
    play_out(&club, &store, id, false, false).await;
    // Then it is finished, rebuilds, and counts in alice's record
    assert_match_rebuilds(&store, id).await;
    assert!(store.open_bot_matches(0, 10).await.unwrap().is_empty());
    let row = store.load_match(id).await.unwrap().unwrap();
    let finished = store
        .finished_bot_matches(row.players[0], row.community_id)
        .await
        .unwrap();
    assert_eq!(finished.len(), 1);
}

#[tokio::test]
async fn a_hopeless_bot_offers_to_resign_once_a_game() {
    let url = store_url("bot-resigns").await;
    let (club, _) = club_on(&url, 13, None).await;
    let store = club.store().clone();
    let spec = ChallengeSpec {
        jacoby: false,
        ..ChallengeSpec::standard(None)
    };
    let id = challenge_bot(&club, spec).await;
    // Given the bot to roll in a race it loses with a gammon whatever it rolls: alice has
    // one man left on her ace point, the bot's fifteen are on its mid-point
    let position = testkit::position(&[(1, 1)], &[(13, 15)]);
    let game = engine::Match::from_setup(engine::Setup::new(
        club::standard_rules(&spec),
        position,
        Side::O,
    ))
    .unwrap();
    let mut snap = club::Snapshot::start(&spec).unwrap();
    snap.game = engine::AnyMatch::Standard(game);
    let pool = testkit::raw_pool(&url).await;
    sqlx::query("UPDATE matches SET state = $1 WHERE id = $2")
        .bind(serde_json::to_string(&snap).unwrap())
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    // When the bot decides
    let events = club.run_bot_once().await.unwrap();
    // Then it offers to resign a gammon (all it can lose), and waits for alice
    check_events(&events, id);
    let offers = |log: &[Entry]| {
        bot_actions(log)
            .into_iter()
            .filter(|a| matches!(a, Action::Resign(_)))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        offers(&match_log(&store, id).await),
        vec![Action::Resign(engine::ResignLevel::Gammon)]
    );
    // When alice rejects it, the bot plays on without offering again in this game
    run(
        &club,
        "alice",
        Command::Match(MatchRef::id(id), MatchOp::RejectResign),
    )
    .await;
    let events = club.run_bot_once().await.unwrap();
    check_events(&events, id);
    let log = match_log(&store, id).await;
    assert_eq!(offers(&log).len(), 1, "{:?}", bot_actions(&log));
    assert!(
        bot_actions(&log)
            .iter()
            .any(|a| matches!(a, Action::Play(_) | Action::Roll(_))),
        "{:?}",
        bot_actions(&log)
    );
}

#[tokio::test]
async fn the_bot_waits_while_the_tutor_holds_the_humans_flagged_play() {
    let url = store_url("bot-tutor-hold").await;
    // alice (X) opens with 6-1; the dice then throw 4s
    let store = Store::open(&url).await.unwrap();
    let gnubg = testkit::gnubg();
    let settings = BotSettings {
        search_path: gnubg.parent().unwrap().to_str().unwrap().to_string(),
        ..BotSettings::default()
    };
    let club = Club::new(
        store.clone(),
        Arc::new(clubkit::ScriptDice::new(&[6, 1])),
        Arc::new(ManualClock::new(START)),
    )
    .with_bot(settings);
    // Given a 3-point match against the bot with the tutor on
    let spec = ChallengeSpec {
        tutor: true,
        ..ChallengeSpec::standard(Some(3))
    };
    let id = challenge_bot(&club, spec).await;
    let m = MatchRef::id(id);
    // When alice plays her opening 6-1 as 8/2 6/5 and the tutor flags it
    let out = run(
        &club,
        "alice",
        Command::Match(m, MatchOp::Move("8/2 6/5".into())),
    )
    .await;
    let text = out.lines.join("\n");
    assert!(text.contains("The tutor to alice"), "{text}");
    // Then the bot does not act while the play is held for /undo or /keep
    let events = club.run_bot_once().await.unwrap();
    assert!(events.is_empty(), "{events:?}");
    assert!(bot_actions(&match_log(&store, id).await).is_empty());
    // When alice keeps it, the bot answers at once
    run(&club, "alice", Command::Practice(m, PracticeOp::Keep)).await;
    let events = club.run_bot_once().await.unwrap();
    check_events(&events, id);
    assert!(!events.is_empty());
    assert!(!bot_actions(&match_log(&store, id).await).is_empty());
    assert_match_rebuilds(&store, id).await;
}

#[tokio::test]
async fn the_bot_has_no_rating_and_nothing_to_block() {
    let url = store_url("bot-no-rating").await;
    let (club, _) = club_on(&url, 3, None).await;
    // When alice asks for the bot's rating
    let out = run(
        &club,
        "alice",
        Command::Look(Look::Rating {
            player: Some("bot".into()),
            ruleset: None,
            vs: None,
        }),
    )
    .await;
    // Then she is told it has none (its matches are unrated) and her record against it,
    // not a starting rating it never had
    let text = out.lines.join("\n");
    assert!(text.starts_with("The bot has no rating"), "{text}");
    assert!(
        text.contains("no finished match against the bot yet"),
        "{text}"
    );
    assert!(!text.contains("1500"), "{text}");
    // When she blocks the bot, she is told there is nothing to block, and nothing is
    // written (her block list stays empty)
    let e = refused(
        &club,
        "alice",
        Command::Player(PlayerOp::Block(Some("bot".into()))),
    )
    .await
    .to_string();
    assert!(e.contains("nothing to block"), "{e}");
    let list = run(&club, "alice", Command::Player(PlayerOp::Block(None))).await;
    assert!(
        list.lines[0].starts_with("You block nobody"),
        "{:?}",
        list.lines
    );
}
