//! `gammonbot ratings --rebuild`: recomputes every rating from the finished matches.

/// Rebuilds every rating of the database `db` (default: the configured `DATABASE_URL`) from its finished rated matches in the order they ended, in one
/// transaction ([`store::Store::rebuild_ratings`]), and says what it did. Without
/// `rebuild` it only says how to ask for it.
///
/// # Errors
/// The database cannot be opened or rewritten (nothing is changed then).
pub fn ratings(
    config: &crate::config::Config,
    db: Option<String>,
    rebuild: bool,
) -> std::io::Result<bool> {
    if !rebuild {
        eprintln!(
            "gammonbot ratings: say --rebuild to recompute every rating from the finished matches"
        );
        return Ok(false);
    }
    let db = db.map_or_else(|| config.database_url.clone(), store::DbUrl::from);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let store = store::Store::open(db.expose())
            .await
            .map_err(|e| std::io::Error::other(format!("cannot open the database `{db}`: {e}")))?;
        let done = store
            .rebuild_ratings()
            .await
            .map_err(|e| std::io::Error::other(format!("ratings not rebuilt: {e}")))?;
        store.close().await;
        println!(
            "rebuilt {} rating{} from {} rated match{} in {db}",
            done.ratings,
            if done.ratings == 1 { "" } else { "s" },
            done.matches,
            if done.matches == 1 { "" } else { "es" }
        );
        Ok(true)
    })
}
