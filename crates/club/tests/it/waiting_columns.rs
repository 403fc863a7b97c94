//! Whom a match waits on, kept in the match's columns (migration 0020) with every change:
//! after each command of a game played at random (rolls, doubles, takes and drops,
//! resignations, moves; a challenge before; a time-out in another) and of a Welsh match,
//! the columns say the player the club names next and his words, and `/games waiting`
//! lists the same read from the columns as decoded from the snapshot (as for a row
//! written before the migration, whose columns are NULL).

use club::{
    Actor, ChallengeOp, ChallengeSpec, Choice, Command, DAY, Look, MatchOp, MatchRef, NextUp,
};
use clubkit::{Fixture, accepted, run};
use engine::{ResignLevel, Side};
use store::{MatchStatus, WaitingMark};
use testkit::store_url;
use welsh_player::{EvalPlayer, Level};

/// A small deterministic generator (the test's choices, not the dice).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap() % n
    }
}

/// The waiting columns of match `id` as stored.
async fn stored(f: &Fixture, id: i64) -> (MatchStatus, Option<WaitingMark>) {
    let row = f.store.load_match(id).await.unwrap().unwrap();
    (row.status, row.waiting)
}

async fn id_of(f: &Fixture, name: &str) -> i64 {
    f.store
        .find_player("local", name)
        .await
        .unwrap()
        .unwrap()
        .id
}

/// `/games waiting` for `name` read from the columns, and again with match `id`'s columns
/// made unknown as a row written before migration 0020 has them: the two must be the
/// same. The lines.
async fn waiting_both_ways(f: &Fixture, name: &str, id: i64, url: &str) -> Vec<String> {
    let known = run(f, name, Command::Look(Look::Waiting)).await.lines;
    let pool = testkit::raw_pool(url).await;
    sqlx::query(
        "UPDATE matches SET waiting_on = NULL, waiting_for = NULL, break_until = NULL WHERE id = $1",
    )
    .bind(id)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let decoded = run(f, name, Command::Look(Look::Waiting)).await.lines;
    assert_eq!(known, decoded, "{name}, match #{id}");
    known
}

/// After a command of match `id` whose answer named `next` (or nobody): the columns name
/// him and his words, `/games waiting` lists it for him alone, the same both ways.
async fn check(f: &Fixture, url: &str, id: i64, next: Option<&NextUp>, names: [&str; 2]) {
    let (status, mark) = stored(f, id).await;
    match next {
        Some(up) => {
            let expected = WaitingMark {
                on: Some(id_of(f, &up.name).await),
                what: if status == MatchStatus::Challenged {
                    String::new()
                } else {
                    up.what.clone()
                },
                break_until: None,
            };
            assert_eq!(mark, Some(expected), "match #{id}, {status}");
        }
        None => assert_eq!(
            mark.map(|m| m.on),
            Some(None),
            "match #{id}, {status}: waits on nobody"
        ),
    }
    for name in names {
        let lines = waiting_both_ways(f, name, id, url).await;
        let mine = next.is_some_and(|up| up.name == name);
        assert_eq!(
            lines.iter().any(|l| l.starts_with(&format!("#{id} "))),
            mine,
            "{name}: {lines:#?}"
        );
    }
}

/// The command `up` answers with, chosen at random among what he may do.
async fn pick(f: &Fixture, up: &NextUp, rng: &mut Lcg) -> Command {
    let m = MatchRef::id(up.match_id);
    let has = |c: &Choice| up.choices.contains(c);
    if up.choices.iter().any(|c| matches!(c, Choice::Move { .. })) {
        let plays = f
            .club
            .legal_moves(&Actor::local(&up.name), m)
            .await
            .unwrap();
        return Command::Match(m, MatchOp::Move(plays[rng.below(plays.len())].clone()));
    }
    if has(&Choice::AcceptResignation) {
        return if rng.below(2) == 0 {
            Command::Match(m, MatchOp::AcceptResign)
        } else {
            Command::Match(m, MatchOp::RejectResign)
        };
    }
    if has(&Choice::Take) {
        return if has(&Choice::Drop) && rng.below(3) == 0 {
            Command::Match(m, MatchOp::Drop)
        } else {
            Command::Match(m, MatchOp::Take)
        };
    }
    if has(&Choice::Roll) && rng.below(12) == 0 {
        return Command::Match(m, MatchOp::Resign(ResignLevel::Single));
    }
    if has(&Choice::Double) && rng.below(5) == 0 {
        return Command::Match(m, MatchOp::Double);
    }
    Command::Match(m, MatchOp::Roll)
}

#[tokio::test]
async fn the_waiting_columns_follow_a_game_played_at_random_and_list_as_decoded() {
    let url = store_url("waiting-columns-random").await;
    let f = Fixture::seeded(&url, 29).await;
    let names = ["alice", "bob"];
    let mut rng = Lcg(35);
    // Given alice's challenge to bob: it waits on bob
    let out = run(
        &f,
        "alice",
        Command::Challenge(ChallengeOp::New {
            opponent: "bob".into(),
            spec: ChallengeSpec::standard(Some(3)),
        }),
    )
    .await;
    let id = out.match_id.unwrap().get();
    check(&f, &url, id, out.next.as_ref(), names).await;
    // When it is accepted and played at random, command after command
    let mut out = run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
    )
    .await;
    let mut commands = 0;
    while let Some(up) = out.next.clone() {
        // Then after each the columns name whom the club names next, and the list is the
        // same read from them as decoded
        check(&f, &url, id, Some(&up), names).await;
        if commands == 200 {
            break;
        }
        let cmd = pick(&f, &up, &mut rng).await;
        out = run(&f, &up.name, cmd).await;
        commands += 1;
    }
    assert_eq!(stored(&f, id).await.0, MatchStatus::Finished);
    check(&f, &url, id, None, names).await;
    // And in a second match, a player who lets his time run out forfeits: it waits on
    // nobody
    let (id, out) = accepted(&f, "alice", "bob", ChallengeSpec::standard(Some(3))).await;
    let id = id.get();
    check(&f, &url, id, out.next.as_ref(), names).await;
    f.clock.advance(30 * DAY);
    f.club.sweep().await.unwrap();
    assert_eq!(stored(&f, id).await.0, MatchStatus::Finished);
    check(&f, &url, id, None, names).await;
}

#[tokio::test]
async fn the_waiting_columns_follow_a_welsh_match() {
    let url = store_url("waiting-columns-welsh").await;
    let f = Fixture::seeded(&url, 31).await;
    let (id, out) = accepted(&f, "alice", "bob", ChallengeSpec::welsh(1)).await;
    let id = id.get();
    check(&f, &url, id, out.next.as_ref(), ["alice", "bob"]).await;
    let net = welsh_player::shipped();
    let (mut x, mut o) = (
        EvalPlayer::new(net, Level::Weak, 1),
        EvalPlayer::new(net, Level::Weak, 2),
    );
    clubkit::play_welsh_to_end(&f.store, id, [&mut x, &mut o], async |side, cmd| {
        let out = run(&f, if side == Side::X { "alice" } else { "bob" }, cmd).await;
        check(&f, &url, id, out.next.as_ref(), ["alice", "bob"]).await;
    })
    .await;
    assert_eq!(stored(&f, id).await.0, MatchStatus::Finished);
}
