//! The bot's decisions, each one request to gnubg (none when the rules leave no choice):
//! the checker play for a roll, the cube on its turn, the answer to a double, the answer
//! to a resignation, and whether to resign itself. Each blocks: run them on a blocking
//! thread ([`crate::Bot::run`]).

use engine::{Dice, Play, ResignLevel, Side, Step, apply_steps, legal_plays};
use serde_json::{Value, json};

use super::error::BotError;
use super::level::{EvalContext, Level};
use super::pool::Pool;
use super::situation::Situation;

/// gnubg's cube decisions (its `cubedecision` enum in eval.h), those read here; the
/// others (no double/take, the dead cubes, not available) mean no double and a take.
const DOUBLE_TAKE: u8 = 0;
const DOUBLE_PASS: u8 = 1;
const TOOGOOD_TAKE: u8 = 3;
const TOOGOOD_PASS: u8 = 4;
const DOUBLE_BEAVER: u8 = 5;
const NODOUBLE_BEAVER: u8 = 6;
const REDOUBLE_TAKE: u8 = 7;
const REDOUBLE_PASS: u8 = 8;
const TOOGOODRE_TAKE: u8 = 10;
const TOOGOODRE_PASS: u8 = 11;
const NO_REDOUBLE_BEAVER: u8 = 12;
const OPTIONAL_DOUBLE_TAKE: u8 = 16;
const OPTIONAL_REDOUBLE_TAKE: u8 = 17;
const OPTIONAL_DOUBLE_BEAVER: u8 = 18;
const OPTIONAL_DOUBLE_PASS: u8 = 19;
const OPTIONAL_REDOUBLE_PASS: u8 = 20;

/// gnubg's position classes up to here have no contact (`CLASS_RACE` in eval.h).
const CLASS_RACE: u64 = 8;

/// Equities of equal value for gnubg's resignation rule (it compares exactly in `float`).
const EPSILON: f64 = 1e-6;

/// What the player on roll should do with the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeAction {
    /// Double (or redouble).
    Double,
    /// Roll on: the position is not strong enough yet (or the cube cannot be used).
    NoDouble,
    /// Not doubling because the opponent would pass and playing on wins more (gammons).
    TooGood,
}

/// The answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Accept the cube and play on for twice the stake.
    Take,
    /// Give up the game at the cube's present value.
    Drop,
    /// Money play with beavers: take and redouble at once, keeping the cube.
    Beaver,
}

/// gnubg's cube evaluation, from the view of the player who may double, in cube units
/// (money: points per cube; match play: gnubg's normalised equity).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeEquities {
    /// Not doubling.
    pub no_double: f64,
    /// Doubling, and the opponent takes.
    pub double_take: f64,
    /// Doubling, and the opponent passes (1.0: the cube's value won).
    pub double_pass: f64,
}

/// A cube decision with the evaluation behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeVerdict {
    /// What the player on roll should do.
    pub action: CubeAction,
    /// What the opponent should answer to a double.
    pub answer: Answer,
    pub equities: CubeEquities,
    /// gnubg's recommendation (its `cubedecision` number), for the record.
    pub gnubg: u8,
}

impl CubeVerdict {
    /// Reads gnubg's recommendation as gnubg's own player acts on it (play.c): a double
    /// marked optional is made at 0 plies only; "beaver" answers take where beavers are
    /// not allowed.
    fn new(gnubg: u8, equities: CubeEquities, plies: u8, beavers: bool) -> CubeVerdict {
        let action = match gnubg {
            DOUBLE_TAKE | DOUBLE_PASS | DOUBLE_BEAVER | REDOUBLE_TAKE | REDOUBLE_PASS => {
                CubeAction::Double
            }
            OPTIONAL_DOUBLE_TAKE
            | OPTIONAL_REDOUBLE_TAKE
            | OPTIONAL_DOUBLE_BEAVER
            | OPTIONAL_DOUBLE_PASS
            | OPTIONAL_REDOUBLE_PASS
                if plies == 0 =>
            {
                CubeAction::Double
            }
            TOOGOOD_TAKE | TOOGOOD_PASS | TOOGOODRE_TAKE | TOOGOODRE_PASS => CubeAction::TooGood,
            _ => CubeAction::NoDouble,
        };
        let answer = match gnubg {
            DOUBLE_PASS
            | TOOGOOD_PASS
            | REDOUBLE_PASS
            | TOOGOODRE_PASS
            | OPTIONAL_DOUBLE_PASS
            | OPTIONAL_REDOUBLE_PASS => Answer::Drop,
            DOUBLE_BEAVER | NODOUBLE_BEAVER | NO_REDOUBLE_BEAVER | OPTIONAL_DOUBLE_BEAVER
                if beavers =>
            {
                Answer::Beaver
            }
            // DOUBLE_TAKE, NODOUBLE_TAKE, TOOGOOD_TAKE, the redoubles' takes, the dead
            // cubes, the optional takes (and the cube not available).
            _ => Answer::Take,
        };
        CubeVerdict {
            action,
            answer,
            equities,
            gnubg,
        }
    }
}

