//! Pages already rendered, kept with the stamp they were rendered at (`docs/web.md`).
//! A request reads the page's stamp from the database (one or two cheap indexed
//! queries) and is answered from memory when the stamp is the same: every process
//! serving the same database sees every committed change, so no page is ever stale.
//! A page is kept gzipped only (most clients accept gzip: served as is, the compression
//! layer leaves it alone; the rare other client gets it inflated), and the cache
//! (quick_cache, evicting one page at a time) is bounded by the bytes it holds, not by a
//! count of pages. A page is an HTML page or another text answer (the dice export).

use std::future::Future;
use std::io::{Read, Write};
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use club::{ClubError, PageStamp};

use crate::respond::{PRIVATE, answer, failed, not_found};
use crate::serve::Renders;

/// The type of an HTML page.
pub(crate) const HTML: &str = "text/html; charset=utf-8";

/// A page as rendered, gzipped, and its type.
pub(crate) struct Page {
    gzipped: Bytes,
    kind: &'static str,
}

impl Page {
    /// The page gzipped (`None` if it could not be: it is then served as it is, not kept).
    fn new(plain: &str, kind: &'static str) -> Option<Page> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(plain.as_bytes()).ok()?;
        Some(Page {
            gzipped: gz.finish().ok()?.into(),
            kind,
        })
    }

    /// The answer: gzipped when the client accepts it, else inflated again.
    fn answer(&self, gzip: bool) -> Response {
        if gzip {
            let mut r = answer(StatusCode::OK, self.kind, PRIVATE, self.gzipped.clone());
            let h = r.headers_mut();
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return r;
        }
        let mut plain = String::new();
        match flate2::read::GzDecoder::new(&self.gzipped[..]).read_to_string(&mut plain) {
            Ok(_) => answer(StatusCode::OK, self.kind, PRIVATE, plain),
            Err(e) => failed(&format!("a kept page: {e}")),
        }
    }
}

/// How many bytes of gzipped pages are kept (a 7-point match's page of 1 500 steps is
/// about 15 KB gzipped, a live one 3 KB: thousands of pages). Past it, the cache drops
/// pages one at a time, the least used first.
const BYTES_KEPT: u64 = 32 << 20;

/// A kept page: the stamp it was rendered at, and the page.
type Kept = (PageStamp, Arc<Page>);

/// A kept page's weight: its bytes.
#[derive(Clone)]
struct Bytesize;

impl quick_cache::Weighter<String, Kept> for Bytesize {
    fn weight(&self, key: &String, (_, page): &Kept) -> u64 {
        (key.len() + page.gzipped.len()) as u64
    }
}

/// Rendered pages by address, with the stamp each was rendered at, and their bytes (at
/// most the budget).
pub(crate) struct PageCache {
    kept: quick_cache::sync::Cache<String, Kept, Bytesize>,
}

impl Default for PageCache {
    fn default() -> PageCache {
        PageCache::with_budget(BYTES_KEPT)
    }
}

impl PageCache {
    fn with_budget(budget: u64) -> PageCache {
        // About 4 KB a page.
        let items = usize::try_from(budget / 4096).unwrap_or(usize::MAX).max(16);
        PageCache {
            kept: quick_cache::sync::Cache::with_weighter(items, budget, Bytesize),
        }
    }

    fn get(&self, key: &str, stamp: &PageStamp) -> Option<Arc<Page>> {
        self.kept
            .get(key)
            .filter(|(s, _)| s == stamp)
            .map(|(_, page)| page)
    }

    fn put(&self, key: String, stamp: PageStamp, page: Arc<Page>) {
        self.kept.insert(key, (stamp, page));
    }

    /// The HTML page at `key` whose stamp is `stamp` (read before rendering, so a page
    /// kept is never older than its stamp): from memory when kept at that stamp, else
    /// rendered by `render` in one of `renders`' slots and kept; gzipped when `gzip`
    /// (the client accepts it). `None` from either: 404.
    pub(crate) async fn page<F>(
        &self,
        renders: &Renders,
        gzip: bool,
        key: String,
        stamp: Result<Option<PageStamp>, ClubError>,
        render: F,
    ) -> Response
    where
        F: Future<Output = Result<Option<String>, ClubError>>,
    {
        self.page_of(HTML, renders, gzip, key, stamp, render).await
    }

    /// [`PageCache::page`] for a page of type `kind`.
    pub(crate) async fn page_of<F>(
        &self,
        kind: &'static str,
        renders: &Renders,
        gzip: bool,
        key: String,
        stamp: Result<Option<PageStamp>, ClubError>,
        render: F,
    ) -> Response
    where
        F: Future<Output = Result<Option<String>, ClubError>>,
    {
        let stamp = match stamp {
            Ok(Some(s)) => s,
            Ok(None) => return not_found(),
            Err(e) => return failed(&e),
        };
        if let Some(page) = self.get(&key, &stamp) {
            return page.answer(gzip);
        }
        let _slot = match renders.slot().await {
            Ok(slot) => slot,
            Err(busy) => return busy,
        };
        match render.await {
            Ok(Some(plain)) => match Page::new(&plain, kind) {
                Some(page) => {
                    let page = Arc::new(page);
                    self.put(key, stamp, Arc::clone(&page));
                    page.answer(gzip)
                }
                None => answer(StatusCode::OK, kind, PRIVATE, plain),
            },
            Ok(None) => not_found(),
            Err(e) => failed(&e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_its_bytes_under_its_budget_and_drops_pages_one_at_a_time() {
        let cache = PageCache::with_budget(400_000);
        let mut text = String::new();
        for i in 0..2_000u32 {
            // Digits gzip poorly enough: a few KB each.
            text.push_str(&format!("{}", i.wrapping_mul(2_654_435_761)));
        }
        let mut kept_before = 0;
        for k in 0..200 {
            let page = Arc::new(Page::new(&format!("{k}{text}"), HTML).unwrap());
            cache.put(format!("/m/{k}"), PageStamp::default(), page);
            assert!(cache.kept.weight() <= 400_000, "{}", cache.kept.weight());
            let kept = cache.kept.len();
            assert!(
                kept + 3 >= kept_before,
                "not emptied: {kept_before} then {kept}"
            );
            kept_before = kept;
        }
        assert!(cache.kept.len() > 20, "{}", cache.kept.len());
    }

    #[test]
    fn a_kept_page_is_served_gzipped_or_inflated_to_the_same_text() {
        let page = Page::new("<p>a page</p>", HTML).unwrap();
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&page.gzipped[..])
            .read_to_string(&mut plain)
            .unwrap();
        assert_eq!(plain, "<p>a page</p>");
        let r = page.answer(true);
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        let r = page.answer(false);
        assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
    }
}
