//! Which failures of a request to Discord are worth trying again.

/// Whether `e` is a 429 (Too Many Requests).
pub(crate) fn rate_limited(e: &poise::serenity_prelude::Error) -> bool {
    use poise::serenity_prelude as serenity;
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 429
    )
}

/// Whether `e` is worth trying again: a 429, a 5xx, or a request that did not complete.
pub(crate) fn transient(e: &poise::serenity_prelude::Error) -> bool {
    use poise::serenity_prelude as serenity;
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let code = r.status_code.as_u16();
            code == 429 || code >= 500
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}
