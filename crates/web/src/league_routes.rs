//! The handlers of the league, leaderboard and public pages: `/l/{token}` (a league),
//! `/r/{token}` (a server's leaderboard), and under a server's public key `/s/{key}`
//! (its index), `/s/{key}/l/{id}` and `/s/{key}/r`. A token or key that finds nothing,
//! a league of another server under a key, a season that is not the league's: 404.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;

use crate::Web;
use crate::league_page::{leaderboard_html, league_html, public_html};
use crate::respond::{PRIVATE, accepts_gzip, answer, failed, html, not_found, png_name};

/// The league, leaderboard and public routes.
pub(crate) fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/l/{token}", get(league))
        .route("/l/{token}/bracket/{file}", get(league_bracket))
        .route("/r/{token}", get(leaderboard))
        .route("/s/{key}", get(public_index))
        .route("/s/{key}/l/{id}", get(public_league))
        .route("/s/{key}/l/{id}/bracket/{file}", get(public_bracket))
        .route("/s/{key}/r", get(public_leaderboard))
}

/// A page the club found, or 404, or the failure.
fn page<T>(found: Result<Option<T>, club::ClubError>, show: impl FnOnce(&T) -> String) -> Response {
    match found {
        Ok(Some(p)) => html(show(&p)),
        Ok(None) => not_found(),
        Err(e) => failed(&e),
    }
}

/// A bracket drawn as the renderer's PNG (never cached: a result changes it).
async fn bracket_answer(found: Result<Option<render::Bracket>, club::ClubError>) -> Response {
    let bracket = match found {
        Ok(Some(b)) => b,
        Ok(None) => return not_found(),
        Err(e) => return failed(&e),
    };
    match tokio::task::spawn_blocking(move || render::bracket_png(&bracket)).await {
        Ok(Ok(png)) => answer(StatusCode::OK, "image/png", PRIVATE, png),
        _ => {
            tracing::error!("a bracket could not be drawn");
            answer(
                StatusCode::INTERNAL_SERVER_ERROR,
                "text/plain; charset=utf-8",
                "no-store",
                "This bracket cannot be drawn now.",
            )
        }
    }
}

async fn league(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let base = format!("/l/{token}");
    let stamp = web.club.web().league_link_stamp(&token).await;
    let render = async {
        let found = web.club.web().resolve_league_link(&token).await?;
        Ok(found.map(|p| league_html(&p, &base)))
    };
    web.pages
        .page(
            &web.renders,
            accepts_gzip(&headers),
            base.clone(),
            stamp,
            render,
        )
        .await
}

async fn league_bracket(
    State(web): State<Arc<Web>>,
    Path((token, file)): Path<(String, String)>,
) -> Response {
    let Some(season) = png_name::<i64>(&file) else {
        return not_found();
    };
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    bracket_answer(web.club.web().league_link_bracket(&token, season).await).await
}

async fn leaderboard(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let stamp = web.club.web().leaderboard_link_stamp(&token).await;
    let render = async {
        let found = web.club.web().resolve_leaderboard_link(&token).await?;
        Ok(found.as_ref().map(leaderboard_html))
    };
    web.pages
        .page(
            &web.renders,
            accepts_gzip(&headers),
            format!("/r/{token}"),
            stamp,
            render,
        )
        .await
}

async fn public_index(State(web): State<Arc<Web>>, Path(key): Path<String>) -> Response {
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    page(web.club.web().public_index(&key).await, |i| {
        public_html(i, &key)
    })
}

async fn public_league(
    State(web): State<Arc<Web>>,
    Path((key, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return not_found();
    };
    let base = format!("/s/{key}/l/{id}");
    let stamp = web.club.web().public_league_stamp(&key, id).await;
    let render = async {
        let found = web.club.web().public_league(&key, id).await?;
        Ok(found.map(|p| league_html(&p, &base)))
    };
    web.pages
        .page(
            &web.renders,
            accepts_gzip(&headers),
            base.clone(),
            stamp,
            render,
        )
        .await
}

async fn public_bracket(
    State(web): State<Arc<Web>>,
    Path((key, id, file)): Path<(String, String, String)>,
) -> Response {
    let (Ok(id), Some(season)) = (id.parse::<i64>(), png_name::<i64>(&file)) else {
        return not_found();
    };
    let _slot = match web.renders.slot().await {
        Ok(slot) => slot,
        Err(busy) => return busy,
    };
    bracket_answer(web.club.web().public_league_bracket(&key, id, season).await).await
}

async fn public_leaderboard(
    State(web): State<Arc<Web>>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Response {
    let stamp = web.club.web().public_leaderboard_stamp(&key).await;
    let render = async {
        let found = web.club.web().public_leaderboard(&key).await?;
        Ok(found.as_ref().map(leaderboard_html))
    };
    web.pages
        .page(
            &web.renders,
            accepts_gzip(&headers),
            format!("/s/{key}/r"),
            stamp,
            render,
        )
        .await
}
