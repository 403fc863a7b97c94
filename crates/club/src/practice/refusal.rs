//! The refusals of practice: where hints, undo and keep are not allowed, a hint that
//! could not be given, and an undo or keep the tutor does not allow.

/// Practice refused.
#[derive(Debug, thiserror::Error)]
pub enum PracticeRefusal {
    /// `/hint` past the player's hints an hour.
    #[error(
        "you have asked for {limit} hints in the past hour, the most an hour; the next one \
         may be asked for in {wait}"
    )]
    TooManyHints {
        /// The limit.
        limit: u32,
        /// How long until the next one, in words.
        wait: String,
    },
    /// `/verb` in a league match.
    #[error(
        "match #{id} is a league match: /{verb} is for practice, and a league's matches count in its table"
    )]
    LeagueMatch {
        /// The match.
        id: i64,
        /// The command (`hint`, `undo`, `keep`).
        verb: &'static str,
    },
    /// `/verb` in a rated match.
    #[error(
        "match #{id} is rated: /{verb} is for practice matches, which are unrated (a challenge with practice on, which both players agree to by accepting)"
    )]
    Rated {
        /// The match.
        id: i64,
        /// The command.
        verb: &'static str,
    },
    /// `/verb` in a match of two people not opened for practice.
    #[error(
        "match #{id} is not a practice match: /{verb} is allowed against the bot, or in a match whose challenge asked for practice (both players agree to it by accepting)"
    )]
    NotPractice {
        /// The match.
        id: i64,
        /// The command.
        verb: &'static str,
    },
    /// `/hint` when the other player must decide: their name and what they must do.
    #[error(
        "it is not your decision: {name} must {next}; /hint helps the player whose decision it is"
    )]
    NotYourDecision {
        /// Who must decide.
        name: String,
        /// What they must do, in words.
        next: String,
    },
    /// `/hint` when nobody has a decision to make.
    #[error("nobody has a decision to make in this match now")]
    NobodyToDecide,
    /// The Welsh player's hint did not come back (its task failed).
    #[error("the Welsh player could not give a hint: {0}")]
    WelshHintFailed(tokio::task::JoinError),
    /// Every gnubg process kept for hints stayed busy with other players' hints for the
    /// whole wait: nothing was counted.
    #[error(
        "GNU Backgammon is busy giving other hints (waited {wait} for it): try /hint again in a moment; this one was not counted"
    )]
    GnubgBusy {
        /// How long the hint waited, in words.
        wait: String,
    },
    /// GNU Backgammon gave no hint.
    #[error("GNU Backgammon could not give a hint: {0}")]
    GnubgHintFailed(gnubg::BotError),
    /// `/undo` or `/keep` in a match without the tutor.
    #[error(
        "match #{id} has no tutor: /{verb} takes back (or keeps) an action the tutor flagged, in a match opened with the tutor on"
    )]
    NoTutor {
        /// The match.
        id: i64,
        /// The command (`undo`, `keep`).
        verb: &'static str,
    },
    /// The flagged action is the other player's.
    #[error("the action the tutor flagged is {name}'s: only they can {verb} it")]
    FlaggedForOther {
        /// Whose it is.
        name: String,
        /// The command.
        verb: &'static str,
    },
    /// The other player acted since the flagged action.
    #[error("too late to {verb}: {other} has acted since the action the tutor flagged")]
    TooLate {
        /// The other player.
        other: String,
        /// The command.
        verb: &'static str,
    },
    /// The flagged action was kept.
    #[error("you kept the action the tutor flagged: it stands")]
    Kept,
    /// The decision was taken back once already.
    #[error(
        "you have taken that decision back once already: the tutor allows one {verb} a decision"
    )]
    UndoneOnce {
        /// The command.
        verb: &'static str,
    },
    /// No flagged action of the player's.
    #[error(
        "there is nothing to {verb}: the tutor flagged no action of yours (only a play or cube action it flags can be taken back, before the opponent acts)"
    )]
    NothingFlagged {
        /// The command.
        verb: &'static str,
    },
    /// An entry other than the tutor's where the tutor's was expected (a log the club did
    /// not write).
    #[error("this entry is not the tutor's")]
    NotTutorEntry,
    /// The tutor's word on a match that has not started.
    #[error("the match has not started")]
    NotStarted,
    /// A drill card that does not exist, or is another player's (or another server's).
    #[error("there is no drill card #{card} of yours here: /drill shows your next card")]
    NoDrillCard {
        /// The card named.
        card: i64,
    },
    /// An answer to a drill card that is not due (answered already).
    #[error(
        "drill card #{card} was answered already; it comes back {when}. /drill shows the \
         next card due"
    )]
    DrillAnswered {
        /// The card.
        card: i64,
        /// When it is due again, in words.
        when: String,
    },
    /// An answer when no card is due.
    #[error("no drill card is due to answer: /drill says when the next one is")]
    NoDrillDue,
    /// An answer that is none of the card's choices.
    #[error(
        "`{given}` is not one of drill card #{card}'s choices: answer with a number from 1 \
         to {count} ({options})"
    )]
    NotADrillChoice {
        /// The card.
        card: i64,
        /// What was given.
        given: String,
        /// How many choices the card lists.
        count: usize,
        /// The choices, numbered, in words.
        options: String,
    },
    /// `/puzzle` on a server without a position of the day posted yet.
    #[error(
        "no position of the day has been posted on this server: a manager sets one with \
         /server puzzle channel:#x hour:18"
    )]
    NoPuzzle,
    /// A second answer to a position of the day.
    #[error(
        "you answered position of the day #{puzzle} already ({first}): your first answer \
         stands; the solution comes with the next post"
    )]
    PuzzleAnswered {
        /// The puzzle.
        puzzle: i64,
        /// The first answer, in words.
        first: String,
    },
    /// An answer to a position of the day after the next was posted.
    #[error(
        "position of the day #{puzzle} is closed: its solution was posted with the next one \
         (/puzzle shows today's)"
    )]
    PuzzleClosed {
        /// The puzzle.
        puzzle: i64,
    },
    /// An answer that is none of the puzzle's choices.
    #[error(
        "`{given}` is not one of position of the day #{puzzle}'s choices: answer with a \
         number from 1 to {count} ({options})"
    )]
    NotAPuzzleChoice {
        /// The puzzle.
        puzzle: i64,
        /// What was given.
        given: String,
        /// How many choices it lists.
        count: usize,
        /// The choices, numbered, in words.
        options: String,
    },
    /// `/server puzzle` with an hour not of a day.
    #[error("the position of the day's hour is 0 to 23 (UTC), not {hour}")]
    PuzzleHour {
        /// The hour given.
        hour: i64,
    },
}

