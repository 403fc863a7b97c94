//! Differential test of the bot's cube: where GNU Backgammon, run apart from the bot,
//! gives a clear answer (its equities more than [`GAP`] apart), the expert bot doubles or
//! not, and takes, drops or beavers, as gnubg says.

use std::collections::HashMap;

use engine::{Action, Cube, Match, MatchRules, Position, Setup, Side};
use gnubg::{Answer, CubeAction, Level, Situation};
use testkit::position;

use crate::oracle::{ask_oracle, games, pool, request};

/// A decision is clear when its choices differ by more than this (in gnubg's normalised
/// equity, cube units).
const GAP: f64 = 0.05;

/// Positions wanted at the least.
const POSITIONS: usize = 40;

/// gnubg's cube analysis of a position, from the view of the player on roll.
#[derive(Clone, Debug)]
struct Analysis {
    no_double: f64,
    double_take: f64,
    double_pass: f64,
    /// gnubg's "Proper cube action" (`No double, take`, `Too good to redouble, pass`...).
    proper: String,
}

impl Analysis {
    /// What to do with the cube, when gnubg's equities make it clear.
    fn action(&self) -> Option<CubeAction> {
        let doubled = self.double_take.min(self.double_pass);
        let words = self.proper.to_lowercase();
        let action = if words.starts_with("too good") {
            CubeAction::TooGood
        } else if words.starts_with("no ") || words.starts_with("never ") {
            CubeAction::NoDouble
        } else {
            CubeAction::Double
        };
        let clear = match action {
            CubeAction::Double => doubled - self.no_double > GAP,
            // Not doubling, and whether the answer would be a pass (too good) or not.
            _ => {
                self.no_double - doubled > GAP && (self.double_take - self.double_pass).abs() > GAP
            }
        };
        clear.then_some(action)
    }

    /// The answer to a double, when clear; a beaver (money play with beavers) is clear
    /// when the taker's equity is clearly above nothing.
    fn answer(&self, beavers: bool) -> Option<Answer> {
        let words = self.proper.to_lowercase();
        let answer = match words.rsplit(", ").next() {
            Some("take") => Answer::Take,
            Some("pass") => Answer::Drop,
            Some("beaver") => Answer::Beaver,
            // A cube gnubg calls dead or not available: nothing to compare.
            _ => return None,
        };
        let take_or_pass = (self.double_take - self.double_pass).abs() > GAP;
        let beaver_or_not = !beavers
            || self.double_take > self.double_pass
            || (self.double_take.abs() > GAP && self.double_take > -2.0 + GAP);
        (take_or_pass && beaver_or_not).then_some(answer)
    }
}

/// gnubg's cube analyses in its output, by request (`None` where gnubg finds that the
/// player on roll cannot double: the leader after the Crawford game, whom the engine
/// lets double to no purpose).
fn analyses(out: &str) -> HashMap<String, Option<Analysis>> {
    let mut found = HashMap::new();
    let mut lines = out.lines();
    while let Some(line) = lines.next() {
        let Some(req) = line.strip_prefix("gammonbot-oracle-begin\t") else {
            continue;
        };
        let mut eq = HashMap::new();
        let mut proper = None;
        for l in lines.by_ref().take_while(|l| *l != "gammonbot-oracle-end") {
            if let Some(p) = l.strip_prefix("Proper cube action: ") {
                proper = Some(p.split(" (").next().unwrap_or(p).trim().to_string());
            } else if let Some((n, rest)) = l.split_once(". ") {
                if n.parse::<u8>().is_ok() {
                    let (label, value) = rest.split_once("  ").unwrap();
                    let value: f64 = value.split_whitespace().next().unwrap().parse().unwrap();
                    let which = if label.contains("pass") {
                        "dp"
                    } else if label.contains(',') {
                        "dt"
                    } else {
                        "nd"
                    };
                    eq.insert(which, value);
                }
            }
        }
        // No analysis at all: gnubg said "You cannot double." (on its standard error).
        if eq.is_empty() && proper.is_none() {
            found.insert(req.to_string(), None);
            continue;
        }
        let get = |k: &str| {
            *eq.get(k)
                .unwrap_or_else(|| panic!("{req}: no {k} in {eq:?}"))
        };
        found.insert(
            req.to_string(),
            Some(Analysis {
                no_double: get("nd"),
                double_take: get("dt"),
                double_pass: get("dp"),
                proper: proper.unwrap_or_else(|| panic!("{req}: no proper cube action")),
            }),
        );
    }
    found
}

/// X on roll at `p` under `rules` at `score`, with `cube`.
fn set_up(rules: MatchRules, score: [u32; 2], cube: Cube, p: Position) -> Match {
    Match::from_setup(Setup {
        score,
        cube,
        ..Setup::new(rules, p, Side::X)
    })
    .unwrap()
}

