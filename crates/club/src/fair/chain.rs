//! Provably fair dice in the club (scheme in `engine::fair`, `docs/fair-dice.md`): the
//! chain committed when a match or chouette session is created, the player seeds
//! (`/fair seed`), a throw per k, chain renewal, and the views `/fair` and `/fair export`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{ChouetteRef, Club, ClubError, DiceSource, MatchRef};
use engine::fair::{
    CHAIN_LEN, FairId, Scheme, Secret, anchor_and_first, chain, chain_place, hex, secret_from_hex,
    throw_dice,
};
use engine::{Ruleset, Side};
use store::{FairChainRow, FairChange, FairRow, FairThrowRow};

use crate::fair::record::{LineDraw, Played};
use crate::fair::refusal::FairRefusal;

/// Which match or session a `/fair` command is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairRef {
    Match(MatchRef),
    Chouette(ChouetteRef),
}

/// What `/fair` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FairOp {
    /// The anchor, both seeds and the throws so far with their `s_k`.
    Show,
    /// The same as a JSON file for `scripts/verify_dice.py`.
    Export,
    /// Set my player seed (until the first throw).
    Seed(String),
}

/// A new hash chain whose first throw is `first_k`, from the source's secret bytes
/// (`None`: the source's throws are not provably fair).
#[must_use]
pub fn new_chain(src: &dyn DiceSource, first_k: u64) -> Option<FairChainRow> {
    new_chain_with_first(src, first_k).map(|(row, _)| row)
}

/// [`new_chain`] and the chain's first value `s_1`, met on the way to the anchor: a
/// command that makes the chain and its first throw (a league match started and accepted
/// at once) gives it to [`FairDice::knowing_first`] instead of hashing the chain twice.
#[must_use]
pub fn new_chain_with_first(src: &dyn DiceSource, first_k: u64) -> Option<(FairChainRow, Secret)> {
    let mut top: Secret = [0; 32];
    if !src.secret(&mut top) {
        return None;
    }
    let (anchor, first) = anchor_and_first(&top);
    let row = FairChainRow {
        first_k: i64::try_from(first_k).unwrap_or(i64::MAX),
        anchor: hex(&anchor),
        secret: hex(&top),
    };
    Some((row, first))
}

/// A default player seed: 16 secret bytes, hex.
fn default_seed(src: &dyn DiceSource) -> String {
    let mut b = [0u8; 16];
    src.secret(&mut b);
    hex(&b)
}

/// The fair-dice record of one match or session while a command works on it: the throws
/// it makes are collected and written with the command.
#[derive(Clone, Debug)]
pub struct FairDice {
    id: FairId,
    scheme: Scheme,
    rev: i64,
    seed_x: Option<String>,
    seed_o: Option<String>,
    pub(super) member_seeds: BTreeMap<i64, String>,
    next_k: u64,
    /// Every chain, oldest first; the last is in use.
    chains: Vec<FairChainRow>,
    new_chains: usize,
    /// The throws made by this command.
    throws: Vec<FairThrowRow>,
    /// The chain in use, `s_0` to `s_N`, once computed.
    cache: Option<(i64, Vec<Secret>)>,
    /// The first value of the chain beginning at a throw number, known from its making.
    first_value: Option<(i64, Secret)>,
    pub(super) changed: bool,
    lines: Vec<String>,
}

impl FairDice {
    /// A fresh record with its first chain (as written when a match is created).
    #[must_use]
    pub fn fresh(id: FairId, first: FairChainRow) -> FairDice {
        FairDice {
            id,
            scheme: Scheme::V2,
            rev: 1,
            seed_x: None,
            seed_o: None,
            member_seeds: BTreeMap::new(),
            next_k: 1,
            chains: vec![first],
            new_chains: 0,
            throws: Vec::new(),
            cache: None,
            first_value: None,
            changed: false,
            lines: Vec::new(),
        }
    }

    /// The same record, told the first value `s_1` of its newest chain (as
    /// [`new_chain_with_first`] gives it): that chain's first throw reveals it without
    /// hashing the chain again.
    #[must_use]
    pub fn knowing_first(mut self, first: Secret) -> FairDice {
        self.first_value = self.chains.last().map(|c| (c.first_k, first));
        self
    }

