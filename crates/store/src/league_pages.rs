//! The page version of a league (migration 0019): moved on by the changes its web page
//! shows that do not move the league's own version (a fixture's match ending, a fixture's
//! match link made or replaced), so the page's stamp is one row (`web_league`).

use crate::db::{DbConnection, sql};

/// Moves on the page version of every league that has a fixture played as one of
/// `matches` (inside the caller's transaction): what its page shows of them changed (a
/// match's end cause, its link). Nothing for matches outside a league.
pub(crate) async fn bump_league_pages(
    conn: &mut DbConnection,
    matches: &[i64],
) -> Result<(), sqlx::Error> {
    for chunk in matches.chunks(500) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 1)).collect();
        let text = format!(
            "UPDATE leagues SET page_version = page_version + 1 WHERE id IN
               (SELECT league_id FROM league_fixtures WHERE match_id IN ({}))",
            marks.join(", ")
        );
        let mut q = sqlx::query(sql(text));
        for m in chunk {
            q = q.bind(*m);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}
