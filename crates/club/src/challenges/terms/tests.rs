//! The terms' checks, option by option.

use super::{ChallengeOption as O, ChallengeOptions, check_spec};
use crate::{ChallengeSpec, ClubError, DAY, Refusal, Span, TimeControl};
use engine::{Amount, Ruleset};

fn standard(length: u32) -> ChallengeOptions {
    ChallengeOptions {
        length: Some(length),
        ..ChallengeOptions::default()
    }
}

fn money() -> ChallengeOptions {
    ChallengeOptions {
        money: Some(true),
        ..ChallengeOptions::default()
    }
}

fn welsh() -> ChallengeOptions {
    ChallengeOptions {
        ruleset: Some(Ruleset::Welsh),
        ..ChallengeOptions::default()
    }
}

/// Words an adapter may not find in the club's messages: their own syntax.
const ADAPTER_SYNTAX: [&str; 9] = [
    "length:",
    "money:",
    "rules:welsh",
    "clock:",
    "live_clock",
    "move:",
    "move_hours",
    "expires:",
    "Discord",
];

#[test]
fn an_option_given_for_terms_it_does_not_apply_to_is_refused_and_named() {
    // Given options set (even off, even 0) where they do not apply: each adapter
    // used to check its own subset (the slash command took jacoby off, crawford off
    // and automatic doubles 0 for a match, and nothing a move in Welsh, silently)
    let cases = [
        (
            ChallengeOptions {
                jacoby: Some(false),
                ..standard(5)
            },
            O::Jacoby,
            "the Jacoby rule is for money play; a 5-point match has none",
        ),
        (
            ChallengeOptions {
                beavers: Some(true),
                ..ChallengeOptions::default()
            },
            O::Beavers,
            "beavers are for money play; a 7-point match has none",
        ),
        (
            ChallengeOptions {
                raccoons: Some(false),
                ..standard(3)
            },
            O::Raccoons,
            "raccoons are for money play",
        ),
        (
            ChallengeOptions {
                auto_doubles: Some(0),
                ..standard(5)
            },
            O::AutoDoubles,
            "automatic doubles are for money play",
        ),
        (
            ChallengeOptions {
                stake: Some(Amount(200)),
                ..standard(5)
            },
            O::Stake,
            "a stake is for money play; a 5-point match has none",
        ),
        (
            ChallengeOptions {
                crawford: Some(false),
                ..money()
            },
            O::Crawford,
            "the Crawford rule is for match play; money play has no match length",
        ),
        (
            ChallengeOptions {
                holland: Some(false),
                ..money()
            },
            O::Holland,
            "the Holland rule is for match play",
        ),
        (
            ChallengeOptions {
                crawford: Some(false),
                ..welsh()
            },
            O::Crawford,
            "Welsh backgammon has its own rules",
        ),
        (
            ChallengeOptions {
                stake: Some(Amount(0)),
                ..welsh()
            },
            O::Stake,
            "Welsh backgammon has its own rules",
        ),
        (
            ChallengeOptions {
                live_clock: Some(true),
                ..standard(5)
            },
            O::LiveClock,
            "the live 70-minute play clock is Welsh backgammon's",
        ),
        (
            ChallengeOptions {
                per_move: Some(Span(0)),
                ..standard(5)
            },
            O::MoveTime,
            "the time a move must be more than nothing",
        ),
        (
            ChallengeOptions {
                per_move: Some(Span(0)),
                ..welsh()
            },
            O::MoveTime,
            "nothing a move is the live Welsh clock",
        ),
        (
            ChallengeOptions {
                length: Some(5),
                ..money()
            },
            O::Money,
            "money play has no length",
        ),
        (
            ChallengeOptions {
                money: Some(true),
                ..welsh()
            },
            O::Money,
            "a Welsh match is played to a number of games",
        ),
    ];
    for (options, option, words) in cases {
        // When the club makes the terms
        let e = options.terms().expect_err(words);
        // Then it refuses, naming the option, in words of no adapter's syntax
        let text = e.to_string();
        assert_eq!(e.option, option, "{text}");
        assert!(text.contains(words), "{text}");
        assert!(
            matches!(e.error, ClubError::Refused(Refusal::Terms(_))),
            "{text}"
        );
        for syntax in ADAPTER_SYNTAX {
            assert!(!text.contains(syntax), "{text}");
        }
    }
}

