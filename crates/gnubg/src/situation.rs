//! The state of a game as the bot's gnubg requests give it: a [`Situation`] read from an
//! engine [`Match`], put into gnubg's terms from the view of one player.

use engine::{
    Cube, CubeOffer, GameStatus, Match, MatchId, MatchRules, Phase, Position, ResignLevel, Side,
    position_id,
};
use serde_json::{Value, json};

/// What the bot needs to know to decide: a standard (not Welsh) game in play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Situation {
    /// The checkers, in the engine's canonical orientation.
    pub position: Position,
    /// The bot's side.
    pub bot: Side,
    /// The player on roll: about to roll (or double), playing a roll, or, while a double
    /// is pending, the doubler.
    pub on_roll: Side,
    /// The cube as it stands (before a double on offer is answered).
    pub cube: Cube,
    /// The double awaiting an answer, if any.
    pub offer: Option<CubeOffer>,
    /// The resignation awaiting an answer, if any: who offered, at what level.
    pub resignation: Option<(Side, ResignLevel)>,
    /// The match's rules (length, Crawford, Jacoby, beavers).
    pub rules: MatchRules,
    /// Points won so far, by [`Side::index`].
    pub score: [u32; 2],
    /// This game is the Crawford game.
    pub crawford: bool,
    /// A drop would be allowed now (not when it would end the match: seed 002, 5.14).
    pub drop_allowed: bool,
}

impl Situation {
    /// The situation of `m` for the bot playing `bot`.
    #[must_use]
    pub fn of(m: &Match, bot: Side) -> Situation {
        Situation {
            position: *m.position(),
            bot,
            on_roll: m.on_roll(),
            cube: m.cube(),
            offer: match m.phase() {
                Phase::CubeOffered(o) => Some(o),
                _ => None,
            },
            resignation: m.resign_offer(),
            rules: *m.rules(),
            score: m.score(),
            crawford: m.is_crawford_game(),
            drop_allowed: m.drop_allowed(),
        }
    }

    /// Money play with beavers allowed.
    #[must_use]
    pub fn beavers(&self) -> bool {
        self.rules.is_money() && self.rules.beavers
    }

    /// Money play with the Jacoby rule.
    #[must_use]
    pub fn jacoby(&self) -> bool {
        self.rules.is_money() && self.rules.jacoby
    }

    /// The Position ID from `side`'s view, `side` being gnubg's player on roll.
    pub(crate) fn position_id(&self, side: Side) -> String {
        position_id(&self.position.view(side))
    }

    /// gnubg's cube-info from `side`'s view: `side` is gnubg's player 1 (on roll), the
    /// other player 0.
    pub(crate) fn cube_info(&self, side: Side) -> Value {
        let owner: i8 = match self.cube.owner {
            None => -1,
            Some(s) if s == side => 1,
            Some(_) => 0,
        };
        json!({
            "cube": self.cube.value,
            "owner": owner,
            "matchto": self.rules.length.unwrap_or(0),
            "score": [self.score[side.opponent().index()], self.score[side.index()]],
            "crawford": u8::from(self.crawford),
            "jacoby": u8::from(self.jacoby()),
            "beavers": u8::from(self.beavers()),
        })
    }

    /// gnubg's Match ID with `side` on roll holding `dice`, `side` being gnubg's player 1
    /// (the engine's X: see [`engine::gnubg_player`]).
    pub(crate) fn match_id(&self, side: Side, dice: [u8; 2]) -> String {
        let as_gnubg = |s: Side| if s == side { Side::X } else { Side::O };
        let mut score = [0; 2];
        score[Side::X.index()] = self.score[side.index()];
        score[Side::O.index()] = self.score[side.opponent().index()];
        MatchId {
            cube: u32::try_from(self.cube.value.min(1 << 15)).unwrap_or(1 << 15),
            cube_owner: self.cube.owner.map(as_gnubg),
            on_roll: Side::X,
            crawford: self.crawford,
            status: GameStatus::Playing,
            turn: Side::X,
            double_offered: false,
            resign_offered: 0,
            dice: Some((dice[0], dice[1])),
            match_length: self.rules.length.unwrap_or(0),
            score,
            jacoby: self.jacoby(),
        }
        .encode()
    }
}
