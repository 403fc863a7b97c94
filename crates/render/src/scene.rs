//! What a board picture shows, independent of how it is drawn: the position, who looks at
//! it, the players, the dice, the cube, the score, the last play and the Welsh extras.

use engine::welsh::{Throw, WelshMatch, WelshPhase};
use engine::{Board, Match, Phase, Position, Ruleset, Side, Step, Xgid, XgidDice, format_play};

/// Everything a board picture (PNG or text) shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    pub ruleset: Ruleset,
    /// In the engine's one orientation (X's view).
    pub position: Position,
    /// Whose side the board is drawn from: his home board bottom right, his numbering.
    pub viewer: Side,
    /// Player names, indexed by [`Side::index`].
    pub names: [String; 2],
    /// Who acts next (rolls, plays or answers), if anyone.
    pub to_act: Option<Side>,
    pub dice: Option<DiceView>,
    pub cube: CubeView,
    pub score: ScoreView,
    pub last_play: Option<LastPlay>,
    /// Welsh only.
    pub welsh: Option<WelshView>,
    /// What the player to act must do, in the club's words ("roll or double"); `None`:
    /// worked out from the cube and dice (see [`crate::prompt_words`]).
    pub prompt: Option<String>,
    /// Chouette: each team member's cube, in line order (empty otherwise).
    pub team_cubes: Vec<TeamCubeView>,
    /// Chouette between games: the standings in words (`ann +4, ben -2, cat -2`).
    pub standings: Option<String>,
    /// Which match and version the board shows, as a command names it (`#3@12`).
    pub reference: Option<String>,
    /// Once the match is over: who won and how ("alice won the match 5-3").
    pub result: Option<String>,
}

/// One team member's cube in a chouette: his name, the value, and its state in words
/// ("centred", "his", "box's", "offered 4", "out +2").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCubeView {
    pub name: String,
    pub value: u64,
    pub state: String,
}

/// The dice of the current throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceView {
    pub side: Side,
    /// The second value is 0 for a one-die throw.
    pub values: [u8; 2],
    /// Nominated (Welsh rule 22) rather than thrown.
    pub nominated: bool,
}

/// Where the cube (standard) or the doubling die (Welsh) stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeView {
    /// In the middle, nobody owns it; the value shown is 64 by convention when it is 1.
    Centred(u64),
    Owned {
        value: u64,
        owner: Side,
    },
    /// `by` has doubled; `value` is what the cube will show if it is taken.
    Offered {
        value: u64,
        by: Side,
    },
    /// `by` has beavered (taken and turned the cube once more, keeping it); `value` is
    /// what the cube shows now.
    Beavered {
        value: u64,
        by: Side,
    },
    /// `by` has raccooned (answered a beaver by turning the cube once more); `value` is
    /// what the cube shows now.
    Raccooned {
        value: u64,
        by: Side,
    },
    /// Welsh: the doubling die's value and who may turn it next (`None`: either player).
    Welsh {
        value: u32,
        right: Option<Side>,
    },
    /// No cube in this game (the Crawford game).
    Unavailable,
}

/// What the players play for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A match to N points.
    Points(u32),
    /// Money play.
    Money,
    /// Welsh: a match to N games.
    Games(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreView {
    /// Indexed by [`Side::index`].
    pub score: [u32; 2],
    pub target: Target,
    pub crawford: bool,
    /// A game after the Crawford game (the cube is back).
    pub post_crawford: bool,
    /// What a point (or a game) is worth, as the players agreed it: `1.00 a point`.
    pub stakes: Option<String>,
}

/// The play just made: its steps in the mover's numbering, the points where it hit, and
/// its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastPlay {
    pub side: Side,
    pub steps: Vec<Step>,
    /// Points (mover's numbering) where a man of the opponent was hit.
    pub hits: Vec<u8>,
    pub text: String,
}

impl LastPlay {
    /// The play `steps` made by `side` on `before` (his view), with its hits found by
    /// replaying the steps.
    #[must_use]
    pub fn new(side: Side, before: &Board, steps: &[Step], text: String) -> LastPlay {
        let mut b = *before.points();
        let mut hits = Vec::new();
        for s in steps {
            let (from, to) = (usize::from(s.from), usize::from(s.to));
            b[from] -= 1;
            if to > 0 && to < 25 {
                if b[to] == -1 {
                    hits.push(s.to);
                    b[to] = 0;
                }
                b[to] += 1;
            }
        }
        LastPlay {
            side,
            steps: steps.to_vec(),
            hits,
            text,
        }
    }

    /// A standard play, with gnubg's move text.
    #[must_use]
    pub fn standard(side: Side, before: &Board, play: &engine::Play) -> LastPlay {
        LastPlay::new(side, before, play.steps(), format_play(before, play))
    }
}

/// The Welsh extras: nominate cards still held, a triangle standing, washes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WelshView {
    /// Indexed by [`Side::index`].
    pub nominates_left: [bool; 2],
    pub triangle: Option<Side>,
    pub washes: u32,
}

