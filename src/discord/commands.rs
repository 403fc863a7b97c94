//! The slash commands: each reads its options into a club command and hands it to `run`.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, actor, reply, run, tell};
use club::{
    ChallengeSpec, ChouetteOp, ChouetteRef, ChouetteSpec, Command, DAY, MatchRef, Starter,
    TimeControl,
};
use engine::chouette::Consultation;
use engine::welsh::{NominateFor, Parity};
use engine::{ResignLevel, Ruleset};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Rules {
    #[name = "standard"]
    Standard,
    #[name = "welsh"]
    Welsh,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ResignChoice {
    #[name = "single game"]
    Single,
    #[name = "gammon"]
    Gammon,
    #[name = "backgammon"]
    Backgammon,
    #[name = "accept the resignation"]
    Accept,
    #[name = "reject the resignation"]
    Reject,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Who {
    #[name = "me"]
    Me,
    #[name = "my opponent"]
    Opponent,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OddEven {
    #[name = "odds"]
    Odds,
    #[name = "evens"]
    Evens,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Answer {
    #[name = "accept"]
    Accept,
    #[name = "reject"]
    Reject,
}

/// The match option: named, or inferred.
fn m(id: Option<i64>) -> MatchRef {
    MatchRef { id, version: None }
}

/// The value of another option of the interaction being autocompleted.
fn option_int(ctx: Context<'_>, name: &str) -> Option<i64> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    a.interaction
        .data
        .options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| o.value.as_i64())
}

/// Plays that contain what was typed, at most 25 (Discord's limit).
fn play_choices(plays: Vec<String>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let wanted = partial.trim().to_lowercase();
    let choices = plays
        .into_iter()
        .filter(|p| p.to_lowercase().contains(&wanted))
        .take(25)
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn autocomplete_play(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let plays = ctx
        .data()
        .club
        .legal_moves(&actor(ctx), m(option_int(ctx, "match")))
        .await
        .unwrap_or_default();
    play_choices(plays, partial)
}

async fn autocomplete_match(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let wanted = partial.trim().trim_start_matches('#').to_lowercase();
    let list = ctx
        .data()
        .club
        .open_matches(&actor(ctx))
        .await
        .unwrap_or_default();
    let choices = list
        .into_iter()
        .filter(|(_, label)| label.to_lowercase().contains(&wanted))
        .take(25)
        .map(|(id, label)| {
            let label: String = label.chars().take(100).collect();
            serenity::AutocompleteChoice::new(label, id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Challenge a player to a backgammon match (standard or Welsh).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play"] opponent: serenity::User,
    #[description = "Standard (default) or Welsh backgammon"] rules: Option<Rules>,
    #[description = "Points to win (standard, default 7) or games (Welsh, default 25)"]
    #[min = 1]
    #[max = 99]
    length: Option<u32>,
    #[description = "Standard money play instead of a match"] money: Option<bool>,
    #[description = "Match play: the Crawford rule (default on)"] crawford: Option<bool>,
    #[description = "Match play: the Holland rule after the Crawford game (default off)"]
    holland: Option<bool>,
    #[description = "Money play: the Jacoby rule (default on)"] jacoby: Option<bool>,
    #[description = "Money play: beavers allowed"] beavers: Option<bool>,
    #[description = "Money play: raccoons allowed (needs beavers)"] raccoons: Option<bool>,
    #[description = "Money play: most automatic doubles on opening ties"]
    #[min = 0]
    #[max = 8]
    auto_doubles: Option<u8>,
    #[description = "Money play: stake per point, like 1.50"]
    #[max_length = 20]
    stake: Option<String>,
    #[description = "Hours for each decision (default 48)"]
    #[min = 0]
    #[max = 720]
    move_hours: Option<u32>,
    #[description = "Days of time bank (default 5)"]
    #[min = 0]
    #[max = 60]
    bank_days: Option<u32>,
    #[description = "Welsh: the 70-minute play clock for a live game"] live_clock: Option<bool>,
    #[description = "Rated: the result moves both ratings (default on; off: a friendly match)"]
    rated: Option<bool>,
    #[description = "Hours before an unanswered challenge expires (default 168)"]
    #[min = 1]
    #[max = 1440]
    expires_hours: Option<u32>,
) -> Result<(), Error> {
    let welsh = matches!(rules, Some(Rules::Welsh));
    // Options that do not apply are refused, not dropped (the club checks the rest).
    let misfit = if money == Some(true) && (welsh || length.is_some()) {
        Some("money play is standard backgammon with no length: leave out length (and rules:welsh)")
    } else if live_clock.is_some() && !welsh {
        Some("live_clock is the Welsh 70-minute play clock: it needs rules:welsh")
    } else {
        None
    };
    if let Some(why) = misfit {
        return reply(ctx, Err(club::ClubError::BadOption(why.into())))
            .await
            .map(|_| ());
    }
    let mut spec = if welsh {
        ChallengeSpec::welsh(length.unwrap_or(25))
    } else if money == Some(true) {
        ChallengeSpec::standard(None)
    } else {
        ChallengeSpec::standard(Some(length.unwrap_or(7)))
    };
    if let Some(v) = crawford {
        spec.crawford = v;
    }
    spec.holland = holland.unwrap_or(false);
    if let Some(v) = jacoby {
        spec.jacoby = v;
    }
    spec.beavers = beavers.unwrap_or(false);
    spec.raccoons = raccoons.unwrap_or(false);
    spec.auto_doubles = auto_doubles.unwrap_or(0);
    if let Some(s) = stake {
        match parse_amount(&s) {
            Some(a) => spec.stake = a,
            None => {
                return reply(
                    ctx,
                    Err(club::ClubError::BadOption(format!(
                        "stake: `{}` is not an amount like 1.50",
                        engine::excerpt(&s)
                    ))),
                )
                .await
                .map(|_| ());
            }
        }
    }
    if let Some(h) = move_hours {
        spec.time.per_move = i64::from(h) * 3600;
    }
    if let Some(d) = bank_days {
        spec.time.bank = i64::from(d) * DAY;
    }
    if live_clock == Some(true) {
        spec.time = TimeControl::welsh_live();
    }
    spec.rated = rated.unwrap_or(true);
    if let Some(h) = expires_hours {
        spec.expires = Some(i64::from(h) * 3600);
    }
    let club = Arc::clone(&ctx.data().club);
    // The opponent is made known in the same (possibly deferred) work as the challenge.
    let result = super::execute_introducing(
        ctx,
        &opponent,
        Command::Challenge {
            opponent: opponent.id.to_string(),
            spec,
        },
    )
    .await;
    let threads = club.match_threads(&actor(ctx), None).await.unwrap_or(false);
    match (result, ctx.guild_id()) {
        (Ok(out), Some(_)) if threads => {
            // The match gets its own thread; the challenge is posted there.
            let id = out.match_id.unwrap_or(0);
            let name = format!("Match #{id}");
            let thread = ctx
                .channel_id()
                .create_thread(
                    ctx,
                    serenity::CreateThread::new(name).kind(serenity::ChannelType::PublicThread),
                )
                .await?;
            club.move_to_channel(&actor(ctx), id, &thread.id.to_string())
                .await?;
            thread
                .id
                .send_message(
                    ctx,
                    super::Answer::of(&out, super::outcome_files(&out).await).message(),
                )
                .await?;
            super::say_public(ctx, format!("Match #{id} is played in <#{}>", thread.id)).await?;
            super::direct_message(
                ctx.serenity_context(),
                &ctx.data().dm_refused,
                thread.id,
                &out,
            )
            .await;
            Ok(())
        }
        (result, _) => reply(ctx, result).await.map(|_| ()),
    }
}

/// A stake typed in a slash command option, read as the club reads every amount.
fn parse_amount(v: &str) -> Option<u64> {
    v.parse::<engine::Amount>().ok().map(engine::Amount::minor)
}

macro_rules! simple {
    ($name:ident, $doc:literal, $cmd:ident) => {
        #[doc = $doc]
        #[poise::command(slash_command)]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = "The match (when you have several)"]
            #[autocomplete = "autocomplete_match"]
            #[rename = "match"]
            id: Option<i64>,
        ) -> Result<(), Error> {
            run(ctx, Command::$cmd(m(id))).await
        }
    };
}

/// Accept a challenge (Welsh: you are the guest and may choose who shakes first).
#[poise::command(slash_command)]
pub async fn accept(
    ctx: Context<'_>,
    #[description = "Welsh: who shakes for the first call (default: your challenger)"]
    shaker: Option<Who>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
) -> Result<(), Error> {
    let cmd = match shaker {
        None => Command::Accept(m(id)),
        Some(Who::Me) => Command::AcceptShaking(m(id), Starter::Me),
        Some(Who::Opponent) => Command::AcceptShaking(m(id), Starter::Opponent),
    };
    run(ctx, cmd).await
}
simple!(decline, "Decline a challenge.", Decline);
simple!(cancel, "Withdraw a challenge you made.", Cancel);
simple!(roll, "Roll the dice (Welsh: throw).", Roll);
simple!(throw, "Welsh: throw the dice (the same as /roll).", Roll);
simple!(moves, "List the legal plays of your roll.", Moves);

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
    run(ctx, Command::Move(m(id), play)).await
}

simple!(
    double,
    "Offer a double (Welsh: turn the doubling die).",
    Double
);
simple!(take, "Take the double.", Take);
simple!(
    drop,
    "Drop (pass) the double: the game is lost at the cube's value.",
    Drop
);
simple!(
    beaver,
    "Take and turn the cube once more, keeping it (money play).",
    Beaver
);
simple!(
    raccoon,
    "Answer a beaver by turning the cube once more (money play).",
    Raccoon
);
simple!(
    reroll,
    "Welsh: throw a 1-2 again instead of playing it (rule 13).",
    Reroll
);
simple!(
    onedie,
    "Welsh: throw one die beside your full spread (rule 11).",
    RollOne
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
    run(ctx, Command::Break(m(id))).await
}

simple!(
    resume,
    "Welsh: end the break under way; the clocks run again.",
    Resume
);
simple!(
    board,
    "Show the board of a match (anyone here may look; default: yours).",
    Board
);
simple!(history, "Show every action of a match.", History);
simple!(export, "Download a standard match as a .mat file.", Export);
simple!(
    stop,
    "Money play: end the session between games (either player).",
    Stop
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
        ResignChoice::Single => Command::Resign(id, ResignLevel::Single),
        ResignChoice::Gammon => Command::Resign(id, ResignLevel::Gammon),
        ResignChoice::Backgammon => Command::Resign(id, ResignLevel::Backgammon),
        ResignChoice::Accept => Command::AcceptResign(id),
        ResignChoice::Reject => Command::RejectResign(id),
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
    run(ctx, Command::Call(m(id), p)).await
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
    run(ctx, Command::Choose(m(id), s)).await
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
    run(ctx, Command::Nominate(m(id), w, (die1, die2))).await
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
        (_, Some(Answer::Accept)) => Command::AcceptConcede(id),
        (_, Some(Answer::Reject)) => Command::RejectConcede(id),
        (Some(g), None) => Command::Concede(id, g, payment.unwrap_or(false)),
        (None, None) => {
            return reply(
                ctx,
                Err(club::ClubError::BadOption(
                    "say how many games you offer (games:N), or answer an offer (answer:accept)"
                        .into(),
                )),
            )
            .await
            .map(|_| ());
        }
    };
    run(ctx, cmd).await
}

/// Your open matches here, then the ones recently finished.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Games).await
}

/// Your settings: roll for me when I have no decision; tell me by direct message.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Roll for me whenever it is my turn to roll"] auto_roll: Option<bool>,
    #[description = "Tell me by direct message when I must act"] dm: Option<bool>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Settings {
            auto_roll,
            notify_dm: dm,
        },
    )
    .await
}

