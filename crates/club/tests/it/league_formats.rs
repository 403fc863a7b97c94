//! Double elimination and the Swiss system: the scheduler's rules on brackets and rounds
//! played out with random results from a seed (every entrant plays until two losses;
//! the grand final and its reset; Swiss pairs nobody twice while it can; both the same
//! for the same seed), then both formats through the club with a restart in the middle.

use std::collections::{BTreeMap, HashMap, HashSet};

use club::league::double_elim::{
    GRAND_FINAL, LOSERS, RESET, champion, double_elimination, double_fill, double_fixtures,
};
use club::league::swiss::{SwissPlayer, SwissRound, key, pair_round, swiss_rounds};
use club::{ChallengeSpec, Command, Format, LeagueCommand, LeagueOp};
use clubkit::{Fixture, run, who};
use store::FixtureRow;
use testkit::store_url;

/// A small seeded generator for the results.
pub(crate) struct Coin(pub(crate) u64);

impl Coin {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

/// A double elimination of `n` entrants (ids 1..=n, seed order) played to its end, each
/// ready match won by a side drawn from `seed`, or by `pick` when it says. Checks on the
/// way that nobody with two losses is given a match and nobody plays two at once.
fn play_double(
    n: usize,
    seed: u64,
    reset: bool,
    pick: &dyn Fn(&FixtureRow) -> Option<usize>,
) -> Vec<FixtureRow> {
    let ids: Vec<i64> = (1..=n as i64).collect();
    let mut fx = double_fixtures(&ids, 1, 1);
    let none = HashSet::new();
    double_fill(&mut fx, n, reset, &none);
    let mut coin = Coin(seed);
    let mut losses: HashMap<i64, u32> = HashMap::new();
    for _ in 0..10 * n + 10 {
        let playing: Vec<usize> = (0..fx.len())
            .filter(|&i| fx[i].status == "playing")
            .collect();
        if playing.is_empty() {
            break;
        }
        let mut busy = HashSet::new();
        for &i in &playing {
            for p in fx[i].players.iter().flatten() {
                assert!(busy.insert(*p), "n {n}: {p} in two matches at once");
                assert!(
                    losses.get(p).copied().unwrap_or(0) < 2,
                    "n {n}: {p} plays after two losses"
                );
            }
        }
        // Decide the first match that is playing.
        let i = playing[0];
        let side = pick(&fx[i]).unwrap_or((coin.next() % 2) as usize);
        let f = &mut fx[i];
        let (w, l) = (f.players[side].unwrap(), f.players[1 - side].unwrap());
        f.status = "done".into();
        f.how = Some("played".into());
        f.winner = Some(w);
        *losses.entry(l).or_default() += 1;
        double_fill(&mut fx, n, reset, &none);
    }
    fx
}

fn losses_of(fx: &[FixtureRow]) -> BTreeMap<i64, u32> {
    let mut out = BTreeMap::new();
    for f in fx.iter().filter(|f| f.status == "done") {
        let w = f.winner.unwrap();
        let l = if f.players[0] == Some(w) {
            f.players[1]
        } else {
            f.players[0]
        };
        *out.entry(l.unwrap()).or_default() += 1;
        out.entry(w).or_default();
    }
    out
}

#[test]
fn every_double_elimination_entrant_plays_until_two_losses() {
    for n in 2..=17usize {
        for seed in [1u64, 7, 99] {
            let fx = play_double(n, seed, true, &|_| None);
            assert!(
                fx.iter()
                    .all(|f| matches!(f.status.as_str(), "done" | "bye")),
                "n {n}, seed {seed}: not all decided"
            );
            let champ = champion(&fx).expect("a champion");
            let losses = losses_of(&fx);
            assert_eq!(losses.len(), n, "n {n}: everyone played");
            for (p, l) in &losses {
                if *p == champ {
                    assert!(*l <= 1, "n {n}, seed {seed}: the champion lost {l}");
                } else {
                    assert_eq!(*l, 2, "n {n}, seed {seed}: {p} left after {l} losses");
                }
            }
        }
    }
}

#[test]
fn double_elimination_byes_go_to_the_top_seeds_and_the_brackets_have_their_rounds() {
    // 6 entrants: a bracket of 8, seeds 1 and 2 (ids 1, 2) have byes in the first round.
    let fx = play_double(6, 3, true, &|_| None);
    let byes: HashSet<i64> = fx
        .iter()
        .filter(|f| f.round == 1 && f.status == "bye")
        .filter_map(|f| f.winner)
        .collect();
    assert_eq!(byes, HashSet::from([1, 2]));
    // Winners' rounds 1..=3, losers' rounds 1..=4, the grand final.
    let rounds: std::collections::BTreeSet<i64> =
        double_elimination(6).iter().map(|v| v.round).collect();
    let want: std::collections::BTreeSet<i64> = [1, 2, 3, 101, 102, 103, 104, GRAND_FINAL]
        .into_iter()
        .collect();
    assert_eq!(rounds, want);
    assert!(rounds.iter().all(|&r| r <= 3 || r > LOSERS));
}

/// The side of the grand final's losers' champion (O); elsewhere the top seed's side.
fn losers_champion_wins_the_final(f: &FixtureRow) -> Option<usize> {
    (f.round == GRAND_FINAL).then_some(1)
}

#[test]
fn the_losers_champion_winning_the_grand_final_forces_the_reset_when_it_is_on() {
    // Given a double elimination of 4 where the losers' champion wins the grand final
    let fx = play_double(4, 5, true, &losers_champion_wins_the_final);
    // Then a reset was played between the same two, and its winner is the champion
    let gf = fx.iter().find(|f| f.round == GRAND_FINAL).unwrap();
    let reset = fx.iter().find(|f| f.round == RESET).expect("a reset");
    let pair = |f: &FixtureRow| {
        let mut p = [f.players[0].unwrap(), f.players[1].unwrap()];
        p.sort_unstable();
        p
    };
    assert_eq!(pair(gf), pair(reset));
    assert_eq!(champion(&fx), reset.winner);
    // And with the reset off, the grand final ends it: its winner is the champion
    let fx = play_double(4, 5, false, &losers_champion_wins_the_final);
    assert!(fx.iter().all(|f| f.round != RESET));
    let gf = fx.iter().find(|f| f.round == GRAND_FINAL).unwrap();
    assert_eq!(champion(&fx), gf.winner);
    assert_eq!(gf.winner, gf.players[1]);
}

#[test]
fn no_reset_when_the_winners_champion_wins_the_grand_final() {
    let fx = play_double(8, 2, true, &|f| (f.round == GRAND_FINAL).then_some(0));
    assert!(fx.iter().all(|f| f.round != RESET));
    let gf = fx.iter().find(|f| f.round == GRAND_FINAL).unwrap();
    assert_eq!(champion(&fx), gf.players[0]);
}

#[test]
fn double_elimination_is_deterministic_for_a_seed() {
    assert_eq!(
        play_double(11, 42, true, &|_| None),
        play_double(11, 42, true, &|_| None)
    );
    assert_eq!(double_elimination(13), double_elimination(13));
    assert_ne!(
        play_double(11, 42, true, &|_| None),
        play_double(11, 43, true, &|_| None)
    );
}

/// A Swiss tournament of `n` players (ids 1..=n, seed order) over `rounds`, results
/// drawn from `seed`: the rounds as paired. The table is points, then seed order.
fn play_swiss(n: usize, rounds: u32, seed: u64) -> Vec<SwissRound> {
    let mut coin = Coin(seed);
    let mut points: HashMap<i64, i64> = HashMap::new();
    let mut byes = HashSet::new();
    let mut colour: HashMap<i64, i64> = HashMap::new();
    let mut met = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..rounds {
        let mut ids: Vec<i64> = (1..=n as i64).collect();
        ids.sort_by_key(|p| (-points.get(p).copied().unwrap_or(0), *p));
        let ranked: Vec<SwissPlayer> = ids
            .iter()
            .map(|&id| SwissPlayer {
                id,
                points: points.get(&id).copied().unwrap_or(0),
                had_bye: byes.contains(&id),
                colour: colour.get(&id).copied().unwrap_or(0),
            })
            .collect();
        let round = pair_round(&ranked, &met);
        for &(x, o) in &round.pairs {
            met.insert(key(x, o));
            *colour.entry(x).or_default() += 1;
            *colour.entry(o).or_default() -= 1;
            let w = if coin.next() % 2 == 0 { x } else { o };
            *points.entry(w).or_default() += 1;
        }
        if let Some(b) = round.bye {
            byes.insert(b);
            *points.entry(b).or_default() += 1;
        }
        out.push(round);
    }
    out
}

/// Whether `players` can all be paired (one sitting out when odd) with no pair of `met`:
/// a brute force for small fields.
fn some_fresh_pairing(players: &[i64], met: &HashSet<(i64, i64)>) -> bool {
    match players {
        [] => true,
        [_] => true,
        _ if players.len() % 2 == 1 => (0..players.len()).any(|skip| {
            let rest: Vec<i64> = players
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, &p)| p)
                .collect();
            some_fresh_pairing(&rest, met)
        }),
        [a, rest @ ..] => (0..rest.len()).any(|i| {
            !met.contains(&key(*a, rest[i]))
                && some_fresh_pairing(
                    &rest
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &p)| p)
                        .collect::<Vec<_>>(),
                    met,
                )
        }),
    }
}

