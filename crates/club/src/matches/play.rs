//! Playing a match: the command a player sends, worked out against the engine (`plan.rs`)
//! and written with its clock, money and what follows its end (`save`).

use super::plan::plan;
use crate::Club;
use crate::ClubError;
use crate::FairDice;
use crate::MatchRef;
use crate::Outcome;
use crate::Refusal;
use crate::matches::loaded::Loaded;
use crate::matches::op::MatchOp;
use crate::matches::time_bank::TurnClock;
use crate::matches::work::Work;
use crate::matches::work::entry_json;
use engine::Ruleset;
use engine::Side;
use engine::fair::FairId;
use store::MatchChange;
use store::MatchStatus;
use store::PlayerRow;
use store::RatedMatch;
use store::StoreError;

/// The match's fair dice, loaded for a command that may throw.
pub(super) async fn with_fair(club: &Club, l: &mut Loaded) -> Result<(), ClubError> {
    l.fair = club.fair_record(FairId::Match(l.row.id)).await?;
    Ok(())
}

pub(super) async fn act(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
    op: MatchOp,
) -> Result<Outcome, ClubError> {
    let mut l = super::which_match::find(club, me, community, m, op.name()).await?;
    with_fair(club, &mut l).await?;
    let side = l.side_of(me.id).unwrap_or(Side::X);
    // In a Welsh match the bot may have a decision while the human is next (its
    // occasion to offer to concede, rule 18): its worker looks after every action.
    let welsh_bot = l.spec.ruleset == Ruleset::Welsh && l.bot_side().is_some_and(|b| b != side);
    let id = l.row.id;
    // The tutor judges the players' decisions, never the bot's (the bot is O).
    let out = if l.spec.tutor && l.bot_side() != Some(side) {
        club.act_tutored(l, me, side, op).await?
    } else {
        let work = plan(club, &l, side, Some(me.id), &op)?;
        save(club, &l, Some(me.id), work, MatchStatus::Active).await?
    };
    if welsh_bot {
        club.bot_player.ring(id);
    }
    Ok(out)
}

/// The change a planned command makes (the new snapshot, the log entries, the clock,
/// money, the fair dice, the league report), as written by `save` and by a league's
/// start; the result, if the match is over, is added to `work.lines`.
pub(super) fn planned_change(
    club: &Club,
    l: &Loaded,
    actor: Option<i64>,
    work: &mut Work,
    status: MatchStatus,
    now: i64,
) -> Result<MatchChange, ClubError> {
    let TurnClock {
        bank,
        turn_started_at,
        deadline_at,
        reminder_at,
    } = super::time_bank::turn_clock(club, l, actor, work, now);
    let over = work.snap.is_over();
    let (ledger, pot_games) = super::money::settle(club, l, work);
    let ids = [l.row.players[0], l.row.players[1]];
    let result = work.snap.result(&l.names);
    let result_winner = result.as_ref().map(|(w, _)| ids[w.index()]);
    if let Some((_, text)) = &result {
        work.lines.push(text.clone());
    }
    let status = if over { MatchStatus::Finished } else { status };
    Ok(MatchChange {
        waiting: Some(crate::players::waiting::waiting_mark(
            l,
            status,
            Some(&work.snap),
        )),
        id: l.row.id,
        community_id: l.row.community_id,
        players: l.row.players,
        expected_version: l.row.version,
        status,
        state: Some(crate::kernel::error::json(&work.snap)?),
        turn_started_at,
        bank,
        deadline_at,
        reminder_at,
        winner: result.as_ref().map(|(w, _)| ids[w.index()]),
        result: result.map(|(_, t)| t),
        now,
        actions: work
            .entries
            .iter()
            .map(|(p, e)| Ok((*p, entry_json(e)?)))
            .collect::<Result<_, ClubError>>()?,
        ledger,
        pot_games,
        cause: if over {
            crate::kernel::cause::end_cause(&work.snap)
        } else {
            None
        },
        fair: work
            .fair
            .as_ref()
            .map(FairDice::change)
            .transpose()?
            .flatten(),
        league: if over {
            crate::league::league_report(&work.snap, l.row.id, result_winner)?
        } else {
            None
        },
        owed: Vec::new(),
    })
}

/// Writes a planned change: the new snapshot, the log entries, the clock, money.
pub(super) async fn save(
    club: &Club,
    l: &Loaded,
    actor: Option<i64>,
    work: Work,
    status: MatchStatus,
) -> Result<Outcome, ClubError> {
    save_telling(club, l, actor, work, status, &[]).await
}

/// Who a change made by the club itself (a time-out) is told to: a channel (empty:
/// none) and a player (mentioned there; sent a direct message if he asked for them).
pub(super) struct Told<'a> {
    pub channel: String,
    pub player: &'a store::PlayerRow,
}

