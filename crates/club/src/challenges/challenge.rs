//! Challenges: naming the opponent, checking the terms, and answering a challenge
//! (accept, decline, withdraw).

use std::fmt::Write as _;

use crate::Refusal;
use crate::challenges::terms::check_spec;
use crate::fair::words::{fair_anchor_words, fair_seed_window_words};
use crate::kernel::phrases::{duration_words, ruleset_word};
use crate::matches::work::{Work, entry_json};
use crate::players::player_key::player_key;
use crate::{Actor, ChallengeSpec, Club, ClubError, Entry, Identity, MatchRef, Outcome, Snapshot};
use engine::welsh::format_amount;
use engine::{Ruleset, Side};
use store::{MatchChange, MatchStatus, NewMatch, PlayerRow};

/// The terms in words: "a 7-point match (Crawford), 2 days a move + 5 days bank".
#[must_use]
pub fn spec_words(spec: &ChallengeSpec) -> String {
    let mut s = match (spec.ruleset, spec.length) {
        (Ruleset::Welsh, n) => match n.unwrap_or(25) {
            1 => "Welsh backgammon to 1 game".into(),
            n => format!("Welsh backgammon to {n} games"),
        },
        // A 1-point match ends with its first game: no Crawford game, no Holland rule.
        (Ruleset::Standard, Some(1)) => "a 1-point match".into(),
        (Ruleset::Standard, Some(n)) => format!(
            "a {n}-point match{}",
            match (spec.crawford, spec.holland) {
                (true, true) => " (Crawford, Holland)",
                (true, false) => " (Crawford)",
                (false, true) => " (Holland)",
                (false, false) => "",
            }
        ),
        (Ruleset::Standard, None) => {
            let mut opts = Vec::new();
            if spec.jacoby {
                opts.push("Jacoby".to_string());
            }
            if spec.beavers {
                opts.push("beavers".into());
            }
            if spec.raccoons {
                opts.push("raccoons".into());
            }
            if spec.auto_doubles > 0 {
                opts.push(format!("automatic doubles up to {}", spec.auto_doubles));
            }
            if spec.stake > 0 {
                opts.push(format!("{} a point", format_amount(spec.stake)));
            }
            if opts.is_empty() {
                "money play".into()
            } else {
                format!("money play ({})", opts.join(", "))
            }
        }
    };
    let tc = spec.time;
    if tc.per_move > 0 {
        let _ = write!(s, ", {} a move", duration_words(tc.per_move));
    }
    let _ = write!(s, " + {} bank", duration_words(tc.bank));
    if !spec.rated && (spec.ruleset == Ruleset::Welsh || spec.length.is_some()) {
        s.push_str(", unrated");
    }
    match (spec.practice, spec.tutor) {
        (_, true) => s.push_str(", practice with the tutor"),
        (true, false) => s.push_str(", practice (hints allowed)"),
        _ => {}
    }
    s
}

pub(super) async fn opponent(
    club: &Club,
    actor: &Actor,
    who: &str,
) -> Result<PlayerRow, ClubError> {
    let key = player_key(actor, who);
    if key.chars().count() > 100 {
        return Err(Refusal::TooLong("name", key.chars().count(), 100).into());
    }
    if key.is_empty() {
        return Err(Refusal::UnknownPlayer(engine::excerpt(who)).into());
    }
    if actor.identity == Identity::Name {
        // Where a name is the identity: a new name is a new player, and a known one
        // named in another case keeps the name they have.
        if let Some(p) = club.store.find_player(&actor.platform, &key).await? {
            return Ok(p);
        }
        let name = render::strip_bidi_controls(who);
        let name = name.trim().trim_start_matches('@');
        return Ok(club
            .store
            .player(&actor.platform, &key, name, club.clock.now())
            .await?);
    }
    club.store
        .find_player(&actor.platform, &key)
        .await?
        .ok_or_else(|| Refusal::UnknownPlayer(engine::excerpt(who)).into())
}