    /// The record as stored.
    ///
    /// # Errors
    /// A record that cannot be read.
    pub fn from_row(id: FairId, row: FairRow) -> Result<FairDice, String> {
        if row.chains.is_empty() {
            return Err("a fair-dice record without a chain".into());
        }
        Ok(FairDice {
            id,
            scheme: Scheme::from_name(&row.scheme)
                .ok_or_else(|| format!("unknown fair-dice scheme `{}`", row.scheme))?,
            rev: row.rev,
            seed_x: row.seed_x,
            seed_o: row.seed_o,
            member_seeds: serde_json::from_str(&row.member_seeds).map_err(|e| e.to_string())?,
            next_k: u64::try_from(row.next_k).map_err(|e| e.to_string())?,
            chains: row.chains,
            new_chains: 0,
            throws: Vec::new(),
            cache: None,
            first_value: None,
            changed: false,
            lines: Vec::new(),
        })
    }

    /// The id as in the HMAC message.
    #[must_use]
    pub fn id(&self) -> FairId {
        self.id
    }

    /// The scheme its throws follow.
    #[must_use]
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The record under another scheme (tests of the v1 records kept from before v2).
    #[must_use]
    pub fn with_scheme(mut self, scheme: Scheme) -> FairDice {
        self.scheme = scheme;
        self
    }

    /// The player seeds, X then O (`None`: not fixed yet).
    #[must_use]
    pub fn seeds(&self) -> [Option<&str>; 2] {
        [self.seed_x.as_deref(), self.seed_o.as_deref()]
    }

    /// The number the next throw gets.
    #[must_use]
    pub fn next_k(&self) -> u64 {
        self.next_k
    }

    /// Every chain so far (with the ones this command began), oldest first.
    #[must_use]
    pub fn chains(&self) -> &[FairChainRow] {
        &self.chains
    }

    /// The throws this command made.
    #[must_use]
    pub fn throws(&self) -> &[FairThrowRow] {
        &self.throws
    }

    /// Sets a side's seed.
    pub fn set_seed(&mut self, side: Side, seed: String) {
        match side {
            Side::X => self.seed_x = Some(seed),
            Side::O => self.seed_o = Some(seed),
        }
        self.changed = true;
    }

    /// Fills in a default seed (16 secret bytes, hex) for a side that set none.
    pub fn default_seeds(&mut self, src: &dyn DiceSource) {
        if self.seed_x.is_none() {
            self.seed_x = Some(default_seed(src));
            self.changed = true;
        }
        if self.seed_o.is_none() {
            self.seed_o = Some(default_seed(src));
            self.changed = true;
        }
    }

    /// The lines to show from the throws made (a new chain's anchor).
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    /// The chain value `s_k` throw `k` reveals (from the chain in use).
    fn value(&mut self, k: u64) -> Result<Secret, String> {
        let (first, place) = chain_place(k);
        let current = self
            .chains
            .last()
            .filter(|c| c.first_k == i64::try_from(first).unwrap_or(-1))
            .ok_or_else(|| format!("the fair dice have no chain for throw {k}"))?;
        if let Some((f, s)) = self.first_value {
            if place == 1 && f == current.first_k {
                return Ok(s);
            }
        }
        if self
            .cache
            .as_ref()
            .is_none_or(|(f, _)| *f != current.first_k)
        {
            let top = secret_from_hex(&current.secret)
                .ok_or_else(|| "a stored chain secret cannot be read".to_string())?;
            self.cache = Some((current.first_k, chain(&top)));
        }
        let values = &self.cache.as_ref().map(|c| &c.1).ok_or("no chain")?;
        Ok(values[usize::try_from(place).unwrap_or(0)])
    }

    /// A chouette's line drawn from the chain (v2; `docs/fair-dice.md`): the players in
    /// the order they joined get a seed each (their own, set with `/fair seed`, or 16
    /// random bytes), and the first throw's chain value `s_1` with those seeds orders them
    /// ([`engine::fair::line_order`]). `None` under v1 or once a throw is made.
    ///
    /// # Errors
    /// No chain to draw from.
    pub fn draw_line(
        &mut self,
        players: &[i64],
        src: &dyn DiceSource,
    ) -> Result<Option<Vec<i64>>, String> {
        if self.scheme != Scheme::V2 || self.next_k != 1 {
            return Ok(None);
        }
        for p in players {
            if !self.member_seeds.contains_key(p) {
                self.member_seeds.insert(*p, default_seed(src));
                self.changed = true;
            }
        }
        let s = self.value(1)?;
        let seeds: Vec<&str> = players
            .iter()
            .map(|p| self.member_seeds[p].as_str())
            .collect();
        let order = engine::fair::line_order(&s, self.id, &seeds);
        Ok(Some(order.into_iter().map(|i| players[i]).collect()))
    }

