//! A private answer to the one who clicked a button or picked from a menu.

use poise::serenity_prelude as serenity;

use super::rest_count;

/// Answers only the one who clicked `c`: a private followup once the click was
/// `deferred`, else the click's own private response.
pub(super) async fn tell_clicker(
    ctx: &serenity::Context,
    c: &serenity::ComponentInteraction,
    deferred: bool,
    text: String,
) -> Result<(), serenity::Error> {
    if deferred {
        rest_count::counted(
            c.create_followup(
                ctx,
                serenity::CreateInteractionResponseFollowup::new()
                    .content(text)
                    .ephemeral(true),
            )
            .await,
        )
        .map(|_| ())
    } else {
        rest_count::counted(
            c.create_response(
                ctx,
                serenity::CreateInteractionResponse::Message(
                    serenity::CreateInteractionResponseMessage::new()
                        .content(text)
                        .ephemeral(true),
                ),
            )
            .await,
        )
    }
}
