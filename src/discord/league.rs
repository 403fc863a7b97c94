//! `/league`: leagues and tournaments. Each subcommand reads its options into a club
//! league command with what Discord says of the sender's rights (Manage Server, roles);
//! the club decides who may do what.

use poise::serenity_prelude as serenity;

use super::buttons::join_button;
use super::context::{Context, Error, actor};
use super::reply::run;
use club::{ChallengeOptions, Command, DAY, Format, LeagueCommand, LeagueOp, Span};
use engine::Ruleset;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LeagueFormat {
    #[name = "round robin"]
    RoundRobin,
    #[name = "double round robin"]
    Double,
    #[name = "knockout"]
    Knockout,
    #[name = "divisions over seasons"]
    Divisions,
    #[name = "double elimination"]
    DoubleElimination,
    #[name = "swiss system"]
    Swiss,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LeagueRules {
    #[name = "standard"]
    Standard,
    #[name = "welsh"]
    Welsh,
}

/// Manage Server and the roles of the sender here.
pub(crate) fn rights(ctx: Context<'_>) -> (bool, Vec<String>) {
    let poise::Context::Application(a) = ctx else {
        return (false, Vec::new());
    };
    let Some(member) = a.interaction.member.as_ref() else {
        return (false, Vec::new());
    };
    (
        member.permissions.is_some_and(|p| p.manage_guild()),
        member.roles.iter().map(ToString::to_string).collect(),
    )
}

async fn league_run(ctx: Context<'_>, league: Option<String>, op: LeagueOp) -> Result<(), Error> {
    let (manage_server, roles) = rights(ctx);
    run(
        ctx,
        Command::League(LeagueCommand {
            league,
            op,
            manage_server,
            roles,
        }),
    )
    .await
}

pub(crate) async fn autocomplete_league(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let names = ctx
        .data()
        .club
        .league_names(&actor(ctx), partial.trim())
        .await
        .unwrap_or_default();
    let choices = names
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Leagues and tournaments: round robins, knockouts, divisions over seasons.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "lg_create",
        "lg_join",
        "lg_leave",
        "lg_start",
        "lg_withdraw",
        "lg_standings",
        "lg_fixtures",
        "lg_bracket",
        "lg_result",
        "lg_forfeit",
        "lg_extend",
        "lg_suggest",
        "lg_checkin",
        "lg_settings",
        "lg_list",
        "lg_log"
    ),
    subcommand_required
)]
pub async fn league(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a league here (Manage Server); its matches are posted in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, rename = "create")]
pub async fn lg_create(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[max_length = 40]
    name: String,
    #[description = "Round robin (default), double, knockout or divisions"] format: Option<
        LeagueFormat,
    >,
    #[description = "Standard (default) or Welsh backgammon"] rules: Option<LeagueRules>,
    #[description = "Points to win (standard, default 7) or games (Welsh, default 25)"]
    #[min = 1]
    #[max = 99]
    length: Option<u32>,
    #[description = "Standard: the Crawford rule (default on)"] crawford: Option<bool>,
    #[description = "Days a move (default 2)"]
    #[min = 0]
    #[max = 30]
    move_days: Option<i64>,
    #[description = "Days of time bank (default 5)"]
    #[min = 0]
    #[max = 60]
    bank_days: Option<i64>,
) -> Result<(), Error> {
    // The league's terms are a challenge's: the club checks them.
    let options = ChallengeOptions {
        ruleset: rules.map(|r| match r {
            LeagueRules::Standard => Ruleset::Standard,
            LeagueRules::Welsh => Ruleset::Welsh,
        }),
        length,
        crawford,
        per_move: move_days.map(|n| Span(n.saturating_mul(DAY))),
        bank: bank_days.map(|n| Span(n.saturating_mul(DAY))),
        ..ChallengeOptions::default()
    };
    let spec = match options.terms() {
        Ok(spec) => spec,
        Err(e) => {
            super::reply::tell(ctx, format!("\u{26A0} {e}")).await?;
            return Ok(());
        }
    };
    let format = match format {
        None | Some(LeagueFormat::RoundRobin) => Format::RoundRobin,
        Some(LeagueFormat::Double) => Format::DoubleRoundRobin,
        Some(LeagueFormat::Knockout) => Format::Knockout,
        Some(LeagueFormat::Divisions) => Format::Divisions,
        Some(LeagueFormat::DoubleElimination) => Format::DoubleElimination,
        Some(LeagueFormat::Swiss) => Format::Swiss,
    };
    let (manage_server, roles) = rights(ctx);
    let button = join_button(&name);
    let result = super::reply::execute(
        ctx,
        Command::League(LeagueCommand {
            league: None,
            op: LeagueOp::Create { name, format, spec },
            manage_server,
            roles,
        }),
    )
    .await;
    match result {
        Ok(out) => {
            // The announcement carries the sign-up: a Join button.
            let answer = super::answer::Answer {
                components: vec![button],
                ..super::answer::Answer::text(super::answer::outcome_content(&out))
            };
            // The league is made: an answer Discord did not take goes to the channel.
            if let Err(e) = super::reply::answer_everyone(ctx, &answer).await {
                tracing::warn!(error = %e, "the answer to /league create was not shown");
                super::reply::carried_out_anyway(
                    &ctx.data().club,
                    ctx.http(),
                    ctx.channel_id(),
                    &answer,
                )
                .await;
            }
            Ok(())
        }
        Err(e) => {
            super::reply::tell(ctx, format!("\u{26A0} {e}")).await?;
            Ok(())
        }
    }
}

