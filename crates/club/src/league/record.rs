//! A league read and written: finding the league a command names, its names for
//! autocomplete, the write of a league change in one transaction, and the matches a
//! league starts (accepted and on the clock, in the league's own transaction).

use crate::Actor;
use crate::ChallengeSpec;
use crate::Club;
use crate::ClubError;
use crate::Entry;
use crate::FairDice;
use crate::LeagueRefusal;
use crate::Refusal;
use crate::Snapshot;
use crate::matches::loaded::Loaded;
use crate::matches::work::Work;
use crate::matches::work::entry_json;
use crate::new_chain_with_first;
use engine::fair::FairId;
use store::LeagueChange;
use store::LeagueRow;
use store::MatchChange;
use store::MatchRow;
use store::MatchStatus;
use store::NewMatch;
use store::PlayerRow;
use store::StartedMatch;
use store::StoreError;

use super::terms::League;
use super::terms::MAX_LEAGUE_NAME;

/// The league named, or the only one here.
pub(super) async fn find_league(
    club: &Club,
    community: i64,
    name: Option<&str>,
) -> Result<League, ClubError> {
    let row = match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => {
            if n.chars().count() > MAX_LEAGUE_NAME {
                return Err(
                    Refusal::TooLong("league name", n.chars().count(), MAX_LEAGUE_NAME).into(),
                );
            }
            club.store.find_league(community, n).await?.ok_or_else(|| {
                LeagueRefusal::NoLeagueCalled {
                    name: n.to_string(),
                }
            })?
        }
        None => {
            let mut all: Vec<LeagueRow> = club.store.leagues_in(community).await?;
            let open: Vec<LeagueRow> = all
                .iter()
                .filter(|l| l.status != "finished")
                .cloned()
                .collect();
            match (open.len(), all.len()) {
                (1, _) => open.into_iter().next().unwrap_or_else(|| all.remove(0)),
                (0, 1) => all.remove(0),
                (0, 0) => {
                    return Err(LeagueRefusal::NoLeagueHere.into());
                }
                _ => {
                    let names: Vec<String> = open.iter().map(|l| l.name.clone()).collect();
                    return Err(LeagueRefusal::SeveralLeagues { names }.into());
                }
            }
        }
    };
    League::read(row)
}

/// The names of the leagues here beginning with `prefix` (for autocomplete).
pub(super) async fn league_names(
    club: &Club,
    actor: &Actor,
    prefix: &str,
) -> Result<Vec<String>, ClubError> {
    let (_, community) = club.me(actor).await?;
    let p = prefix.to_lowercase();
    Ok(club
        .store
        .leagues_in(community)
        .await?
        .into_iter()
        .map(|l| l.name)
        .filter(|n| n.to_lowercase().starts_with(&p))
        .take(25)
        .collect())
}

/// Writes a league change; a stale version is a refusal to look again.
pub(super) async fn commit_league(
    club: &Club,
    league: &League,
    change: &LeagueChange,
) -> Result<(i64, Vec<i64>), ClubError> {
    match super::record::write_league(club, change).await {
        Ok(v) => Ok(v),
        Err(StoreError::Stale) => Err(LeagueRefusal::ChangedMeanwhile {
            league: league.row.name.clone(),
        }
        .into()),
        Err(e) => Err(e.into()),
    }
}

/// A league match on the league's terms: the challenge as every match is inserted
/// (with its first chain of fair dice), accepted in the league's transaction by
/// [`Club::accept_league_match`].
pub(super) fn started_match(
    club: &Club,
    league: &League,
    x: &PlayerRow,
    o: &PlayerRow,
    now: i64,
) -> Result<StartedMatch, ClubError> {
    let spec = league.spec;
    let (fair, fair_first) = new_chain_with_first(&*club.dice, 1).unzip();
    Ok(StartedMatch {
        new: NewMatch {
            community_id: league.row.community_id,
            channel: league.row.channel.clone(),
            ruleset: spec.ruleset,
            terms: crate::kernel::error::json(&spec)?,
            players: [x.id, o.id],
            bank: spec.time.bank,
            now,
            entry: entry_json(&Entry::Challenge { spec })?,
            fair,
            expires_at: None,
            // Accepted in the same transaction, which writes whom it waits on then.
            waiting_on: None,
        },
        rated: spec.rated,
        players: [x.clone(), o.clone()],
        fair_first,
    })
}

/// The accept of a league match just inserted as match `id`: as a challenge accepted
/// by O, both fair-dice seeds fixed, the opening throws made, the clock running.
fn accept_league_match(club: &Club, id: i64, s: &StartedMatch) -> Result<MatchChange, StoreError> {
    let abort = |e: String| StoreError::Aborted(format!("league match #{id} not started: {e}"));
    let spec: ChallengeSpec =
        serde_json::from_str(&s.new.terms).map_err(|e| abort(e.to_string()))?;
    let snap = Snapshot::start(&spec).map_err(|e| abort(e.to_string()))?;
    let [x, o] = s.players.clone();
    let row = MatchRow {
        id,
        community_id: s.new.community_id,
        channel: s.new.channel.clone(),
        ruleset: spec.ruleset,
        terms: s.new.terms.clone(),
        players: s.new.players,
        status: MatchStatus::Challenged,
        state: None,
        version: 1,
        turn_started_at: None,
        bank: [s.new.bank; 2],
        deadline_at: None,
        reminder_at: None,
        winner: None,
        result: None,
        created_at: s.new.now,
        updated_at: s.new.now,
        expires_at: s.new.expires_at,
        cause: None,
        waiting: None,
    };
    // No seed is drawn and no throw made here: the match's first throw waits for a
    // player (a standard /roll, the Welsh call), and each may set a seed until then.
    let fair = s.new.fair.clone().map(|c| {
        let fresh = FairDice::fresh(FairId::Match(id), c);
        match s.fair_first {
            Some(first) => fresh.knowing_first(first),
            None => fresh,
        }
    });
    let names = [x.display_name.clone(), o.display_name.clone()];
    let o_id = o.id;
    let l = Loaded {
        row,
        spec,
        players: [x, o],
        names,
        snap: None,
        fair: fair.clone(),
        away: None,
    };
    let mut work = Work {
        snap,
        entries: vec![(Some(o_id), Entry::Accept)],
        lines: Vec::new(),
        settle: Vec::new(),
        fair,
    };
    club.autopilot(&l, &mut work)
        .map_err(|e| abort(e.to_string()))?;
    club.planned_change(&l, None, &mut work, MatchStatus::Active, s.new.now)
        .map_err(|e| abort(e.to_string()))
}

/// Writes a league change; its new matches are started by
/// [`Club::accept_league_match`] in the same transaction.
pub(super) async fn write_league(
    club: &Club,
    change: &store::LeagueChange,
) -> Result<(i64, Vec<i64>), StoreError> {
    let mut accept = |id: i64, s: &StartedMatch| accept_league_match(club, id, s);
    club.store
        .commit_league(change, &club.rates, &mut accept)
        .await
}
