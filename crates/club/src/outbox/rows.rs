//! The outbox's rows as the club writes and reads them: a notice's rows (one in its
//! channel, one by direct message when asked), the bot's decisions (their lines, as a
//! JSON list), and back.

use crate::Notice;

/// A notice in a channel.
pub(crate) const NOTICE: &str = "notice";
/// A direct message.
pub(crate) const DM: &str = "dm";
/// A match's result announced in its league's channel, held in the commit that ends it
/// until the standings are read (posted as a notice to everyone there).
pub(crate) const ANNOUNCE: &str = "announce";
/// The bot's decisions in a match.
pub(crate) const BOT: &str = "bot";
/// A season the sweep started: its matches owed a thread each (the league's id in the
/// body).
pub(crate) const THREADS: &str = "threads";
/// An analysis job's report (the job's id in the body).
pub(crate) const ANALYSIS: &str = "analysis";
/// Why the bot waits or cannot act (a status, not a change): told in the match's
/// channel, and dropped if still unposted when the bot starts again (it tells again
/// what still holds).
pub(crate) const BOT_NOTE: &str = "botnote";
/// The position of the day (its words, names and choices as JSON:
/// `practice::puzzle::PuzzleBody`).
pub(crate) const PUZZLE: &str = "puzzle";

/// The rows of a notice: in its channel (when it has one), and by direct message (when
/// the player asked for them), each in its own lane.
pub(crate) fn notice_rows(n: &Notice) -> Vec<store::Owed> {
    let mut rows = Vec::new();
    if !n.channel.is_empty() {
        rows.push(store::Owed {
            kind: NOTICE.into(),
            lane: n.channel.clone(),
            channel: n.channel.clone(),
            user_id: n.user_id.clone(),
            match_id: n.match_id.get(),
            body: n.text.clone(),
            held: false,
        });
    }
    if n.dm && !n.user_id.is_empty() {
        rows.push(store::Owed {
            kind: DM.into(),
            lane: format!("dm:{}", n.user_id),
            channel: n.channel.clone(),
            user_id: n.user_id.clone(),
            match_id: n.match_id.get(),
            body: n.text.clone(),
            held: false,
        });
    }
    rows
}

/// A direct message to `next`'s player saying `text`; should it be refused, that is
/// said in `fallback` (a channel).
pub(crate) fn direct_row(next: &crate::NextUp, fallback: &str, text: &str) -> store::Owed {
    store::Owed {
        kind: DM.into(),
        lane: format!("dm:{}", next.user_id),
        channel: fallback.to_string(),
        user_id: next.user_id.clone(),
        match_id: next.match_id.get(),
        body: text.to_string(),
        held: false,
    }
}

/// League `league`'s matches owed a thread each, made from its channel `channel`.
pub(crate) fn threads_row(league: i64, channel: &str) -> store::Owed {
    store::Owed {
        kind: THREADS.into(),
        lane: channel.to_string(),
        channel: channel.to_string(),
        user_id: String::new(),
        match_id: 0,
        body: league.to_string(),
        held: false,
    }
}

/// The report of analysis job `job`, owed to its match's channel as the job ends.
pub(crate) fn analysis_row(job: &store::AnalysisRow) -> store::Owed {
    store::Owed {
        kind: ANALYSIS.into(),
        lane: job.channel.clone(),
        channel: job.channel.clone(),
        user_id: String::new(),
        match_id: job.match_id,
        body: job.id.to_string(),
        held: false,
    }
}

/// The position of the day owed to `channel`, `body` its JSON.
pub(crate) fn puzzle_row(channel: &str, body: &str) -> store::Owed {
    store::Owed {
        kind: PUZZLE.into(),
        lane: channel.to_string(),
        channel: channel.to_string(),
        user_id: String::new(),
        match_id: 0,
        body: body.to_string(),
        held: false,
    }
}

/// A note of the bot's in match `id`'s channel, for everyone there.
pub(crate) fn bot_note(id: i64, channel: &str, text: &str) -> store::Owed {
    store::Owed {
        kind: BOT_NOTE.into(),
        lane: channel.to_string(),
        channel: channel.to_string(),
        user_id: String::new(),
        match_id: id,
        body: text.to_string(),
        held: false,
    }
}

/// The direct message telling `next` it is his turn; should it be refused, that is said
/// in `fallback` (the match's channel).
pub(crate) fn turn_message(next: &crate::NextUp, fallback: &str) -> store::Owed {
    let text = format!("Match #{}: your turn to {}", next.match_id, next.what);
    direct_row(next, fallback, &text)
}