pub(super) async fn challenge(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    opponent: &str,
    spec: ChallengeSpec,
) -> Result<Outcome, ClubError> {
    // The bot's terms first (its level set), then the checks every challenge has.
    let against_bot = club.names_bot(actor, opponent);
    let spec = crate::bot::terms::bot_terms(against_bot, spec)?;
    check_spec(&spec)?;
    let other = if against_bot {
        club.bot_row(actor).await?
    } else {
        self::opponent(club, actor, opponent).await?
    };
    if other.id == me.id {
        return Err(Refusal::SelfChallenge.into());
    }
    super::block::check_blocks_challenge(club, me, &other).await?;
    let now = club.clock.now();
    let terms = crate::kernel::error::json(&spec)?;
    if let Some(row) = super::retry::same_challenge(
        club,
        me,
        &other,
        community,
        &actor.channel,
        &terms,
        against_bot,
    )
    .await?
    {
        return Ok(super::retry::answer_again(&row, &other, now));
    }
    // Past the retry: a challenge sent again is answered even at the limit.
    if against_bot {
        let open = club.store.open_bot_matches_of(me.id, community).await?;
        let limit = club.quotas.bot_matches;
        if open >= i64::from(limit) {
            return Err(crate::BotRefusal::TooManyMatches { open, limit }.into());
        }
    }
    let entry = Entry::Challenge { spec };
    let fair = crate::new_chain(&*club.dice, 1);
    let id = club
        .store
        .insert_match_rated(
            &NewMatch {
                community_id: community,
                channel: actor.channel.clone(),
                ruleset: spec.ruleset,
                terms,
                players: [me.id, other.id],
                bank: spec.time.bank,
                now,
                entry: entry_json(&entry)?,
                fair: fair.clone(),
                expires_at: Some(super::expiry::expires_at(club, &spec, now)),
                // A challenge waits on the challenged, unless he is the bot.
                waiting_on: spec.bot.is_none().then_some(other.id),
            },
            spec.rated,
        )
        .await?;
    let mut lines = vec![format!(
        "Match #{id}: {} challenges {} to {}",
        me.display_name,
        other.display_name,
        spec_words(&spec)
    )];
    lines.push(format!(
        "The challenge expires unless answered within {}.",
        duration_words(super::expiry::expires_at(club, &spec, now) - now)
    ));
    if let Some(chain) = &fair {
        lines.push(fair_anchor_words(&format!("match #{id}"), &chain.anchor));
    }
    if let Some(level) = spec.bot {
        // The bot answers at once, in this outcome (or, should that fail, its worker
        // does, as an event).
        lines.push(match level {
            crate::BotLevel::Standard(_) => format!(
                "{} plays with {} at {level} level; matches against the bot are unrated.",
                other.display_name,
                level.player_words()
            ),
            crate::BotLevel::Welsh(_) => format!(
                "{} plays Welsh with {} at {level} level; matches against the bot are \
                 unrated.",
                other.display_name,
                level.player_words()
            ),
        });
        return Ok(club.bot_accepts(&other, community, id, lines).await);
    }
    Ok(Outcome {
        match_id: Some(id.into()),
        version: Some(1),
        lines,
        chouette: None,
        board: None,
        next: Some(super::asked::to_answer(&other, id)),
        attachment: None,
        chart: None,
        announce: Vec::new(),
        notices: Vec::new(),
        owed: false,
        notices_owed: false,
        announce_owed: 0,
        web: None,
        players: Vec::new(),
        drill: None,
        puzzle: None,
    })
}

/// The match an answer to a challenge is about: the one named, or else the only
/// challenge here that `me` may answer (as player `allowed`: 1 accepts or declines, 0
/// withdraws), whatever other matches he is in; otherwise as any command finds it.
async fn only_challenge(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
    allowed: usize,
) -> Result<MatchRef, ClubError> {
    if m.id.is_some() {
        return Ok(m);
    }
    let waiting: Vec<i64> = club
        .store
        .matches_of(me.id, community, true)
        .await?
        .iter()
        .filter(|r| r.status == MatchStatus::Challenged && r.players[allowed] == me.id)
        .map(|r| r.id)
        .collect();
    Ok(match waiting.as_slice() {
        [one] => MatchRef {
            id: Some((*one).into()),
            ..m
        },
        _ => m,
    })
}