/// Posts each match of the season under way with its two players mentioned: in a thread
/// of its own when the server keeps a thread per match (`/server threads:true`), else in
/// the channel.
async fn post_matches(ctx: Context<'_>, league: Option<&str>) {
    let club = ctx.data().club.clone();
    let who = actor(ctx);
    let posts = match club.league_posts(&who, league).await {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(error = %e, "league matches not posted");
            return;
        }
    };
    let threads = club.match_threads(&who, None).await.unwrap_or(false);
    super::league_posts::post_league_matches(
        ctx.http(),
        &club,
        &posts,
        ctx.channel_id(),
        threads,
        super::league_posts::Mover::Organiser(&who),
    )
    .await;
}

macro_rules! league_simple {
    ($name:ident, $rename:literal, $doc:literal, $op:expr) => {
        #[doc = $doc]
        #[poise::command(slash_command, rename = $rename)]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = "The league (when there are several)"]
            #[autocomplete = "autocomplete_league"]
            #[max_length = 100]
            league: Option<String>,
        ) -> Result<(), Error> {
            league_run(ctx, league, $op).await
        }
    };
}

league_simple!(
    lg_join,
    "join",
    "Sign up for a league before its season starts.",
    LeagueOp::Join
);
league_simple!(
    lg_leave,
    "leave",
    "Take your sign-up back before the start.",
    LeagueOp::Leave
);
league_simple!(
    lg_withdraw,
    "withdraw",
    "Leave a league under way (remaining matches forfeited or void).",
    LeagueOp::Withdraw
);
league_simple!(
    lg_checkin,
    "checkin",
    "Confirm your entry during a knockout's check-in.",
    LeagueOp::Checkin
);
league_simple!(
    lg_fixtures,
    "fixtures",
    "The season's fixtures and results.",
    LeagueOp::Fixtures
);
league_simple!(
    lg_bracket,
    "bracket",
    "A knockout's bracket.",
    LeagueOp::Bracket
);
league_simple!(
    lg_list,
    "list",
    "The leagues of this server.",
    LeagueOp::List
);
/// The league's log (results, rulings, seasons), or as stored: a file of JSON lines.
#[poise::command(slash_command, rename = "log")]
pub async fn lg_log(
    ctx: Context<'_>,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
    #[description = "Every entry as stored, as a JSON file"] export: Option<bool>,
) -> Result<(), Error> {
    let op = if export == Some(true) {
        LeagueOp::LogExport
    } else {
        LeagueOp::Log
    };
    league_run(ctx, league, op).await
}

/// Start the season (organiser): fixtures drawn, matches started, players mentioned.
#[poise::command(slash_command, rename = "start")]
pub async fn lg_start(
    ctx: Context<'_>,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
    #[description = "Seeding: user ids or names, top seed first, comma-separated (default: random)"]
    #[max_length = 200]
    order: Option<String>,
) -> Result<(), Error> {
    let order = order.map(|o| {
        o.split(',')
            .map(|s| {
                s.trim()
                    .trim_start_matches("<@")
                    .trim_end_matches('>')
                    .to_string()
            })
            .filter(|s| !s.is_empty())
            .collect()
    });
    let (manage_server, roles) = rights(ctx);
    let result = super::reply::execute(
        ctx,
        Command::League(LeagueCommand {
            league: league.clone(),
            op: LeagueOp::Start { order },
            manage_server,
            roles,
        }),
    )
    .await;
    if super::reply::reply(ctx, result).await?.is_some() {
        post_matches(ctx, league.as_deref()).await;
    }
    Ok(())
}

