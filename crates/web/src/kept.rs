//! What is kept besides the pages (`page_cache`), each keyed by what it serves and
//! evicted one entry at a time (quick_cache): a match's replay by the match's stamp (the
//! page at any step, the dice page and every board read it, rather than replaying the
//! match each), boards by match and step (a past board never changes), and rating charts
//! by their version (the history they draw).

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use club::{MatchPage, PageStamp};

/// How many drawn boards are kept in memory (a past board never changes).
pub(crate) const BOARDS_KEPT: usize = 512;

/// How many boards of replays are kept (a 7-point match is about 1 500).
const FRAMES_KEPT: u64 = 20_000;

/// How many rating charts are kept.
const CHARTS_KEPT: usize = 256;

/// A board's key: its match (or chouette: the session's id negated) and step.
pub(crate) type BoardKey = (i64, usize);

/// Boards already drawn, by match and step.
pub(crate) struct BoardCache(quick_cache::sync::Cache<BoardKey, Arc<Vec<u8>>>);

impl Default for BoardCache {
    fn default() -> BoardCache {
        BoardCache::with_capacity(BOARDS_KEPT)
    }
}

impl BoardCache {
    fn with_capacity(boards: usize) -> BoardCache {
        BoardCache(quick_cache::sync::Cache::new(boards))
    }

    pub(crate) fn get(&self, key: BoardKey) -> Option<Arc<Vec<u8>>> {
        self.0.get(&key)
    }

    pub(crate) fn put(&self, key: BoardKey, png: Arc<Vec<u8>>) {
        self.0.insert(key, png);
    }
}

/// A match's replay as its pages read it, at a stamp.
pub(crate) struct Replay {
    /// The stamp it was read at.
    pub(crate) stamp: PageStamp,
    /// The page: the names, the terms, every step's board and words.
    pub(crate) page: MatchPage,
    /// The name of its file (`None` before it is accepted).
    pub(crate) file: Option<String>,
}

/// A replay's weight: its boards.
#[derive(Clone)]
struct Frames;

impl quick_cache::Weighter<i64, Arc<Replay>> for Frames {
    fn weight(&self, _: &i64, replay: &Arc<Replay>) -> u64 {
        replay.page.frames.len() as u64 + 1
    }
}

/// Replays by match, each with the stamp it was read at.
pub(crate) struct Replays(quick_cache::sync::Cache<i64, Arc<Replay>, Frames>);

impl Default for Replays {
    fn default() -> Replays {
        Replays(quick_cache::sync::Cache::with_weighter(
            256,
            FRAMES_KEPT,
            Frames,
        ))
    }
}

impl Replays {
    /// Match `id`'s replay if kept at `stamp`.
    pub(crate) fn get(&self, id: i64, stamp: &PageStamp) -> Option<Arc<Replay>> {
        self.0.get(&id).filter(|r| &r.stamp == stamp)
    }

    pub(crate) fn put(&self, id: i64, replay: Arc<Replay>) {
        self.0.insert(id, replay);
    }
}

/// Rating charts by page token and ruleset, each with the version of the history it
/// draws.
pub(crate) struct ChartCache(quick_cache::sync::Cache<String, (u64, Arc<Vec<u8>>)>);

impl Default for ChartCache {
    fn default() -> ChartCache {
        ChartCache(quick_cache::sync::Cache::new(CHARTS_KEPT))
    }
}

impl ChartCache {
    /// The version of `history`: a digest of what the chart draws.
    pub(crate) fn version(history: &render::RatingHistory) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        history.name.hash(&mut h);
        history.ruleset.hash(&mut h);
        for r in &history.ratings {
            r.to_bits().hash(&mut h);
        }
        h.finish()
    }

    /// The version of a PR history: a digest of what its chart draws.
    pub(crate) fn pr_version(history: &render::PrHistory) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        history.name.hash(&mut h);
        history.window.hash(&mut h);
        for p in &history.points {
            p.pr.to_bits().hash(&mut h);
            p.rolling.to_bits().hash(&mut h);
            p.band.map(|(a, b)| (a.to_bits(), b.to_bits())).hash(&mut h);
        }
        h.finish()
    }

    /// The chart at `key` if kept at `version`.
    pub(crate) fn get(&self, key: &str, version: u64) -> Option<Arc<Vec<u8>>> {
        self.0
            .get(key)
            .filter(|(v, _)| *v == version)
            .map(|(_, png)| png)
    }

    pub(crate) fn put(&self, key: String, version: u64, png: Arc<Vec<u8>>) {
        self.0.insert(key, (version, png));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_past_the_capacity_are_evicted_one_at_a_time() {
        let boards = BoardCache::default();
        for n in 0..BOARDS_KEPT {
            boards.put((1, n), Arc::new(vec![0]));
        }
        let full = (0..BOARDS_KEPT)
            .filter(|&n| boards.get((1, n)).is_some())
            .count();
        boards.put((1, BOARDS_KEPT), Arc::new(vec![0]));
        let after = (0..=BOARDS_KEPT)
            .filter(|&n| boards.get((1, n)).is_some())
            .count();
        assert!(
            after + 2 >= full && full > BOARDS_KEPT * 3 / 4,
            "{full} kept, then {after}"
        );
    }
}
