//! Buttons come from the club's typed choices (issue 30, item 16): every choice the club
//! offers that needs nothing typed has a button, the button stands for that choice's
//! command, and the command is accepted. Walked through whole money, Welsh and chouette
//! sessions in the club, choosing at random among what is offered.

use std::collections::HashSet;
use std::sync::Arc;

use club::{
    Actor, ChallengeOp, ChallengeSpec, Choice, ChouetteOp, ChouetteRef, ChouetteSpec, Club,
    Command, ManualClock, MatchOp, MatchRef, Outcome, RngDice, Subject,
};
use engine::ResignLevel;
use engine::chouette::{Chouette, ChouettePhase};
use engine::format_play;
use gammonbot::discord::{button_command, button_of, buttons};
use store::Store;

use clubkit::run;
use testkit::{Rng, store_url};

async fn open(name: &str, seed: u64) -> (Arc<Club>, Store) {
    let store = Store::open(&store_url(name).await).await.unwrap();
    let club = Arc::new(Club::new(
        store.clone(),
        Arc::new(RngDice::seeded(seed)),
        Arc::new(ManualClock::new(1_800_000_000)),
    ));
    (club, store)
}

/// The custom ids of an outcome's buttons.
fn button_ids(out: &Outcome) -> Vec<String> {
    let rows = serde_json::to_value(buttons(out)).unwrap();
    rows.as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["components"].as_array().unwrap().clone())
        .map(|b| b["custom_id"].as_str().unwrap().to_string())
        .collect()
}

/// Every choice of the next player that needs nothing typed has a button standing for
/// its command, and every button is one of the choices. Gives the buttons' commands.
fn check_buttons(out: &Outcome, on: Subject) -> Vec<(Choice, Command)> {
    let Some(next) = &out.next else {
        assert!(button_ids(out).is_empty(), "{:?}", button_ids(out));
        return Vec::new();
    };
    let ids = button_ids(out);
    let clicked: Vec<Command> = ids
        .iter()
        .map(|id| button_command(id).unwrap_or_else(|| panic!("button {id} stands for nothing")))
        .collect();
    let v = out.version;
    let on = match on {
        Subject::Match(m) => Subject::Match(MatchRef { version: v, ..m }),
        Subject::Chouette(c) => Subject::Chouette(ChouetteRef { version: v, ..c }),
    };
    let mut offered = Vec::new();
    for &c in &next.choices {
        match c.command(on) {
            Some(cmd) => {
                assert!(
                    clicked.contains(&cmd),
                    "{c:?} (`{}`) has no button: {ids:?}",
                    next.what
                );
                offered.push((c, cmd));
            }
            None => assert!(
                matches!(c, Choice::Move { .. } | Choice::Nominate),
                "{c:?} can be neither clicked nor typed"
            ),
        }
    }
    assert_eq!(
        clicked.len(),
        offered.len(),
        "{ids:?} for {:?}",
        next.choices
    );
    offered
}

#[test]
fn every_clickable_choice_has_a_button_whose_id_gives_back_its_command() {
    let m = MatchRef {
        id: Some(4.into()),
        version: Some(9),
    };
    let c = ChouetteRef {
        id: Some(2),
        version: Some(5),
    };
    let all = [
        Choice::OpeningRoll,
        Choice::Roll,
        Choice::Throw(None),
        Choice::Throw(Some((5, 2))),
        Choice::Double,
        Choice::Nominate,
        Choice::OneDie,
        Choice::Take,
        Choice::Drop,
        Choice::Beaver,
        Choice::Raccoon,
        Choice::AcceptResignation,
        Choice::RejectResignation,
        Choice::AcceptConcession,
        Choice::RejectConcession,
        Choice::AcceptChallenge,
        Choice::DeclineChallenge,
        Choice::CallOdds,
        Choice::CallEvens,
        Choice::StartMyself,
        Choice::StartOpponent,
        Choice::Move {
            high: 6,
            low: Some(5),
        },
        Choice::Reroll,
        Choice::Pass,
        Choice::OfferConcession { most: 3 },
        Choice::StartGame,
        Choice::Resume,
        Choice::Undo,
        Choice::Keep,
    ];
    for choice in all {
        for (on, prefix, id, v) in [
            (Subject::Match(m), "gb", 4, 9),
            (Subject::Chouette(c), "gc", 2, 5),
        ] {
            let Some(cmd) = choice.command(on) else {
                continue;
            };
            let (verb, label, _) =
                button_of(choice).unwrap_or_else(|| panic!("{choice:?} has no button"));
            assert!(!label.is_empty());
            assert_eq!(
                button_command(&format!("{prefix}:{verb}:{id}:{v}")),
                Some(cmd),
                "{choice:?}"
            );
        }
    }
}