/// Everyone plays once a round (the bye aside), nobody has two byes while others have
/// none, and a pair meets again only in a round that could not be paired otherwise.
fn assert_swiss_rounds_sound(n: usize, rounds: &[SwissRound], what: &str) {
    let mut pairs = HashSet::new();
    let mut byes = HashSet::new();
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = HashSet::new();
        let mut again = 0;
        for &(x, o) in &round.pairs {
            assert!(
                seen.insert(x) && seen.insert(o),
                "{what}: twice in round {r}"
            );
            again += usize::from(pairs.contains(&key(x, o)));
        }
        assert_eq!(again, round.repeats, "{what}: repeats counted");
        if again > 0 {
            let everyone: Vec<i64> = (1..=n as i64).collect();
            assert!(
                n <= 10 && !some_fresh_pairing(&everyone, &pairs),
                "{what}: a pair meets again in round {} though the round could be paired without",
                r + 1
            );
        }
        pairs.extend(round.pairs.iter().map(|&(x, o)| key(x, o)));
        if let Some(b) = round.bye {
            assert!(seen.insert(b), "{what}: the bye also plays");
            assert!(
                byes.insert(b) || byes.len() == n,
                "{what}: {b} has two byes"
            );
        }
        assert_eq!(seen.len(), n, "{what}: everyone in round {r}");
        assert_eq!(round.bye.is_some(), n % 2 == 1);
    }
}

