//! The handlers: every route under `/m/{token}` first resolves the token through the club
//! (a token that finds nothing: 404, as for any other address), then reads the match;
//! `/p/{token}` resolves a player's token the same way.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::get;

use crate::Web;
use crate::chouette_page::chouette_html;
use crate::kept::{ChartCache, Replay};
use crate::match_page::{dice_html, match_html};
use crate::player_page::player_html;
use crate::respond::{
    PRIVATE, PRIVATE_IMMUTABLE, accepts_gzip, answer, failed, html, not_found, png_name,
};

/// The stylesheet and the scripts, served as files (the CSP allows no inline ones).
const CSS: &str = include_str!("../static/web.css");
const MATCH_JS: &str = include_str!("../static/match.js");
const DICE_JS: &str = include_str!("../static/dice.js");
const ICON: &str = include_str!("../static/icon.svg");

/// Every route.
pub(crate) fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/m/{token}", get(match_page))
        .route("/m/{token}/board/{file}", get(board))
        .route("/m/{token}/version.json", get(version))
        .route("/m/{token}/file", get(file))
        .route("/m/{token}/dice.json", get(dice_json))
        .route("/m/{token}/dice", get(dice_page))
        .route("/c/{token}", get(chouette_page))
        .route("/c/{token}/board/{file}", get(chouette_board))
        .route("/c/{token}/version.json", get(chouette_version))
        .route("/p/{token}", get(player))
        .route("/p/{token}/rating/{file}", get(rating_chart))
        .route("/p/{token}/pr.png", get(pr_chart))
        .route("/static/web.css", get(|| async { asset(CSS, "text/css") }))
        .route(
            "/static/match.js",
            get(|| async { asset(MATCH_JS, "text/javascript") }),
        )
        .route(
            "/static/dice.js",
            get(|| async { asset(DICE_JS, "text/javascript") }),
        )
        .route(
            "/static/icon.svg",
            get(|| async { asset(ICON, "image/svg+xml") }),
        )
        .merge(crate::league_routes::routes())
        .fallback(|| async { not_found() })
}

/// A file of this server.
fn asset(text: &'static str, kind: &str) -> Response {
    let kind = format!("{kind}; charset=utf-8");
    answer(StatusCode::OK, &kind, "public, max-age=300", text)
}

/// The match of `token`, or the answer that it finds nothing.
async fn resolve(web: &Web, token: &str) -> Result<club::MatchNo, Response> {
    match web.club.web().resolve_match_link(token).await {
        Ok(Some(id)) => Ok(id.into()),
        Ok(None) => Err(not_found()),
        Err(e) => Err(failed(&e)),
    }
}

/// The step asked for by `?n=`.
fn step_asked(uri: &Uri) -> Option<usize> {
    uri.query()?
        .split('&')
        .find_map(|kv| kv.strip_prefix("n="))
        .and_then(|n| n.parse().ok())
}

/// Match `id`'s replay at its stamp now: kept, else read in a render slot and kept.
/// `None`: no such match.
async fn replay(web: &Web, id: club::MatchNo) -> Result<Arc<Replay>, Response> {
    let stamp = match web.club.web().match_page_stamp(id).await {
        Ok(Some(s)) => s,
        Ok(None) => return Err(not_found()),
        Err(e) => return Err(failed(&e)),
    };
    if let Some(r) = web.replays.get(id.get(), &stamp) {
        return Ok(r);
    }
    let _slot = web.renders.slot().await?;
    let read = async {
        let page = web.club.web().match_page(id).await?;
        let file = web.club.web().match_file(id).await?.map(|a| a.name);
        Ok::<_, club::ClubError>((page, file))
    };
    match read.await {
        Ok((page, file)) => {
            let r = Arc::new(Replay { stamp, page, file });
            web.replays.put(id.get(), Arc::clone(&r));
            Ok(r)
        }
        Err(e) => Err(failed(&e)),
    }
}

/// The match page at the step asked for, clamped to the last: kept by that step (an
/// address past the last step is the last step's page, not a new one).
async fn match_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let id = match resolve(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    let replay = match replay(&web, id).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let count = replay.page.frames.len();
    let at = step_asked(&uri)
        .unwrap_or(usize::MAX)
        .min(count.saturating_sub(1));
    let key = format!("/m/{token}?n={at}");
    let render = async {
        Ok(Some(match_html(
            &token,
            &replay.page,
            Some(at),
            replay.file.as_deref(),
        )))
    };
    let stamp = Ok(Some(replay.stamp.clone()));
    web.pages
        .page(&web.renders, accepts_gzip(&headers), key, stamp, render)
        .await
}