/// Your money ledger here (match prizes, scoop-pots, money games) and balance.
#[poise::command(slash_command)]
pub async fn ledger(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Ledger).await
}

/// The Welsh scoop-pot tally between you and another player.
#[poise::command(slash_command)]
pub async fn pot(
    ctx: Context<'_>,
    #[description = "The other player"] opponent: serenity::User,
) -> Result<(), Error> {
    let result =
        super::execute_introducing(ctx, &opponent, Command::Pot(opponent.id.to_string())).await;
    reply(ctx, result).await.map(|_| ())
}

/// A rating here: rank, record, the last ten changes and the history chart.
#[poise::command(slash_command)]
pub async fn rating(
    ctx: Context<'_>,
    #[description = "Whose rating (default: yours)"] player: Option<serenity::User>,
    #[description = "Standard (default) or Welsh ratings"] rules: Option<Rules>,
) -> Result<(), Error> {
    let player = match player {
        Some(u) => {
            let name = u.global_name.clone().unwrap_or_else(|| u.name.clone());
            if let Err(e) = ctx
                .data()
                .club
                .introduce("discord", &u.id.to_string(), &name)
                .await
            {
                return reply(ctx, Err(e)).await.map(|_| ());
            }
            Some(u.id.to_string())
        }
        None => None,
    };
    run(
        ctx,
        Command::Rating {
            player,
            ruleset: rules.map(ruleset_of),
        },
    )
    .await
}