#[test]
fn swiss_pairs_nobody_twice_while_it_can() {
    for seed in 0..20u64 {
        assert_swiss_rounds_sound(8, &play_swiss(8, 3, seed), "8 players, 3 rounds");
        assert_swiss_rounds_sound(7, &play_swiss(7, 3, seed), "7 players, 3 rounds");
        assert_swiss_rounds_sound(7, &play_swiss(7, 5, seed), "7 players, 5 rounds");
        // As many rounds as a round robin: a round may have no pairing without a repeat
        // (what is left unplayed can be two triangles); only then does a pair meet again.
        assert_swiss_rounds_sound(6, &play_swiss(6, 5, seed), "6 players, 5 rounds");
        assert_swiss_rounds_sound(33, &play_swiss(33, 6, seed), "33 players, 6 rounds");
    }
}

#[test]
fn swiss_pairs_with_the_fewest_repeats_once_everyone_has_met() {
    // 4 players, 4 rounds: the fourth must repeat, and everyone still plays.
    let rounds = play_swiss(4, 4, 3);
    let last = &rounds[3];
    assert_eq!(last.pairs.len(), 2);
    assert_eq!(last.repeats, 2);
}

#[test]
fn the_swiss_bye_goes_to_the_lowest_ranked_without_one() {
    let p = |id: i64, points: i64, had_bye: bool| SwissPlayer {
        id,
        points,
        had_bye,
        colour: 0,
    };
    let ranked = [
        p(1, 2, false),
        p(2, 1, false),
        p(3, 1, false),
        p(4, 0, true),
        p(5, 0, false),
    ];
    assert_eq!(pair_round(&ranked, &HashSet::new()).bye, Some(5));
    let ranked = [
        p(1, 2, false),
        p(2, 1, false),
        p(3, 1, false),
        p(5, 0, true),
        p(4, 0, false),
    ];
    assert_eq!(pair_round(&ranked, &HashSet::new()).bye, Some(4));
    let ranked = [
        p(1, 2, false),
        p(2, 1, false),
        p(3, 1, false),
        p(5, 0, true),
        p(4, 0, true),
    ];
    assert_eq!(pair_round(&ranked, &HashSet::new()).bye, Some(3));
    // Round 1 (all level): the top half meets the bottom half in order.
    let first = pair_round(
        &[
            p(1, 0, false),
            p(2, 0, false),
            p(3, 0, false),
            p(4, 0, false),
        ],
        &HashSet::new(),
    );
    assert_eq!(first.pairs, vec![(1, 3), (2, 4)]);
    assert_eq!(swiss_rounds(8), 3);
    assert_eq!(swiss_rounds(9), 4);
    assert_eq!(swiss_rounds(256), 8);
}

