//! Helpers shared by the integration tests of the club and of the program: a club on a
//! test's store, scripted dice, a command run (or refused) as a local player, the action
//! log of a match read back, the check that a match rebuilds from its log alone, a Welsh
//! match played through the club by gammonbot's Welsh players, a Welsh match brought to a
//! break, and the ratings suites' set-ups (`ratings`).
//!
//! They are apart from `testkit` (the helpers of every crate's tests) because they name
//! the club: the engine's and the store's tests depend on `testkit` only, so an edit of the
//! club relinks none of them. A crate, not a module the tests include by path, so that each
//! test binary uses what it needs without dead-code warnings.

pub mod drills;
pub mod load;
pub mod ratings;
mod welsh_play;

pub use welsh_play::{play_welsh_to_end, stored_welsh, welsh_command};

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use club::{
    Actor, ChallengeOp, ChallengeSpec, Club, ClubError, Command, DiceSource, ManualClock, MatchNo,
    MatchOp, MatchRef, Outcome, RngDice, Starter,
};
use engine::welsh::Parity;
use store::Store;

/// The moment the tests' clocks start at (2027-01-15).
pub const START: i64 = 1_800_000_000;

/// A club on a test's store, with the clock the test moves and the store to look into.
pub struct Fixture {
    /// The club.
    pub club: Arc<Club>,
    /// Its clock, which stands still until the test moves it.
    pub clock: Arc<ManualClock>,
    /// Its store.
    pub store: Store,
}

impl Fixture {
    /// A club on the store at `url` (as `testkit::store_url` gives it) with `dice`, its
    /// clock at `at`.
    pub async fn open(url: &str, dice: Arc<dyn DiceSource>, at: i64) -> Fixture {
        let store = Store::open(url).await.unwrap();
        let clock = Arc::new(ManualClock::new(at));
        let club = Arc::new(Club::new(store.clone(), dice, clock.clone()));
        Fixture { club, clock, store }
    }

    /// The fixture with its club's per-player limits set (before the club is shared).
    #[must_use]
    pub fn with_quotas(mut self, quotas: club::Quotas) -> Fixture {
        let Ok(club) = Arc::try_unwrap(self.club) else {
            panic!("with_quotas: the club is already shared")
        };
        self.club = Arc::new(club.with_quotas(quotas));
        self
    }

    /// A club on the store at `url` with dice seeded by `seed`, its clock at [`START`].
    pub async fn seeded(url: &str, seed: u64) -> Fixture {
        Fixture::open(url, Arc::new(RngDice::seeded(seed)), START).await
    }
}

/// Dice in a given order, then 4s, for tests that need particular throws.
pub struct ScriptDice(Mutex<VecDeque<u8>>);

impl ScriptDice {
    /// Dice that throw `dice` in order, then 4s.
    pub fn new(dice: &[u8]) -> ScriptDice {
        ScriptDice(Mutex::new(dice.iter().copied().collect()))
    }
}

impl DiceSource for ScriptDice {
    fn die(&self) -> u8 {
        self.0.lock().unwrap().pop_front().unwrap_or(4)
    }
    fn pick(&self, _n: usize) -> usize {
        0
    }
}

/// Something a test acts through: a club, a shared club, or a test's fixture holding one.
pub trait HoldsClub {
    /// The club.
    fn club(&self) -> &Club;
}

impl HoldsClub for Club {
    fn club(&self) -> &Club {
        self
    }
}

impl HoldsClub for Fixture {
    fn club(&self) -> &Club {
        &self.club
    }
}

impl<T: HoldsClub> HoldsClub for Arc<T> {
    fn club(&self) -> &Club {
        (**self).club()
    }
}

/// Runs `cmd` as the local player `name`; panics, saying the command, when it is refused.
pub async fn run(at: &impl HoldsClub, name: &str, cmd: Command) -> Outcome {
    match at
        .club()
        .execute(&club::Actor::local(name), cmd.clone())
        .await
    {
        Ok(o) => o,
        Err(e) => panic!("{name}: {cmd:?} refused: {e}"),
    }
}

/// Runs `cmd` as the local player `name` and answers its refusal; panics when it is
/// accepted.
pub async fn refused(at: &impl HoldsClub, name: &str, cmd: Command) -> ClubError {
    match at
        .club()
        .execute(&club::Actor::local(name), cmd.clone())
        .await
    {
        Ok(o) => panic!("{name}: {cmd:?} was accepted: {:?}", o.lines),
        Err(e) => e,
    }
}