/// Positions made by hand for the answers the games rarely give: doubles, passes,
/// too good, beavers; each in money play and in matches.
fn hand_made() -> Vec<Match> {
    let centred = Cube {
        value: 1,
        owner: None,
    };
    let x_owns = Cube {
        value: 2,
        owner: Some(Side::X),
    };
    let money = MatchRules::money();
    let beavers = MatchRules {
        jacoby: false,
        beavers: true,
        ..MatchRules::money()
    };
    let five = MatchRules::match_to(5);
    let seven = MatchRules::match_to(7);
    // X bearing off its last six, O with five off and ten on its 6 and 5 points.
    let far_ahead = position(&[(3, 2), (2, 2), (1, 2)], &[(6, 5), (5, 5)]);
    // Races: X at 59 pips against 65, 73 and 80.
    let x59 = [(6, 3), (5, 3), (4, 3), (3, 3), (2, 2), (1, 1)];
    let o65 = [(6, 4), (5, 4), (4, 3), (3, 2), (2, 1), (1, 1)];
    let o73 = [(8, 2), (6, 4), (5, 3), (4, 3), (3, 2), (2, 1)];
    let o80 = [(9, 2), (8, 2), (6, 4), (5, 3), (4, 2), (3, 2)];
    // O's three checkers on the bar against X's closed board, X's last three on its 8.
    let blitz = position(
        &[(8, 3), (6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 2)],
        &[(25, 3), (6, 4), (5, 4), (4, 4)],
    );
    let mut out = Vec::new();
    for (rules, score, cube) in [
        (money, [0, 0], centred),
        (beavers, [0, 0], centred),
        (five, [0, 0], centred),
        (seven, [3, 1], x_owns),
    ] {
        out.push(set_up(rules, score, cube, far_ahead));
        out.push(set_up(rules, score, cube, blitz));
        for o in [&o65[..], &o73, &o80] {
            out.push(set_up(rules, score, cube, position(&x59, o)));
            // X the one behind.
            out.push(set_up(rules, score, cube, position(o, &x59)));
        }
    }
    out
}

#[test]
fn the_expert_bot_doubles_takes_and_drops_as_gnubg_says() {
    // Given positions before a roll where the player on roll may double: from the expert
    // bot's games, and made by hand
    let mut positions: Vec<Match> = games().cubes.clone();
    positions.extend(hand_made());
    assert!(positions.iter().all(|m| m.may_double(m.on_roll()).is_ok()));

    // When gnubg, run apart, analyses the cube in each
    let requests: Vec<String> = positions.iter().map(request).collect();
    let found = analyses(&ask_oracle(&requests));

    // Then where its answer is clear, the bot on roll doubles or not as it says, and the
    // bot doubled answers as it says (a take where a drop would end the match: the
    // club's rule)
    let pool = pool(2);
    let mut failures = Vec::new();
    let mut actions: HashMap<String, usize> = HashMap::new();
    let mut answers: HashMap<String, usize> = HashMap::new();
    let mut clear = 0;
    let mut cannot = 0;
    for (m, req) in positions.iter().zip(&requests) {
        let Some(a) = found
            .get(req)
            .unwrap_or_else(|| panic!("gnubg did not answer {req}"))
        else {
            cannot += 1;
            continue;
        };
        let side = m.on_roll();
        let action = a.action();
        let answer = a.answer(m.rules().is_money() && m.rules().beavers);
        if action.is_none() && answer.is_none() {
            continue;
        }
        clear += 1;
        if let Some(want) = action {
            *actions.entry(format!("{want:?}")).or_default() += 1;
            let got = pool
                .cube_action(&Situation::of(m, side), Level::Expert)
                .unwrap();
            if got.action != want {
                failures.push(format!("{req}: the bot's {:?}, gnubg's {a:?}", got.action));
            }
        }
        if let Some(mut want) = answer {
            let (doubled, _) = m.apply(side, &Action::Double).unwrap();
            if !doubled.drop_allowed() {
                want = Answer::Take;
            }
            *answers.entry(format!("{want:?}")).or_default() += 1;
            let got = pool
                .answer_double(&Situation::of(&doubled, side.opponent()), Level::Expert)
                .unwrap();
            if got != want {
                failures.push(format!("{req} doubled: the bot's {got:?}, gnubg's {a:?}"));
            }
        }
    }
    eprintln!(
        "{clear} of {} positions clear ({cannot} where gnubg allows no double): cube \
         actions {actions:?}, answers {answers:?}",
        positions.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(clear >= POSITIONS, "{clear} clear positions");
    for class in ["Double", "NoDouble", "TooGood"] {
        assert!(actions.contains_key(class), "no clear {class}: {actions:?}");
    }
    for class in ["Take", "Drop", "Beaver"] {
        assert!(answers.contains_key(class), "no clear {class}: {answers:?}");
    }
}
