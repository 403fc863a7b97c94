//! The decisions a player is offered at his turn, as typed choices. The words of the
//! prompt ("roll or double"), the Discord buttons and the local chat's hint are all made
//! from these, never the other way round: rewording a prompt cannot lose a button.

use crate::{
    ChallengeOp, ChouetteOp, ChouetteRef, Command, MatchOp, MatchRef, PracticeOp, Starter,
};
use engine::welsh::Parity;

/// One thing a player may do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Throw the opening roll (standard, chouette).
    OpeningRoll,
    /// Roll the dice (standard, chouette).
    Roll,
    /// Welsh: throw the dice; `Some` when a nominated throw is set (rule 21).
    Throw(Option<(u8, u8)>),
    /// Offer the cube.
    Double,
    /// Welsh: set a throw (rule 21): typed, it names the throw.
    Nominate,
    /// Welsh: throw one die beside a full spread (rule 11).
    OneDie,
    Take,
    Drop,
    Beaver,
    Raccoon,
    AcceptResignation,
    RejectResignation,
    /// Welsh: accept an offer to concede (rule 18).
    AcceptConcession,
    RejectConcession,
    AcceptChallenge,
    DeclineChallenge,
    /// Welsh: call odds on the shaker's throw.
    CallOdds,
    CallEvens,
    /// Welsh: the call's winner starts.
    StartMyself,
    /// Welsh: the call's winner lets the opponent start.
    StartOpponent,
    /// Play the roll in hand (typed: it names the play). `low` is `None` for one die.
    Move {
        high: u8,
        low: Option<u8>,
    },
    /// Welsh: throw the 1-2 again (rule 13).
    Reroll,
    /// Play nothing: the throw in hand has no legal play (Welsh rule 13: a thrown 1-2 with
    /// no legal play waits for this or [`Choice::Reroll`]; a pass with men on the roof is a
    /// dance).
    Pass,
    /// Welsh: offer to concede (rule 18), typed with the number of games, from 1 to `most`.
    /// `most` 0: the occasion came but no offer is possible (the game would cost only 1
    /// game); the words say so and there is nothing to press.
    OfferConcession {
        most: u32,
    },
    /// Chouette: start the next game.
    StartGame,
    /// Welsh: end the break under way sooner (regulation D); until it ends, play waits.
    Resume,
    /// The tutor holds the player's flagged play or cube action: take it back (once).
    Undo,
    /// The tutor holds the player's flagged play or cube action: keep it, and the
    /// opponent goes on.
    Keep,
}

/// What a choice is about: a match, or a chouette session, with the version seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    Match(MatchRef),
    Chouette(ChouetteRef),
}

impl Choice {
    /// The command the choice stands for, when it needs nothing more (a button); `None`
    /// for a choice the player types with more in it (a play, a throw to nominate) and
    /// for what a chouette does not have.
    #[must_use]
    pub fn command(self, on: Subject) -> Option<Command> {
        use Choice as C;
        match on {
            Subject::Match(m) => Some(match self {
                C::OpeningRoll | C::Roll | C::Throw(_) => Command::Match(m, MatchOp::Roll),
                C::Double => Command::Match(m, MatchOp::Double),
                C::OneDie => Command::Match(m, MatchOp::RollOne),
                C::Take => Command::Match(m, MatchOp::Take),
                C::Drop => Command::Match(m, MatchOp::Drop),
                C::Beaver => Command::Match(m, MatchOp::Beaver),
                C::Raccoon => Command::Match(m, MatchOp::Raccoon),
                C::AcceptResignation => Command::Match(m, MatchOp::AcceptResign),
                C::RejectResignation => Command::Match(m, MatchOp::RejectResign),
                C::AcceptConcession => Command::Match(m, MatchOp::AcceptConcede),
                C::RejectConcession => Command::Match(m, MatchOp::RejectConcede),
                C::AcceptChallenge => Command::Challenge(ChallengeOp::Accept(m)),
                C::DeclineChallenge => Command::Challenge(ChallengeOp::Decline(m)),
                C::CallOdds => Command::Match(m, MatchOp::Call(Parity::Odd)),
                C::CallEvens => Command::Match(m, MatchOp::Call(Parity::Even)),
                C::StartMyself => Command::Match(m, MatchOp::Choose(Starter::Me)),
                C::StartOpponent => Command::Match(m, MatchOp::Choose(Starter::Opponent)),
                C::Reroll => Command::Match(m, MatchOp::Reroll),
                C::Pass => Command::Match(m, MatchOp::Move("pass".into())),
                C::Resume => Command::Match(m, MatchOp::Resume),
                C::Undo => Command::Practice(m, PracticeOp::Undo),
                C::Keep => Command::Practice(m, PracticeOp::Keep),
                C::Nominate | C::Move { .. } | C::StartGame | C::OfferConcession { .. } => {
                    return None;
                }
            }),
            Subject::Chouette(r) => {
                let op = match self {
                    C::OpeningRoll | C::Roll => ChouetteOp::Roll,
                    C::Double => ChouetteOp::Double(Vec::new()),
                    C::Take => ChouetteOp::Take(None),
                    C::Drop => ChouetteOp::Drop(None),
                    C::Beaver => ChouetteOp::Beaver(None),
                    C::StartGame => ChouetteOp::Start,
                    _ => return None,
                };
                Some(Command::Chouette(r, op))
            }
        }
    }