#[test]
fn swiss_is_deterministic_for_a_seed() {
    assert_eq!(play_swiss(21, 5, 8), play_swiss(21, 5, 8));
    assert_ne!(play_swiss(21, 5, 8), play_swiss(21, 5, 9));
}

pub(crate) fn league(name: &str, op: LeagueOp) -> Command {
    Command::League(LeagueCommand::local(Some(name), op))
}

/// Creates league `l` of `format`, `players` joined, started in their order.
pub(crate) async fn started(
    f: &Fixture,
    l: &str,
    format: Format,
    players: &[&str],
    settings: &[(&str, &str)],
) {
    run(
        f,
        "org",
        league(
            l,
            LeagueOp::Create {
                name: l.into(),
                format,
                spec: ChallengeSpec::standard(Some(1)),
            },
        ),
    )
    .await;
    for (k, v) in settings {
        run(
            f,
            "org",
            league(
                l,
                LeagueOp::Set {
                    key: (*k).into(),
                    value: (*v).into(),
                },
            ),
        )
        .await;
    }
    for p in players {
        run(f, p, league(l, LeagueOp::Join)).await;
    }
    let order = players.iter().map(|s| s.to_string()).collect();
    run(f, "org", league(l, LeagueOp::Start { order: Some(order) })).await;
}

/// Decides every match now playing by the organiser's ruling, the winner drawn from
/// `coin`; returns how many.
pub(crate) async fn decide_playing(f: &Fixture, l: &str, coin: &mut Coin) -> usize {
    let lines = f.club.league_bracket(&who("org"), Some(l)).await.unwrap();
    let mut n = 0;
    for b in lines.iter().filter(|b| b.status == "playing") {
        let side = (coin.next() % 2) as usize;
        let winner = b.names[side].clone().unwrap();
        run(
            f,
            "org",
            league(
                l,
                LeagueOp::Result {
                    match_id: b.match_id.unwrap(),
                    winner,
                    reason: "test".into(),
                },
            ),
        )
        .await;
        n += 1;
    }
    n
}

/// Each fixture as (round, slot, status, names), to compare two readings.
async fn fixtures_seen(f: &Fixture, l: &str) -> Vec<(i64, i64, String, [Option<String>; 2])> {
    let mut v: Vec<_> = f
        .club
        .league_bracket(&who("org"), Some(l))
        .await
        .unwrap()
        .into_iter()
        .map(|b| (b.round, b.slot, b.status, b.names))
        .collect();
    v.sort();
    v
}