/// The best ratings on this server, as a table.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Standard (default) or Welsh ratings"] rules: Option<Rules>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Leaderboard {
            ruleset: rules.map(ruleset_of),
        },
    )
    .await
}

fn ruleset_of(r: Rules) -> Ruleset {
    match r {
        Rules::Standard => Ruleset::Standard,
        Rules::Welsh => Ruleset::Welsh,
    }
}

/// Server settings (Manage Server): play each match in its own thread.
#[poise::command(slash_command, default_member_permissions = "MANAGE_GUILD", guild_only)]
pub async fn server(
    ctx: Context<'_>,
    #[description = "One thread per match"] threads: Option<bool>,
) -> Result<(), Error> {
    let allowed = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    };
    if !allowed {
        tell(
            ctx,
            "\u{26A0} server settings need the Manage Server permission",
        )
        .await?;
        return Ok(());
    }
    let on = ctx.data().club.match_threads(&actor(ctx), threads).await?;
    tell(
        ctx,
        format!(
            "Matches here are played {}",
            if on {
                "each in its own thread"
            } else {
                "in the channel where they were challenged"
            }
        ),
    )
    .await?;
    Ok(())
}

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

fn cr(id: Option<i64>) -> ChouetteRef {
    ChouetteRef { id, version: None }
}