impl Scene {
    /// A chouette's sides by their roles, the box (X) and the captain (O), shown where a
    /// match shows the score; `None` for a match.
    #[must_use]
    pub fn chouette_role(&self, side: Side) -> Option<&'static str> {
        (!self.team_cubes.is_empty() || self.standings.is_some()).then_some(match side {
            Side::X => "box",
            Side::O => "captain",
        })
    }

    /// The board an XGID describes, seen by `viewer` (default: the player on turn).
    #[must_use]
    pub fn from_xgid(x: &Xgid, ruleset: Ruleset, viewer: Option<Side>) -> Scene {
        let cube_value = 1u64 << x.cube_log2.min(62);
        let crawford = x.match_length > 0 && x.crawford_jacoby & 1 == 1;
        let (dice, cube) = match x.dice {
            XgidDice::Rolled(d) => (
                Some(DiceView {
                    side: x.turn,
                    values: [d.high(), d.low()],
                    nominated: false,
                }),
                None,
            ),
            XgidDice::Doubled | XgidDice::Beavered | XgidDice::Raccooned => (
                None,
                Some(CubeView::Offered {
                    value: cube_value * 2,
                    by: x.turn,
                }),
            ),
            XgidDice::ToRoll => (None, None),
        };
        let to_act = match x.dice {
            XgidDice::Doubled | XgidDice::Raccooned => x.turn.opponent(),
            _ => x.turn,
        };
        let cube = cube.unwrap_or(match (ruleset, x.cube_owner) {
            (Ruleset::Welsh, right) => CubeView::Welsh {
                value: cube_value as u32,
                right,
            },
            _ if crawford => CubeView::Unavailable,
            (_, None) => CubeView::Centred(cube_value),
            (_, Some(owner)) => CubeView::Owned {
                value: cube_value,
                owner,
            },
        });
        let target = match (ruleset, x.match_length) {
            (_, 0) => Target::Money,
            (Ruleset::Welsh, n) => Target::Games(n),
            (Ruleset::Standard, n) => Target::Points(n),
        };
        Scene {
            ruleset,
            position: x.position,
            viewer: viewer.unwrap_or(x.turn),
            names: ["X".to_string(), "O".to_string()],
            to_act: Some(to_act),
            dice,
            cube,
            score: ScoreView {
                score: x.score,
                target,
                crawford,
                post_crawford: false,
                stakes: None,
            },
            last_play: None,
            welsh: (ruleset == Ruleset::Welsh).then_some(WelshView {
                nominates_left: [true, true],
                triangle: None,
                washes: 0,
            }),
            prompt: None,
            team_cubes: Vec::new(),
            standings: None,
            reference: None,
            result: None,
        }
    }

    /// A standard match as it stands, seen by `viewer` (default: whoever acts next).
    #[must_use]
    pub fn from_match(m: &Match, names: [String; 2], viewer: Option<Side>) -> Scene {
        let cube = m.cube();
        let (dice, cube_view) = match m.phase() {
            Phase::ToPlay { side, dice } => (
                Some(DiceView {
                    side,
                    values: [dice.high(), dice.low()],
                    nominated: false,
                }),
                None,
            ),
            Phase::CubeOffered(o) => {
                let (value, by) = (o.value, o.responder.opponent());
                (
                    None,
                    Some(match o.notches {
                        0 => CubeView::Offered { value, by },
                        1 => CubeView::Beavered { value, by },
                        _ => CubeView::Raccooned { value, by },
                    }),
                )
            }
            _ => (None, None),
        };
        let crawford = m.is_crawford_game();
        let cube_view = cube_view.unwrap_or(match cube.owner {
            _ if crawford => CubeView::Unavailable,
            None => CubeView::Centred(cube.value),
            Some(owner) => CubeView::Owned {
                value: cube.value,
                owner,
            },
        });
        let to_act = m.to_act();
        Scene {
            ruleset: Ruleset::Standard,
            position: *m.position(),
            viewer: viewer.or(to_act).unwrap_or(Side::X),
            names,
            to_act,
            dice,
            cube: cube_view,
            score: ScoreView {
                score: m.match_score(),
                target: m.rules().length.map_or(Target::Money, Target::Points),
                crawford,
                post_crawford: m.is_post_crawford(),
                stakes: None,
            },
            last_play: None,
            welsh: None,
            prompt: None,
            team_cubes: Vec::new(),
            standings: None,
            reference: None,
            result: None,
        }
    }

    /// A Welsh match as it stands, seen by `viewer` (default: whoever acts next).
    #[must_use]
    pub fn from_welsh(m: &WelshMatch, names: [String; 2], viewer: Option<Side>) -> Scene {
        let (to_act, dice) = match m.phase() {
            WelshPhase::Call { caller } => (Some(caller), None),
            WelshPhase::Choose { chooser } => (Some(chooser), None),
            WelshPhase::ToRoll(s) => (Some(s), None),
            WelshPhase::ToPlay {
                side,
                throw,
                nominated,
            } => {
                let values = match throw {
                    Throw::Two(a, b) => [a.max(b), a.min(b)],
                    Throw::One(a) => [a, 0],
                };
                (
                    Some(side),
                    Some(DiceView {
                        side,
                        values,
                        nominated,
                    }),
                )
            }
            WelshPhase::MatchOver { .. } => (None, None),
        };
        let cube = m.cube();
        Scene {
            ruleset: Ruleset::Welsh,
            position: *m.position(),
            viewer: viewer.or(to_act).unwrap_or(Side::X),
            names,
            to_act,
            dice,
            cube: CubeView::Welsh {
                value: cube.value,
                right: cube.right,
            },
            score: ScoreView {
                score: m.score(),
                target: Target::Games(m.rules().target),
                crawford: false,
                post_crawford: false,
                stakes: None,
            },
            last_play: None,
            welsh: Some(WelshView {
                nominates_left: [m.nominate_left(Side::X), m.nominate_left(Side::O)],
                triangle: m.triangle(),
                washes: 0,
            }),
            prompt: None,
            team_cubes: Vec::new(),
            standings: None,
            reference: None,
            result: None,
        }
    }

    /// The board from the viewer's side.
    #[must_use]
    pub fn board(&self) -> Board {
        self.position.view(self.viewer)
    }

    #[must_use]
    pub fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }
}
