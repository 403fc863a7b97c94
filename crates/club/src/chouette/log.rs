//! A chouette session's log and terms: the [`ChouetteSpec`] a session is created on, the
//! [`ChouetteEntry`] lines of its append-only log and their fold ([`rebuild_chouette`]),
//! the terms in words, and the conversion between the engine's and the store's player
//! ids. A leaf: the provably fair dice read the log too.

use serde::{Deserialize, Serialize};

use engine::chouette::{Chouette, ChouetteAction, ChouetteRules, Consultation, PlayerId};
use engine::welsh::format_amount;

/// The terms of a chouette session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouetteSpec {
    pub rules: ChouetteRules,
    /// Shuffle the line at the first start (else: as joined).
    pub shuffle: bool,
    /// Minor units per point into the ledger (0: tallies only).
    pub stake: u64,
}

impl Default for ChouetteSpec {
    fn default() -> ChouetteSpec {
        ChouetteSpec {
            rules: ChouetteRules::default(),
            shuffle: true,
            stake: 0,
        }
    }
}

/// One entry of a session's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChouetteEntry {
    Create {
        spec: ChouetteSpec,
        creator: i64,
    },
    Act {
        by: i64,
        action: ChouetteAction,
        auto: bool,
    },
}

/// Folds a session's log into its state.
///
/// # Errors
/// A log that is not a session's.
pub fn rebuild_chouette(entries: &[ChouetteEntry]) -> Result<Chouette, String> {
    let Some(ChouetteEntry::Create { spec, creator }) = entries.first() else {
        return Err("a chouette log starts with its creation".into());
    };
    let mut c = Chouette::new(spec.rules, id_of(*creator));
    for e in &entries[1..] {
        let ChouetteEntry::Act { by, action, .. } = e else {
            return Err("a second creation in one log".into());
        };
        c = c.apply(id_of(*by), action).map_err(|e| e.to_string())?.0;
    }
    Ok(c)
}

/// The engine's id of a player.
pub(crate) fn id_of(player: i64) -> PlayerId {
    u64::try_from(player).unwrap_or(0)
}

/// The store's id of a player.
pub(crate) fn db_id(p: PlayerId) -> i64 {
    i64::try_from(p).unwrap_or(0)
}

fn consultation_words(c: Consultation) -> &'static str {
    match c {
        Consultation::Free => "free consultation",
        Consultation::None => "no consultation",
        Consultation::AfterCube => "consultation after the cube is turned",
    }
}

/// The terms in words.
#[must_use]
pub fn chouette_words(spec: &ChouetteSpec) -> String {
    let r = spec.rules;
    let mut s = format!(
        "{}, {}",
        if r.multiple_cubes {
            "a cube each"
        } else {
            "one team cube"
        },
        consultation_words(r.consultation)
    );
    if r.jacoby {
        s.push_str(", Jacoby");
    }
    if r.beavers {
        s.push_str(", beavers");
    }
    if spec.stake > 0 {
        s.push_str(&format!(", {} a point", format_amount(spec.stake)));
    }
    s.push_str(if spec.shuffle {
        ", line shuffled"
    } else {
        ", line as joined"
    });
    s
}
