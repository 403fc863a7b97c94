//! `/fair stats [player] [rules:]` (`docs/fair-dice.md`, "Dice statistics"): a player's
//! throws counted from the fair-dice records of his matches here (each face, doubles, the
//! 21 rolls, the average pips) against the numbers fair dice give, with chi-square
//! p-values and one plain sentence; then the same tests on every proven throw here.
//!
//! Which throws are the player's: the game record of each match with a fair-dice record
//! (the export's `played` list, `fair_record::match_played`), the entries he threw with
//! two dice: `roll`, `again` (Welsh rule 13), `rule 6` and `call` (the Welsh shaker's
//! concealed throw). Opening throws (one die each player's), one-die throws (rule 11) and
//! nominated throws (no dice thrown) are left out. His chouette throws count too (standard
//! rules): the `roll` entries of each session's log that he made (the box or the captain
//! rolls; the log names him, as the export's `played` list does).

use std::fmt::Write as _;

use crate::fair::chi_square::{MEAN_PIPS, MIN_THROWS, Tally, Test, UNUSUAL_P};
use crate::fair::record::match_played;
use crate::kernel::phrases::ruleset_word;
use crate::{Actor, ChallengeSpec, Club, ClubError, Outcome};
use engine::Ruleset;
use store::PlayerRow;

/// The game record's kinds of throw a player's statistics count.
pub const COUNTED: [&str; 4] = ["roll", "again", "rule 6", "call"];

/// The names the game record is read with: the side is then the name.
const SIDES: [&str; 2] = ["X", "O"];

/// A p-value in words: `0.42`, `0.0031`, `< 0.0001`.
fn p_words(p: f64) -> String {
    if p < 0.0001 {
        "< 0.0001".into()
    } else if p < 0.01 {
        format!("{p:.4}")
    } else {
        format!("{p:.2}")
    }
}

fn test_words(t: &Test) -> String {
    format!(
        "chi-square {:.2}, df {}, p = {}",
        t.statistic,
        t.df,
        p_words(t.p)
    )
}

/// What a test is about, in a sentence.
fn test_title(name: &str) -> &'static str {
    match name {
        "faces" => "the faces",
        "doubles" => "the doubles",
        "rolls" => "the 21 rolls",
        _ => "the average pips",
    }
}

/// The one plain sentence: whether any test is below [`UNUSUAL_P`].
#[must_use]
pub fn verdict(tests: &[Test]) -> String {
    let unusual: Vec<&Test> = tests.iter().filter(|t| t.p < UNUSUAL_P).collect();
    match unusual.as_slice() {
        [] => format!(
            "Nothing unusual: every test gives p above {UNUSUAL_P} (fair dice give a p below \
             it one time in a hundred)."
        ),
        some => format!(
            "Unusual: {} give{} p below {UNUSUAL_P}; with four tests fair dice do this for \
             about one player in 25, so it is worth a look, not proof.",
            some.iter()
                .map(|t| format!("{} (p = {})", test_title(t.name), p_words(t.p)))
                .collect::<Vec<_>>()
                .join(" and "),
            if some.len() == 1 { "s" } else { "" }
        ),
    }
}