/// The action log of match `id`, read back.
pub async fn match_log(store: &Store, id: impl Into<MatchNo>) -> Vec<club::Entry> {
    store
        .actions(id.into().get())
        .await
        .unwrap()
        .iter()
        .map(|r| serde_json::from_str(&r.entry).unwrap())
        .collect()
}

/// The stored status and snapshot of match `id` equal those folded from its log alone.
pub async fn assert_match_rebuilds(store: &Store, id: impl Into<MatchNo>) {
    let id = id.into();
    let row = store.load_match(id.get()).await.unwrap().unwrap();
    let names = [
        store
            .player_by_id(row.players[0])
            .await
            .unwrap()
            .display_name,
        store
            .player_by_id(row.players[1])
            .await
            .unwrap()
            .display_name,
    ];
    let (status, snap) = club::rebuild(&match_log(store, id).await, &names).unwrap();
    let stored: Option<club::Snapshot> = row
        .state
        .as_deref()
        .map(|s| serde_json::from_str(s).unwrap());
    assert_eq!(status, row.status, "match #{id}: status from the log");
    assert_eq!(snap, stored, "match #{id}: snapshot from the log");
}

/// The local player `name`, as the club's commands and views take a player.
pub fn who(name: &str) -> Actor {
    Actor::local(name)
}

/// The match of the pair `a` and `b` in the current season of league `league`, read from
/// the bracket as `a` sees it; panics when the bracket has no such match.
pub async fn match_of(at: &impl HoldsClub, league: &str, a: &str, b: &str) -> i64 {
    at.club()
        .league_bracket(&who(a), Some(league))
        .await
        .unwrap()
        .iter()
        .find(|l| {
            let n: Vec<&str> = l.names.iter().flatten().map(String::as_str).collect();
            n.len() == 2 && n.contains(&a) && n.contains(&b)
        })
        .and_then(|l| l.match_id)
        .unwrap_or_else(|| panic!("no match {a} v {b} in {league}"))
}

/// A match `a` challenges `b` to with `spec` and `b` accepts: its id and the outcome of
/// the acceptance.
pub async fn accepted(
    at: &impl HoldsClub,
    a: &str,
    b: &str,
    spec: ChallengeSpec,
) -> (MatchNo, Outcome) {
    let challenge = Command::Challenge(ChallengeOp::New {
        opponent: b.into(),
        spec,
    });
    let id = run(at, a, challenge).await.match_id.unwrap();
    (
        id,
        run(
            at,
            b,
            Command::Challenge(ChallengeOp::Accept(MatchRef::id(id))),
        )
        .await,
    )
}

/// A live-clock Welsh match of alice's against bob brought to a break due: bob (who calls)
/// uses 69 of his 70 minutes, alice 36, and the first game is a wash by snakes, the first
/// time both clocks are under 35 minutes. The fixture's dice must throw the concealed 1-2
/// (odds: bob chooses), then 1-1 for alice and 1-1 for bob (`ScriptDice`). Returns the
/// match id; bob must call next, with 60 seconds left.
pub async fn welsh_break_due(f: &Fixture) -> MatchNo {
    let mut spec = ChallengeSpec::welsh(25);
    spec.time = club::TimeControl::welsh_live();
    let (id, _) = accepted(f, "alice", "bob", spec).await;
    let m = MatchRef::id(id);
    // No break is due at the start
    let e = refused(f, "alice", Command::Match(m, MatchOp::Break)).await;
    assert!(e.to_string().contains("no break is due"), "{e}");
    f.clock.advance(69 * 60);
    run(f, "bob", Command::Match(m, MatchOp::Call(Parity::Odd))).await;
    run(
        f,
        "bob",
        Command::Match(m, MatchOp::Choose(Starter::Opponent)),
    )
    .await;
    f.clock.advance(36 * 60);
    run(f, "alice", Command::Match(m, MatchOp::Roll)).await;
    let moves = f.club.legal_moves(&who("alice"), m).await.unwrap();
    run(
        f,
        "alice",
        Command::Match(m, MatchOp::Move(moves[0].clone())),
    )
    .await;
    let out = run(f, "bob", Command::Match(m, MatchOp::Roll)).await;
    assert!(
        out.lines.iter().any(|l| l.contains("wash by snakes"))
            && out.lines.iter().any(|l| l.contains("ten-minute break")),
        "{:?}",
        out.lines
    );
    let row = f.store.load_match(id.get()).await.unwrap().unwrap();
    assert_eq!(row.bank, [70 * 60 - 36 * 60, 60]);
    assert_eq!(out.next.unwrap().name, "bob");
    id
}
