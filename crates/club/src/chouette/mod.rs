//! Chouettes: their log, operations, sessions, views and commands.
//!
//! Entry points, on [`Club`]: `chouette`, `chouette_moves` (`commands`); `load_chouette`,
//! `find_chouette` (`session`); `chouette_outcome` (`view`).

mod commands;
pub(crate) mod log;
mod ops;
mod refusal;
pub(crate) mod session;
pub(crate) mod view;

pub use log::{ChouetteEntry, ChouetteSpec, chouette_words, rebuild_chouette};
pub use ops::{ChouetteOp, ChouetteRef};
pub use refusal::ChouetteRefusal;

use crate::Actor;
use crate::Club;
use crate::ClubError;
use crate::Outcome;
use crate::chouette::session::Session;
use engine::Side;

impl Club {
    // commands
    /// Runs a chouette command: a new session, a look at one, or an action checked by
    /// the engine, followed by the club's own throws and forced plays, said in words and
    /// written with its ledger entries in one transaction.
    pub(crate) async fn chouette(
        &self,
        actor: &Actor,
        me: &store::PlayerRow,
        community: i64,
        r: ChouetteRef,
        op: ChouetteOp,
    ) -> Result<Outcome, ClubError> {
        commands::chouette(self, actor, me, community, r, op).await
    }

    /// The legal plays of the roll in hand of a chouette, as move text (autocomplete).
    ///
    /// # Errors
    /// No such session, or a database error.
    pub async fn chouette_moves(
        &self,
        actor: &Actor,
        r: ChouetteRef,
    ) -> Result<Vec<String>, ClubError> {
        commands::chouette_moves(self, actor, r).await
    }

    // session
    pub(crate) async fn load_chouette(&self, id: i64) -> Result<Session, ClubError> {
        session::load_chouette(self, id).await
    }

    /// The session named; else the player's own session in the actor's channel: the one
    /// he is in, and if he is in several, the one waiting on him for this command. A
    /// player in none (and `join`) gets the newest he is not in. Ambiguity is asked about.
    pub(crate) async fn find_chouette(
        &self,
        actor: &Actor,
        community: i64,
        me: i64,
        r: ChouetteRef,
        op: &ChouetteOp,
    ) -> Result<Session, ClubError> {
        session::find_chouette(self, actor, community, me, r, op).await
    }

    // view
    pub(crate) fn chouette_outcome(
        &self,
        s: &Session,
        last: Option<(Side, engine::Position, engine::Play)>,
    ) -> Outcome {
        view::chouette_outcome(self, s, last)
    }
}