/// The counts and tests of a tally, in lines.
fn tally_lines(t: &Tally) -> Vec<String> {
    let n = t.throws();
    let tests = t.tests();
    let judged = n >= MIN_THROWS;
    let with = |line: String, test: &Test| {
        if judged {
            format!("{line}; {}", test_words(test))
        } else {
            line
        }
    };
    let nf = n as f64;
    let faces = t
        .faces()
        .iter()
        .zip(1..)
        .map(|(c, f)| format!("{f}: {c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut rolls = String::new();
    for ((a, b), c) in t.rolls() {
        if !rolls.is_empty() {
            rolls.push_str(", ");
        }
        let _ = write!(rolls, "{a}-{b} {c}");
    }
    let mean = if n > 0 { t.pips() as f64 / nf } else { 0.0 };
    vec![
        with(
            format!("Faces: {faces} (expected {:.1} each)", 2.0 * nf / 6.0),
            &tests[0],
        ),
        with(
            format!("Doubles: {} (expected {:.1})", t.doubles(), nf / 6.0),
            &tests[1],
        ),
        with(
            format!(
                "Rolls: {rolls} (expected {:.1} a double, {:.1} each other roll)",
                nf / 36.0,
                nf / 18.0
            ),
            &tests[2],
        ),
        with(
            format!(
                "Average pips per throw (doubles count 4 times): {mean:.2} (expected {MEAN_PIPS:.2})"
            ),
            &tests[3],
        ),
        if judged { verdict(&tests) } else { too_few(n) },
    ]
}

fn too_few(n: u64) -> String {
    format!(
        "Too few throws to judge: {n}; the tests need at least {MIN_THROWS} (then each of the \
         21 rolls is expected at least 5 times)."
    )
}

/// The rolls `player` made in the chouette sessions here with a fair-dice record, and
/// the number of those sessions.
async fn chouette_tally(
    club: &Club,
    player: i64,
    community: i64,
    tally: &mut Tally,
) -> Result<usize, ClubError> {
    let ids = club.store.fair_chouettes_of(player, community).await?;
    for &id in &ids {
        for (_, e) in club.store.chouette_actions(id).await? {
            let entry: crate::ChouetteEntry =
                serde_json::from_str(&e).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
            if let crate::chouette::log::ChouetteEntry::Act {
                by,
                action: engine::chouette::ChouetteAction::Roll(d),
                ..
            } = entry
            {
                if by == player {
                    let [a, b] = d.values();
                    tally.add(a, b);
                }
            }
        }
    }
    Ok(ids.len())
}

/// The two-dice throws `player` threw in his matches here with a fair-dice record (of
/// `ruleset` if given), and the number of those matches.
async fn player_tally(
    club: &Club,
    player: i64,
    community: i64,
    ruleset: Option<Ruleset>,
) -> Result<(Tally, usize), ClubError> {
    let rows = club
        .store
        .fair_matches_of(player, community, ruleset)
        .await?;
    let names = SIDES.map(str::to_string);
    let mut tally = Tally::default();
    for row in &rows {
        let side = SIDES[usize::from(row.players[0] != player)];
        let spec: ChallengeSpec = serde_json::from_str(&row.terms)
            .map_err(|e| ClubError::Corrupt(row.id, e.to_string()))?;
        let entries = crate::matches::log::read_log(&club.store, row.id).await?;
        let played =
            match_played(&spec, &entries, &names).map_err(|e| ClubError::Corrupt(row.id, e))?;
        for p in played {
            if p.by == side && !p.nominated && COUNTED.contains(&p.what) {
                if let [a, b] = p.dice[..] {
                    tally.add(a, b);
                }
            }
        }
    }
    Ok((tally, rows.len()))
}

/// Every proven two-dice throw of this community's matches (of `ruleset`) and
/// chouettes (standard).
async fn community_tally(
    club: &Club,
    community: i64,
    ruleset: Option<Ruleset>,
) -> Result<Tally, ClubError> {
    let mut tally = Tally::default();
    for (dice, n) in club
        .store
        .community_throw_counts(community, ruleset)
        .await?
    {
        let dice: Vec<u8> = serde_json::from_str(&dice).unwrap_or_default();
        if let [a, b] = dice[..] {
            tally.add_n(a, b, u64::try_from(n).unwrap_or(0));
        }
    }
    Ok(tally)
}

/// `/fair stats [player] [rules:]`: the player's throws (default: mine) and the
/// server's, tested against fair dice.
pub(super) async fn fair_stats(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    player: Option<&str>,
    ruleset: Option<Ruleset>,
) -> Result<Outcome, ClubError> {
    let who = match player {
        Some(p) => club.rated_player(actor, p).await?,
        None => me.clone(),
    };
    let rules = ruleset.map_or("standard and Welsh", ruleset_word);
    let (mut tally, matches) = player_tally(club, who.id, community, ruleset).await?;
    // Chouettes are played under standard rules.
    let sessions = if ruleset.is_none_or(|r| r == Ruleset::Standard) {
        chouette_tally(club, who.id, community, &mut tally).await?
    } else {
        0
    };
    let sessions_words = match sessions {
        0 => String::new(),
        1 => " and 1 chouette session".to_string(),
        n => format!(" and {n} chouette sessions"),
    };
    let mut lines = vec![format!(
        "Dice statistics for {} ({rules}, {}): {} throws of two dice in {matches} match{}{sessions_words} \
         with fair dice (the rolls {} threw; opening, one-die and nominated throws left out)",
        who.display_name,
        actor.community_name,
        tally.throws(),
        if matches == 1 { "" } else { "es" },
        who.display_name
    )];
    if tally.throws() == 0 {
        lines.push(format!(
            "No throw of {} here is in a fair-dice record yet.",
            who.display_name
        ));
    } else {
        lines.extend(tally_lines(&tally));
    }
    let all = community_tally(club, community, ruleset).await?;
    let n = all.throws();
    lines.push(if n < MIN_THROWS {
        format!(
            "Server-wide (every proven two-dice throw here, {rules}): {n} throws, too few \
             to judge (at least {MIN_THROWS})."
        )
    } else {
        let tests = all.tests();
        format!(
            "Server-wide (every proven two-dice throw here, {rules}): {n} throws; p = {} \
             (faces), {} (doubles), {} (rolls), {} (pips). {}",
            p_words(tests[0].p),
            p_words(tests[1].p),
            p_words(tests[2].p),
            p_words(tests[3].p),
            verdict(&tests)
        )
    });
    Ok(Outcome {
        lines,
        ..Outcome::default()
    })
}

#[cfg(test)]
mod tests {
    use super::{Tally, verdict};

    #[test]
    fn the_verdict_names_the_unusual_test_and_says_nothing_unusual_otherwise() {
        let mut fair = Tally::default();
        for a in 1..=6 {
            for b in 1..=6 {
                fair.add_n(a, b, 10);
            }
        }
        assert!(verdict(&fair.tests()).starts_with("Nothing unusual"));
        let mut sixes = fair.clone();
        sixes.add_n(6, 6, 60);
        let v = verdict(&sixes.tests());
        assert!(v.starts_with("Unusual: the faces (p = "), "{v}");
        assert!(v.contains("the doubles"), "{v}");
    }
}
