//! The bot in Welsh backgammon (issue 33, "where players meet it"): gammonbot's own
//! Welsh player answers a challenge with `rules:welsh`, plays every decision of its side
//! through the same path as a person (the log rebuilds), needs no gnubg (looked for in an
//! empty folder here), goes on after a restart, refuses the terms it does not play, and
//! counts in the human's record in `/rating`.

use std::sync::Arc;

use club::{
    Actor, BotEvent, BotLevel, ChallengeOp, ChallengeSpec, Choice, Club, Command, Entry, Look,
    ManualClock, MatchOp, MatchRef, RngDice,
};
use clubkit::{START, assert_match_rebuilds, match_log, refused, run};
use engine::Side;
use engine::welsh::{NominateFor, Parity, WelshAction};
use store::{MatchStatus, Store};
use testkit::{scratch, store_url};

/// A club on `url` with seeded dice, its clock at `now`, and gnubg looked for in an
/// empty folder (the Welsh player needs none).
async fn club_on(url: &str, seed: u64, now: i64) -> (Arc<Club>, Arc<ManualClock>) {
    let store = Store::open(url).await.unwrap();
    let clock = Arc::new(ManualClock::new(now));
    let settings = gnubg::BotSettings {
        search_path: scratch("welsh-bot-no-gnubg").display().to_string(),
        ..gnubg::BotSettings::default()
    };
    let club = Club::new(store, Arc::new(RngDice::seeded(seed)), clock.clone()).with_bot(settings);
    (Arc::new(club), clock)
}

fn welsh_against_bot(target: u32, level: Option<BotLevel>) -> Command {
    Command::Challenge(ChallengeOp::New {
        opponent: "bot".into(),
        spec: ChallengeSpec {
            bot: level,
            ..ChallengeSpec::welsh(target)
        },
    })
}

/// alice's decision in match `id` if it is hers, by a plain policy: call odds, start
/// herself, throw, play the first legal play, throw a 1-2 again, accept an offer to
/// concede, and offer to concede one game whenever she may. Whether she acted.
async fn alice_acts(club: &Club, id: i64) -> bool {
    let m = MatchRef::id(id);
    let board = run(club, "alice", Command::Look(Look::Board(m))).await;
    let Some(next) = board.next.filter(|n| n.user_id == "alice") else {
        return false;
    };
    let has = |c: &Choice| next.choices.contains(c);
    let offer = next
        .choices
        .iter()
        .any(|c| matches!(c, Choice::OfferConcession { most } if *most > 0));
    let cmd = if has(&Choice::AcceptConcession) {
        Command::Match(m, MatchOp::AcceptConcede)
    } else if has(&Choice::CallOdds) {
        Command::Match(m, MatchOp::Call(Parity::Odd))
    } else if has(&Choice::StartMyself) {
        Command::Match(m, MatchOp::Choose(club::Starter::Me))
    } else if offer {
        Command::Match(
            m,
            MatchOp::Concede {
                games: 1,
                payment: false,
            },
        )
    } else if next.choices.iter().any(|c| matches!(c, Choice::Throw(_))) {
        Command::Match(m, MatchOp::Roll)
    } else if has(&Choice::Reroll) {
        Command::Match(m, MatchOp::Reroll)
    } else {
        let plays = club.legal_moves(&Actor::local("alice"), m).await.unwrap();
        // A play of no moves is offered as "pass", never as an empty choice.
        assert!(plays.iter().all(|p| !p.is_empty()), "{plays:?}");
        Command::Match(m, MatchOp::Move(plays.first().cloned().unwrap_or_default()))
    };
    run(club, "alice", cmd).await;
    true
}

/// Whether alice holds the occasion to offer to concede while the bot is to throw (the
/// bot's post says it waits for her).
fn bot_waits_for_an_offer(events: &[BotEvent], id: i64) -> bool {
    events.iter().filter(|e| e.match_id == id).any(|e| {
        e.outcome
            .lines
            .iter()
            .any(|l| l.contains("(rule 18: /concede N)"))
    })
}

