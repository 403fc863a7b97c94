//! The web companion's tests: plain HTTP (`http_pages`: links, 404s, headers, escaping,
//! downloads) and a real browser (`web_browser`: headless Chromium through chromedriver).

mod bidi;
mod cache_keys;
mod chouette_page;
mod common;
mod gzip;
mod http_pages;
mod league_page;
mod page_cache;
mod player_page;
mod private;
mod shedding;
mod web_browser;
