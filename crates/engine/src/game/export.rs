//! A match as GNU Backgammon and eXtreme Gammon name it: the player on roll, the Match ID,
//! the Position ID and the XGID.

use super::*;

impl Match {
    /// The side whose view IDs are given from: the player on roll, X before a game starts.
    pub fn on_roll(&self) -> Side {
        match self.phase {
            Phase::ToRoll(s) | Phase::ToPlay { side: s, .. } => s,
            Phase::CubeOffered(o) => {
                // The doubler is on roll: he has not rolled yet. After a beaver the
                // responder changes, but the player on roll does not.
                o.owner.opponent()
            }
            Phase::Opening | Phase::MatchOver { .. } => Side::X,
        }
    }

    /// gnubg's Match ID of this state.
    pub fn match_id(&self) -> MatchId {
        let (dice, double_offered) = match self.phase {
            Phase::ToPlay { dice, .. } => {
                let [a, b] = dice.values();
                (Some((a, b)), false)
            }
            Phase::CubeOffered(_) => (None, true),
            _ => (None, false),
        };
        let status = match (self.phase, self.last_result) {
            (Phase::MatchOver { .. }, Some(r)) => match r.kind {
                ResultKind::Dropped => GameStatus::Dropped,
                ResultKind::Resigned(_) => GameStatus::Resigned,
                _ => GameStatus::Over,
            },
            (Phase::Opening, _) => GameStatus::NoGame,
            _ => GameStatus::Playing,
        };
        let cube_value = match self.phase {
            Phase::CubeOffered(o) => o.drop_value,
            _ => self.cube.value,
        };
        MatchId {
            cube: u32::try_from(cube_value.min(1 << 15)).unwrap_or(1 << 15),
            cube_owner: self.cube.owner,
            on_roll: self.on_roll(),
            crawford: self.crawford_game,
            status,
            turn: self.to_act().unwrap_or(self.on_roll()),
            double_offered,
            resign_offered: self.resign_offer.map_or(0, |(_, l)| l as u8),
            dice,
            match_length: self.rules.length.unwrap_or(0),
            score: self.score,
            jacoby: self.rules.is_money() && self.rules.jacoby,
        }
    }

    /// gnubg's Position ID of this state, from the view of the player on roll.
    pub fn position_id(&self) -> String {
        crate::ids::position_id(&self.position.view(self.on_roll()))
    }

    /// The XGID of this state.
    pub fn xgid(&self) -> Xgid {
        let (dice, turn) = match self.phase {
            Phase::ToPlay { side, dice } => (XgidDice::Rolled(dice), side),
            Phase::CubeOffered(o) => (
                match o.notches {
                    0 => XgidDice::Doubled,
                    1 => XgidDice::Beavered,
                    _ => XgidDice::Raccooned,
                },
                o.owner.opponent(),
            ),
            _ => (XgidDice::ToRoll, self.on_roll()),
        };
        let cube_value = match self.phase {
            Phase::CubeOffered(o) => o.drop_value,
            _ => self.cube.value,
        };
        let crawford_jacoby = if self.rules.is_money() {
            u8::from(self.rules.jacoby) + 2 * u8::from(self.rules.beavers)
        } else {
            u8::from(self.crawford_game)
        };
        Xgid {
            position: self.position,
            cube_log2: cube_value.trailing_zeros() as u8,
            cube_owner: self.cube.owner,
            turn,
            dice,
            score: self.score,
            crawford_jacoby,
            match_length: self.rules.length.unwrap_or(0),
            max_cube_log2: if self.rules.is_money() { 62 } else { 10 },
        }
    }
}