async fn status(store: &Store, id: i64) -> MatchStatus {
    store.load_match(id).await.unwrap().unwrap().status
}

/// The bot's own decisions in the log (not the club's throws and forced plays).
fn bot_actions(log: &[Entry]) -> Vec<WelshAction> {
    log.iter()
        .filter_map(|e| match e {
            Entry::Welsh {
                side: Side::O,
                action,
                auto: false,
            } => Some(*action),
            _ => None,
        })
        .collect()
}

/// Plays match `id` on for at most `steps` of alice's, the bot deciding by
/// `run_bot_once`; where the bot waits for alice's offer to concede, she lets the minute
/// pass every other time and offers one game otherwise. The bot's events, and whether
/// the match is finished.
async fn play_on(club: &Club, clock: &ManualClock, id: i64, steps: usize) -> (Vec<BotEvent>, bool) {
    let store = club.store().clone();
    let mut all = Vec::new();
    let mut held = 0;
    for _ in 0..steps {
        let events = club.run_bot_once().await.unwrap();
        for e in events.iter().filter(|e| e.match_id == id) {
            assert!(!e.outcome.lines.is_empty());
            assert!(
                !e.outcome
                    .lines
                    .iter()
                    .any(|l| l.contains("cannot make its move")),
                "{:?}",
                e.outcome.lines
            );
        }
        let waits = bot_waits_for_an_offer(&events, id);
        all.extend(events);
        if status(&store, id).await == MatchStatus::Finished {
            return (all, true);
        }
        if waits {
            held += 1;
            if held % 2 == 1 {
                // She lets the occasion pass: after the minute the bot throws.
                clock.advance(61);
                continue;
            }
            run(
                club,
                "alice",
                Command::Match(
                    MatchRef::id(id),
                    MatchOp::Concede {
                        games: 1,
                        payment: false,
                    },
                ),
            )
            .await;
            continue;
        }
        assert!(
            alice_acts(club, id).await,
            "neither alice nor the bot acted in match #{id}"
        );
    }
    (all, false)
}

#[tokio::test]
async fn a_welsh_match_against_the_bot_is_played_to_its_end_unrated_and_recorded() {
    let url = store_url("welsh-bot-to-the-end").await;
    let (club, clock) = club_on(&url, 5, START).await;
    let store = club.store().clone();
    // Given alice challenges the bot to a Welsh match to 3 games (no level: strong)
    let out = run(&club, "alice", welsh_against_bot(3, None)).await;
    let text = out.lines.join("\n");
    // Then the bot accepts at once, at the strong level of its Welsh player, unrated
    assert!(text.contains("gammonbot accepts match"), "{text}");
    assert!(text.contains("Welsh player at strong level"), "{text}");
    assert!(text.contains("unrated"), "{text}");
    let id = out.match_id.unwrap().get();
    let row = store.load_match(id).await.unwrap().unwrap();
    let spec: ChallengeSpec = serde_json::from_str(&row.terms).unwrap();
    assert_eq!(spec.bot, Some(BotLevel::Welsh(welsh_player::Level::Strong)));
    assert!(!spec.rated);
    // When she plays it out by her policy, the bot deciding through run_bot_once
    let (events, finished) = play_on(&club, &clock, id, 2_000).await;
    // Then the match ended, every action went through the engine (the log rebuilds), and
    // the bot made its own decisions, its plays among them, each posted as an event
    assert!(finished, "the match did not end");
    assert_match_rebuilds(&store, id).await;
    let bot = bot_actions(&match_log(&store, id).await);
    assert!(
        bot.iter().any(|a| matches!(a, WelshAction::Play(_))),
        "{bot:?}"
    );
    assert!(
        bot.iter()
            .any(|a| matches!(a, WelshAction::Roll(..) | WelshAction::RollOne(_))),
        "{bot:?}"
    );
    assert!(!events.is_empty());
    // And alice has no rating from it, but a record against the strong Welsh bot
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
    let record = if won { "1-0" } else { "0-1" };
    assert!(
        text.contains(&format!("against the Welsh bot (strong): {record}")),
        "{text}"
    );
    assert!(!text.contains("against the bot ("), "{text}");
}