/// The league table (a division's when there are several).
#[poise::command(slash_command, rename = "standings")]
pub async fn lg_standings(
    ctx: Context<'_>,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
    #[description = "Division (1 = top)"]
    #[min = 1]
    division: Option<i64>,
) -> Result<(), Error> {
    league_run(ctx, league, LeagueOp::Standings { division }).await
}

/// Record an adjudicated result (organiser), with the reason.
#[poise::command(slash_command, rename = "result")]
pub async fn lg_result(
    ctx: Context<'_>,
    #[description = "The match number"]
    #[rename = "match"]
    id: i64,
    #[description = "Who wins"] winner: serenity::User,
    #[description = "Why (kept in the league log)"]
    #[max_length = 200]
    reason: String,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
) -> Result<(), Error> {
    let op = LeagueOp::Result {
        match_id: id,
        winner: winner.id.to_string(),
        reason,
    };
    league_run(ctx, league, op).await
}

/// Award a match by forfeit (organiser), with the reason.
#[poise::command(slash_command, rename = "forfeit")]
pub async fn lg_forfeit(
    ctx: Context<'_>,
    #[description = "The match number"]
    #[rename = "match"]
    id: i64,
    #[description = "Who forfeits"] loser: serenity::User,
    #[description = "Why (kept in the league log)"]
    #[max_length = 200]
    reason: String,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
) -> Result<(), Error> {
    let op = LeagueOp::Forfeit {
        match_id: id,
        loser: loser.id.to_string(),
        reason,
    };
    league_run(ctx, league, op).await
}

/// Give the player to act more time (organiser).
#[poise::command(slash_command, rename = "extend")]
pub async fn lg_extend(
    ctx: Context<'_>,
    #[description = "The match number"]
    #[rename = "match"]
    id: i64,
    #[description = "Days more"]
    #[min = 1]
    #[max = 30]
    days: i64,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
) -> Result<(), Error> {
    let op = LeagueOp::Extend {
        match_id: id,
        seconds: days * DAY,
    };
    league_run(ctx, league, op).await
}

/// gnubg's winning chances for a match unfinished at the deadline (organiser).
#[poise::command(slash_command, rename = "suggest")]
pub async fn lg_suggest(
    ctx: Context<'_>,
    #[description = "The match number"]
    #[rename = "match"]
    id: i64,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
) -> Result<(), Error> {
    league_run(ctx, league, LeagueOp::Suggest { match_id: id }).await
}

/// Change a league setting (organiser).
#[poise::command(slash_command, rename = "settings")]
pub async fn lg_settings(
    ctx: Context<'_>,
    #[description = "win/loss-points seeding season-days remind entry-fee movers reset rounds vacation recur checkin ..."]
    #[max_length = 100]
    setting: Option<String>,
    #[description = "The new value"]
    #[max_length = 40]
    value: Option<String>,
    #[description = "A role whose members act as organisers"] organiser_role: Option<
        serenity::Role,
    >,
    #[description = "The league (when there are several)"]
    #[autocomplete = "autocomplete_league"]
    #[max_length = 100]
    league: Option<String>,
) -> Result<(), Error> {
    let (key, value) = match (organiser_role, setting, value) {
        (Some(r), _, _) => ("organiser-role".to_string(), r.id.to_string()),
        // A role typed as a mention (`<@&123>`) is its id.
        (None, Some(k), Some(v)) if k == "organiser-role" => {
            let id = v.trim().trim_start_matches("<@&").trim_end_matches('>');
            (k, id.to_string())
        }
        (None, Some(k), Some(v)) => (k, v),
        _ => {
            super::reply::tell(
                ctx,
                "\u{26A0} name a setting and its value, or an organiser-role",
            )
            .await?;
            return Ok(());
        }
    };
    league_run(ctx, league, LeagueOp::Set { key, value }).await
}
