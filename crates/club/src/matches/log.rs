//! A match's log: the [`Entry`] lines a stored match is made of (with the ruling, the
//! last move and the settlements they carry), the standard rules of a challenge, and who
//! starts when a player chooses. Named for the log it defines; the state those entries
//! fold into is `snapshot`, and the entries in words are `event_words`.

use serde::{Deserialize, Serialize};

use crate::ClubError;
use crate::command::{ChallengeSpec, Starter};
use engine::welsh::{MatchEnd, WelshAction};
use engine::{Action, MatchRules, Play, Position, Side};

/// One entry of a match's action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Entry {
    Challenge {
        spec: ChallengeSpec,
    },
    Accept,
    /// A Welsh challenge accepted by the challenged player (the guest, rule 24(i)) with his
    /// choice of who shakes for the first game's call (the other calls).
    AcceptWelsh {
        shaker: Side,
    },
    Decline,
    Cancel,
    /// A standard action; `auto` when the club made it (auto-roll, forced play).
    Standard {
        side: Side,
        action: Action,
        auto: bool,
    },
    /// A Welsh action.
    Welsh {
        side: Side,
        action: WelshAction,
        auto: bool,
    },
    /// A standard match lost on time.
    Forfeit {
        side: Side,
    },
    /// A Welsh break between games (regulation D), taken by `side`: both clocks stop until
    /// `until` (Unix seconds) or a resume.
    Break {
        side: Side,
        until: i64,
    },
    /// The break under way ends before its time.
    Resume {
        side: Side,
    },
    /// The challenge expired unanswered (the club's deadline sweep).
    Expire,
    /// A Welsh throw made and thrown again at once: `side` threw `dice` a third time in a
    /// row (rule 6). Nothing changes in the game; the log keeps it because it was a throw
    /// of the provably fair dice (`docs/fair-dice.md`).
    ThrownAgain {
        side: Side,
        dice: (u8, u8),
    },
    /// Money play: `side` ends the session between games.
    StopSession {
        side: Side,
    },
    /// A league match decided without being played out: `winner` wins by forfeit (the
    /// organiser's award, or the opponent withdrew from the league) or by the organiser's
    /// adjudication, for `reason`.
    Ruling {
        winner: Side,
        forfeit: bool,
        reason: String,
        /// The forfeit came of the loser's withdrawal from the league, not of the
        /// organiser's ruling.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        withdrawal: bool,
    },
    /// The tutor's word on `side`'s action, logged just before it (a tutor match): the
    /// action was worse than the tutor's threshold, and `words` say what was better. The
    /// action that follows may be undone ([`Entry::Undo`]) or kept ([`Entry::Keep`]) until
    /// anything else happens. `warning`: said before a roll where doubling was right (no
    /// action follows; the next roll is not judged again).
    Tutor {
        side: Side,
        words: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        warning: bool,
    },
    /// `side` takes back the action the tutor flagged: the game is as before it, the
    /// dice in hand the same (the log stays append-only: the fold undoes it).
    Undo {
        side: Side,
    },
    /// `side` keeps the action the tutor flagged: the opponent (the bot, the club's
    /// automatic roll) may go on.
    Keep {
        side: Side,
    },
    /// A league match made void (a player withdrew from a league whose setting voids his
    /// remaining matches).
    Void {
        reason: String,
    },
}

/// How a league match was decided without being played out ([`Entry::Ruling`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    pub winner: Side,
    pub forfeit: bool,
    pub reason: String,
    /// The forfeit came of the loser's withdrawal from the league.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawal: bool,
}

/// The last play made, to show on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    pub side: Side,
    pub before: Position,
    pub play: Play,
}

/// A result of a game or match that moves money or the scoop-pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// A standard money game: `points` won by `winner`.
    MoneyGame {
        winner: Side,
        points: u64,
        game: u32,
        /// Where in the command's lines the payment is said: right after the game's
        /// result, before the next game begins (None: at the end).
        words_at: Option<usize>,
    },
    /// A Welsh game scored (`winner` None: a wash).
    WelshGame {
        winner: Option<Side>,
        backgammon: bool,
    },
    /// A Welsh match over: the score and the games each side won (washes not counted).
    WelshMatch {
        winner: Side,
        how: MatchEnd,
        score: [u32; 2],
        won: [u32; 2],
    },
    /// The payment that came with an accepted offer to concede to 24 (rule 18).
    ConcedePayment { payer: Side },
}

/// The standard rules of a challenge.
#[must_use]
pub fn standard_rules(spec: &ChallengeSpec) -> MatchRules {
    let mut rules = match spec.length {
        Some(n) => MatchRules::match_to(n),
        None => MatchRules::money(),
    };
    if spec.length.is_some() {
        rules.crawford = spec.crawford;
        rules.holland = spec.holland;
    } else {
        rules.jacoby = spec.jacoby;
        rules.beavers = spec.beavers;
        rules.raccoons = spec.raccoons;
        rules.auto_doubles = spec.auto_doubles;
    }
    rules
}

/// The side a Welsh chooser names to start.
#[must_use]
pub fn starter_side(chooser: Side, who: Starter) -> Side {
    match who {
        Starter::Me => chooser,
        Starter::Opponent => chooser.opponent(),
    }
}

/// The log of match `id` as stored, oldest first; an entry that does not read is the
/// match's corruption, said as such.
pub(crate) async fn read_log(store: &store::Store, id: i64) -> Result<Vec<Entry>, ClubError> {
    store
        .actions(id)
        .await?
        .iter()
        .map(|r| serde_json::from_str::<Entry>(&r.entry))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ClubError::Corrupt(id, e.to_string()))
}