#[tokio::test]
async fn the_welsh_bot_calls_chooses_nominates_and_answers_as_the_engine_asks() {
    let url = store_url("welsh-bot-decisions").await;
    let (club, clock) = club_on(&url, 9, START).await;
    let store = club.store().clone();
    // Given alice's Welsh match to 5 games against the medium bot, played on a while
    let id = run(
        &club,
        "alice",
        welsh_against_bot(5, Some(BotLevel::Welsh(welsh_player::Level::Medium))),
    )
    .await
    .match_id
    .unwrap()
    .get();
    let (_, _) = play_on(&club, &clock, id, 400).await;
    // Then the bot made the call (alice shook: the challenged player calls), and its
    // decisions are the engine's own kinds only: never one of the club's (clocks, time)
    let bot = bot_actions(&match_log(&store, id).await);
    assert!(
        matches!(bot.first(), Some(WelshAction::Call { .. })),
        "{bot:?}"
    );
    for a in &bot {
        assert!(
            matches!(
                a,
                WelshAction::Call { .. }
                    | WelshAction::Choose(_)
                    | WelshAction::Roll(..)
                    | WelshAction::RollOne(_)
                    | WelshAction::Reroll(..)
                    | WelshAction::Double
                    | WelshAction::Nominate {
                        whose: NominateFor::Me | NominateFor::Opponent,
                        ..
                    }
                    | WelshAction::Play(_)
                    | WelshAction::OfferConcede { .. }
                    | WelshAction::AcceptConcede
                    | WelshAction::RejectConcede
            ),
            "{a:?}"
        );
    }
    assert_match_rebuilds(&store, id).await;
}

#[tokio::test]
async fn a_restart_in_the_middle_of_a_welsh_match_against_the_bot_loses_nothing() {
    let url = store_url("welsh-bot-restart").await;
    let (club, clock) = club_on(&url, 13, START).await;
    let store = club.store().clone();
    // Given alice's Welsh match to 3 games against the weak bot, played on a while
    let id = run(
        &club,
        "alice",
        welsh_against_bot(3, Some(BotLevel::Welsh(welsh_player::Level::Weak))),
    )
    .await
    .match_id
    .unwrap()
    .get();
    let (_, finished) = play_on(&club, &clock, id, 30).await;
    assert!(!finished);
    // And alice acts until the bot is to act, the bot's worker not running
    while !alice_acts(&club, id).await {
        club.run_bot_once().await.unwrap();
    }
    while alice_acts(&club, id).await {}
    let before = store.load_match(id).await.unwrap().unwrap().version;
    let log_before = match_log(&store, id).await.len();
    // When the club stops and a new one starts on the same database, with its worker
    let now = club.now();
    drop(club);
    let (club, clock) = club_on(&url, 14, now).await;
    let mut events = club.bot_events();
    let worker = Arc::clone(&club).spawn_bot();
    // Then the worker finds the bot's pending decision at start-up and makes it
    let event = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        loop {
            let e = events.recv().await.unwrap();
            if e.match_id == id {
                return e;
            }
        }
    })
    .await
    .expect("the bot decided after the restart");
    assert!(!event.outcome.lines.is_empty());
    assert!(store.load_match(id).await.unwrap().unwrap().version > before);
    assert!(match_log(&store, id).await.len() > log_before);
    worker.abort();
    // And the match goes on to its end on the new club
    let (_, finished) = play_on(&club, &clock, id, 2_000).await;
    assert!(finished, "the match did not end after the restart");
    assert_match_rebuilds(&store, id).await;
}

