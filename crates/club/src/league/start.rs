//! Starting a season: the draw (seeding by order, rating, entry or at random; fixtures of
//! round robins, knockouts and divisions), the matches started in the league's own
//! transaction as every accepted match is, the jack-pot's entry fees, the deadline.

use super::draw::draw_season;
use super::draw::draw_seed;
use super::draw::season_entrants;
use super::draw::seeded;
use super::terms::League;
use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::Outcome;
use store::PlayerRow;

/// `/league start`: starts the league's next season now, or, for a knockout with a
/// check-in, opens the check-in (the draw is made when it closes).
pub(super) async fn start_league(
    club: &Club,
    actor: &Actor,
    league: &League,
    me: &PlayerRow,
    order: Option<Vec<String>>,
) -> Result<Outcome, ClubError> {
    if let Some(hours) = league.checkin() {
        return super::checkin::open_checkin(club, league, me, order.is_some(), hours).await;
    }
    let entrants = season_entrants(club, league).await?;
    let seed = draw_seed(club);
    let seeded = seeded(club, league, &entrants, order.map(|o| (actor, o)), seed).await?;
    let change = league.change(club.clock.now());
    draw_season(club, league, Some(me.id), &seeded, seed, change, Vec::new()).await
}
