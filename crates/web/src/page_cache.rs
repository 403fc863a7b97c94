//! Pages already rendered, kept with the stamp they were rendered at (`docs/web.md`).
//! A request reads the page's stamp from the database (one or two cheap indexed
//! queries) and is answered from memory when the stamp is the same: every process
//! serving the same database sees every committed change, so no page is ever stale.
//! A page is kept gzipped only (most clients accept gzip: served as is, the compression
//! layer leaves it alone; the rare other client gets it inflated), and the cache is
//! bounded by the bytes it holds, not by a count of pages.

use std::collections::HashMap;
use std::future::Future;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use club::{ClubError, PageStamp};

use crate::respond::{failed, html, not_found};
use crate::serve::Renders;

/// A page as rendered, gzipped.
pub(crate) struct Page {
    gzipped: Bytes,
}

impl Page {
    /// The page gzipped (`None` if it could not be: it is then served as it is, not kept).
    fn new(plain: &str) -> Option<Page> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(plain.as_bytes()).ok()?;
        Some(Page {
            gzipped: gz.finish().ok()?.into(),
        })
    }

    /// The answer: gzipped when the client accepts it, else inflated again.
    fn answer(&self, gzip: bool) -> Response {
        if gzip {
            let mut r = html(String::new());
            *r.body_mut() = self.gzipped.clone().into();
            let h = r.headers_mut();
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return r;
        }
        let mut plain = String::new();
        match flate2::read::GzDecoder::new(&self.gzipped[..]).read_to_string(&mut plain) {
            Ok(_) => html(plain),
            Err(e) => failed(&format!("a kept page: {e}")),
        }
    }
}

/// How many bytes of gzipped pages are kept (a 7-point match's page of 1 500 steps is
/// about 15 KB gzipped, a live one 3 KB: thousands of pages). Past it, pages are dropped
/// (any, until a quarter is free).
const BYTES_KEPT: usize = 32 << 20;

/// Rendered pages by address, with the stamp each was rendered at, and their bytes (at
/// most `budget`).
pub(crate) struct PageCache {
    kept: Mutex<Kept>,
    budget: usize,
}

impl Default for PageCache {
    fn default() -> PageCache {
        PageCache::with_budget(BYTES_KEPT)
    }
}

#[derive(Default)]
struct Kept {
    pages: HashMap<String, (PageStamp, Arc<Page>)>,
    bytes: usize,
}

impl PageCache {
    fn with_budget(budget: usize) -> PageCache {
        PageCache {
            kept: Mutex::default(),
            budget,
        }
    }

    fn get(&self, key: &str, stamp: &PageStamp) -> Option<Arc<Page>> {
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.pages
            .get(key)
            .filter(|(s, _)| s == stamp)
            .map(|(_, page)| Arc::clone(page))
    }

    fn put(&self, key: String, stamp: PageStamp, page: Arc<Page>) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let size = key.len() + page.gzipped.len();
        if let Some((_, old)) = kept.pages.remove(&key) {
            kept.bytes -= key.len() + old.gzipped.len();
        }
        if kept.bytes + size > self.budget {
            let room = self.budget / 4 * 3;
            let mut dropped = Vec::new();
            let mut bytes = kept.bytes;
            for (k, (_, p)) in &kept.pages {
                if bytes + size <= room {
                    break;
                }
                bytes -= k.len() + p.gzipped.len();
                dropped.push(k.clone());
            }
            for k in dropped {
                kept.pages.remove(&k);
            }
            kept.bytes = bytes;
        }
        kept.bytes += size;
        kept.pages.insert(key, (stamp, page));
    }

    /// The page at `key` whose stamp is `stamp` (read before rendering, so a page
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
            Ok(Some(plain)) => match Page::new(&plain) {
                Some(page) => {
                    let page = Arc::new(page);
                    self.put(key, stamp, Arc::clone(&page));
                    page.answer(gzip)
                }
                None => html(plain),
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
    fn the_cache_keeps_its_bytes_under_its_budget_and_the_page_just_kept() {
        let cache = PageCache::with_budget(40_000);
        let mut text = String::new();
        for i in 0..2_000u32 {
            // Digits gzip poorly enough: a few KB each.
            text.push_str(&format!("{}", i.wrapping_mul(2_654_435_761)));
        }
        for k in 0..100 {
            let page = Arc::new(Page::new(&format!("{k}{text}")).unwrap());
            cache.put(format!("/m/{k}"), PageStamp::default(), page);
            let kept = cache.kept.lock().unwrap();
            let counted: usize = kept
                .pages
                .iter()
                .map(|(key, (_, p))| key.len() + p.gzipped.len())
                .sum();
            assert_eq!(kept.bytes, counted);
            assert!(kept.bytes <= 40_000, "{} bytes", kept.bytes);
            drop(kept);
            assert!(
                cache
                    .get(&format!("/m/{k}"), &PageStamp::default())
                    .is_some()
            );
        }
        assert!(cache.kept.lock().unwrap().pages.len() > 2);
    }

    #[test]
    fn a_kept_page_is_served_gzipped_or_inflated_to_the_same_text() {
        let page = Page::new("<p>a page</p>").unwrap();
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
