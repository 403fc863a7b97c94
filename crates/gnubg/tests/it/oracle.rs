//! What the differential tests share: bot-against-bot games at expert (no noise) with
//! seeded dice, in several cube and score contexts, played once for both tests; and GNU
//! Backgammon run apart from the bot as the oracle (tests/gnubg/oracle.py: gnubg's own
//! commands and `hint`, not the bot's script).

use std::path::Path;
use std::sync::OnceLock;

use engine::{Cube, Dice, Match, MatchRules, Phase, Play, Position, Setup, Side};
use gnubg::{BotSettings, Level, Pool};
use testkit::{Rng, run_gnubg, scratch};

use crate::selfplay::{Decided, Player, play_on};

/// How many gnubg processes share the oracle's requests (gnubg spends much of a hint
/// waiting, so more than the cores).
const ORACLE_PROCESSES: usize = 4;

/// A checker play the bot made: the match with the roll to play, the side, the play.
pub struct PlayDecision {
    pub m: Match,
    pub side: Side,
    pub dice: Dice,
    pub play: Play,
}

/// The decisions met in the games.
pub struct Games {
    /// Checker plays with a choice (two legal plays or more leaving different positions).
    pub plays: Vec<PlayDecision>,
    /// Matches before a roll where the player on roll may double.
    pub cubes: Vec<Match>,
}

/// A pool for the tests, its script in a directory of its own.
pub fn pool(processes: usize) -> Pool {
    Pool::new(BotSettings {
        processes,
        work_dir: scratch("bot-oracle"),
        ..BotSettings::default()
    })
}

/// A match under `rules` at `score` (by [`Side::index`]), in the Crawford game or after
/// it, with `cube`, O about to roll from the opening position.
fn from_score(rules: MatchRules, score: [u32; 2], crawford: bool, post: bool, cube: Cube) -> Match {
    Match::from_setup(Setup {
        score,
        crawford_game: crawford,
        post_crawford: post,
        cube,
        ..Setup::new(rules, Position::start(), Side::O)
    })
    .unwrap()
}

/// The contexts played, with the number of games in each (a match also ends on its own).
fn contexts() -> Vec<(&'static str, Match, u32)> {
    let centred = Cube {
        value: 1,
        owner: None,
    };
    let beavers = MatchRules {
        jacoby: false,
        beavers: true,
        ..MatchRules::money()
    };
    vec![
        (
            "1-point match",
            Match::new(MatchRules::match_to(1)).unwrap(),
            1,
        ),
        (
            "3-point match from 0-0",
            Match::new(MatchRules::match_to(3)).unwrap(),
            3,
        ),
        (
            "5-point match from 0-0",
            Match::new(MatchRules::match_to(5)).unwrap(),
            3,
        ),
        (
            "5-point match, the Crawford game at 4-2",
            from_score(MatchRules::match_to(5), [4, 2], true, false, centred),
            1,
        ),
        (
            "5-point match after the Crawford game at 3-4",
            from_score(MatchRules::match_to(5), [3, 4], false, true, centred),
            1,
        ),
        (
            "7-point match at 2-4, O owning the cube at 2",
            from_score(
                MatchRules::match_to(7),
                [2, 4],
                false,
                false,
                Cube {
                    value: 2,
                    owner: Some(Side::O),
                },
            ),
            1,
        ),
        (
            "money play, Jacoby",
            Match::new(MatchRules::money()).unwrap(),
            1,
        ),
        ("money play, beavers", Match::new(beavers).unwrap(), 2),
    ]
}

/// The expert bot's games against itself, played once for every test that needs them.
pub fn games() -> &'static Games {
    static GAMES: OnceLock<Games> = OnceLock::new();
    GAMES.get_or_init(|| {
        let pool = pool(2);
        let per_context: Vec<Games> =
            std::thread::scope(|s| {
                let handles: Vec<_> =
                    contexts()
                        .into_iter()
                        .enumerate()
                        .map(|(k, (what, m, games))| {
                            let pool = &pool;
                            s.spawn(move || {
                                let mut rng = Rng::new(20_261_126 + k as u64);
                                let mut out = Games {
                                    plays: Vec::new(),
                                    cubes: Vec::new(),
                                };
                                let expert = Player::Bot(Level::Expert);
                                play_on(pool, m, [expert; 2], &mut rng, games, &mut |d| match d
                                    .decided
                                {
                                    Decided::Play(dice, play) => {
                                        if d.before.legal_plays().len() > 1 {
                                            out.plays.push(PlayDecision {
                                                m: d.before.clone(),
                                                side: d.side,
                                                dice,
                                                play,
                                            });
                                        }
                                    }
                                    Decided::Cube(_) => out.cubes.push(d.before.clone()),
                                    Decided::Answer(_) => {}
                                })
                                .unwrap_or_else(|e| panic!("{what}: {e}"));
                                out
                            })
                        })
                        .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
        let mut all = Games {
            plays: Vec::new(),
            cubes: Vec::new(),
        };
        for g in per_context {
            all.plays.extend(g.plays);
            all.cubes.extend(g.cubes);
        }
        all
    })
}

/// The oracle's request for `m`: `play` with the roll in the Match ID, or `cube` before
/// the roll.
pub fn request(m: &Match) -> String {
    let kind = match m.phase() {
        Phase::ToPlay { .. } => "play",
        Phase::ToRoll(_) => "cube",
        other => panic!("no oracle request at {other:?}"),
    };
    let rules = m.rules();
    format!(
        "{kind} {} {} {} {} {}",
        rules.length.unwrap_or(0),
        u8::from(rules.is_money() && rules.jacoby),
        u8::from(rules.is_money() && rules.beavers),
        m.match_id().encode(),
        m.position_id()
    )
}

/// gnubg's output for the requests, shared among a few gnubg processes run at once.
pub fn ask_oracle(requests: &[String]) -> String {
    let dir = scratch("bot-oracle-requests");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/oracle.py");
    let inputs: Vec<_> = requests
        .chunks(requests.len().div_ceil(ORACLE_PROCESSES).max(1))
        .enumerate()
        .map(|(k, chunk)| {
            let path = dir.join(format!("in{k}.txt"));
            std::fs::write(&path, chunk.join("\n") + "\n").unwrap();
            path
        })
        .collect();
    std::thread::scope(|s| {
        let runs: Vec<_> = inputs
            .iter()
            .map(|inp| {
                let script = &script;
                s.spawn(move || run_gnubg(script, &[("GAMMONBOT_IN", inp)]))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    })
}
