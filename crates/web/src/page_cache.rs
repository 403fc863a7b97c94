//! Pages already rendered, kept with the stamp they were rendered at (`docs/web.md`).
//! A request reads the page's stamp from the database (one or two cheap indexed
//! queries) and is answered from memory when the stamp is the same: every process
//! serving the same database sees every committed change, so no page is ever stale.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use axum::response::Response;
use club::{ClubError, PageStamp};

use crate::routes::{failed, html, not_found};

/// How many rendered pages are kept (the whole cache is dropped when full, as the
/// boards').
const PAGES_KEPT: usize = 256;

/// Rendered pages by address, with the stamp each was rendered at.
#[derive(Default)]
pub(crate) struct PageCache(Mutex<HashMap<String, (PageStamp, Arc<String>)>>);

impl PageCache {
    fn get(&self, key: &str, stamp: &PageStamp) -> Option<Arc<String>> {
        let map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.get(key)
            .filter(|(s, _)| s == stamp)
            .map(|(_, page)| Arc::clone(page))
    }

    fn put(&self, key: String, stamp: PageStamp, page: Arc<String>) {
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
    /// rendered by `render` and kept. `None` from either: 404.
    pub(crate) async fn page<F>(
        &self,
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
            return html(page.as_ref().clone());
        }
        match render.await {
            Ok(Some(page)) => {
                let page = Arc::new(page);
                self.put(key, stamp, Arc::clone(&page));
                html(page.as_ref().clone())
            }
            Ok(None) => not_found(),
            Err(e) => failed(&e),
        }
    }
}