async fn board(
    State(web): State<Arc<Web>>,
    Path((token, file)): Path<(String, String)>,
) -> Response {
    let Some(n) = png_name(&file) else {
        return not_found();
    };
    let id = match resolve(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    let frame = async {
        let replay: Arc<Replay> = replay(&web, id).await?;
        Ok(replay
            .page
            .frames
            .get(n)
            .map(|f: &club::Frame| f.scene.clone()))
    };
    board_answer(&web, (id.get(), n), frame).await
}

/// Board `key` from the cache, else drawn (in a render slot) from `frame` (a match's or a
/// chouette's step; `None`: no such step) and kept. A past board never changes: the
/// browser may keep it.
async fn board_answer(
    web: &Web,
    key: (i64, usize),
    frame: impl std::future::Future<Output = Result<Option<render::Scene>, Response>>,
) -> Response {
    let png = match web.boards.get(key) {
        Some(png) => png,
        None => {
            let scene = match frame.await {
                Ok(Some(s)) => s,
                Ok(None) => return not_found(),
                Err(r) => return r,
            };
            let _slot = match web.renders.slot().await {
                Ok(slot) => slot,
                Err(busy) => return busy,
            };
            match png_of(move || render::render_png(&scene)).await {
                Ok(png) => {
                    let png = Arc::new(png);
                    web.boards.put(key, Arc::clone(&png));
                    png
                }
                Err(r) => return r,
            }
        }
    };
    answer(
        StatusCode::OK,
        "image/png",
        PRIVATE_IMMUTABLE,
        png.as_ref().clone(),
    )
}

/// A version as the live pages poll it (the JSON given: `{"version":N}`, a chouette's with
/// `"ended"`), never cached; 404 when the match or session is gone.
fn version_answer(version: Result<Option<String>, club::ClubError>) -> Response {
    match version {
        Ok(Some(json)) => answer(StatusCode::OK, "application/json", PRIVATE, json),
        Ok(None) => not_found(),
        Err(e) => failed(&e),
    }
}

async fn version(State(web): State<Arc<Web>>, Path(token): Path<String>) -> Response {
    let id = match resolve(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    version_answer(
        web.club
            .web()
            .match_version(id)
            .await
            .map(|v| v.map(|v| format!("{{\"version\":{v}}}"))),
    )
}

async fn file(State(web): State<Arc<Web>>, Path(token): Path<String>) -> Response {
    let id = match resolve(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    match web.club.web().match_file(id).await {
        Ok(Some(a)) => {
            let mut r = answer(StatusCode::OK, "text/plain; charset=utf-8", PRIVATE, a.text);
            // The name is the club's own (`match-12.mat`), never a player's words.
            if let Ok(v) = format!("attachment; filename=\"{}\"", a.name).parse() {
                r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
            }
            r
        }
        Ok(None) => not_found(),
        Err(e) => failed(&e),
    }
}

/// The fair-dice export, kept by the match's stamp (a throw bumps it).
async fn dice_json(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let id = match resolve(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    let stamp = web.club.web().match_page_stamp(id).await;
    let render = async { web.club.web().match_dice_export(id).await };
    web.pages
        .page_of(
            "application/json",
            &web.renders,
            accepts_gzip(&headers),
            format!("/m/{token}/dice.json"),
            stamp,
            render,
        )
        .await
}

/// The dice page, kept by the match's stamp.
async fn dice_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let id = match resolve(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    let replay = match replay(&web, id).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let render = async {
        let anchor = web.club.web().match_dice_anchor(id).await?;
        Ok(anchor.map(|anchor| dice_html(&token, &replay.page, &anchor)))
    };
    let stamp = Ok(Some(replay.stamp.clone()));
    web.pages
        .page(
            &web.renders,
            accepts_gzip(&headers),
            format!("/m/{token}/dice"),
            stamp,
            render,
        )
        .await
}

async fn player(State(web): State<Arc<Web>>, Path(token): Path<String>) -> Response {
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    match web.club.web().resolve_player_link(&token).await {
        Ok(Some(page)) => html(player_html(&token, &page)),
        Ok(None) => not_found(),
        Err(e) => failed(&e),
    }
}

/// A PNG drawn off the runtime, or the answer that it could not be.
async fn png_of(
    draw: impl FnOnce() -> Result<Vec<u8>, render::RenderError> + Send + 'static,
) -> Result<Vec<u8>, Response> {
    match tokio::task::spawn_blocking(draw).await {
        Ok(Ok(png)) => Ok(png),
        _ => {
            tracing::error!("a picture could not be drawn");
            Err(answer(
                StatusCode::INTERNAL_SERVER_ERROR,
                "text/plain; charset=utf-8",
                "no-store",
                "This picture cannot be drawn now.",
            ))
        }
    }
}

/// `/p/{token}/rating/{ruleset}.png`: the player's rating history in the ruleset, the
/// renderer's chart (as `/rating` posts it); it changes with each rated match, so it is
/// kept by the version of the history it draws (one cheap read).
async fn rating_chart(
    State(web): State<Arc<Web>>,
    Path((token, file)): Path<(String, String)>,
) -> Response {
    let Some(ruleset) = png_name::<engine::Ruleset>(&file) else {
        return not_found();
    };
    let history = match web.club.web().player_rating_chart(&token, ruleset).await {
        Ok(Some(h)) => h,
        Ok(None) => return not_found(),
        Err(e) => return failed(&e),
    };
    let key = format!("{token}/{}", ruleset.as_str());
    let version = ChartCache::version(&history);
    if let Some(png) = web.charts.get(&key, version) {
        return answer(StatusCode::OK, "image/png", PRIVATE, png.as_ref().clone());
    }
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    match png_of(move || render::history_png(&history)).await {
        Ok(png) => {
            web.charts.put(key, version, Arc::new(png.clone()));
            answer(StatusCode::OK, "image/png", PRIVATE, png)
        }
        Err(r) => r,
    }
}

/// `/p/{token}/pr.png`: the player's PR over his analysed matches, the renderer's chart;
/// kept by a digest of what it draws (it changes with each analysed match).
async fn pr_chart(State(web): State<Arc<Web>>, Path(token): Path<String>) -> Response {
    let history = match web.club.web().player_pr_chart(&token).await {
        Ok(Some(h)) => h,
        Ok(None) => return not_found(),
        Err(e) => return failed(&e),
    };
    let key = format!("{token}/pr");
    let version = ChartCache::pr_version(&history);
    if let Some(png) = web.charts.get(&key, version) {
        return answer(StatusCode::OK, "image/png", PRIVATE, png.as_ref().clone());
    }
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    match png_of(move || render::pr_history_png(&history)).await {
        Ok(png) => {
            web.charts.put(key, version, Arc::new(png.clone()));
            answer(StatusCode::OK, "image/png", PRIVATE, png)
        }
        Err(r) => r,
    }
}

/// The chouette session of `token`, or the answer that it finds nothing.
async fn resolve_chouette(web: &Web, token: &str) -> Result<i64, Response> {
    match web.club.web().resolve_chouette_link(token).await {
        Ok(Some(id)) => Ok(id),
        Ok(None) => Err(not_found()),
        Err(e) => Err(failed(&e)),
    }
}

async fn chouette_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    uri: Uri,
) -> Response {
    let id = match resolve_chouette(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    match web.club.web().chouette_page(id).await {
        Ok(p) => html(chouette_html(&token, &p, step_asked(&uri))),
        Err(e) => failed(&e),
    }
}

/// `/c/{token}/board/{n}.png`: the board at step n of the session's replay (kept like a
/// match's: a past board never changes).
async fn chouette_board(
    State(web): State<Arc<Web>>,
    Path((token, file)): Path<(String, String)>,
) -> Response {
    let Some(n) = png_name(&file) else {
        return not_found();
    };
    let id = match resolve_chouette(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    // Kept beside the matches' boards under a negative id.
    let frame = async {
        let _slot = web.renders.slot().await?;
        web.club
            .web()
            .chouette_frame(id, n)
            .await
            .map_err(|e| failed(&e))
    };
    board_answer(&web, (-id, n), frame).await
}

async fn chouette_version(State(web): State<Arc<Web>>, Path(token): Path<String>) -> Response {
    let id = match resolve_chouette(&web, &token).await {
        Ok(id) => id,
        Err(r) => return r,
    };
    // `ended`: everyone left, nothing will change (the page stops polling).
    version_answer(
        web.club
            .web()
            .chouette_version(id)
            .await
            .map(|v| v.map(|v| format!("{{\"version\":{},\"ended\":{}}}", v.version, v.ended))),
    )
}
