//! The slash commands: each reads its options into a club command and hands it to `run`.
//! One file per group: `challenge`, `play` (a match in play), `player` (a player's and the
//! server's settings and views), `chouette`, `fair`, `practice` (`/hint`, `/undo`,
//! `/keep`), `web` (`/web revoke`), `vacation` (`/vacation`), `h2h` (`/h2h`), `block` (`/block`,
//! `/unblock`); `challenge` has `/play-bot` too; `choices` and `autocomplete` serve them all.

/// A command with only the match option, made into the club command of that match:
/// `Match(Roll)` is `Command::Match(match, MatchOp::Roll)`, `Look(Board)` is
/// `Command::Look(Look::Board(match))`, and so for `Challenge` and `Practice`.
macro_rules! simple {
    ($name:ident, $doc:literal, Match($op:ident)) => {
        simple!(@ $name, $doc, r => club::Command::Match(r, club::MatchOp::$op));
    };
    ($name:ident, $doc:literal, Look($look:ident)) => {
        simple!(@ $name, $doc, r => club::Command::Look(club::Look::$look(r)));
    };
    ($name:ident, $doc:literal, Challenge($op:ident)) => {
        simple!(@ $name, $doc, r => club::Command::Challenge(club::ChallengeOp::$op(r)));
    };
    ($name:ident, $doc:literal, Practice($op:ident)) => {
        simple!(@ $name, $doc, r => club::Command::Practice(r, club::PracticeOp::$op));
    };
    (@ $name:ident, $doc:literal, $r:ident => $cmd:expr) => {
        #[doc = $doc]
        #[poise::command(slash_command)]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = "The match (when you have several)"]
            #[autocomplete = "autocomplete_match"]
            #[rename = "match"]
            id: Option<i64>,
        ) -> Result<(), Error> {
            let $r = m(id);
            run(ctx, $cmd).await
        }
    };
}

mod autocomplete;
mod block;
mod challenge;
mod choices;
mod chouette;
mod fair;
mod h2h;
mod play;
mod player;
mod practice;
mod vacation;
mod web;

use block::{block, unblock};
use challenge::{accept, cancel, challenge, decline, play_bot};
use chouette::chouette;
use fair::fair;
use h2h::h2h;
use play::{
    beaver, board, call, choose, concede, double, drop, export, history, moves, nominate, onedie,
    play, raccoon, reroll, resign, resume, roll, stop, take, take_break, throw,
};
use player::{games, leaderboard, ledger, pot, rating, server, settings};
use practice::{hint, keep, undo};
use vacation::vacation;
use web::web;

use crate::discord::context::{Data, Error};

/// Every command, for the framework and for registration.
#[must_use]
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge(),
        accept(),
        decline(),
        cancel(),
        play_bot(),
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
        super::drill::drill(),
        super::puzzle::puzzle(),
        hint(),
        undo(),
        keep(),
        web(),
        vacation(),
        h2h(),
        block(),
        unblock(),
    ]
}