async fn chouette_run(ctx: Context<'_>, id: Option<i64>, op: ChouetteOp) -> Result<(), Error> {
    run(ctx, Command::Chouette(cr(id), op)).await
}

async fn autocomplete_chouette_play(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let plays = ctx
        .data()
        .club
        .chouette_moves(&actor(ctx), cr(option_int(ctx, "session")))
        .await
        .unwrap_or_default();
    play_choices(plays, partial)
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
            Some(a) => spec.stake = a,
            None => {
                return reply(
                    ctx,
                    Err(club::ClubError::BadOption(format!(
                        "stake: `{}` is not an amount like 1.00",
                        engine::excerpt(&s)
                    ))),
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

/// Provably fair dice: anchor, seeds and throws of a match or chouette; export; your seed.
#[poise::command(
    slash_command,
    subcommands("fair_show", "fair_export", "fair_seed"),
    subcommand_required
)]
pub async fn fair(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn fair_ref(id: Option<i64>, session: Option<i64>) -> club::FairRef {
    match session {
        Some(s) => club::FairRef::Chouette(cr(Some(s))),
        None => club::FairRef::Match(m(id)),
    }
}

/// The anchor, both seeds and the throws so far with their s_k.
#[poise::command(slash_command, rename = "show")]
pub async fn fair_show(
    ctx: Context<'_>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "A chouette session instead of a match"] session: Option<i64>,
) -> Result<(), Error> {
    let r = fair_ref(id, session);
    run(ctx, Command::Fair(r, club::FairOp::Show)).await
}

/// The throws as a JSON file for scripts/verify_dice.py.
#[poise::command(slash_command, rename = "export")]
pub async fn fair_export(
    ctx: Context<'_>,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "A chouette session instead of a match"] session: Option<i64>,
) -> Result<(), Error> {
    let r = fair_ref(id, session);
    run(ctx, Command::Fair(r, club::FairOp::Export)).await
}

/// Set your seed (at most 64 characters) before the first throw.
#[poise::command(slash_command, rename = "seed")]
pub async fn fair_seed(
    ctx: Context<'_>,
    #[description = "Your seed, any text up to 64 characters"]
    #[max_length = 64]
    text: String,
    #[description = "The match (when you have several)"]
    #[autocomplete = "autocomplete_match"]
    #[rename = "match"]
    id: Option<i64>,
    #[description = "A chouette session instead of a match"] session: Option<i64>,
) -> Result<(), Error> {
    let r = fair_ref(id, session);
    run(ctx, Command::Fair(r, club::FairOp::Seed(text))).await
}

/// Every command, for the framework and for registration.
#[must_use]
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge(),
        accept(),
        decline(),
        cancel(),
        roll(),
        throw(),
        play(),
        moves(),
        double(),
        take(),
        drop(),
        beaver(),
        raccoon(),
        resign(),
        stop(),
        call(),
        choose(),
        reroll(),
        onedie(),
        nominate(),
        concede(),
        take_break(),
        resume(),
        board(),
        games(),
        history(),
        export(),
        settings(),
        ledger(),
        pot(),
        rating(),
        leaderboard(),
        server(),
        chouette(),
        fair(),
        super::league::league(),
        super::analysis::analyse(),
        super::analysis::stats(),
    ]
}
