//! What the bot player agrees to: a challenge's terms checked when the bot is the
//! opponent (standard rules with GNU Backgammon's levels, Welsh with the Welsh player's,
//! no stake, unrated, a level), a level refused in a match of two people, and the
//! commands nobody may send as the bot (it sits in no chouette and joins no league; it
//! makes its own moves).

use crate::bot::player::BOT_NAME;
use crate::bot::refusal::BotRefusal;
use crate::players::player_key::player_key;
use crate::{Actor, BotLevel, ChallengeSpec, ChouetteOp, Club, ClubError, Command, LeagueOp};
use store::PlayerRow;

/// Whether `opponent`, as named in a command of `actor`, is the bot on the actor's
/// platform.
pub(super) fn names_bot(club: &Club, actor: &Actor, opponent: &str) -> bool {
    super::player::is_bot_user(club, &actor.platform, &player_key(actor, opponent))
}

/// The bot's player row on the actor's platform, made (or renamed to the bot's name)
/// as needed.
pub(super) async fn bot_row(club: &Club, actor: &Actor) -> Result<PlayerRow, ClubError> {
    let Some((id, name)) = club.bot_player.identity(&actor.platform) else {
        return Err(BotRefusal::NotHereYet.into());
    };
    let name = if name.is_empty() { BOT_NAME } else { &name };
    Ok(club
        .store
        .player(&actor.platform, &id, name, club.clock.now())
        .await?)
}

/// The terms of a challenge as the bot takes them: against the bot, no stake,
/// unrated, at the level asked for the rules (GNU Backgammon's expert for standard,
/// the Welsh player's strong for Welsh, if none); against a person, no level.
///
/// # Errors
/// What the bot does not play (a level of the other rules, a stake), or a level
/// against a person.
pub(crate) fn bot_terms(
    against_bot: bool,
    mut spec: ChallengeSpec,
) -> Result<ChallengeSpec, ClubError> {
    if !against_bot {
        if spec.bot.is_some() {
            return Err(BotRefusal::LevelAgainstPerson.into());
        }
        return Ok(spec);
    }
    if let Some(level) = spec.bot.filter(|l| l.ruleset() != spec.ruleset) {
        return Err(BotRefusal::LevelOfOtherRules(level).into());
    }
    if spec.stake > 0 {
        return Err(BotRefusal::StakeAgainstBot.into());
    }
    // Matches against the bot never move a person's rating (the bot is a program at
    // a chosen strength, not a member of the pool): `/rating` keeps a record against
    // each level instead.
    spec.rated = false;
    spec.bot = Some(spec.bot.unwrap_or(BotLevel::default_for(spec.ruleset)));
    Ok(spec)
}

/// Refuses a command sent as the bot itself (the local chat lets anyone type as
/// `bot`): it never sits in a chouette nor joins a league, and it makes its own moves.
/// Looks are allowed.
pub(super) fn refuse_as_bot(club: &Club, actor: &Actor, cmd: &Command) -> Result<(), ClubError> {
    if !super::player::is_bot_user(club, &actor.platform, &actor.user_id) {
        return Ok(());
    }
    let why = match cmd {
        Command::Look(_) => return Ok(()),
        Command::Chouette(_, ChouetteOp::Create(_) | ChouetteOp::Join) => BotRefusal::NoChouettes,
        Command::League(c) if matches!(c.op, LeagueOp::Join | LeagueOp::Create { .. }) => {
            BotRefusal::NoLeagues
        }
        _ => BotRefusal::NotAsTheBot,
    };
    Err(why.into())
}

#[cfg(test)]
mod tests {
    use super::bot_terms;
    use crate::{BotLevel, BotRefusal, ChallengeSpec, ClubError, Refusal};
    use engine::Ruleset;

    fn refused(against_bot: bool, spec: ChallengeSpec) -> ClubError {
        bot_terms(against_bot, spec).expect_err("refused")
    }

    #[test]
    fn a_level_is_for_the_bot_of_the_same_rules_and_the_bot_plays_for_no_stake() {
        let level = |r| Some(BotLevel::default_for(r));
        let e = refused(
            false,
            ChallengeSpec {
                bot: level(Ruleset::Standard),
                ..ChallengeSpec::standard(Some(3))
            },
        );
        assert!(
            matches!(
                e,
                ClubError::Refused(Refusal::Bot(BotRefusal::LevelAgainstPerson))
            ),
            "{e}"
        );
        let e = refused(
            true,
            ChallengeSpec {
                bot: level(Ruleset::Welsh),
                ..ChallengeSpec::standard(Some(3))
            },
        );
        assert!(
            matches!(
                e,
                ClubError::Refused(Refusal::Bot(BotRefusal::LevelOfOtherRules(
                    BotLevel::Welsh(_)
                )))
            ),
            "{e}"
        );
        let e = refused(
            true,
            ChallengeSpec {
                stake: 100,
                ..ChallengeSpec::standard(None)
            },
        );
        assert!(
            matches!(
                e,
                ClubError::Refused(Refusal::Bot(BotRefusal::StakeAgainstBot))
            ),
            "{e}"
        );
    }
}
