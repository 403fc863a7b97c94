//! Withdrawals in the middle of a double elimination and a Swiss season: the withdrawn
//! player's match under way is forfeited, his later matches are walkovers, nobody waits
//! for him, and the season still ends (one champion, everyone else out after two losses;
//! Swiss rounds paired without him, the byes right, nobody paired twice).

use std::collections::{HashMap, HashSet};

use club::league::BracketLine;
use club::{Format, LeagueOp};
use clubkit::{Fixture, run, who};
use testkit::store_url;

use crate::league_formats::{Coin, decide_playing, league, started};

async fn bracket(f: &Fixture, l: &str) -> Vec<BracketLine> {
    f.club.league_bracket(&who("org"), Some(l)).await.unwrap()
}

fn has(b: &BracketLine, p: &str) -> bool {
    b.names.iter().flatten().any(|n| n == p)
}

/// The loser of a decided two-player line.
fn loser(b: &BracketLine) -> Option<String> {
    match &b.names {
        [Some(x), Some(o)] if b.status == "done" => {
            Some(if b.winner.as_ref() == Some(x) { o } else { x }.clone())
        }
        _ => None,
    }
}

/// Decides the playing matches until none is left, checking on the way that no match of
/// a player in `gone` is under way and that a season not over always has a match to play.
async fn play_out(f: &Fixture, l: &str, coin: &mut Coin, gone: &[String]) {
    for _ in 0..64 {
        let lines = bracket(f, l).await;
        for b in lines.iter().filter(|b| b.status == "playing") {
            assert!(
                gone.iter().all(|p| !has(b, p)),
                "a withdrawn player's match is under way: {b:?}"
            );
        }
        if decide_playing(f, l, coin).await == 0 {
            let lines = bracket(f, l).await;
            assert!(
                lines
                    .iter()
                    .all(|b| matches!(b.status.as_str(), "done" | "bye")),
                "nothing to play, yet the season is not over: {lines:?}"
            );
            return;
        }
    }
    panic!("{l} did not end");
}

async fn finished(f: &Fixture, l: &str) -> bool {
    run(f, "org", league(l, LeagueOp::List))
        .await
        .lines
        .iter()
        .any(|s| s.contains(l) && s.contains("finished"))
}

#[tokio::test]
async fn a_double_elimination_with_withdrawals_after_round_one_ends_with_everyone_but_the_champion_out_after_two_losses()
 {
    let url = store_url("league_double_withdraw").await;
    let players = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"];
    let f = Fixture::seeded(&url, 3).await;
    started(&f, "Dub", Format::DoubleElimination, &players, &[]).await;
    let mut coin = Coin(8);
    assert_eq!(decide_playing(&f, "Dub", &mut coin).await, 4, "round 1");
    // A winner of round 1 (his winners' round 2 match under way) and a loser of another
    // first-round match (his losers' round 1 match under way) withdraw.
    let lines = bracket(&f, "Dub").await;
    let r1 = |slot: i64| {
        lines
            .iter()
            .find(|b| b.round == 1 && b.slot == slot)
            .unwrap()
    };
    let gone = vec![r1(0).winner.clone().unwrap(), loser(r1(2)).unwrap()];
    let under_way: HashSet<i64> = lines
        .iter()
        .filter(|b| b.status == "playing")
        .filter_map(|b| b.match_id)
        .collect();
    assert_eq!(under_way.len(), 4, "winners' round 2 and losers' round 1");
    for p in &gone {
        run(&f, p, league("Dub", LeagueOp::Withdraw)).await;
    }
    play_out(&f, "Dub", &mut coin, &gone).await;
    let lines = bracket(&f, "Dub").await;
    // One champion, who did not withdraw; every other entrant, the two who withdrew
    // included (a forfeit and a walkover), lost twice.
    let gf = lines
        .iter()
        .filter(|b| b.round >= 201)
        .max_by_key(|b| b.round)
        .unwrap();
    let champion = gf.winner.clone().expect("a champion");
    assert!(!gone.contains(&champion));
    let mut losses: HashMap<String, u32> = HashMap::new();
    for b in &lines {
        if let Some(l) = loser(b) {
            *losses.entry(l).or_default() += 1;
        }
    }
    for p in players {
        let l = losses.get(p).copied().unwrap_or(0);
        if p == champion {
            assert!(l <= 1, "the champion {p} lost {l}");
        } else {
            assert_eq!(l, 2, "{p} left after {l} losses: {lines:?}");
        }
    }
    // No match was started for a withdrawn player after he withdrew: his later fixtures
    // were walkovers.
    for b in lines.iter().filter(|b| b.round > 1) {
        if gone.iter().any(|p| has(b, p)) {
            assert!(
                b.match_id.is_none_or(|m| under_way.contains(&m)),
                "a match started with a withdrawn player: {b:?}"
            );
        }
    }
    assert!(finished(&f, "Dub").await);
}