/// [`save`], telling the change to `told`, its words (all the outcome's lines) written
/// in the change's own commit: held with the words known before it, completed with the
/// rating's change and the league's news, and released, once it has committed. At a
/// restart in between, the rows are released as they were written.
pub(super) async fn save_telling(
    club: &Club,
    l: &Loaded,
    actor: Option<i64>,
    mut work: Work,
    status: MatchStatus,
    told: &[Told<'_>],
) -> Result<Outcome, ClubError> {
    let now = club.clock.now();
    let mut change = planned_change(club, l, actor, &mut work, status, now)?;
    club.defer_for_vacation(l, &work.snap, &mut change).await?;
    // A decision of the bot is told in its channel: the row is written with the change
    // (held until its batch of decisions ends).
    if let (Some(a), Some(side)) = (actor, l.bot_side())
        && a == l.row.players[side.index()]
    {
        let body = crate::outbox::rows::BotBody {
            lines: work.lines.clone(),
            state: change.state.clone(),
            version: l.row.version + 1,
            deadline: change.deadline_at,
        };
        change.owed.push(crate::outbox::rows::bot_row(
            l.row.id,
            &l.row.channel,
            &body,
        ));
    }
    let over = work.snap.is_over();
    // The match as the change leaves it (the version the commit gives it): its board and
    // who acts next, whose direct message (when he asked for them) is written with it.
    let mut after = Loaded {
        row: l.row.clone(),
        spec: l.spec,
        players: l.players.clone(),
        names: l.names.clone(),
        snap: Some(work.snap),
        fair: None,
        away: None,
    };
    after.row.version = l.row.version + 1;
    after.row.status = change.status;
    after.row.deadline_at = change.deadline_at;
    let mut out = super::views::outcome(club, &after, None);
    if let Some(next) = out.next.as_ref().filter(|n| n.dm && !n.user_id.is_empty()) {
        change
            .owed
            .push(crate::outbox::rows::turn_message(next, &l.row.channel));
        out.owed = true;
    }
    let notice = |text: String| -> Vec<crate::Notice> {
        told.iter()
            .map(|t| crate::Notice {
                match_id: l.row.id.into(),
                channel: t.channel.clone(),
                user_id: t.player.platform_id.clone(),
                dm: t.player.notify_dm,
                text: text.clone(),
            })
            .collect()
    };
    let first_words: Vec<String> = work.lines.iter().chain(&out.lines).cloned().collect();
    for n in notice(first_words.join("\n")) {
        change
            .owed
            .extend(crate::outbox::rows::held_notice_rows(&n));
    }
    // A league match's end owes its result to the league's channel (when that is
    // another): held in the commit with the words known then, completed with the
    // standings once it has committed.
    let league_lane = if over {
        club.league_channel(l.row.id)
            .await
            .filter(|c| *c != l.row.channel && !c.is_empty())
    } else {
        None
    };
    if let Some(channel) = &league_lane {
        change.owed.push(crate::outbox::rows::held_announcement(
            l.row.id,
            channel,
            work.lines.join("\n"),
        ));
    }
    let (version, rated) = commit_end(club, l, &change).await?;
    out.version = Some(version);
    if let Some(r) = &rated {
        work.lines
            .extend(crate::players::rating::change_lines(r, l));
    }
    let work_words = work.lines.join("\n");
    let mut lines = work.lines;
    lines.append(&mut out.lines);
    if over {
        // A league match's result, with the standings, also in the league's channel.
        let mut elsewhere = None;
        let mut held = league_lane.map(|c| (c, work_words.clone()));
        if let Some((channel, text)) = club.league_result(l.row.id).await {
            lines.push(text.clone());
            if channel != l.row.channel {
                if held.as_ref().is_some_and(|(c, _)| *c == channel) {
                    held = Some((channel.clone(), text.clone()));
                    out.announce_owed = 1;
                }
                out.announce.push((channel.clone(), text));
                elsewhere = Some(channel);
            }
        }
        if let Some((_, words)) = held {
            let kinds = [crate::outbox::rows::ANNOUNCE];
            if let Err(e) = club.store.outbox_complete(l.row.id, &kinds, &words).await {
                tracing::error!(match_id = l.row.id, error = %e, "a league result not released; released at the next start");
            }
            club.ring_outbox();
        }
        // What follows (the next round, the season's end, the next season's sign-up)
        // is the league's news too.
        let follow = club.after_match_end(l.row.id).await;
        if let (Some(channel), false) = (elsewhere, follow.is_empty()) {
            out.announce.push((channel, follow.join("\n")));
        }
        lines.extend(follow);
    }
    out.lines = lines;
    if !told.is_empty() {
        let rows = crate::outbox::rows::held_kinds();
        if let Err(e) = club
            .store
            .outbox_complete(l.row.id, &rows, &out.lines.join("\n"))
            .await
        {
            tracing::error!(match_id = l.row.id, error = %e, "a change's notices not released; released at the next start");
        }
        club.ring_outbox();
        out.notices = notice(out.lines.join("\n"));
    }
    Ok(out)
}

pub(super) async fn commit(
    club: &Club,
    l: &Loaded,
    change: &MatchChange,
) -> Result<i64, ClubError> {
    commit_end(club, l, change).await.map(|(v, _)| v)
}

/// [`Club::commit`], with what the end of a rated match did to the ratings.
async fn commit_end(
    club: &Club,
    l: &Loaded,
    change: &MatchChange,
) -> Result<(i64, Option<RatedMatch>), ClubError> {
    match club.store.commit_end(change, &club.rates).await {
        Ok(v) => Ok(v),
        Err(StoreError::Stale) => {
            let now = club.store.load_match(l.row.id).await?;
            Err(Refusal::Stale(
                crate::MatchNo::from(l.row.id),
                now.map_or(l.row.version + 1, |r| r.version),
            )
            .into())
        }
        Err(e) => Err(e.into()),
    }
}
