//! `/league suggest match:<n>`: for an unfinished standard league match at or after the
//! season deadline, GNU Backgammon's match-winning chances (its cubeful evaluation of the
//! position at the score, or its match equity table between games), as a suggestion for
//! the organiser, who then rules with `/league result` (as GamesGrid's automated
//! resolution of abandoned matches did). It reads only: nothing is written.

use super::terms::League;
use crate::LeagueRefusal;
use crate::Refusal;
use crate::{Club, ClubError, Outcome};
use engine::{AnyMatch, Phase, Side};
use gnubg::HINT_LEVEL;

/// gnubg's chances of both players of league match `match_id`, with the suggestion
/// that follows from them (the organiser's; checked by the caller).
pub(super) async fn suggest(
    club: &Club,
    league: &League,
    match_id: i64,
) -> Result<Outcome, ClubError> {
    let (_, _) = super::director::open_fixture(club, league, match_id).await?;
    let l = club.load(match_id).await?;
    let game = match l.snap.as_ref().map(|s| &s.game) {
        Some(AnyMatch::Standard(m)) => m.clone(),
        Some(AnyMatch::Welsh(_)) => {
            return Err(LeagueRefusal::SuggestWelsh { id: match_id }.into());
        }
        None => return Err(Refusal::UnknownMatch(crate::MatchNo::from(match_id)).into()),
    };
    let now = club.clock.now();
    let deadline = club
        .store
        .league_season(league.row.id, league.row.season)
        .await?
        .map_or(i64::MAX, |s| s.deadline_at);
    if now < deadline {
        return Err(LeagueRefusal::BeforeDeadline {
            league: league.row.name.clone(),
            left: deadline - now,
        }
        .into());
    }
    let g = game.clone();
    let chances = club
        .gnubg
        .run(move |pool| pool.winning_chances(&g))
        .await
        .map_err(|error| LeagueRefusal::NoChances {
            id: match_id,
            error,
        })?;
    let names = &l.names;
    let [x, o] = [Side::X, Side::O].map(|s| chances.chances[s.index()]);
    let (ahead, behind) = if x >= o { (0, 1) } else { (1, 0) };
    let pct = |p: f64| format!("{:.1}%", p * 100.0);
    let score = game.score();
    let cube = game.cube();
    let cube_words = match cube.owner {
        None => format!("cube {} in the middle", cube.value),
        Some(s) => format!("cube {} ({}'s)", cube.value, names[s.index()]),
    };
    let whence = match (chances.from, game.phase()) {
        ("score", _) => "its match equity table at the score, before the next game".to_string(),
        (_, Phase::ToPlay { side, dice }) => format!(
            "its evaluation of the position, {} to play {dice} as gnubg would",
            names[side.index()]
        ),
        (_, Phase::CubeOffered(_)) => format!(
            "its evaluation of the position, {}'s double answered as gnubg would",
            names[game.on_roll().index()]
        ),
        _ => format!(
            "its evaluation of the position, {} on roll",
            names[game.on_roll().index()]
        ),
    };
    let lines = vec![
        format!(
            "League {}, match #{match_id}: {} {} - {} {} (to {}), {cube_words}",
            league.row.name,
            names[0],
            score[Side::X.index()],
            names[1],
            score[Side::O.index()],
            game.rules().length.unwrap_or(0)
        ),
        format!(
            "GNU Backgammon ({HINT_LEVEL}, {whence}): {} wins {}, {} wins {}",
            names[ahead],
            pct(chances.chances[if ahead == 0 { Side::X } else { Side::O }.index()]),
            names[behind],
            pct(chances.chances[if behind == 0 { Side::X } else { Side::O }.index()]),
        ),
        format!(
            "Suggestion: award the match to {} (/league result match:{match_id} winner:{} reason:...); the ruling is yours",
            names[ahead], names[ahead]
        ),
    ];
    Ok(Outcome {
        match_id: Some(match_id.into()),
        lines,
        ..Outcome::default()
    })
}
