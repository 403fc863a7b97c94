//! A chouette session as loaded: its row's version, terms, state and members' names
//! ([`Session`]); finding the session a command is about; naming a member; the engine's
//! refusal in words.

use std::collections::HashMap;

use crate::Refusal;
use crate::chouette::log::{ChouetteSpec, db_id, id_of};
use crate::chouette::ops::{ChouetteOp, ChouetteRef, op_word, waits_on};
use crate::chouette::refusal::ChouetteRefusal;
use crate::{Actor, Club, ClubError};
use engine::chouette::{Chouette, ChouetteError, PlayerId};

pub(crate) struct Session {
    pub(crate) id: i64,
    pub(crate) version: i64,
    pub(crate) spec: ChouetteSpec,
    pub(crate) state: Chouette,
    pub(crate) names: HashMap<PlayerId, (String, String)>,
}

impl Session {
    /// The members' names and platform ids, by player.
    pub(crate) fn names_map(&self) -> HashMap<PlayerId, (String, String)> {
        self.names.clone()
    }

    pub(crate) fn name(&self, p: PlayerId) -> String {
        self.names
            .get(&p)
            .map_or_else(|| format!("player {p}"), |n| n.0.clone())
    }
}

pub(super) async fn load_chouette(club: &Club, id: i64) -> Result<Session, ClubError> {
    let row = club
        .store
        .load_chouette(id)
        .await?
        .ok_or(Refusal::UnknownChouette(id))?;
    let spec: ChouetteSpec =
        serde_json::from_str(&row.terms).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
    let state: Chouette =
        serde_json::from_str(&row.state).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
    let mut names = HashMap::new();
    let mut ids: Vec<PlayerId> = state.players().to_vec();
    ids.extend(state.tally().iter().map(|t| t.0));
    for p in ids {
        if let std::collections::hash_map::Entry::Vacant(v) = names.entry(p) {
            let row = club.store.player_by_id(db_id(p)).await?;
            v.insert((row.display_name, row.platform_id));
        }
    }
    Ok(Session {
        id: row.id,
        version: row.version,
        spec,
        state,
        names,
    })
}

/// The session named; else the player's own session in the actor's channel: the one
/// he is in, and if he is in several, the one waiting on him for this command. A
/// player in none (and `join`) gets the newest he is not in. Ambiguity is asked about.
pub(super) async fn find_chouette(
    club: &Club,
    actor: &Actor,
    community: i64,
    me: i64,
    r: ChouetteRef,
    op: &ChouetteOp,
) -> Result<Session, ClubError> {
    if let Some(id) = r.id {
        let s = load_chouette(club, id).await?;
        // A session of another server stays unknown to a stranger there; a member is
        // sent back to it.
        let here = club
            .store
            .load_chouette(id)
            .await?
            .is_some_and(|row| row.community_id == community);
        if !here {
            return Err(if s.state.players().contains(&id_of(me)) {
                ChouetteRefusal::OnAnotherServer { id }.into()
            } else {
                Refusal::UnknownChouette(id).into()
            });
        }
        return Ok(s);
    }
    let by = id_of(me);
    let mut mine = Vec::new();
    let mut others = Vec::new();
    for id in club.store.chouettes_in(community, &actor.channel).await? {
        let s = load_chouette(club, id).await?;
        if s.state.players().contains(&by) {
            mine.push(s);
        } else {
            others.push(s);
        }
    }
    if matches!(op, ChouetteOp::Join) || mine.is_empty() {
        // Newest first: the newest session he is not in that has not ended (everyone
        // left: it takes no one), else the newest, to refuse.
        if let Some(i) = others.iter().position(|s| !s.state.ended()) {
            return Ok(others.swap_remove(i));
        }
        return match others.into_iter().next() {
            Some(s) => Ok(s),
            None => mine
                .into_iter()
                .next()
                .ok_or(ClubError::Refused(Refusal::NoChouette)),
        };
    }
    if mine.len() == 1 {
        return Ok(mine.remove(0));
    }
    let waiting: Vec<usize> = (0..mine.len())
        .filter(|&i| waits_on(&mine[i].state, by, op))
        .collect();
    if let [one] = waiting.as_slice() {
        return Ok(mine.swap_remove(*one));
    }
    let mut ids: Vec<i64> = mine.iter().map(|s| s.id).collect();
    ids.sort_unstable();
    let list: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
    Err(Refusal::WhichChouette(list.join(", "), op_word(op), ids[0]).into())
}

/// The session player a command names (by platform id; the local chat: the name).
pub(crate) fn member(actor: &Actor, s: &Session, name: &str) -> Result<PlayerId, ClubError> {
    let key = crate::players::player_key::player_key(actor, name.trim_end_matches(','));
    s.names
        .iter()
        .find(|(_, (_, pid))| *pid == key)
        .map(|(id, _)| *id)
        .ok_or_else(|| {
            ChouetteRefusal::NotAPlayer {
                name: name.to_string(),
                id: s.id,
            }
            .into()
        })
}

/// A chouette rule's refusal, members named by name.
pub(crate) fn refusal(s: &Session, e: &ChouetteError) -> ClubError {
    match e {
        ChouetteError::NotDoubledBy(p) => ChouetteRefusal::NotDoubledBy { name: s.name(*p) },
        ChouetteError::CannotDoubleMember(p) => ChouetteRefusal::CannotDouble { name: s.name(*p) },
        e => ChouetteRefusal::Rule(e.clone()),
    }
    .into()
}

pub(crate) fn names_of(names: &HashMap<PlayerId, (String, String)>, p: PlayerId) -> String {
    names
        .get(&p)
        .map_or_else(|| format!("player {p}"), |n| n.0.clone())
}
