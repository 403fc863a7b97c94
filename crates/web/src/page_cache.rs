//! Pages already rendered, kept with the stamp they were rendered at (`docs/web.md`).
//! A request reads the page's stamp from the database (one or two cheap indexed
//! queries) and is answered from memory when the stamp is the same: every process
//! serving the same database sees every committed change, so no page is ever stale.
//! A page is kept gzipped too, for the clients that accept it (most): served as is, the
//! compression layer leaves it alone.

use std::collections::HashMap;
use std::future::Future;
use std::io::Write;
use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use club::{ClubError, PageStamp};

use crate::routes::{failed, html, not_found};

/// A page as rendered, and gzipped.
pub(crate) struct Page {
    plain: String,
    gzipped: Option<Vec<u8>>,
}

impl Page {
    fn new(plain: String) -> Page {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let gzipped = gz
            .write_all(plain.as_bytes())
            .and_then(|()| gz.finish())
            .ok();
        Page { plain, gzipped }
    }

    /// The answer: gzipped when the client accepts it.
    fn answer(&self, gzip: bool) -> Response {
        match (&self.gzipped, gzip) {
            (Some(gz), true) => {
                let mut r = html(String::new());
                *r.body_mut() = gz.clone().into();
                let h = r.headers_mut();
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
                r
            }
            _ => html(self.plain.clone()),
        }
    }
}

/// Whether the request's `Accept-Encoding` accepts gzip (not with `q=0`).
pub(crate) fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts.next().is_some_and(|c| c.eq_ignore_ascii_case("gzip"))
                && parts.all(|p| {
                    !p.strip_prefix("q=")
                        .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0))
                })
        })
}

/// How many rendered pages are kept (the whole cache is dropped when full, as the
/// boards').
const PAGES_KEPT: usize = 256;

/// Rendered pages by address, with the stamp each was rendered at.
#[derive(Default)]
pub(crate) struct PageCache(Mutex<HashMap<String, (PageStamp, Arc<Page>)>>);

impl PageCache {
    fn get(&self, key: &str, stamp: &PageStamp) -> Option<Arc<Page>> {
        let map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.get(key)
            .filter(|(s, _)| s == stamp)
            .map(|(_, page)| Arc::clone(page))
    }

    fn put(&self, key: String, stamp: PageStamp, page: Arc<Page>) {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if map.len() >= PAGES_KEPT && !map.contains_key(&key) {
            map.clear();
        }
        map.insert(key, (stamp, page));
    }

    /// The page at `key` whose stamp is `stamp` (read before rendering, so a page
    /// kept is never older than its stamp): from memory when kept at that stamp, else
    /// rendered by `render` and kept; gzipped when `gzip` (the client accepts it).
    /// `None` from either: 404.
    pub(crate) async fn page<F>(
        &self,
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
        match render.await {
            Ok(Some(page)) => {
                let page = Arc::new(Page::new(page));
                self.put(key, stamp, Arc::clone(&page));
                page.answer(gzip)
            }
            Ok(None) => not_found(),
            Err(e) => failed(&e),
        }
    }
}