    /// The choice as a verb in the prompt, inside its decision's frame (see
    /// [`choices_words`]).
    fn verb(self) -> String {
        use Choice as C;
        match self {
            C::OpeningRoll => "roll the opening throw".into(),
            C::Roll => "roll".into(),
            C::Throw(None) => "throw".into(),
            C::Throw(Some((a, b))) => format!("throw the nominated {}-{}", a.max(b), a.min(b)),
            C::Double => "double".into(),
            C::Nominate => "nominate".into(),
            C::OneDie => "throw one die".into(),
            C::Take => "take".into(),
            C::Drop => "drop".into(),
            C::Beaver => "beaver".into(),
            C::Raccoon => "raccoon".into(),
            C::AcceptResignation | C::AcceptConcession | C::AcceptChallenge => "accept".into(),
            C::RejectResignation | C::RejectConcession => "reject".into(),
            C::DeclineChallenge => "decline".into(),
            C::CallOdds => "odds".into(),
            C::CallEvens => "evens".into(),
            C::StartMyself => "me".into(),
            C::StartOpponent => "opponent".into(),
            C::Move {
                high,
                low: Some(low),
            } => format!("move {high}-{low}"),
            C::Move { high, low: None } => format!("move {high}"),
            C::Reroll => "throw the 1-2 again".into(),
            C::Pass => "/move pass".into(),
            C::OfferConcession { most } => {
                format!("offer to concede (/concede N, N from 1 to {most})")
            }
            C::StartGame => "start the next game".into(),
            C::Resume => "/resume (end the break sooner)".into(),
            C::Undo => "undo".into(),
            C::Keep => "keep".into(),
        }
    }
}

/// The words when a double may only be taken (seed 002, 5.14).
pub const MUST_TAKE: &str = "take (a drop would end the match, which the rules do not allow)";

/// What the player has to do, in words: the choices joined (`take, drop or beaver`) in
/// their decision's frame (`accept or reject the resignation`, `call odds or evens`).
/// `id` is the match, for the challenge's `/accept #id`.
#[must_use]
pub fn choices_words(id: crate::MatchNo, choices: &[Choice]) -> String {
    use Choice as C;
    let (reroll, rest): (Vec<Choice>, Vec<Choice>) = choices.iter().partition(|c| **c == C::Reroll);
    // Rule 18: an occasion with no offer possible is said after the choices, not offered.
    let no_offer = rest.contains(&C::OfferConcession { most: 0 });
    let rest: Vec<Choice> = rest
        .into_iter()
        .filter(|c| *c != C::OfferConcession { most: 0 })
        .collect();
    // Seed 002, 5.14: a take offered alone is a double that may not be dropped.
    if rest == [C::Take] {
        return MUST_TAKE.into();
    }
    // Rule 13: a 1-2 with no legal play is passed (or thrown again).
    if let [m @ C::Move { .. }, C::Pass] = rest.as_slice() {
        let mut s = format!("{}: it has no legal play, so /move pass", m.verb());
        if !reroll.is_empty() {
            s.push_str(" (or /reroll: throw the 1-2 again)");
        }
        return s;
    }
    let verbs: Vec<String> = rest.iter().map(|c| c.verb()).collect();
    let verbs: Vec<&str> = verbs.iter().map(String::as_str).collect();
    let joined = crate::kernel::phrases::join_or(&verbs);
    let mut s = match rest.first() {
        None if reroll.is_empty() => return "nothing: the match is over".into(),
        Some(C::AcceptResignation) => format!("{joined} the resignation"),
        Some(C::AcceptConcession) => format!("{joined} the offer to concede"),
        Some(C::AcceptChallenge) => format!("{joined} the challenge (/accept #{id})"),
        Some(C::CallOdds) => format!("call {joined}"),
        Some(C::StartMyself) => format!("choose who starts ({joined})"),
        Some(C::Undo) => format!("{joined} the action the tutor flagged"),
        _ => joined,
    };
    if !reroll.is_empty() {
        s.push_str(" (or /reroll: throw the 1-2 again)");
    }
    if no_offer {
        s.push_str(
            " (no offer to concede while the game would cost you only 1 game: an offer must be fewer, one to 24 included; rule 18)",
        );
    }
    s
}
