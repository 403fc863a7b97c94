//! `/chouette`: a session for three or more, the box against a team.

use poise::serenity_prelude as serenity;

use super::autocomplete::autocomplete_chouette_play;
use super::choices::{cr, parse_amount};
use crate::discord::context::{Context, Error};
use crate::discord::reply::{reply, run};
use club::{ChouetteOp, ChouetteSpec, Command};
use engine::chouette::Consultation;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Cubes {
    #[name = "a cube for each team member"]
    Multiple,
    #[name = "one cube for the team"]
    Single,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Consult {
    #[name = "free"]
    Free,
    #[name = "none"]
    None,
    #[name = "after the cube is turned"]
    AfterCube,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Order {
    #[name = "shuffled"]
    Shuffled,
    #[name = "as joined"]
    Joined,
}

async fn chouette_run(ctx: Context<'_>, id: Option<i64>, op: ChouetteOp) -> Result<(), Error> {
    run(ctx, Command::Chouette(cr(id), op)).await
}

/// Chouette: backgammon for three or more, the box against a team.
#[poise::command(
    slash_command,
    subcommands(
        "ch_create",
        "ch_join",
        "ch_leave",
        "ch_start",
        "ch_roll",
        "ch_move",
        "ch_double",
        "ch_take",
        "ch_drop",
        "ch_beaver",
        "ch_suggest",
        "ch_board",
        "ch_moves",
        "ch_standings"
    ),
    subcommand_required
)]
pub async fn chouette(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a chouette session in this channel.
#[poise::command(slash_command, rename = "create")]
pub async fn ch_create(
    ctx: Context<'_>,
    #[description = "A cube for each team member (default) or one team cube"] cubes: Option<Cubes>,
    #[description = "When the crew may suggest plays (default: after the cube is turned)"]
    consultation: Option<Consult>,
    #[description = "The line at the first game (default: shuffled)"] order: Option<Order>,
    #[description = "The Jacoby rule, per cube"] jacoby: Option<bool>,
    #[description = "Beavers allowed"] beavers: Option<bool>,
    #[description = "Stake per point, like 1.00"]
    #[max_length = 20]
    stake: Option<String>,
) -> Result<(), Error> {
    let mut spec = ChouetteSpec::default();
    spec.rules.multiple_cubes = !matches!(cubes, Some(Cubes::Single));
    spec.rules.consultation = match consultation {
        Some(Consult::Free) => Consultation::Free,
        Some(Consult::None) => Consultation::None,
        _ => Consultation::AfterCube,
    };
    spec.shuffle = !matches!(order, Some(Order::Joined));
    spec.rules.jacoby = jacoby.unwrap_or(false);
    spec.rules.beavers = beavers.unwrap_or(false);
    if let Some(s) = stake {
        match parse_amount(&s) {
            Some(a) => spec.stake = a.minor(),
            None => {
                return reply(
                    ctx,
                    // Free text: the option as this command spells it.
                    Err(club::Refusal::Other(format!(
                        "stake: `{}` is not an amount like 1.00",
                        engine::excerpt(&s)
                    ))
                    .into()),
                )
                .await
                .map(|_| ());
            }
        }
    }
    chouette_run(ctx, None, ChouetteOp::Create(spec)).await
}

macro_rules! chouette_simple {
    ($name:ident, $rename:literal, $doc:literal, $op:ident) => {
        #[doc = $doc]
        #[poise::command(slash_command, rename = $rename)]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = "The session (default: this channel's)"] session: Option<i64>,
        ) -> Result<(), Error> {
            chouette_run(ctx, session, ChouetteOp::$op).await
        }
    };
}

chouette_simple!(ch_join, "join", "Join the chouette (between games).", Join);
chouette_simple!(
    ch_leave,
    "leave",
    "Leave the chouette (between games).",
    Leave
);
chouette_simple!(
    ch_start,
    "start",
    "Start the next game (three or more players).",
    Start
);
chouette_simple!(
    ch_roll,
    "roll",
    "Roll: the box on the box's turn, the captain for the team.",
    Roll
);
chouette_simple!(
    ch_board,
    "board",
    "The board, each member's cube, the last play (standings between games).",
    Board
);
chouette_simple!(
    ch_moves,
    "moves",
    "The legal plays of the roll in hand.",
    Moves
);
chouette_simple!(
    ch_standings,
    "standings",
    "The line and everyone's standing so far.",
    Standings
);

/// Play the roll (the box, or the captain for the team).
#[poise::command(slash_command, rename = "move")]
pub async fn ch_move(
    ctx: Context<'_>,
    #[description = "The play in move text"]
    #[autocomplete = "autocomplete_chouette_play"]
    #[max_length = 200]
    play: String,
    #[description = "The session (default: this channel's)"] session: Option<i64>,
) -> Result<(), Error> {
    chouette_run(ctx, session, ChouetteOp::Move(play)).await
}

/// Double: the box names whom (none named: all he may); a team member doubles his cube.
#[poise::command(slash_command, rename = "double")]
pub async fn ch_double(
    ctx: Context<'_>,
    #[description = "Box: a team member to double"] member1: Option<serenity::User>,
    #[description = "Box: another team member"] member2: Option<serenity::User>,
    #[description = "Box: another team member"] member3: Option<serenity::User>,
    #[description = "Box: another team member"] member4: Option<serenity::User>,
    #[description = "The session (default: this channel's)"] session: Option<i64>,
) -> Result<(), Error> {
    let members = [member1, member2, member3, member4]
        .into_iter()
        .flatten()
        .map(|u| u.id.to_string())
        .collect();
    chouette_run(ctx, session, ChouetteOp::Double(members)).await
}

macro_rules! chouette_answer {
    ($name:ident, $rename:literal, $doc:literal, $op:ident) => {
        #[doc = $doc]
        #[poise::command(slash_command, rename = $rename)]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = "Box: whose double you answer"] member: Option<serenity::User>,
            #[description = "The session (default: this channel's)"] session: Option<i64>,
        ) -> Result<(), Error> {
            chouette_run(
                ctx,
                session,
                ChouetteOp::$op(member.map(|u| u.id.to_string())),
            )
            .await
        }
    };
}

chouette_answer!(
    ch_take,
    "take",
    "Take a double (the box names whose).",
    Take
);
chouette_answer!(
    ch_drop,
    "drop",
    "Drop a double: pay the cube and leave this game.",
    Drop
);
chouette_answer!(
    ch_beaver,
    "beaver",
    "Take and redouble at once, keeping the cube.",
    Beaver
);

/// Crew: suggest a play to the captain (when consultation allows).
#[poise::command(slash_command, rename = "suggest")]
pub async fn ch_suggest(
    ctx: Context<'_>,
    #[description = "The play you suggest"]
    #[autocomplete = "autocomplete_chouette_play"]
    #[max_length = 200]
    play: String,
    #[description = "The session (default: this channel's)"] session: Option<i64>,
) -> Result<(), Error> {
    chouette_run(ctx, session, ChouetteOp::Suggest(play)).await
}