pub(super) async fn answer_challenge(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
    entry: Entry,
) -> Result<Outcome, ClubError> {
    let verb = match entry {
        Entry::Accept | Entry::AcceptWelsh { .. } => "accept",
        Entry::Decline => "decline",
        _ => "cancel",
    };
    let allowed = if matches!(entry, Entry::Cancel) { 0 } else { 1 };
    let m = only_challenge(club, me, community, m, allowed).await?;
    let mut l = club.find(me, community, m, verb).await?;
    if l.row.status != MatchStatus::Challenged {
        return Err(Refusal::NotActive(
            crate::MatchNo::from(l.row.id),
            l.row.status.to_string(),
            "only a challenge waiting for an answer can be accepted, declined or cancelled",
        )
        .into());
    }
    if !matches!(entry, Entry::Cancel) && crate::challenges::expiry::expired(&l, club.clock.now()) {
        return Err(Refusal::NotActive(
            crate::MatchNo::from(l.row.id),
            "an expired challenge".into(),
            "the challenger may challenge again with /challenge",
        )
        .into());
    }
    if l.players[allowed].id != me.id {
        return Err(Refusal::NotYourChallenge(l.names[allowed].clone(), verb).into());
    }
    if matches!(entry, Entry::AcceptWelsh { .. }) && l.spec.ruleset != Ruleset::Welsh {
        return Err(Refusal::WrongRuleset(
            "accept shaker:",
            "Welsh",
            crate::MatchNo::from(l.row.id),
            ruleset_word(l.spec.ruleset),
        )
        .into());
    }
    let mut lines = Vec::new();
    let (status, work) = match entry {
        Entry::Accept | Entry::AcceptWelsh { .. } => {
            let shaker = match entry {
                Entry::AcceptWelsh { shaker } => shaker,
                _ => Side::X,
            };
            let snap = Snapshot::start_with_shaker(&l.spec, shaker)?;
            lines.push(format!(
                "{} accepts match #{}: {}",
                me.display_name,
                l.row.id,
                spec_words(&l.spec)
            ));
            if let Entry::AcceptWelsh { shaker } = entry {
                lines.push(format!(
                    "{} shakes for the first call; {} calls (rule 24(i): the guest's choice)",
                    l.names[shaker.index()],
                    l.names[shaker.opponent().index()]
                ));
            }
            club.with_fair(&mut l).await?;
            let fair = l.fair.clone();
            if let Some(f) = &fair {
                // The seeds are fixed by the first throw, which waits for a player
                // (a standard /roll, the Welsh call): until then either player may set
                // one; a player who sets none gets 16 random bytes then.
                lines.push(fair_seed_window_words(
                    &format!("match #{}", l.row.id),
                    &l.names,
                    f.seeds(),
                ));
            }
            let mut work = Work {
                snap,
                entries: vec![(Some(me.id), entry.clone())],
                lines: std::mem::take(&mut lines),
                settle: Vec::new(),
                fair,
            };
            club.autopilot(&l, &mut work)?;
            (MatchStatus::Active, Some(work))
        }
        Entry::Decline => {
            lines.push(format!("{} declines match #{}", me.display_name, l.row.id));
            (MatchStatus::Declined, None)
        }
        _ => {
            lines.push(format!(
                "{} withdraws the challenge #{}",
                me.display_name, l.row.id
            ));
            (MatchStatus::Cancelled, None)
        }
    };
    match work {
        Some(work) => club.save(&l, Some(me.id), work, status).await,
        None => {
            let change = MatchChange {
                id: l.row.id,
                community_id: l.row.community_id,
                players: l.row.players,
                expected_version: l.row.version,
                status,
                bank: l.row.bank,
                now: club.clock.now(),
                actions: vec![(Some(me.id), entry_json(&entry)?)],
                ..MatchChange::default()
            };
            let version = club.commit(&l, &change).await?;
            Ok(Outcome {
                match_id: Some(l.row.id.into()),
                version: Some(version),
                lines,
                ..Outcome::default()
            })
        }
    }
}
