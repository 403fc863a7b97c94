//! Hints for a person: gnubg's best plays for a roll with their equities, and its cube
//! decision, put in words ("13/7 8/7 is best; 13/7 13/11 loses 0.041").

use std::fmt::Write as _;

use engine::{Dice, Play, Position, Side, format_play, legal_plays, resolve_play};
use serde_json::json;

use super::decide::{Answer, CubeAction, CubeVerdict};
use super::error::BotError;
use super::level::Level;
use super::pool::Pool;
use super::situation::Situation;

/// The level hints are given at: gnubg's strongest named level offered.
pub const HINT_LEVEL: Level = Level::WorldClass;

/// gnubg's "normal" move filter for its deeper plies (eval.c, `aamfNormal`): the first
/// 8 plays at 0 plies that are within 0.16 of the best go on to be evaluated deeper.
const FILTER_KEEP: usize = 8;
/// See [`FILTER_KEEP`].
const FILTER_WITHIN: f64 = 0.16;

/// One of gnubg's candidate plays.
#[derive(Clone, Debug, PartialEq)]
pub struct HintPlay {
    /// The play, as the engine makes it.
    pub play: Play,
    /// Its move text (`13/7 8/7`).
    pub text: String,
    /// Its cubeful equity for the player to move (gnubg's normalised equity in match
    /// play).
    pub equity: f64,
}

/// A play judged against gnubg's best for the same roll ([`Pool::judge_play`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayJudgement {
    /// gnubg's best play.
    pub best: HintPlay,
    /// The cubeful equity of the play judged, for the player who made it.
    pub equity: f64,
}

impl PlayJudgement {
    /// What the play judged gives away against the best (0 when it is as good).
    #[must_use]
    pub fn loss(&self) -> f64 {
        (self.best.equity - self.equity).max(0.0)
    }
}

impl Pool {
    /// `play` by the player on roll with `dice`, judged at [`HINT_LEVEL`]: gnubg's best
    /// play there (its own search at that level) and the equities of both, each the
    /// cubeful equity of the position it leaves, evaluated at that level with the opponent
    /// on roll (so both are judged alike, whichever candidates gnubg's move filter kept).
    ///
    /// # Errors
    /// gnubg missing, failing or too slow; a play that is not legal with `dice`.
    pub fn judge_play(
        &self,
        s: &Situation,
        dice: Dice,
        play: &Play,
    ) -> Result<PlayJudgement, BotError> {
        let mover = s.on_roll;
        let board = s.position.view(mover);
        let legal = legal_plays(&board, dice);
        let after = |p: &Play| {
            legal
                .iter()
                .find(|l| l.play == *p)
                .map(|l| l.board)
                .ok_or_else(|| BotError::IllegalAnswer(format!("a play not legal with {dice}")))
        };
        let mine = after(play)?;
        let as_mover = Situation { bot: mover, ..*s };
        let best = self.play(&as_mover, dice, HINT_LEVEL)?;
        let equity = self.equity_left(s, mover, &mine)?;
        let best_equity = if best == *play {
            equity
        } else {
            self.equity_left(s, mover, &after(&best)?)?
        };
        Ok(PlayJudgement {
            best: HintPlay {
                play: best,
                text: format_play(&board, &best),
                equity: best_equity,
            },
            equity,
        })
    }

    /// The cubeful equity for `mover` of the board a play leaves (from `mover`'s view),
    /// the opponent on roll, at [`HINT_LEVEL`]: gnubg's optimal cube equity for the
    /// opponent there, turned round.
    fn equity_left(
        &self,
        s: &Situation,
        mover: Side,
        after: &engine::Board,
    ) -> Result<f64, BotError> {
        let opponent = mover.opponent();
        let left = Situation {
            position: Position::from_view(mover, after),
            on_roll: opponent,
            offer: None,
            resignation: None,
            ..*s
        };
        let answer = self.ask(&json!({
            "op": "cube",
            "pos": left.position_id(opponent),
            "ci": left.cube_info(opponent),
            "ec": HINT_LEVEL.context().to_json(),
        }))?;
        answer["eq"][0]
            .as_f64()
            .map(|e| -e)
            .ok_or_else(|| BotError::Failed("no equity in gnubg's answer".into()))
    }

