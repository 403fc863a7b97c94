//! Typed refusals (issue 46): each room's refusal comes back as its own variant of
//! [`Refusal`] with its facts, so that a test (or an adapter) matches the variant instead
//! of the words. One test or two per room, named for the rule it pins; the words
//! themselves stay asserted where they were.

use club::{
    Actor, BlockRefusal, ChallengeOp, ChallengeOption, ChallengeSpec, ChouetteOp, ChouetteRef,
    ChouetteRefusal, ChouetteSpec, ClubError, Command, FairOp, FairRef, FairRefusal, LeagueCommand,
    LeagueOp, LeagueRefusal, Look, MatchOp, MatchRef, PlayerRefusal, PracticeOp, PracticeRefusal,
    Refusal, RevokeTarget, Rights, TermsRefusal, VacationOp, VacationRefusal, WebRefusal,
};
use clubkit::{Fixture, accepted, refused, run};
use engine::RuleError;
use testkit::store_url;

fn challenge(opponent: &str, spec: ChallengeSpec) -> Command {
    Command::Challenge(ChallengeOp::New {
        opponent: opponent.into(),
        spec,
    })
}

/// Makes `names` known to the club.
async fn known(at: &Fixture, names: &[&str]) {
    for n in names {
        run(at, n, Command::Look(Look::Games)).await;
    }
}

/// A 3-point match of alice against bob, accepted: its number, who acts and who waits.
async fn started(at: &Fixture) -> (i64, String, String) {
    let (id, out) = accepted(&at.club, "alice", "bob", ChallengeSpec::standard(Some(3))).await;
    let next = out.next.unwrap().name;
    let other = if next == "alice" { "bob" } else { "alice" };
    (id.get(), next, other.to_string())
}

#[tokio::test]
async fn a_roll_by_the_player_who_waits_is_not_your_turn_naming_who_acts() {
    let at = Fixture::seeded(&store_url("refusals-turn").await, 5).await;
    let (id, next, other) = started(&at).await;
    let e = refused(&at, &other, Command::Match(MatchRef::id(id), MatchOp::Roll)).await;
    assert!(
        matches!(&e, ClubError::Refused(Refusal::NotYourTurn(name, _)) if *name == next),
        "{e:?}"
    );
}