fn number(v: &Value, what: &str) -> Result<f64, BotError> {
    v.as_f64()
        .ok_or_else(|| BotError::Failed(format!("no {what} in gnubg's answer")))
}

impl Pool {
    /// The play the bot makes with `dice` at `level`: one of the engine's legal plays
    /// (the empty play when no checker can move; the only play without asking gnubg).
    ///
    /// # Errors
    /// Not the bot's roll; gnubg missing, failing or too slow; or a play gnubg names that
    /// the engine does not allow (never made).
    pub fn play(&self, s: &Situation, dice: Dice, level: Level) -> Result<Play, BotError> {
        if s.on_roll != s.bot || s.offer.is_some() {
            return Err(BotError::NotItsTurn("the bot is not the player to move"));
        }
        let board = s.position.view(s.bot);
        let legal = legal_plays(&board, dice);
        if let [only] = legal.as_slice() {
            return Ok(only.play);
        }
        let answer = self.ask(&json!({
            "op": "play",
            "pos": s.position_id(s.bot),
            "ci": s.cube_info(s.bot),
            "ec": level.context().to_json(),
            "dice": dice.values(),
        }))?;
        let points: Vec<u8> = answer["move"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_u64().and_then(|n| u8::try_from(n).ok()))
                    .collect()
            })
            .unwrap_or_default();
        let steps: Vec<Step> = points
            .chunks_exact(2)
            .map(|c| Step {
                from: c[0],
                to: c[1],
            })
            .filter(|s| s.from != 0 || s.to != 0)
            .take(4)
            .collect();
        let said = || format!("{:?} with {dice}", answer["move"]);
        let after = apply_steps(&board, &steps).map_err(|_| BotError::IllegalAnswer(said()))?;
        legal
            .iter()
            .find(|l| l.board == after)
            .map(|l| l.play)
            .ok_or_else(|| BotError::IllegalAnswer(said()))
    }

    /// gnubg's cube decision for the player on roll, at `context`.
    pub(crate) fn cube_verdict(
        &self,
        s: &Situation,
        doubler: Side,
        context: EvalContext,
    ) -> Result<CubeVerdict, BotError> {
        let answer = self.ask(&json!({
            "op": "cube",
            "pos": s.position_id(doubler),
            "ci": s.cube_info(doubler),
            "ec": context.to_json(),
        }))?;
        let eq = &answer["eq"];
        let equities = CubeEquities {
            no_double: number(&eq[1], "no-double equity")?,
            double_take: number(&eq[2], "double-take equity")?,
            double_pass: number(&eq[3], "double-pass equity")?,
        };
        let rec = answer["rec"]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| BotError::Failed("no cube decision in gnubg's answer".into()))?;
        Ok(CubeVerdict::new(rec, equities, context.plies, s.beavers()))
    }

    /// Whether the bot, about to roll, doubles (or is too good to). The caller has checked
    /// that the rules let it double now (`Match::may_double`).
    ///
    /// # Errors
    /// Not the bot's turn; gnubg missing, failing or too slow.
    pub fn cube_action(&self, s: &Situation, level: Level) -> Result<CubeVerdict, BotError> {
        if s.on_roll != s.bot || s.offer.is_some() {
            return Err(BotError::NotItsTurn("the bot is not on roll"));
        }
        self.cube_verdict(s, s.bot, level.context())
    }

    /// The bot's answer to the double (or beaver) on offer: take, drop, or beaver where
    /// allowed. A beaver is always accepted (gnubg does not raccoon), and the bot takes
    /// where a drop would end the match (the club's rule).
    ///
    /// # Errors
    /// No double on offer to the bot; gnubg missing, failing or too slow.
    pub fn answer_double(&self, s: &Situation, level: Level) -> Result<Answer, BotError> {
        let Some(offer) = s.offer.filter(|o| o.responder == s.bot) else {
            return Err(BotError::NotItsTurn("no double is offered to the bot"));
        };
        if offer.notches > 0 {
            return Ok(Answer::Take);
        }
        let verdict = self.cube_verdict(s, s.bot.opponent(), level.context())?;
        Ok(match verdict.answer {
            Answer::Drop if !s.drop_allowed => Answer::Take,
            a => a,
        })
    }

    /// gnubg's cubeless evaluation for the player on roll, turned to `side`'s view:
    /// (`side`'s utility of the probabilities, the probabilities, `side`'s gammon and
    /// backgammon prices, the opponent's, the position class).
    fn evaluation(
        &self,
        s: &Situation,
        side: Side,
        context: EvalContext,
    ) -> Result<Eval, BotError> {
        let answer = self.ask(&json!({
            "op": "eval",
            "pos": s.position_id(s.on_roll),
            "ci": s.cube_info(s.on_roll),
            "ec": context.to_json(),
        }))?;
        let read = |v: &Value, n: usize, what: &str| -> Result<Vec<f64>, BotError> {
            let a: Vec<f64> = v
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_f64).collect())
                .unwrap_or_default();
            if a.len() == n {
                Ok(a)
            } else {
                Err(BotError::Failed(format!("no {what} in gnubg's answer")))
            }
        };
        let p = read(&answer["probs"], 5, "probabilities")?;
        let prices = read(&answer["prices"], 4, "gammon prices")?;
        let class = answer["class"]
            .as_u64()
            .ok_or_else(|| BotError::Failed("no position class in gnubg's answer".into()))?;
        // gnubg's player 1 is the player on roll: prices are [g0, g1, bg0, bg1].
        let (mine, theirs) = ([prices[1], prices[3]], [prices[0], prices[2]]);
        Ok(if side == s.on_roll {
            Eval {
                probs: [p[0], p[1], p[2], p[3], p[4]],
                gammon: mine,
                their_gammon: theirs,
                class,
            }
        } else {
            Eval {
                probs: [1.0 - p[0], p[3], p[4], p[1], p[2]],
                gammon: theirs,
                their_gammon: mine,
                class,
            }
        })
    }

    /// Whether the bot accepts the resignation offered to it: when what it is offered is
    /// worth at least its evaluation of playing on (gnubg's rule, play.c).
    ///
    /// # Errors
    /// No resignation offered to the bot; gnubg missing, failing or too slow.
    pub fn accepts_resignation(&self, s: &Situation, level: Level) -> Result<bool, BotError> {
        let Some((_, offered)) = s.resignation.filter(|(by, _)| *by != s.bot) else {
            return Err(BotError::NotItsTurn("no resignation is offered to the bot"));
        };
        let e = self.evaluation(s, s.bot, level.context())?;
        let win = match offered {
            ResignLevel::Single => [1.0, 0.0, 0.0, 0.0, 0.0],
            ResignLevel::Gammon => [1.0, 1.0, 0.0, 0.0, 0.0],
            ResignLevel::Backgammon => [1.0, 1.0, 1.0, 0.0, 0.0],
        };
        Ok(e.utility(&win) >= e.utility(&e.probs) - EPSILON)
    }

    /// The resignation the bot offers now, if any: as gnubg's player does (play.c,
    /// eval.c `getResignation`), only without contact, judged at 0 plies cubeless, and at
    /// the lowest level that gives away nothing it could still save.
    ///
    /// # Errors
    /// gnubg missing, failing or too slow.
    pub fn resignation_to_offer(&self, s: &Situation) -> Result<Option<ResignLevel>, BotError> {
        let quick = EvalContext {
            cubeful: false,
            plies: 0,
            prune: false,
            deterministic: true,
            noise: 0.0,
        };
        let e = self.evaluation(s, s.bot, quick)?;
        if e.class > CLASS_RACE {
            return Ok(None);
        }
        let play = e.utility(&e.probs);
        let same = |lost: [f64; 5]| (e.utility(&lost) - play).abs() < EPSILON;
        let jacoby_single = s.jacoby() && s.cube.owner.is_none();
        let level = if e.probs[4] > 0.0 && same([0.0, 0.0, 0.0, 1.0, 1.0]) {
            Some(ResignLevel::Backgammon)
        } else if e.probs[3] > 0.0 && same([0.0, 0.0, 0.0, 1.0, 0.0]) {
            Some(ResignLevel::Gammon)
        } else if same([0.0; 5]) {
            Some(ResignLevel::Single)
        } else {
            None
        };
        Ok(level.map(|l| {
            if jacoby_single {
                ResignLevel::Single
            } else {
                l
            }
        }))
    }
}

/// An evaluation from one player's view.
struct Eval {
    /// Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon.
    probs: [f64; 5],
    /// This player's gammon and backgammon prices.
    gammon: [f64; 2],
    /// The opponent's.
    their_gammon: [f64; 2],
    class: u64,
}

impl Eval {
    /// gnubg's `Utility`: the cubeless equity of these chances at these prices.
    fn utility(&self, p: &[f64; 5]) -> f64 {
        2.0 * p[0] - 1.0 + p[1] * self.gammon[0] - p[3] * self.their_gammon[0]
            + p[2] * self.gammon[1]
            - p[4] * self.their_gammon[1]
    }
}