    /// gnubg's best `n` plays (at most) for the player on roll with `dice`, best first,
    /// at [`HINT_LEVEL`]. Empty when no checker can move.
    ///
    /// gnubg's `hint` run from its Python mode ranks the plays at 0 plies whatever the
    /// evaluation set (its answer says `plies: 0`), so its candidates are scored again
    /// here as gnubg's own search at that level does: the plays its move filter keeps for
    /// the deeper plies (the first [`FILTER_KEEP`] within [`FILTER_WITHIN`] of the best at
    /// 0 plies) by the cubeful equity of the position each leaves at [`HINT_LEVEL`], the
    /// others after them with their 0-ply equity.
    ///
    /// # Errors
    /// gnubg missing, failing or too slow, or a play it names that the engine does not
    /// allow.
    pub fn hint_plays(
        &self,
        s: &Situation,
        dice: Dice,
        n: usize,
    ) -> Result<Vec<HintPlay>, BotError> {
        let mover = s.on_roll;
        let board = s.position.view(mover);
        let legal = legal_plays(&board, dice);
        if legal.iter().all(|l| l.play.is_empty()) {
            return Ok(Vec::new());
        }
        let answer = self.ask(&json!({
            "op": "hint",
            "matchid": s.match_id(mover, dice.values()),
            "pos": s.position_id(mover),
            "dice": dice.values(),
            "n": n.max(FILTER_KEEP),
            "matchto": s.rules.length.unwrap_or(0),
            "jacoby": u8::from(s.jacoby()),
            "beavers": u8::from(s.beavers()),
            "ec": HINT_LEVEL.context().to_json(),
        }))?;
        let moves = answer["moves"].as_array().cloned().unwrap_or_default();
        let mut out = Vec::new();
        let mut left = Vec::new();
        for m in &moves {
            let (Some(text), Some(equity)) = (m[0].as_str(), m[1].as_f64()) else {
                return Err(BotError::Failed("a hint without its play or equity".into()));
            };
            let l = resolve_play(&board, dice, text)
                .map_err(|e| BotError::IllegalAnswer(format!("{text} with {dice}: {e}")))?;
            out.push(HintPlay {
                play: l.play,
                text: format_play(&board, &l.play),
                equity,
            });
            left.push(l.board);
        }
        let Some(best) = out.first().map(|p| p.equity) else {
            return Err(BotError::Failed("gnubg gave no hint".into()));
        };
        if HINT_LEVEL.context().plies > 0 {
            let keep = out
                .iter()
                .take(FILTER_KEEP)
                .take_while(|p| best - p.equity <= FILTER_WITHIN)
                .count();
            for (p, after) in out.iter_mut().zip(&left).take(keep) {
                p.equity = self.equity_left(s, mover, after)?;
            }
            out[..keep].sort_by(|a, b| b.equity.total_cmp(&a.equity));
        }
        out.truncate(n.max(1));
        Ok(out)
    }

    /// gnubg's cube decision for the player on roll at [`HINT_LEVEL`], or, while a double
    /// is on offer, the decision the doubler faced (whose `answer` is the hint for the
    /// player who must answer).
    ///
    /// # Errors
    /// gnubg missing, failing or too slow.
    pub fn hint_cube(&self, s: &Situation) -> Result<CubeVerdict, BotError> {
        self.cube_verdict(s, s.on_roll, HINT_LEVEL.context())
    }
}

/// The equity with its sign, to three places (`+0.412`, `-1.000`).
fn signed(x: f64) -> String {
    format!("{x:+.3}")
}

