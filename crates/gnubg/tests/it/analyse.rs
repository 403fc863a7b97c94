//! The one-shot review of a match (`analyse_match`): gnubg's own figures for a short
//! match and its progress, a run told to stop or past its limit, an answer it cannot read,
//! and what it says when gnubg is not installed.

use std::time::Duration;

use engine::{Action, Match, MatchRules, Phase, Side, export_mat};
use gnubg::{AnalysisError, AnalysisRun, MatchAnalysis, analyse_match};
use testkit::{Rng, scratch};

/// A 1-point match played to its end with random plays, as a `.mat` file: the engine's
/// X is `xavier`, its O `olive` (the left column, gnubg's player 0).
fn one_point_mat(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut m = Match::new(MatchRules::match_to(1)).unwrap();
    let mut log = Vec::new();
    loop {
        let (side, action) = match m.phase() {
            Phase::MatchOver { .. } => break,
            Phase::Opening => (
                Side::X,
                Action::OpeningRoll {
                    x: rng.die(),
                    o: rng.die(),
                },
            ),
            Phase::ToRoll(s) => (s, Action::Roll(rng.dice())),
            Phase::ToPlay { side, .. } => {
                let plays = m.legal_plays();
                (side, Action::Play(plays[rng.below(plays.len())].play))
            }
            other => panic!("no cube in a 1-point match: {other:?}"),
        };
        let next = m.apply(side, &action).unwrap().0;
        // Ties at the opening are not written in a .mat file.
        if next != m {
            log.push((side, action));
        }
        m = next;
    }
    export_mat(m.rules(), ["xavier", "olive"], &log).unwrap()
}

fn run(limit: Duration, stopped: &(dyn Fn() -> bool + Sync)) -> AnalysisRun<'_> {
    AnalysisRun {
        plies: 0,
        threads: 1,
        limit,
        stopped,
    }
}

#[test]
fn gnubg_reviews_a_match_with_its_own_figures_and_tells_its_progress() {
    // Given a finished 1-point match
    let mat = one_point_mat(46);
    let dir = scratch("gnubg-analyse").join("job");

    // When gnubg reviews it at 0 plies
    let mut progress = Vec::new();
    let review = analyse_match(
        &testkit::gnubg(),
        &dir,
        &mat,
        &run(Duration::from_secs(300), &|| false),
        &mut |game, games| progress.push((game, games)),
    )
    .unwrap();

    // Then it told its progress game by game, from none analysed to all
    assert_eq!(progress, [(0, 1), (1, 1)]);
    // And its figures are gnubg's for this match, its player 0 (X) the left column
    assert_eq!((review.length, review.games, review.plies), (1, 1, 0));
    assert_eq!(review.x.name, "olive");
    assert_eq!(review.o.name, "xavier");
    for p in [&review.x, &review.o] {
        let moves = &p.stats.moves;
        assert!(moves.total > 0 && moves.unforced <= moves.total, "{p:#?}");
        assert!(moves.error >= 0.0 && p.stats.cube.error() == 0.0, "{p:#?}");
    }
    // And every costly decision is a chequer play by one of them, with what a picture needs
    assert!(!review.decisions.is_empty(), "random plays lose equity");
    for d in &review.decisions {
        assert!(["X", "O"].contains(&d.player.as_str()), "{d:#?}");
        assert_eq!(
            (d.kind.as_str(), d.game, d.cube),
            ("chequer", 1, 1),
            "{d:#?}"
        );
        assert!(
            d.loss > 0.0 && d.board.is_some() && d.dice.is_some(),
            "{d:#?}"
        );
        assert!(d.steps.is_some() && d.best_move.is_some(), "{d:#?}");
    }
    // And its files are gone
    assert!(!dir.exists());
}

#[test]
fn a_run_told_to_stop_or_past_its_limit_kills_gnubg_and_keeps_its_files() {
    let mat = one_point_mat(47);
    for (name, limit, stopped) in [
        ("stopped", Duration::from_secs(300), true),
        ("timed-out", Duration::ZERO, false),
    ] {
        // Given a run told to stop, or one with no time at all
        let dir = scratch("gnubg-analyse").join(name);

        // When gnubg is started on a match
        let answer = analyse_match(
            &testkit::gnubg(),
            &dir,
            &mat,
            &run(limit, &move || stopped),
            &mut |_, _| {},
        );

        // Then it is killed and says why, and its files stay for the admin
        let e = answer.unwrap_err();
        if stopped {
            assert!(matches!(e, AnalysisError::Stopped), "{e:?}");
            assert_eq!(
                e.to_string(),
                "the bot is stopping; the analysis is queued again"
            );
        } else {
            assert!(matches!(e, AnalysisError::TimedOut), "{e:?}");
        }
        assert!(dir.join("match.mat").is_file());
    }
}

#[test]
fn an_answer_without_a_players_figures_cannot_be_read() {
    // Given an answer of the script's with no player's figures
    let json = serde_json::json!({
        "players": {}, "length": 3, "games": 1, "plies": 0, "decisions": []
    });

    // When it is read
    let e = MatchAnalysis::from_json(json).unwrap_err();

    // Then it says what is missing
    assert_eq!(
        e.to_string(),
        "GNU Backgammon's answer could not be read (no figures for player O)"
    );
}

#[test]
fn the_analysis_says_gnubg_is_missing_in_the_bots_words() {
    // The analysis's text and the bot's open and end alike (`failures.rs` has the bot's)
    assert_eq!(
        gnubg::ANALYSIS_NEEDS_GNUBG,
        "GNU Backgammon (gnubg) is not installed on the bot's machine, so matches cannot be \
         analysed: the bot's admin can install it with `apt-get install gnubg` \
         (Debian/Ubuntu) or from https://www.gnu.org/software/gnubg/"
    );
    assert!(gnubg::ANALYSIS_NEEDS_GNUBG.ends_with(gnubg::INSTALL_GNUBG));
}