#[tokio::test]
async fn an_illegal_play_carries_the_engines_rule_error() {
    let at = Fixture::seeded(&store_url("refusals-rule").await, 5).await;
    let (id, next, _) = started(&at).await;
    // No roll lets a checker go from 24 to 1 in one move
    let e = refused(
        &at,
        &next,
        Command::Match(MatchRef::id(id), MatchOp::Move("24/1".into())),
    )
    .await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Rule(RuleError::IllegalPlay(_)))
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_take_with_no_double_offered_is_no_double_waiting() {
    let at = Fixture::seeded(&store_url("refusals-take").await, 5).await;
    let (id, next, _) = started(&at).await;
    let e = refused(&at, &next, Command::Match(MatchRef::id(id), MatchOp::Take)).await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::NoDoubleWaiting {
                command: "take",
                ..
            })
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn terms_that_do_not_apply_are_a_terms_refusal_naming_the_option() {
    let at = Fixture::seeded(&store_url("refusals-terms").await, 5).await;
    known(&at, &["alice", "bob"]).await;
    // The Holland rule is for match play; money play has no length
    let spec = ChallengeSpec {
        holland: true,
        ..ChallengeSpec::standard(None)
    };
    let e = refused(&at, "alice", challenge("bob", spec)).await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Terms(TermsRefusal::MatchOnly(
                ChallengeOption::Holland
            )))
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_block_refuses_the_blocked_challenger_in_the_words_of_any_refusal() {
    let at = Fixture::seeded(&store_url("refusals-block").await, 5).await;
    known(&at, &["alice", "bob"]).await;
    let e = refused(
        &at,
        "alice",
        Command::Player(club::PlayerOp::Block(Some("alice".into()))),
    )
    .await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Block(BlockRefusal::BlockSelf))
        ),
        "{e:?}"
    );
    run(
        &at,
        "alice",
        Command::Player(club::PlayerOp::Block(Some("bob".into()))),
    )
    .await;
    let e = refused(
        &at,
        "bob",
        challenge("alice", ChallengeSpec::standard(Some(3))),
    )
    .await;
    assert!(
        matches!(
            &e,
            ClubError::Refused(Refusal::Block(BlockRefusal::ChallengeRefused { opponent }))
                if opponent == "alice"
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_hint_in_a_rated_match_is_refused_as_not_practice() {
    let at = Fixture::seeded(&store_url("refusals-hint").await, 5).await;
    let (id, next, _) = started(&at).await;
    let e = refused(
        &at,
        &next,
        Command::Practice(MatchRef::id(id), PracticeOp::Hint),
    )
    .await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Practice(PracticeRefusal::Rated {
                verb: "hint",
                ..
            }))
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn fair_dice_of_a_match_thrown_by_a_seeded_source_have_no_record() {
    let at = Fixture::seeded(&store_url("refusals-fair").await, 5).await;
    let (id, next, _) = started(&at).await;
    let e = refused(
        &at,
        &next,
        Command::Fair(FairRef::Match(MatchRef::id(id)), FairOp::Show),
    )
    .await;
    assert!(
        matches!(
            &e,
            ClubError::Refused(Refusal::Fair(FairRefusal::NoRecord { label }))
                if *label == format!("match #{id}")
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn naming_someone_outside_a_chouette_is_not_a_player_of_it() {
    let at = Fixture::seeded(&store_url("refusals-chouette").await, 5).await;
    run(
        &at,
        "ann",
        Command::Chouette(
            ChouetteRef::default(),
            ChouetteOp::Create(ChouetteSpec::default()),
        ),
    )
    .await;
    let e = refused(
        &at,
        "ann",
        Command::Chouette(
            ChouetteRef::default(),
            ChouetteOp::Double(vec!["zed".into()]),
        ),
    )
    .await;
    assert!(
        matches!(
            &e,
            ClubError::Refused(Refusal::Chouette(ChouetteRefusal::NotAPlayer { name, id: 1 }))
                if name == "zed"
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_league_name_with_two_spaces_and_a_second_join_are_league_refusals() {
    let at = Fixture::seeded(&store_url("refusals-league").await, 5).await;
    let league = |name: &str, op| Command::League(LeagueCommand::local(Some(name), op));
    let create = |name: &str| LeagueOp::Create {
        name: name.into(),
        format: club::Format::RoundRobin,
        spec: ChallengeSpec::standard(Some(3)),
    };
    let e = refused(&at, "org", league("Autumn  Cup", create("Autumn  Cup"))).await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::League(LeagueRefusal::NameSpaces))
        ),
        "{e:?}"
    );
    run(&at, "org", league("Autumn", create("Autumn"))).await;
    run(&at, "alice", league("Autumn", LeagueOp::Join)).await;
    let e = refused(&at, "alice", league("Autumn", LeagueOp::Join)).await;
    assert!(
        matches!(
            &e,
            ClubError::Refused(Refusal::League(LeagueRefusal::AlreadyJoined { league }))
                if league == "Autumn"
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_vacation_of_no_days_and_an_end_with_none_are_vacation_refusals() {
    let at = Fixture::seeded(&store_url("refusals-vacation").await, 5).await;
    let e = refused(
        &at,
        "alice",
        Command::Player(club::PlayerOp::Vacation(VacationOp::Take(0))),
    )
    .await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Vacation(VacationRefusal::TooFewDays { days: 0 }))
        ),
        "{e:?}"
    );
    let e = refused(
        &at,
        "alice",
        Command::Player(club::PlayerOp::Vacation(VacationOp::End)),
    )
    .await;
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Vacation(VacationRefusal::NotAway))
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_head_to_head_of_one_player_is_refused_as_the_same_player_twice() {
    let at = Fixture::seeded(&store_url("refusals-h2h").await, 5).await;
    clubkit::accepted(&at.club, "alice", "bob", ChallengeSpec::standard(Some(1))).await;
    let e = refused(
        &at,
        "alice",
        Command::Look(Look::HeadToHead {
            player: Some("bob".into()),
            opponent: "bob".into(),
        }),
    )
    .await;
    assert!(
        matches!(
            &e,
            ClubError::Refused(Refusal::Player(PlayerRefusal::SamePlayerTwice { name }))
                if name == "bob"
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn the_leaderboards_link_is_revoked_only_by_a_manager() {
    let at = Fixture::seeded(&store_url("refusals-web").await, 5).await;
    let e = at
        .club
        .web()
        .revoke_link_by(
            &Actor::local("alice"),
            RevokeTarget::Leaderboard,
            &Rights {
                manager: false,
                roles: Vec::new(),
            },
        )
        .await
        .unwrap_err();
    assert!(
        matches!(
            e,
            ClubError::Refused(Refusal::Web(WebRefusal::RevokeLeaderboard))
        ),
        "{e:?}"
    );
}