/// The candidate plays in words: "13/7 8/7 is best; 13/7 13/11 loses 0.041; ...".
#[must_use]
pub fn plays_words(plays: &[HintPlay]) -> String {
    let Some(best) = plays.first() else {
        return "No checker can move with this roll.".into();
    };
    let mut out = format!("{} is best", best.text);
    if plays.len() == 1 {
        out.push_str(" (the only play)");
    }
    for p in &plays[1..] {
        let loss = best.equity - p.equity;
        if loss < 0.0005 {
            let _ = write!(out, "; {} is as good", p.text);
        } else {
            let _ = write!(out, "; {} loses {loss:.3}", p.text);
        }
    }
    out.push('.');
    out
}

/// The cube decision in words for the player on roll: what to do, what doubling gains or
/// loses, the three equities, and what the opponent should answer.
#[must_use]
pub fn cube_words(v: &CubeVerdict) -> String {
    let e = v.equities;
    let doubled = e.double_take.min(e.double_pass);
    let change = doubled - e.no_double;
    let what = match v.action {
        CubeAction::Double => format!("Double: doubling gains {:.3}", change.max(0.0)),
        CubeAction::NoDouble => format!("No double: doubling loses {:.3}", (-change).max(0.0)),
        CubeAction::TooGood => format!(
            "Too good to double: play on for the gammon; doubling loses {:.3}",
            (-change).max(0.0)
        ),
    };
    let answer = match v.answer {
        Answer::Take => "take",
        Answer::Drop => "pass",
        Answer::Beaver => "beaver",
    };
    format!(
        "{what} (no double {}, double/take {}, double/pass {}); if doubled, the answer is {answer}.",
        signed(e.no_double),
        signed(e.double_take),
        signed(e.double_pass),
    )
}

/// The answer to a double in words, for the player who must answer: the equities turned
/// to their view ("Take: taking (-0.305) is 0.695 better than passing (-1.000).").
#[must_use]
pub fn answer_words(v: &CubeVerdict) -> String {
    let e = v.equities;
    let (take, pass) = (-e.double_take, -e.double_pass);
    match v.answer {
        Answer::Take => format!(
            "Take: taking ({}) is {:.3} better than passing ({}).",
            signed(take),
            take - pass,
            signed(pass)
        ),
        Answer::Drop => format!(
            "Pass: passing ({}) is {:.3} better than taking ({}).",
            signed(pass),
            pass - take,
            signed(take)
        ),
        Answer::Beaver => format!(
            "Beaver: after taking you are ahead ({}), so redouble at once and keep the cube.",
            signed(take)
        ),
    }
}

#[cfg(test)]
mod tests {
    use engine::Play;

    use super::{HintPlay, answer_words, cube_words, plays_words};
    use crate::decide::{Answer, CubeAction, CubeEquities, CubeVerdict};

    fn hint(text: &str, equity: f64) -> HintPlay {
        HintPlay {
            play: Play::default(),
            text: text.into(),
            equity,
        }
    }

    #[test]
    fn plays_are_put_as_the_best_and_what_the_others_lose() {
        let plays = [
            hint("13/7 8/7", 0.120),
            hint("13/7 13/11", 0.079),
            hint("24/18 13/11", 0.1198),
        ];
        assert_eq!(
            plays_words(&plays),
            "13/7 8/7 is best; 13/7 13/11 loses 0.041; 24/18 13/11 is as good."
        );
        assert_eq!(
            plays_words(&plays[..1]),
            "13/7 8/7 is best (the only play)."
        );
        assert_eq!(plays_words(&[]), "No checker can move with this roll.");
    }

    #[test]
    fn cube_decisions_are_put_with_their_equities() {
        let v = CubeVerdict {
            action: CubeAction::NoDouble,
            answer: Answer::Take,
            equities: CubeEquities {
                no_double: 0.412,
                double_take: 0.305,
                double_pass: 1.0,
            },
            gnubg: 2,
        };
        assert_eq!(
            cube_words(&v),
            "No double: doubling loses 0.107 (no double +0.412, double/take +0.305, \
             double/pass +1.000); if doubled, the answer is take."
        );
        assert_eq!(
            answer_words(&v),
            "Take: taking (-0.305) is 0.695 better than passing (-1.000)."
        );
    }
}