    /// Makes throw number `next_k` of `count` dice (2, or 1) and reveals its `s_k`; after
    /// the last throw of a chain the next chain is begun and its anchor announced.
    ///
    /// # Errors
    /// No chain for the throw, or no secret for the next chain.
    pub fn throw(&mut self, count: usize, src: &dyn DiceSource) -> Result<Vec<u8>, String> {
        let k = self.next_k;
        if k == 1 {
            // The seeds are fixed by the first throw: a side that set none gets one now.
            self.default_seeds(src);
            if let FairId::Match(n) = self.id {
                self.lines.push(format!(
                    "Fair dice seeds for match #{n}, fixed with its first throw: X `{}`, O `{}`",
                    self.seed_x.as_deref().unwrap_or_default(),
                    self.seed_o.as_deref().unwrap_or_default()
                ));
            }
        }
        self.default_seeds(src);
        let (_, place) = chain_place(k);
        let s = self.value(k)?;
        self.first_value = None;
        let msg = self.scheme.message(
            self.id,
            k,
            self.seed_x.as_deref().unwrap_or_default(),
            self.seed_o.as_deref().unwrap_or_default(),
        );
        let dice = throw_dice(&s, &msg, count);
        self.throws.push(FairThrowRow {
            k: i64::try_from(k).unwrap_or(i64::MAX),
            s: hex(&s),
            dice: serde_json::to_string(&dice).map_err(|e| e.to_string())?,
        });
        self.next_k = k + 1;
        self.changed = true;
        if place == CHAIN_LEN {
            let next = new_chain(src, k + 1)
                .ok_or_else(|| "no secret for the next chain of fair dice".to_string())?;
            self.lines.push(format!(
                "Fair dice: throw {k} used up the chain; the next chain's anchor (throws {} to {}) is {}",
                k + 1,
                k + CHAIN_LEN,
                next.anchor
            ));
            self.chains.push(next);
            self.new_chains += 1;
        }
        Ok(dice)
    }

    /// What to write with the command (`None`: nothing changed).
    ///
    /// # Errors
    /// The players' seeds cannot be encoded (nothing is to be written then).
    pub fn change(&self) -> Result<Option<FairChange>, ClubError> {
        if !self.changed {
            return Ok(None);
        }
        Ok(Some(FairChange {
            owner: self.id.to_string(),
            expected_rev: self.rev,
            seed_x: self.seed_x.clone(),
            seed_o: self.seed_o.clone(),
            member_seeds: crate::kernel::error::json(&self.member_seeds)?,
            next_k: i64::try_from(self.next_k).unwrap_or(i64::MAX),
            throws: self.throws.clone(),
            chains: self.chains[self.chains.len() - self.new_chains..].to_vec(),
        }))
    }

    /// The seeds the line's players set before the first throw (chouettes).
    #[must_use]
    pub fn member_seed(&self, player: i64) -> Option<&str> {
        self.member_seeds.get(&player).map(String::as_str)
    }
}

/// One throw in an export.
#[derive(Serialize)]
struct ExportThrow {
    k: i64,
    s: String,
    dice: Vec<u8>,
}

/// A later chain in an export.
#[derive(Serialize)]
struct ExportAnchor {
    k: i64,
    anchor: String,
}

#[derive(Serialize)]
struct Export<'a> {
    scheme: &'static str,
    /// `standard` or `welsh`: only a Welsh match's game record may hold nominated throws.
    ruleset: &'static str,
    match_id: serde_json::Value,
    anchor: &'a str,
    seed_x: Option<&'a str>,
    seed_o: Option<&'a str>,
    /// The number of throws proven.
    count: usize,
    throws: Vec<ExportThrow>,
    anchors: Vec<ExportAnchor>,
    /// The game's throws as played, in order (absent: not given).
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<&'a [Played]>,
    /// A chouette's line and the seeds it was drawn from.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<&'a LineDraw>,
}