/// The notice a row tells (`dm`: a direct message).
pub(crate) fn notice_of(o: &store::Owed, dm: bool) -> Notice {
    Notice {
        match_id: o.match_id.into(),
        channel: o.channel.clone(),
        user_id: o.user_id.clone(),
        dm,
        text: o.body.clone(),
    }
}

/// What a bot row holds: the lines of its decisions, and the match as the last of them
/// left it (its snapshot, version and deadline), for the board and who acts next.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct BotBody {
    pub(crate) lines: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) state: Option<String>,
    #[serde(default)]
    pub(crate) version: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) deadline: Option<i64>,
}

/// A decision of the bot in match `id` played in `channel`, told in `body`: held until
/// its batch ends.
pub(crate) fn bot_row(id: i64, channel: &str, body: &BotBody) -> store::Owed {
    store::Owed {
        kind: BOT.into(),
        lane: channel.to_string(),
        channel: channel.to_string(),
        user_id: String::new(),
        match_id: id,
        body: serde_json::to_string(body).unwrap_or_else(|_| "{}".into()),
        held: true,
    }
}

/// A bot row's body (empty if it cannot be read).
pub(crate) fn bot_body(body: &str) -> BotBody {
    serde_json::from_str(body).unwrap_or_default()
}

/// The rows of `notices` (each as [`notice_rows`] makes them).
pub(crate) fn owed_rows(notices: &[Notice]) -> Vec<store::Owed> {
    notices.iter().flat_map(notice_rows).collect()
}

/// The rows of a notice written held with its change, to be completed and released once
/// the change has committed ([`store::Store::outbox_complete`]); released as they are
/// at a restart.
pub(crate) fn held_notice_rows(n: &Notice) -> Vec<store::Owed> {
    notice_rows(n)
        .into_iter()
        .map(|o| store::Owed { held: true, ..o })
        .collect()
}

/// The kinds a held notice's rows have.
pub(crate) fn held_kinds() -> [&'static str; 2] {
    [NOTICE, DM]
}

/// A league match's result owed to the league's `channel`, held in the commit that ends
/// it with `words` (what is known then), to be completed with the standings.
pub(crate) fn held_announcement(match_id: i64, channel: &str, words: String) -> store::Owed {
    store::Owed {
        kind: ANNOUNCE.into(),
        lane: channel.into(),
        channel: channel.into(),
        user_id: String::new(),
        match_id,
        body: words,
        held: true,
    }
}

/// Held notices' bodies joined at a restart (one row per match and lane: its own).
pub(crate) fn join_lines(bodies: &[String]) -> String {
    bodies.join("\n")
}

/// The rows of one batch of the bot's decisions made one: their lines in order, and the
/// match as the last decision left it.
pub(crate) fn join_bot_bodies(bodies: &[String]) -> String {
    let mut joined = BotBody::default();
    for b in bodies.iter().map(|b| bot_body(b)) {
        joined.lines.extend(b.lines);
        if b.state.is_some() {
            joined.state = b.state;
            joined.version = b.version;
            joined.deadline = b.deadline;
        }
    }
    serde_json::to_string(&joined).unwrap_or_else(|_| "{}".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_by_direct_message_is_two_rows_in_two_lanes() {
        let n = Notice {
            match_id: 7.into(),
            channel: "c1".into(),
            user_id: "u9".into(),
            dm: true,
            text: "your turn".into(),
        };
        let rows = notice_rows(&n);
        let lanes: Vec<_> = rows
            .iter()
            .map(|r| (r.kind.as_str(), r.lane.as_str()))
            .collect();
        assert_eq!(lanes, [(NOTICE, "c1"), (DM, "dm:u9")]);
        assert_eq!(notice_of(&rows[1], true).channel, "c1");
    }

    #[test]
    fn a_batch_of_the_bots_rows_joins_their_lines_and_keeps_the_last_state() {
        let body = |lines: &[&str], state: Option<&str>, version| BotBody {
            lines: lines.iter().map(|l| (*l).to_string()).collect(),
            state: state.map(str::to_string),
            version,
            deadline: None,
        };
        let a = bot_row(1, "c", &body(&["rolls 3-1"], Some("s1"), 4)).body;
        let b = bot_row(1, "c", &body(&["plays 8/5 6/5"], Some("s2"), 5)).body;
        let c = bot_row(1, "c", &body(&["waits"], None, 0)).body;
        assert_eq!(
            bot_body(&join_bot_bodies(&[a, b, c])),
            body(&["rolls 3-1", "plays 8/5 6/5", "waits"], Some("s2"), 5)
        );
    }
}