#[tokio::test]
async fn the_welsh_bot_refuses_a_gnubg_level_a_stake_and_its_levels_for_standard_rules() {
    let url = store_url("welsh-bot-refusals").await;
    let (club, _) = club_on(&url, 3, START).await;
    let stake = Command::Challenge(ChallengeOp::New {
        opponent: "bot".into(),
        spec: ChallengeSpec {
            stake: 100,
            ..ChallengeSpec::welsh(5)
        },
    });
    let welsh_level_standard = Command::Challenge(ChallengeOp::New {
        opponent: "bot".into(),
        spec: ChallengeSpec {
            bot: Some(BotLevel::Welsh(welsh_player::Level::Medium)),
            ..ChallengeSpec::standard(Some(3))
        },
    });
    // Given challenges to the bot it does not play: a GNU Backgammon level with Welsh
    // rules, a stake, a Welsh level with standard rules
    for (cmd, words) in [
        (
            welsh_against_bot(5, Some(BotLevel::Standard(gnubg::Level::Expert))),
            "expert is a level of GNU Backgammon, which plays standard backgammon only",
        ),
        (stake, "the stake must be zero"),
        (
            welsh_level_standard,
            "medium is a level of the bot's Welsh player",
        ),
    ] {
        // When alice sends each, then it is refused saying why
        let e = refused(&club, "alice", cmd).await.to_string();
        assert!(e.contains(words), "{e}");
    }
    // And nothing was written, not even the bot's player
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
}

#[tokio::test]
async fn a_welsh_match_against_the_bot_moves_no_money_and_keeps_no_scoop_pot() {
    // Given alice plays a Welsh match to 1 game against the bot (the bot is a program:
    // it has no money to pay or receive, docs/bot.md)
    let url = store_url("welsh-bot-no-money").await;
    let (club, clock) = club_on(&url, 5, START).await;
    let out = run(&club, "alice", welsh_against_bot(1, None)).await;
    let id = out.match_id.unwrap().get();
    let mut said = out.lines.join("\n");
    // When she plays it to its end
    let (events, finished) = play_on(&club, &clock, id, 2_000).await;
    assert!(finished, "the match did not end");
    for e in &events {
        said.push('\n');
        said.push_str(&e.outcome.lines.join("\n"));
    }
    // Then nobody was told of a payment, the ledger holds nothing, and no scoop-pot was
    // started with the bot
    assert!(!said.contains(" pays "), "{said}");
    let ledger = run(&club, "alice", Command::Look(Look::Ledger)).await;
    assert_eq!(
        ledger.lines,
        vec!["Balance for alice: 0.00".to_string()],
        "{:?}",
        ledger.lines
    );
    let e = refused(&club, "alice", Command::Look(Look::Pot("bot".into()))).await;
    assert!(e.to_string().contains("plays for no money"), "{e}");
    // And the bot is introduced by a name that fits both rulesets, not as GNU Backgammon,
    // and one game is "1 game"
    assert!(!said.contains("GNU Backgammon"), "{said}");
    assert!(
        said.contains("gammonbot accepts match #1: Welsh backgammon to 1 game,"),
        "{said}"
    );
}

#[tokio::test]
async fn a_challenge_to_the_bot_past_the_open_matches_limit_is_refused_saying_the_limit() {
    // Given alice has 3 open Welsh matches against the bot (the default limit)
    let url = store_url("welsh-bot-quota").await;
    let (club, _) = club_on(&url, 5, START).await;
    for target in [3, 5, 7] {
        run(&club, "alice", welsh_against_bot(target, None)).await;
    }
    // When she challenges it a fourth time
    let e = refused(&club, "alice", welsh_against_bot(9, None))
        .await
        .to_string();
    // Then she is told the limit and how to free one, and no match is made
    assert!(
        e.contains("you have 3 open matches against the bot here, the most at once (3)"),
        "{e}"
    );
    assert!(club.store().load_match(4).await.unwrap().is_none());
    // And bob, who has none, may still challenge it
    run(&club, "bob", welsh_against_bot(3, None)).await;
}