/// What an export holds beside the proof: the ruleset played (a chouette's: standard),
/// the game's throws as played and a chouette's line draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameRecord<'a> {
    pub ruleset: Ruleset,
    pub played: Option<&'a [Played]>,
    pub line: Option<&'a LineDraw>,
}

/// The export of a record and its throws: `{"scheme", "ruleset", "match_id", "anchor", "seed_x",
/// "seed_o", "count", "throws": [{"k", "s", "dice"}], "anchors": [{"k", "anchor"}],
/// "played": [{"by", "what", "dice", "play", "nominated"}], "line": {"members",
/// "shuffled", "line"}}` (`docs/fair-dice.md`).
#[must_use]
pub fn export_json(
    fair: &FairDice,
    chains: &[FairChainRow],
    throws: &[FairThrowRow],
    game: GameRecord<'_>,
) -> String {
    let id = fair.id();
    let seeds = fair.seeds();
    let e = Export {
        scheme: fair.scheme().name(),
        ruleset: game.ruleset.as_str(),
        match_id: match id {
            FairId::Match(n) => serde_json::Value::from(n),
            FairId::Chouette(_) => serde_json::Value::from(id.to_string()),
        },
        anchor: chains.first().map_or("", |c| c.anchor.as_str()),
        seed_x: seeds[0],
        seed_o: seeds[1],
        count: throws.len(),
        throws: throws
            .iter()
            .map(|t| ExportThrow {
                k: t.k,
                s: t.s.clone(),
                dice: serde_json::from_str(&t.dice).unwrap_or_default(),
            })
            .collect(),
        anchors: chains
            .iter()
            .skip(1)
            .map(|c| ExportAnchor {
                k: c.first_k,
                anchor: c.anchor.clone(),
            })
            .collect(),
        played: game.played,
        line: game.line,
    };
    serde_json::to_string_pretty(&e).unwrap_or_default()
}

/// Whether throws are provably fair (production dice).
fn fair_mode(club: &Club) -> bool {
    club.dice.secret(&mut [])
}

/// The fair-dice record of `id`, when throws are provably fair and it has one.
pub(super) async fn fair_record(club: &Club, id: FairId) -> Result<Option<FairDice>, ClubError> {
    if !fair_mode(club) {
        return Ok(None);
    }
    match club.store.load_fair(&id.to_string()).await? {
        Some(row) => Ok(Some(FairDice::from_row(id, row).map_err(|e| {
            ClubError::Corrupt(
                match id {
                    FairId::Match(n) | FairId::Chouette(n) => n,
                },
                e,
            )
        })?)),
        None => Ok(None),
    }
}

/// A throw of `count` dice: from the record's chain when there is one, else from the
/// dice source (two dice rolled in either case, the first kept for one die, as before).
pub(super) fn fair_throw(
    club: &Club,
    fair: Option<&mut FairDice>,
    count: usize,
    lines: &mut Vec<String>,
) -> Result<(u8, u8), ClubError> {
    match fair {
        Some(f) => {
            // Free text: the fair dice say in words why they cannot throw (no chain, no
            // secret for the next one).
            let d = f.throw(count, &*club.dice).map_err(FairRefusal::Chain)?;
            lines.extend(f.take_lines());
            Ok((d[0], d.get(1).copied().unwrap_or(0)))
        }
        None => Ok((club.dice.die(), club.dice.die())),
    }
}

#[cfg(test)]
mod tests {
    use super::{FairDice, new_chain_with_first};
    use crate::RngDice;
    use engine::Side;
    use engine::fair::FairId;

    #[test]
    fn a_first_throw_told_the_chains_first_value_is_the_throw_made_without_it() {
        let (row, first) = new_chain_with_first(&RngDice::fair_seeded(7), 1).unwrap();
        let src = RngDice::fair_seeded(8);
        let mut told = FairDice::fresh(FairId::Match(3), row.clone()).knowing_first(first);
        let mut plain = FairDice::fresh(FairId::Match(3), row);
        for f in [&mut told, &mut plain] {
            f.set_seed(Side::X, "x".into());
            f.set_seed(Side::O, "o".into());
        }
        for _ in 0..3 {
            assert_eq!(told.throw(2, &src).unwrap(), plain.throw(2, &src).unwrap());
        }
        assert_eq!(told.throws(), plain.throws());
    }
}