#[test]
fn options_that_apply_make_the_terms_with_defaults_for_the_rest() {
    // Given no options: a 7-point match with Crawford, two days a move
    assert_eq!(
        ChallengeOptions::default().terms().unwrap(),
        ChallengeSpec::standard(Some(7))
    );
    assert_eq!(welsh().terms().unwrap(), ChallengeSpec::welsh(25));
    assert_eq!(money().terms().unwrap(), ChallengeSpec::standard(None));
    // A match said to be no money play is a match
    let spec = ChallengeOptions {
        money: Some(false),
        ..standard(3)
    };
    assert_eq!(spec.terms().unwrap(), ChallengeSpec::standard(Some(3)));
    // Money play with its options
    let spec = ChallengeOptions {
        jacoby: Some(false),
        beavers: Some(true),
        raccoons: Some(true),
        auto_doubles: Some(2),
        stake: Some(Amount(150)),
        rated: Some(false),
        ..money()
    }
    .terms()
    .unwrap();
    assert_eq!(
        (spec.length, spec.jacoby, spec.beavers, spec.raccoons),
        (None, false, true, true)
    );
    assert_eq!((spec.auto_doubles, spec.stake, spec.rated), (2, 150, false));
    // The live clock, with a bank of its own: the times given override the clock's
    let spec = ChallengeOptions {
        live_clock: Some(true),
        bank: Some(Span(9 * 60)),
        length: Some(11),
        ..welsh()
    }
    .terms()
    .unwrap();
    assert_eq!(spec.length, Some(11));
    assert_eq!(
        spec.time,
        TimeControl {
            bank: 9 * 60,
            ..TimeControl::welsh_live()
        }
    );
    // The days clock is every ruleset's default, so it may be named for standard play
    let spec = ChallengeOptions {
        live_clock: Some(false),
        per_move: Some(Span(DAY)),
        remind_before: Some(Span(3600)),
        expires: Some(Span(3 * DAY)),
        ..standard(5)
    }
    .terms()
    .unwrap();
    assert_eq!(
        (spec.time.per_move, spec.time.bank, spec.time.remind_before),
        (DAY, 5 * DAY, 3600)
    );
    assert_eq!(spec.expires, Some(3 * DAY));
}

#[test]
fn values_are_checked_when_the_terms_are_played_in_words_of_no_adapter() {
    // Given terms the options make but the club cannot play
    let cases = [
        (
            ChallengeOptions {
                expires: Some(Span(30)),
                ..ChallengeOptions::default()
            },
            "a challenge expires a minute to 60 days after it is made, not 30 seconds",
        ),
        (
            ChallengeOptions {
                holland: Some(true),
                crawford: Some(false),
                ..standard(5)
            },
            "needs the Crawford rule",
        ),
        (
            ChallengeOptions {
                raccoons: Some(true),
                ..money()
            },
            "raccoons need beavers",
        ),
        (
            ChallengeOptions {
                auto_doubles: Some(9),
                ..money()
            },
            "at most 8 automatic doubles, not 9",
        ),
        (
            ChallengeOptions {
                length: Some(100),
                ..welsh()
            },
            "a Welsh match is to 1 to 99 games",
        ),
        (
            ChallengeOptions {
                bank: Some(Span(61 * DAY)),
                ..ChallengeOptions::default()
            },
            "the time bank is 0 to 60 days",
        ),
        (
            ChallengeOptions {
                per_move: Some(Span(31 * DAY)),
                ..ChallengeOptions::default()
            },
            "the time allowed for a move is 0 to 30 days",
        ),
        (
            ChallengeOptions {
                remind_before: Some(Span(31 * DAY)),
                ..ChallengeOptions::default()
            },
            "a reminder comes 0 to 30 days before the deadline",
        ),
        (
            ChallengeOptions {
                stake: Some(Amount(1_000_001)),
                ..money()
            },
            "a stake is at most 10000.00 a point",
        ),
    ];
    for (options, words) in cases {
        // When they are checked for play
        let spec = options.terms().expect(words);
        let text = check_spec(&spec).expect_err(words).to_string();
        // Then they are refused, saying why in the club's own words
        assert!(text.contains(words), "{text}");
        for syntax in ADAPTER_SYNTAX {
            assert!(!text.contains(syntax), "{text}");
        }
    }
    // A standard match's length: the adapter adds how its money play is asked for
    let spec = standard(65).terms().unwrap();
    assert!(matches!(
        check_spec(&spec),
        Err(ClubError::Refused(Refusal::MatchLength(65)))
    ));
    // Terms made elsewhere than options (a test's, a league's) meet the same rules
    let mut no_time = ChallengeSpec::standard(Some(5));
    no_time.time.per_move = 0;
    let text = check_spec(&no_time).unwrap_err().to_string();
    assert!(
        text.contains("the time a move must be more than nothing"),
        "{text}"
    );
    for syntax in ADAPTER_SYNTAX {
        assert!(!text.contains(syntax), "{text}");
    }
}
