//! The `/fair` command: who asks about which match or session, and its three views:
//! the throws (`/fair`), the file to check them (`/fair export`) and a seed (`/fair seed`).

use engine::Side;
use engine::fair::{FairId, Scheme, seed_problem};
use store::PlayerRow;

use super::chain::{FairDice, FairOp, FairRef, GameRecord, export_json};
use super::refusal::FairRefusal;
use crate::fair::record::{LineDraw, Played, chouette_played, match_played};
use crate::{Attachment, Club, ClubError, Outcome};

/// What `/fair` is about: the record's id, how it is named, the names of the two sides,
/// the asker's side in a match, whether the match or session is still open, the reply so
/// far and where its game log is read from.
struct FairTarget {
    id: FairId,
    label: String,
    names: [String; 2],
    side: Option<Side>,
    open: bool,
    out: Outcome,
    of: Of,
}

/// The game's throws as played and a chouette's line draw, from the log.
async fn game_record(
    club: &Club,
    fair: &FairDice,
    of: &Of,
) -> Result<(Vec<Played>, Option<LineDraw>), ClubError> {
    let (id, n) = match fair.id() {
        FairId::Match(n) | FairId::Chouette(n) => (fair.id(), n),
    };
    let corrupt = |e: String| ClubError::Corrupt(n, e);
    match (id, of) {
        (FairId::Match(_), Of::Match(spec, names)) => {
            let entries = crate::matches::log::read_log(&club.store, n).await?;
            Ok((match_played(spec, &entries, names).map_err(corrupt)?, None))
        }
        (_, Of::Chouette(names)) => {
            let entries = club
                .store
                .chouette_actions(n)
                .await?
                .iter()
                .map(|(_, e)| serde_json::from_str::<crate::ChouetteEntry>(e))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| corrupt(e.to_string()))?;
            let seeds = (fair.scheme() == Scheme::V2).then_some(&fair.member_seeds);
            chouette_played(&entries, names, seeds).map_err(corrupt)
        }
        _ => Ok((Vec::new(), None)),
    }
}

/// `/fair`, `/fair export`, `/fair seed`.
pub(super) async fn fair(
    club: &Club,
    actor: &crate::Actor,
    me: &PlayerRow,
    community: i64,
    target: FairRef,
    op: FairOp,
) -> Result<Outcome, ClubError> {
    let target = fair_target(club, actor, me, community, target).await?;
    let Some(fair) = super::chain::fair_record(club, target.id).await? else {
        return Err(FairRefusal::NoRecord {
            label: target.label,
        }
        .into());
    };
    match op {
        FairOp::Seed(text) => fair_seed(club, me, target, fair, text).await,
        FairOp::Show => fair_show(club, actor, target, &fair).await,
        FairOp::Export => fair_export(club, target, &fair).await,
    }
}

/// Who may see or seed the record of `target`, whose seed is whose, and whether seeds
/// may change: a match the asker can see, a chouette session the asker plays in.
async fn fair_target(
    club: &Club,
    actor: &crate::Actor,
    me: &PlayerRow,
    community: i64,
    target: FairRef,
) -> Result<FairTarget, ClubError> {
    Ok(match target {
        FairRef::Match(m) => {
            let l = club.find(me, community, m, "fair").await?;
            FairTarget {
                id: FairId::Match(l.row.id),
                label: format!("match #{}", l.row.id),
                names: l.names.clone(),
                side: l.side_of(me.id),
                open: l.row.status.is_open(),
                out: Outcome {
                    match_id: Some(l.row.id.into()),
                    version: Some(l.row.version),
                    ..Outcome::default()
                },
                of: Of::Match(l.spec, l.names.clone()),
            }
        }
        FairRef::Chouette(r) => {
            let s = club
                .find_chouette(actor, community, me.id, r, &crate::ChouetteOp::Board)
                .await?;
            let member = s
                .state
                .players()
                .contains(&u64::try_from(me.id).unwrap_or(0));
            if !member {
                return Err(FairRefusal::NotInChouette { id: s.id }.into());
            }
            FairTarget {
                id: FairId::Chouette(s.id),
                label: format!("chouette #{}", s.id),
                names: ["the box".to_string(), "the team".to_string()],
                side: None,
                open: true,
                out: Outcome {
                    chouette: Some(s.id),
                    ..Outcome::default()
                },
                of: Of::Chouette(s.names_map()),
            }
        }
    })
}