/// Plays a match choosing at random among the choices offered (now and then offering to
/// resign or concede), checking the buttons of every answer; gives the choices seen.
async fn walk_match(
    club: &Club,
    id: i64,
    first: Outcome,
    steps: usize,
    rng: &mut Rng,
) -> HashSet<String> {
    let m = MatchRef::id(id);
    let mut seen = HashSet::new();
    let mut out = first;
    for _ in 0..steps {
        let offered = check_buttons(&out, Subject::Match(m));
        let Some(next) = out.next.clone() else { break };
        for c in &next.choices {
            seen.insert(
                format!("{c:?}")
                    .split(['(', ' '])
                    .next()
                    .unwrap()
                    .to_string(),
            );
        }
        let who = next.name.as_str();
        if rng.chance(4) {
            let offer = if next.what.starts_with("throw") {
                Command::Match(
                    m,
                    MatchOp::Concede {
                        games: 1,
                        payment: false,
                    },
                )
            } else {
                Command::Match(m, MatchOp::Resign(ResignLevel::Single))
            };
            if let Ok(o) = club.execute(&Actor::local(who), offer).await {
                out = o;
                continue;
            }
        }
        let typed = next
            .choices
            .iter()
            .any(|c| matches!(c, Choice::Move { .. }));
        out = if typed && (offered.is_empty() || rng.chance(70)) {
            let moves = club.legal_moves(&Actor::local(who), m).await.unwrap();
            run(
                club,
                who,
                Command::Match(m, MatchOp::Move(moves[rng.below(moves.len())].clone())),
            )
            .await
        } else {
            // A click: the command the button stands for.
            let (_, cmd) = offered[rng.below(offered.len())].clone();
            run(club, who, cmd).await
        };
    }
    seen
}

#[tokio::test]
async fn every_choice_the_club_offers_in_a_money_session_has_a_button() {
    let (club, _) = open("buttons-money", 3).await;
    let mut spec = ChallengeSpec::standard(None);
    spec.beavers = true;
    spec.raccoons = true;
    let challenge = run(
        &club,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec,
        }),
    )
    .await;
    check_buttons(&challenge, Subject::Match(MatchRef::id(1)));
    let first = run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(1))),
    )
    .await;
    let mut rng = Rng::new(11);
    let seen = walk_match(&club, 1, first, 400, &mut rng).await;
    for c in [
        "Roll",
        "Double",
        "Take",
        "Drop",
        "Beaver",
        "Raccoon",
        "Move",
        "AcceptResignation",
    ] {
        assert!(seen.contains(c), "{c} never offered: {seen:?}");
    }
}

#[tokio::test]
async fn every_choice_the_club_offers_in_a_welsh_match_has_a_button() {
    let (club, _) = open("buttons-welsh", 5).await;
    run(
        &club,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::welsh(5),
        }),
    )
    .await;
    let first = run(
        &club,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(1))),
    )
    .await;
    let mut rng = Rng::new(13);
    let seen = walk_match(&club, 1, first, 400, &mut rng).await;
    for c in ["CallOdds", "StartMyself", "Throw", "Double", "Move"] {
        assert!(seen.contains(c), "{c} never offered: {seen:?}");
    }
}

#[tokio::test]
async fn every_choice_the_club_offers_in_a_chouette_has_a_button() {
    let (club, store) = open("buttons-chouette", 7).await;
    let chouette = |op| Command::Chouette(ChouetteRef::default(), op);
    run(
        &club,
        "ann",
        chouette(ChouetteOp::Create(ChouetteSpec::default())),
    )
    .await;
    run(&club, "ben", chouette(ChouetteOp::Join)).await;
    let mut out = run(&club, "cat", chouette(ChouetteOp::Join)).await;
    let on = Subject::Chouette(ChouetteRef {
        id: Some(1),
        version: None,
    });
    let mut rng = Rng::new(17);
    let mut seen = HashSet::new();
    for _ in 0..300 {
        let offered = check_buttons(&out, on);
        let Some(next) = out.next.clone() else {
            out = run(&club, "ann", chouette(ChouetteOp::Start)).await;
            continue;
        };
        seen.extend(next.choices.iter().map(|c| {
            format!("{c:?}")
                .split(['(', ' '])
                .next()
                .unwrap()
                .to_string()
        }));
        let who = next.name.clone();
        out = if offered.is_empty() {
            let c: Chouette =
                serde_json::from_str(&store.load_chouette(1).await.unwrap().unwrap().state)
                    .unwrap();
            let ChouettePhase::ToPlay { side, .. } = c.phase() else {
                panic!("nothing to click nor to play: {:?}", next.choices)
            };
            let plays = c.legal_plays();
            let p = plays[rng.below(plays.len())].play;
            run(
                &club,
                &who,
                chouette(ChouetteOp::Move(format_play(&c.position().view(side), &p))),
            )
            .await
        } else {
            let (_, cmd) = offered[rng.below(offered.len())].clone();
            run(&club, &who, cmd).await
        };
    }
    for c in ["Roll", "Double", "Take", "Drop", "Move"] {
        assert!(seen.contains(c), "{c} never offered: {seen:?}");
    }
}