#[tokio::test]
async fn the_winners_champion_withdrawing_before_the_grand_final_gives_it_to_the_losers_champion_without_a_reset()
 {
    let url = store_url("league_double_withdraw_final").await;
    let players = ["e1", "e2", "e3", "e4"];
    let f = Fixture::seeded(&url, 5).await;
    started(&f, "Dub", Format::DoubleElimination, &players, &[]).await;
    let mut coin = Coin(2);
    // Play until the winners' final (round 2) is decided.
    while bracket(&f, "Dub")
        .await
        .iter()
        .any(|b| b.round == 2 && b.status != "done")
    {
        assert!(decide_playing(&f, "Dub", &mut coin).await > 0);
    }
    let lines = bracket(&f, "Dub").await;
    let wc = lines
        .iter()
        .find(|b| b.round == 2)
        .unwrap()
        .winner
        .clone()
        .unwrap();
    run(&f, &wc, league("Dub", LeagueOp::Withdraw)).await;
    let gone = vec![wc.clone()];
    play_out(&f, "Dub", &mut coin, &gone).await;
    let lines = bracket(&f, "Dub").await;
    let gf = lines.iter().find(|b| b.round == 201).unwrap();
    assert!(gf.match_id.is_none(), "a walkover: {gf:?}");
    assert_eq!(loser(gf).as_ref(), Some(&wc));
    assert!(
        lines.iter().all(|b| b.round != 202),
        "no reset against a player who withdrew: {lines:?}"
    );
    assert!(finished(&f, "Dub").await);
}

#[tokio::test]
async fn a_swiss_season_pairs_its_later_rounds_without_the_withdrawn_with_the_byes_right_and_nobody_twice()
 {
    let url = store_url("league_swiss_withdraw").await;
    let players = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    let f = Fixture::seeded(&url, 5).await;
    started(&f, "Sw", Format::Swiss, &players, &[("rounds", "4")]).await;
    let mut coin = Coin(11);
    assert_eq!(decide_playing(&f, "Sw", &mut coin).await, 4, "round 1");
    // During round 2 one player withdraws (7 left: round 3 has a bye), during round 3
    // another (6 left: round 4 has none).
    let mut gone = Vec::new();
    for round in [2, 3] {
        let lines = bracket(&f, "Sw").await;
        let p = lines
            .iter()
            .find(|b| b.round == round && b.status == "playing")
            .and_then(|b| b.names[0].clone())
            .unwrap();
        run(&f, &p, league("Sw", LeagueOp::Withdraw)).await;
        gone.push(p);
        decide_playing(&f, "Sw", &mut coin).await;
    }
    play_out(&f, "Sw", &mut coin, &gone).await;
    let lines = bracket(&f, "Sw").await;
    assert_eq!(lines.iter().map(|b| b.round).max(), Some(4), "{lines:?}");
    let round = |r: i64| lines.iter().filter(move |b| b.round == r);
    // Nobody who withdrew is paired after his withdrawal.
    assert!(round(3).chain(round(4)).all(|b| !has(b, &gone[0])));
    assert!(round(4).all(|b| !has(b, &gone[1])));
    // Round 3: 7 players, 3 pairs and a bye to one of those with the fewest points
    // (nobody had a bye before); round 4: 6 players, 3 pairs, no bye.
    let pairs = |r: i64| round(r).filter(|b| b.names[1].is_some()).count();
    let byes: Vec<&BracketLine> = round(3).filter(|b| b.status == "bye").collect();
    assert_eq!((pairs(3), byes.len()), (3, 1), "{lines:?}");
    assert_eq!((pairs(4), round(4).count()), (3, 3), "{lines:?}");
    let points = |p: &str| {
        lines
            .iter()
            .filter(|b| b.round < 3 && b.winner.as_deref() == Some(p))
            .count()
    };
    let bye = byes[0].winner.clone().unwrap();
    for p in players.iter().filter(|p| !gone.contains(&p.to_string())) {
        assert!(
            points(&bye) <= points(p),
            "the bye went to {bye} ({} points), not to {p} ({} points)",
            points(&bye),
            points(p)
        );
    }
    // Nobody was paired twice.
    let mut met = HashSet::new();
    for b in &lines {
        if let [Some(x), Some(o)] = &b.names {
            let k = if x < o { (x, o) } else { (o, x) };
            assert!(met.insert(k), "{x} and {o} met twice");
        }
    }
    assert!(finished(&f, "Sw").await);
}