/// `/fair seed`: the asker's seed for the first throw (a side's seed in a match, a
/// member's in a session), refused once the first throw is made.
async fn fair_seed(
    club: &Club,
    me: &PlayerRow,
    target: FairTarget,
    mut fair: FairDice,
    text: String,
) -> Result<Outcome, ClubError> {
    let FairTarget {
        id,
        label,
        side,
        open,
        mut out,
        ..
    } = target;
    if let Some(why) = seed_problem(&text) {
        // Free text: the engine says in words what is wrong with a seed.
        return Err(FairRefusal::Seed(why).into());
    }
    if fair.next_k() > 1 || !open {
        return Err(FairRefusal::SeedsFixed { label }.into());
    }
    match (id, side) {
        (FairId::Match(_), Some(side)) => fair.set_seed(side, text.clone()),
        _ => {
            fair.member_seeds.insert(me.id, text.clone());
            fair.changed = true;
        }
    }
    let change = fair.change()?.ok_or(FairRefusal::NothingToDo)?;
    match club.store.commit_fair(&change).await {
        Ok(()) => {}
        Err(store::StoreError::Stale) => {
            return Err(FairRefusal::MovedOn { label }.into());
        }
        Err(e) => return Err(e.into()),
    }
    out.lines.push(format!(
        "{} sets a fair-dice seed for {label}: `{text}`",
        me.display_name
    ));
    Ok(out)
}

/// `/fair`: the anchor, the seeds, and the throws with the chains they came from
/// (the newest that fit when a reply's length is limited).
async fn fair_show(
    club: &Club,
    actor: &crate::Actor,
    target: FairTarget,
    fair: &FairDice,
) -> Result<Outcome, ClubError> {
    let FairTarget {
        id,
        label,
        names,
        mut out,
        of,
        ..
    } = target;
    let throws = club.store.fair_throws(&id.to_string()).await?;
    let (played, _) = game_record(club, fair, &of).await?;
    let proven: Vec<&Played> = played.iter().filter(|p| !p.nominated).collect();
    let chains = fair.chains();
    out.lines.push(format!(
        "Fair dice for {label} ({}), id `{id}`: anchor {}",
        fair.scheme().name(),
        chains[0].anchor
    ));
    let seed = |s: Option<&str>| s.map_or("not fixed yet".to_string(), |s| format!("`{s}`"));
    out.lines.push(format!(
        "Seeds: X ({}) {}, O ({}) {}",
        names[0],
        seed(fair.seeds()[0]),
        names[1],
        seed(fair.seeds()[1])
    ));
    if let (FairId::Chouette(_), [None, None]) = (id, fair.seeds()) {
        member_seed_line(club, fair, &mut out).await;
    }
    let mut shown = throw_lines(fair, &throws, &proven);
    if let Some(limit) = actor.reply_chars {
        // A reply of limited length (Discord's: 2,000 characters): the newest
        // throws that fit.
        let (kept, cut) = fitting(shown, limit.saturating_sub(NOTES_ROOM));
        shown = kept;
        if cut > 0 {
            out.lines.push(format!(
                "{cut} earlier line{} (the first throws) left out here for the length limit of a reply: /fair export gives all {} throws",
                if cut == 1 { "" } else { "s" },
                throws.len()
            ));
        }
    }
    out.lines.append(&mut shown);
    if throws.is_empty() {
        out.lines.push("No throws yet.".into());
    }
    out.lines
        .push("Check them: /fair export, then `python3 scripts/verify_dice.py <file>`".into());
    Ok(out)
}

