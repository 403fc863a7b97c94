//! Why a finished match ended: kept with the match (`matches.end_cause` and
//! `matches.end_reason`, migration 0011) in the transaction that ends it, so that every view
//! that mentions the end (the rating history, the league's fixtures and bracket, `/games`,
//! the final board) can say what really happened.

/// How a match with a winner came to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndCause {
    /// Played to its end (the match length or games target reached).
    Played,
    /// Welsh: ended by a rectangle.
    Rectangle,
    /// The loser ran out of time on the clock.
    Clock,
    /// The last game ended by the loser's resignation (or a concession).
    Resigned,
    /// The last game ended by the loser dropping the cube.
    Dropped,
    /// A forfeit by the organiser's ruling, with the reason given.
    Forfeit(String),
    /// A forfeit because a player withdrew from the league (the words of the withdrawal).
    Withdrawal(String),
    /// A result adjudicated by the organiser, with the reason given.
    Adjudicated(String),
}

impl EndCause {
    /// The word stored in `matches.end_cause`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            EndCause::Played => "played",
            EndCause::Rectangle => "rectangle",
            EndCause::Clock => "clock",
            EndCause::Resigned => "resigned",
            EndCause::Dropped => "dropped",
            EndCause::Forfeit(_) => "forfeit",
            EndCause::Withdrawal(_) => "withdrawal",
            EndCause::Adjudicated(_) => "adjudicated",
        }
    }

    /// The reason stored in `matches.end_reason` (a ruling's or a withdrawal's words).
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            EndCause::Forfeit(r) | EndCause::Withdrawal(r) | EndCause::Adjudicated(r) => {
                Some(r.as_str())
            }
            _ => None,
        }
    }

    /// The cause read back from its two columns; `None` for a word this version does not
    /// know (or a match that ended before causes were kept).
    #[must_use]
    pub fn from_columns(code: Option<&str>, reason: Option<String>) -> Option<EndCause> {
        let reason = reason.unwrap_or_default();
        Some(match code? {
            "played" => EndCause::Played,
            "rectangle" => EndCause::Rectangle,
            "clock" => EndCause::Clock,
            "resigned" => EndCause::Resigned,
            "dropped" => EndCause::Dropped,
            "forfeit" => EndCause::Forfeit(reason),
            "withdrawal" => EndCause::Withdrawal(reason),
            "adjudicated" => EndCause::Adjudicated(reason),
            _ => return None,
        })
    }

    /// Whether the match was lost by forfeit (the clock, a ruling or a withdrawal): so
    /// marked in the rating history and the league's table.
    #[must_use]
    pub fn is_forfeit(&self) -> bool {
        matches!(
            self,
            EndCause::Clock | EndCause::Forfeit(_) | EndCause::Withdrawal(_)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cause_reads_back_from_its_columns() {
        for c in [
            EndCause::Played,
            EndCause::Rectangle,
            EndCause::Clock,
            EndCause::Resigned,
            EndCause::Dropped,
            EndCause::Forfeit("no reply for a week".into()),
            EndCause::Withdrawal("erin withdrew from league Autumn".into()),
            EndCause::Adjudicated("bob was far ahead".into()),
        ] {
            let back = EndCause::from_columns(Some(c.code()), c.reason().map(str::to_string));
            assert_eq!(back, Some(c));
        }
        assert_eq!(EndCause::from_columns(None, None), None);
        assert_eq!(EndCause::from_columns(Some("meteor"), None), None);
    }
}