impl PracticeRefusal {
    /// The refusal's reason, as a metrics label.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            PracticeRefusal::TooManyHints { .. } => "quota",
            PracticeRefusal::LeagueMatch { .. }
            | PracticeRefusal::Rated { .. }
            | PracticeRefusal::NotPractice { .. } => "not_practice",
            PracticeRefusal::NotYourDecision { .. } | PracticeRefusal::NobodyToDecide => {
                "not_your_decision"
            }
            PracticeRefusal::WelshHintFailed(_) | PracticeRefusal::GnubgHintFailed(_) => {
                "hint_failed"
            }
            PracticeRefusal::GnubgBusy { .. } => "busy",
            PracticeRefusal::NoTutor { .. } => "no_tutor",
            PracticeRefusal::FlaggedForOther { .. }
            | PracticeRefusal::TooLate { .. }
            | PracticeRefusal::Kept
            | PracticeRefusal::UndoneOnce { .. }
            | PracticeRefusal::NothingFlagged { .. } => "cannot_undo",
            PracticeRefusal::NotTutorEntry | PracticeRefusal::NotStarted => "not_this_match_entry",
            PracticeRefusal::NoDrillCard { .. } | PracticeRefusal::NoDrillDue => "no_drill_card",
            PracticeRefusal::DrillAnswered { .. } => "drill_answered",
            PracticeRefusal::NotADrillChoice { .. } | PracticeRefusal::NotAPuzzleChoice { .. } => {
                "not_a_choice"
            }
            PracticeRefusal::NoPuzzle => "no_puzzle",
            PracticeRefusal::PuzzleAnswered { .. } => "puzzle_answered",
            PracticeRefusal::PuzzleClosed { .. } => "puzzle_closed",
            PracticeRefusal::PuzzleHour { .. } => "bad_option",
        }
    }
}