/// The line of a session's member seeds set for the first throw, when any are.
async fn member_seed_line(club: &Club, fair: &FairDice, out: &mut Outcome) {
    let mut set: Vec<String> = Vec::new();
    for (p, s) in &fair.member_seeds {
        let who = match club.store.player_by_id(*p).await {
            Ok(row) => row.display_name,
            Err(_) => format!("player {p}"),
        };
        set.push(format!("{who} `{s}`"));
    }
    if !set.is_empty() {
        out.lines
            .push(format!("Seeds set for the first throw: {}", set.join(", ")));
    }
}

/// `/fair export`: the record and the game as played, as a JSON file to check.
async fn fair_export(
    club: &Club,
    target: FairTarget,
    fair: &FairDice,
) -> Result<Outcome, ClubError> {
    let FairTarget {
        id,
        label,
        mut out,
        of,
        ..
    } = target;
    let throws = club.store.fair_throws(&id.to_string()).await?;
    let (played, line) = game_record(club, fair, &of).await?;
    let ruleset = match &of {
        Of::Match(spec, _) => spec.ruleset,
        Of::Chouette(_) => engine::Ruleset::Standard,
    };
    let text = export_json(
        fair,
        fair.chains(),
        &throws,
        GameRecord {
            ruleset,
            played: Some(&played),
            line: line.as_ref(),
        },
    );
    out.lines.push(format!(
        "Fair dice of {label}: {} throw{}, with the {} throw{} of the game as played (check with `python3 scripts/verify_dice.py fair-{id}.json`)",
        throws.len(),
        if throws.len() == 1 { "" } else { "s" },
        played.len(),
        if played.len() == 1 { "" } else { "s" },
    ));
    out.attachment = Some(Attachment {
        name: format!("fair-{id}.json"),
        text,
    });
    Ok(out)
}

/// The lines of the throws, each new chain's anchor before its first throw and the
/// chains not yet used after them.
fn throw_lines(fair: &FairDice, throws: &[store::FairThrowRow], proven: &[&Played]) -> Vec<String> {
    let mut shown = Vec::new();
    let mut later = fair.chains().iter().skip(1).peekable();
    for (i, t) in throws.iter().enumerate() {
        if let Some(c) = later.next_if(|c| c.first_k == t.k) {
            shown.push(format!(
                "New chain from throw {}: anchor {}",
                c.first_k, c.anchor
            ));
        }
        let dice: Vec<u8> = serde_json::from_str(&t.dice).unwrap_or_default();
        shown.push(format!(
            "Throw {}: {}  s={}",
            t.k,
            shown_dice(&dice, proven.get(i).copied()),
            t.s
        ));
    }
    for c in later {
        shown.push(format!(
            "Next chain from throw {}: anchor {}",
            c.first_k, c.anchor
        ));
    }
    shown
}

/// Two dice as the game says them (the higher first), one die alone; an opening throw
/// names whose die is whose.
fn shown_dice(dice: &[u8], played: Option<&Played>) -> String {
    match (dice, played) {
        ([x, o], Some(p)) if p.what == "opening" => format!("{x} and {o} ({})", p.by),
        ([a, b], _) => format!("{}-{}", a.max(b), a.min(b)),
        _ => dice.iter().map(u8::to_string).collect::<Vec<_>>().join("-"),
    }
}

/// Of the lines of the throws, as many of the newest as fit in `room` characters, and
/// how many were left out.
fn fitting(lines: Vec<String>, room: usize) -> (Vec<String>, usize) {
    let mut used = 0;
    let mut keep = 0;
    for l in lines.iter().rev() {
        if used + l.chars().count() + 1 > room {
            break;
        }
        used += l.chars().count() + 1;
        keep += 1;
    }
    let cut = lines.len() - keep;
    (lines.into_iter().skip(cut).collect(), cut)
}
/// The characters of a reply of limited length kept for the anchor, the seeds and the
/// notes around the throws of `/fair`.
const NOTES_ROOM: usize = 500;

/// Where a record's game log is read from.
enum Of {
    Match(crate::ChallengeSpec, [String; 2]),
    Chouette(std::collections::HashMap<engine::chouette::PlayerId, (String, String)>),
}
