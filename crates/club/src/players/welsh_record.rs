//! A Welsh match's record as text, for `/export` (named for what it writes, a Welsh
//! match's record, not any record): gnubg reads only standard backgammon,
//! so a Welsh match is written in gammonbot's own form, described in
//! `docs/welsh-record.md`.

use std::fmt::Write as _;

use crate::matches::loaded::Loaded;
use crate::{Attachment, Club, ClubError, Entry, Outcome, Snapshot, spec_words};
use engine::welsh::{Parity, WelshAction};

/// Where the record's form is described.
pub(crate) const RECORD_DOC: &str = "docs/welsh-record.md";

/// The record of Welsh match `l` as a text attachment.
pub(super) async fn welsh_record(club: &Club, l: &Loaded) -> Result<Outcome, ClubError> {
    let entries = crate::matches::log::read_log(&club.store, l.row.id).await?;
    let text = record_text(l, &entries).map_err(|why| ClubError::Corrupt(l.row.id, why))?;
    Ok(Outcome {
        match_id: Some(l.row.id.into()),
        version: Some(l.row.version),
        lines: vec![format!(
            "Match #{} as a Welsh backgammon record ({} bytes); gnubg cannot read Welsh backgammon, so it is gammonbot's own text form ({RECORD_DOC})",
            l.row.id,
            text.len()
        )],
        attachment: Some(Attachment {
            name: format!("match-{}.txt", l.row.id),
            text,
        }),
        ..Outcome::default()
    })
}

/// The record: a header of `Key: value` lines, a blank line, then one line per event,
/// each starting with the number of the log entry it comes from.
fn record_text(l: &Loaded, entries: &[Entry]) -> Result<String, String> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "; gammonbot Welsh backgammon record, form 1 ({RECORD_DOC})"
    );
    let _ = writeln!(
        out,
        "; gnubg cannot read Welsh backgammon: this is gammonbot's own text form"
    );
    let _ = writeln!(out, "Match: #{}", l.row.id);
    let _ = writeln!(out, "X: {}", l.names[0]);
    let _ = writeln!(out, "O: {}", l.names[1]);
    let _ = writeln!(out, "Terms: {}", spec_words(&l.spec));
    let _ = writeln!(out, "Status: {}", l.row.status);
    out.push('\n');
    let mut snap: Option<Snapshot> = None;
    let mut settle = Vec::new();
    for (n, e) in entries.iter().enumerate() {
        let mut lines = Vec::new();
        match e {
            Entry::Challenge { .. } => {
                lines.push(format!("{} challenges {}", l.names[0], l.names[1]));
            }
            Entry::Accept => {
                snap = Some(Snapshot::start(&l.spec)?);
                lines.push(format!("{} accepts", l.names[1]));
            }
            Entry::AcceptWelsh { shaker } => {
                snap = Some(Snapshot::start_with_shaker(&l.spec, *shaker)?);
                lines.push(format!(
                    "{} accepts; {} shakes for the first call",
                    l.names[1],
                    l.names[shaker.index()]
                ));
            }
            Entry::Decline => lines.push(format!("{} declines", l.names[1])),
            Entry::Cancel => lines.push(format!("{} withdraws the challenge", l.names[0])),
            _ => {
                if let Entry::Welsh {
                    side,
                    action: WelshAction::Call { shaker_dice, call },
                    ..
                } = e
                {
                    lines.push(format!(
                        "{} calls {}; the concealed throw is {}-{}",
                        l.names[side.index()],
                        if *call == Parity::Odd {
                            "odds"
                        } else {
                            "evens"
                        },
                        shaker_dice.0.max(shaker_dice.1),
                        shaker_dice.0.min(shaker_dice.1)
                    ));
                }
                let s = snap
                    .as_mut()
                    .ok_or("an action before the match was accepted")?;
                s.apply(e, &l.names, &mut lines, &mut settle)?;
            }
        }
        for line in lines {
            let _ = writeln!(out, "{} {line}", n + 1);
        }
    }
    if let Some((_, result)) = snap.as_ref().and_then(|s| s.result(&l.names)) {
        let _ = writeln!(out, "\nResult: {result}");
    }
    Ok(out)
}
