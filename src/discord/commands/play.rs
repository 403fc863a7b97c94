//! The commands of a match in play: roll, move, the cube, resigning, the Welsh calls,
//! nominations and concessions, and looking at a match.

use super::autocomplete::{autocomplete_match, autocomplete_play};
use super::choices::{Answer, OddEven, ResignChoice, Who, m};
use crate::discord::context::{Context, Error};
use crate::discord::reply::{reply, run};
use club::{Command, MatchOp, Starter};
use engine::ResignLevel;
use engine::welsh::{NominateFor, Parity};

simple!(roll, "Roll the dice (Welsh: throw).", Match(Roll));
simple!(
    throw,
    "Welsh: throw the dice (the same as /roll).",
    Match(Roll)
);
simple!(moves, "List the legal plays of your roll.", Look(Moves));

/// Play your roll, e.g. 13/7 8/7 (the list shows the legal plays).
#[poise::command(slash_command, rename = "move")]
pub async fn play(
    ctx: Context<'_>,
    #[description = "The play in move text"]
    #[autocomplete = "autocomplete_play"]
    #[max_length = 200]
    play: String,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Match(m(id), MatchOp::Move(play))).await
}

simple!(
    double,
    "Offer a double (Welsh: turn the doubling die).",
    Match(Double)
);
simple!(take, "Take the double.", Match(Take));
simple!(
    drop,
    "Drop (pass) the double: the game is lost at the cube's value.",
    Match(Drop)
);
simple!(
    beaver,
    "Take and turn the cube once more, keeping it (money play).",
    Match(Beaver)
);
simple!(
    raccoon,
    "Answer a beaver by turning the cube once more (money play).",
    Match(Raccoon)
);
simple!(
    reroll,
    "Welsh: throw a 1-2 again instead of playing it (rule 13).",
    Match(Reroll)
);
simple!(
    onedie,
    "Welsh: throw one die beside your full spread (rule 11).",
    Match(RollOne)
);
/// Welsh: take the ten-minute break due between games; both clocks stop.
#[poise::command(slash_command, rename = "break")]
pub async fn take_break(
    ctx: Context<'_>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Match(m(id), MatchOp::Break)).await
}

simple!(
    resume,
    "Welsh: end the break under way; the clocks run again.",
    Match(Resume)
);
simple!(
    board,
    "Show the board of a match (anyone here may look; default: yours).",
    Look(Board)
);
simple!(history, "Show every action of a match.", Look(History));
simple!(
    export,
    "Download a standard match as a .mat file.",
    Look(Export)
);
simple!(
    stop,
    "Money play: end the session between games (either player).",
    Match(Stop)
);

/// Resign a game (single, gammon, backgammon), or answer your opponent's resignation.
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Context<'_>,
    #[description = "What to resign, or your answer"] what: ResignChoice,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let id = m(id);
    let cmd = match what {
        ResignChoice::Single => Command::Match(id, MatchOp::Resign(ResignLevel::Single)),
        ResignChoice::Gammon => Command::Match(id, MatchOp::Resign(ResignLevel::Gammon)),
        ResignChoice::Backgammon => Command::Match(id, MatchOp::Resign(ResignLevel::Backgammon)),
        ResignChoice::Accept => Command::Match(id, MatchOp::AcceptResign),
        ResignChoice::Reject => Command::Match(id, MatchOp::RejectResign),
    };
    run(ctx, cmd).await
}

/// Welsh: call odds or evens on the concealed throw.
#[poise::command(slash_command)]
pub async fn call(
    ctx: Context<'_>,
    #[description = "Your call"] call: OddEven,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let p = match call {
        OddEven::Odds => Parity::Odd,
        OddEven::Evens => Parity::Even,
    };
    run(ctx, Command::Match(m(id), MatchOp::Call(p))).await
}

/// Welsh: having won the call, say who starts.
#[poise::command(slash_command)]
pub async fn choose(
    ctx: Context<'_>,
    #[description = "Who starts"] starts: Who,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let s = match starts {
        Who::Me => Starter::Me,
        Who::Opponent => Starter::Opponent,
    };
    run(ctx, Command::Match(m(id), MatchOp::Choose(s))).await
}

/// Welsh: set a throw, once a match, for yourself (before throwing) or your opponent.
#[poise::command(slash_command)]
pub async fn nominate(
    ctx: Context<'_>,
    #[description = "Whose throw"] whose: Who,
    #[description = "First die"]
    #[min = 1]
    #[max = 6]
    die1: u8,
    #[description = "Second die"]
    #[min = 1]
    #[max = 6]
    die2: u8,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let w = match whose {
        Who::Me => NominateFor::Me,
        Who::Opponent => NominateFor::Opponent,
    };
    run(
        ctx,
        Command::Match(m(id), MatchOp::Nominate(w, (die1, die2))),
    )
    .await
}

/// Welsh: offer to concede a number of games (rule 18), or answer such an offer.
#[poise::command(slash_command)]
pub async fn concede(
    ctx: Context<'_>,
    #[description = "Games to concede: fewer than the game would cost you (none at 1 game)"]
    #[min = 1]
    #[max = 99]
    games: Option<u32>,
    #[description = "Add the payment (makes an offer to 24 compulsory)"] payment: Option<bool>,
    #[description = "Your answer to your opponent's offer"] answer: Option<Answer>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let id = m(id);
    let cmd = match (games, answer) {
        (_, Some(Answer::Accept)) => Command::Match(id, MatchOp::AcceptConcede),
        (_, Some(Answer::Reject)) => Command::Match(id, MatchOp::RejectConcede),
        (Some(g), None) => Command::Match(
            id,
            MatchOp::Concede {
                games: g,
                payment: payment.unwrap_or(false),
            },
        ),
        (None, None) => {
            return reply(
                ctx,
                // Free text: the options as this command spells them.
                Err(club::Refusal::Other(
                    "say how many games you offer (games:N), or answer an offer (answer:accept)"
                        .into(),
                )
                .into()),
            )
            .await
            .map(|_| ());
        }
    };
    run(ctx, cmd).await
}
