//! A match's winning chances as GNU Backgammon sees them, for an organiser deciding an
//! unfinished match: its cubeful evaluation of the position turned into match-winning
//! chances (gnubg's `eq2mwc`), or, between games, its match equity table at the score.

use engine::{Match, Phase, Position, Side, legal_plays};
use serde_json::json;

use super::error::BotError;
use super::hint::HINT_LEVEL;
use super::pool::Pool;
use super::situation::Situation;

/// gnubg's match-winning chances of both players, by [`Side::index`], and what they
/// were read from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinningChances {
    pub chances: [f64; 2],
    /// `position` (an evaluation of the game in play) or `score` (the match equity table
    /// before a game starts).
    pub from: &'static str,
}

impl Pool {
    /// gnubg's match-winning chances in match `m` at [`HINT_LEVEL`]: the game in play
    /// evaluated cubefully for the player on roll (with the dice in hand, after gnubg's
    /// best play for them; with a double on offer, as the better answer leaves it),
    /// or, before a game's opening throw, the match equity at the score.
    ///
    /// # Errors
    /// gnubg missing, failing or too slow; a match that is over or is money play.
    pub fn winning_chances(&self, m: &Match) -> Result<WinningChances, BotError> {
        if m.rules().length.is_none() {
            return Err(BotError::NotItsTurn("money play has no match to win"));
        }
        let s = Situation::of(m, Side::X);
        let (side, chance, from) = match m.phase() {
            Phase::MatchOver { .. } => return Err(BotError::NotItsTurn("the match is over")),
            Phase::Opening => {
                let a = self.ask(&json!({
                    "op": "met",
                    "matchto": s.rules.length.unwrap_or(0),
                    "score": [s.score[Side::O.index()], s.score[Side::X.index()]],
                    "crawford": u8::from(s.crawford),
                }))?;
                (Side::X, number(&a["mwc"])?, "score")
            }
            Phase::ToRoll(side) => (side, self.cube_chances(&s, side)?[0], "position"),
            Phase::CubeOffered(_) => {
                let doubler = s.on_roll;
                let c = self.cube_chances(&s, doubler)?;
                (doubler, c[2].min(c[3]), "position")
            }
            Phase::ToPlay { side, dice } => {
                let as_mover = Situation {
                    bot: side,
                    on_roll: side,
                    ..s
                };
                let best = self.play(&as_mover, dice, HINT_LEVEL)?;
                let board = s.position.view(side);
                let after = legal_plays(&board, dice)
                    .into_iter()
                    .find(|l| l.play == best)
                    .map(|l| l.board)
                    .ok_or_else(|| {
                        BotError::IllegalAnswer(format!("a play not legal with {dice}"))
                    })?;
                let other = side.opponent();
                let left = Situation {
                    position: Position::from_view(side, &after),
                    on_roll: other,
                    offer: None,
                    resignation: None,
                    ..s
                };
                (side, 1.0 - self.cube_chances(&left, other)?[0], "position")
            }
        };
        let mut chances = [0.0; 2];
        chances[side.index()] = chance;
        chances[side.opponent().index()] = 1.0 - chance;
        Ok(WinningChances { chances, from })
    }

    /// gnubg's cubeful match-winning chances of `side`, on roll: optimal, no double,
    /// double/take, double/pass.
    fn cube_chances(&self, s: &Situation, side: Side) -> Result<[f64; 4], BotError> {
        let a = self.ask(&json!({
            "op": "mwc",
            "pos": s.position_id(side),
            "ci": s.cube_info(side),
            "ec": HINT_LEVEL.context().to_json(),
        }))?;
        let mut out = [0.0; 4];
        for (i, o) in out.iter_mut().enumerate() {
            *o = number(&a["mwc"][i])?;
        }
        Ok(out)
    }
}

fn number(v: &serde_json::Value) -> Result<f64, BotError> {
    v.as_f64()
        .ok_or_else(|| BotError::Failed("no match-winning chance in gnubg's answer".into()))
}