#[tokio::test]
async fn a_double_elimination_keeps_its_brackets_over_a_restart_and_ends_after_two_losses() {
    let url = store_url("league_double_restart").await;
    let players = ["p1", "p2", "p3", "p4", "p5"];
    let f = Fixture::seeded(&url, 3).await;
    started(&f, "Dub", Format::DoubleElimination, &players, &[]).await;
    let mut coin = Coin(4);
    decide_playing(&f, "Dub", &mut coin).await;
    decide_playing(&f, "Dub", &mut coin).await;
    let before = fixtures_seen(&f, "Dub").await;
    f.store.close().await;
    drop(f);
    // Restart: the same brackets, and a sweep adds nothing.
    let f = Fixture::seeded(&url, 9).await;
    assert_eq!(fixtures_seen(&f, "Dub").await, before);
    f.club.sweep().await.unwrap();
    assert_eq!(fixtures_seen(&f, "Dub").await, before);
    while decide_playing(&f, "Dub", &mut coin).await > 0 {}
    let seen = fixtures_seen(&f, "Dub").await;
    assert!(
        seen.iter().all(|s| s.2 == "done" || s.2 == "bye"),
        "{seen:?}"
    );
    // Every entrant but the champion lost twice.
    let mut losses: HashMap<String, u32> = HashMap::new();
    for b in f
        .club
        .league_bracket(&who("org"), Some("Dub"))
        .await
        .unwrap()
    {
        if b.status == "done" {
            let loser = if b.names[0] == b.winner {
                &b.names[1]
            } else {
                &b.names[0]
            };
            *losses.entry(loser.clone().unwrap()).or_default() += 1;
        }
    }
    let twice = losses.values().filter(|&&l| l == 2).count();
    assert_eq!(twice, players.len() - 1, "{losses:?}");
}

#[tokio::test]
async fn a_swiss_league_pairs_its_rounds_over_a_restart_and_nobody_twice() {
    let url = store_url("league_swiss_restart").await;
    let players = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    let f = Fixture::seeded(&url, 5).await;
    started(
        &f,
        "Swiss Open",
        Format::Swiss,
        &players,
        &[("rounds", "4")],
    )
    .await;
    let mut coin = Coin(11);
    decide_playing(&f, "Swiss Open", &mut coin).await;
    let before = fixtures_seen(&f, "Swiss Open").await;
    assert_eq!(
        before.iter().filter(|s| s.0 == 2).count(),
        4,
        "round 2 paired: {before:?}"
    );
    f.store.close().await;
    drop(f);
    let f = Fixture::seeded(&url, 6).await;
    assert_eq!(fixtures_seen(&f, "Swiss Open").await, before);
    f.club.sweep().await.unwrap();
    assert_eq!(fixtures_seen(&f, "Swiss Open").await, before);
    while decide_playing(&f, "Swiss Open", &mut coin).await > 0 {}
    let seen = fixtures_seen(&f, "Swiss Open").await;
    assert_eq!(seen.iter().map(|s| s.0).max(), Some(4), "four rounds");
    let mut pairs = HashSet::new();
    let mut byes = HashSet::new();
    for (r, _, status, names) in &seen {
        match names {
            [Some(a), Some(b)] => {
                let k = if a < b {
                    (a.clone(), b.clone())
                } else {
                    (b.clone(), a.clone())
                };
                assert!(pairs.insert(k), "a pair met twice (round {r})");
            }
            [Some(a), None] => {
                assert_eq!(status, "bye");
                assert!(byes.insert(a.clone()), "{a} had two byes");
            }
            _ => panic!("a fixture without players: {names:?}"),
        }
    }
    assert_eq!(byes.len(), 4);
    // The table counts a bye as a win: 4 rounds of 7 give 4 x 3 wins + 4 byes.
    let table = f
        .club
        .league_table(&who("org"), Some("Swiss Open"), 1)
        .await
        .unwrap();
    assert_eq!(table.iter().map(|t| t.row.won).sum::<u32>(), 16);
    assert_eq!(table.iter().map(|t| t.row.played).sum::<u32>(), 28);
    let listing = run(
        &f,
        "org",
        Command::League(LeagueCommand::local(None, LeagueOp::List)),
    )
    .await;
    assert!(
        listing
            .lines
            .iter()
            .any(|l| l.contains("Swiss system") && l.contains("finished")),
        "{:?}",
        listing.lines
    );
}
