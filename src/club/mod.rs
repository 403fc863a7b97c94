//! The application: commands in, outcomes out. Who may do what, one transaction per
//! command with an optimistic version check, the dice and the clock, deadlines and
//! reminders, the scoop-pot and the ledger. No chat-platform types.

mod chouette;
mod clock;
mod command;
mod dice;
mod error;
mod state;

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

pub use chouette::{
    ChouetteEntry, ChouetteOp, ChouetteRef, ChouetteSpec, chouette_words, rebuild_chouette,
};
pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{
    Actor, Attachment, ChallengeSpec, Command, DAY, MatchRef, NextUp, Notice, Outcome, Starter,
    TimeControl,
};
pub use dice::{DiceSource, RngDice};
pub use error::ClubError;
pub use state::{Entry, LastMove, Settlement, Snapshot, rebuild, standard_rules};

use crate::engine::welsh::{
    MAX_CUBE, NominateFor, Parity, Rates, Throw, WelshAction, WelshError, WelshMatch, WelshPhase,
    format_amount, format_welsh_play, has_full_spread, match_prize, resolve_welsh_play,
};
use crate::engine::{
    Action, AnyMatch, Dice, Phase, ResignLevel, Ruleset, Side, export_mat, format_play,
};
use crate::store::{
    LedgerEntry, MatchChange, MatchRow, NewMatch, PlayerRow, PotGame, Store, StoreError,
};

/// The longest move text, option or name the club reads.
const MAX_TEXT: usize = 200;

/// The application.
pub struct Club {
    store: Store,
    dice: Arc<dyn DiceSource>,
    clock: Arc<dyn Clock>,
    rates: Rates,
}

/// A match loaded with what acting on it needs.
struct Loaded {
    row: MatchRow,
    spec: ChallengeSpec,
    players: [PlayerRow; 2],
    names: [String; 2],
    snap: Option<Snapshot>,
}

impl Loaded {
    fn side_of(&self, player: i64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == player)
    }
}

/// What a command asks of the engine.
#[derive(Clone, Debug)]
enum Op {
    Roll,
    Move(String),
    Double,
    Take,
    Drop,
    Beaver,
    Raccoon,
    Resign(ResignLevel),
    AcceptResign,
    RejectResign,
    Call(Parity),
    Choose(Starter),
    Reroll,
    RollOne,
    Nominate(NominateFor, (u8, u8)),
    Concede(u32, bool),
    AcceptConcede,
    RejectConcede,
    TimeOut,
    Break,
    Resume,
}

impl Op {
    fn name(&self) -> &'static str {
        match self {
            Op::Roll => "roll",
            Op::Move(_) => "move",
            Op::Double => "double",
            Op::Take => "take",
            Op::Drop => "drop",
            Op::Beaver => "beaver",
            Op::Raccoon => "raccoon",
            Op::Resign(_) => "resign",
            Op::AcceptResign => "accept",
            Op::RejectResign => "reject",
            Op::Call(_) => "call",
            Op::Choose(_) => "choose",
            Op::Reroll => "reroll",
            Op::RollOne => "roll-one",
            Op::Nominate(..) => "nominate",
            Op::Concede(..) => "concede",
            Op::AcceptConcede => "accept",
            Op::RejectConcede => "reject",
            Op::TimeOut => "time-out",
            Op::Break => "break",
            Op::Resume => "resume",
        }
    }
}

/// The length of a break (regulation D), in seconds.
const BREAK_SECONDS: i64 = 10 * 60;

/// A Welsh throw the club makes: two dice, one die (rule 11), or a 1-2 thrown again (rule 13).
#[derive(Clone, Copy, PartialEq, Eq)]
enum ThrowKind {
    Two,
    One,
    Again,
}

/// What one command does to a match before it is written.
struct Work {
    snap: Snapshot,
    entries: Vec<(Option<i64>, Entry)>,
    lines: Vec<String>,
    settle: Vec<Settlement>,
}

impl Work {
    fn push(
        &mut self,
        by: Option<i64>,
        entry: Entry,
        names: &[String; 2],
    ) -> Result<(), ClubError> {
        self.snap
            .apply(&entry, names, &mut self.lines, &mut self.settle)
            .map_err(ClubError::Refused)?;
        self.entries.push((by, entry));
        Ok(())
    }
}

fn ruleset_word(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Standard => "standard",
        Ruleset::Welsh => "Welsh",
    }
}

fn entry_json(e: &Entry) -> String {
    serde_json::to_string(e).unwrap_or_default()
}

/// What the player who must act has to do, in words ("roll or double", "take or drop").
#[must_use]
pub fn next_words(game: &AnyMatch) -> String {
    match game {
        AnyMatch::Standard(m) => {
            if m.resign_offer().is_some() {
                return "accept or reject the resignation".into();
            }
            match m.phase() {
                Phase::Opening => "throw the opening roll".into(),
                Phase::ToRoll(s) => {
                    if m.may_double(s).is_ok() {
                        "roll or double".into()
                    } else {
                        "roll".into()
                    }
                }
                Phase::CubeOffered(o) => {
                    if m.rules().beavers && o.notches == 0 {
                        "take, drop or beaver".into()
                    } else if m.rules().raccoons && o.notches > 0 {
                        "take, drop or raccoon".into()
                    } else {
                        "take or drop".into()
                    }
                }
                Phase::ToPlay { dice, .. } => format!("move {}", state::dice_words(dice)),
                Phase::MatchOver { .. } => "nothing: the match is over".into(),
            }
        }
        AnyMatch::Welsh(m) => {
            if let (_, Some(_)) = m.concede() {
                return "accept or reject the offer to concede".into();
            }
            match m.phase() {
                WelshPhase::Call { .. } => "call odds or evens".into(),
                WelshPhase::Choose { .. } => "choose who starts (me or opponent)".into(),
                WelshPhase::ToRoll(s) => {
                    // Rule 21: a throw nominated for him is set; he cannot nominate it again
                    // nor throw one die instead.
                    let set = m.nominated_throw().filter(|(who, _)| *who == s);
                    let throw = set.map(|(_, (a, b))| {
                        format!("throw the nominated {}-{}", a.max(b), a.min(b))
                    });
                    let mut opts = vec![throw.as_deref().unwrap_or("throw")];
                    if welsh_may_double(m, s) {
                        opts.push("double");
                    }
                    if m.nominate_left(s) && set.is_none() {
                        opts.push("nominate");
                    }
                    if has_full_spread(&m.position().view(s)) && set.is_none() {
                        opts.push("throw one die");
                    }
                    join_or(&opts)
                }
                WelshPhase::ToPlay {
                    throw, nominated, ..
                } => {
                    let acey = !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
                    format!(
                        "move {}{}",
                        match throw {
                            Throw::Two(a, b) => format!("{}-{}", a.max(b), a.min(b)),
                            Throw::One(a) => format!("{a}"),
                        },
                        if acey {
                            " (or throw the 1-2 again)"
                        } else {
                            ""
                        }
                    )
                }
                WelshPhase::MatchOver { .. } => "nothing: the match is over".into(),
            }
        }
    }
}

fn join_or(opts: &[&str]) -> String {
    match opts {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn welsh_may_double(m: &WelshMatch, s: Side) -> bool {
    m.cube().right != Some(s.opponent()) && m.triangle().is_none() && m.cube().value < MAX_CUBE
}

/// Whether the player on roll has nothing to decide before rolling.
fn nothing_to_decide_before_rolling(game: &AnyMatch, s: Side) -> bool {
    match game {
        AnyMatch::Standard(m) => m.may_double(s).is_err(),
        AnyMatch::Welsh(m) => {
            !welsh_may_double(m, s)
                && !m.nominate_left(s)
                && !has_full_spread(&m.position().view(s))
                && m.concede().0 != Some(s)
        }
    }
}

impl Club {
    #[must_use]
    pub fn new(store: Store, dice: Arc<dyn DiceSource>, clock: Arc<dyn Clock>) -> Club {
        Club {
            store,
            dice,
            clock,
            rates: Rates::default(),
        }
    }

    /// The club's "now", Unix seconds.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn roll2(&self) -> (u8, u8) {
        (self.dice.die(), self.dice.die())
    }

    async fn me(&self, actor: &Actor) -> Result<(PlayerRow, i64), ClubError> {
        for (what, text) in [
            ("name", &actor.display_name),
            ("user id", &actor.user_id),
            ("channel", &actor.channel),
        ] {
            if text.chars().count() > 100 {
                return Err(ClubError::TooLong(what, text.chars().count(), 100));
            }
        }
        // Read first: most commands come from known players in known communities, and a
        // read takes no write lock.
        let me = match self
            .store
            .find_player(&actor.platform, &actor.user_id)
            .await?
        {
            Some(p) if p.display_name == actor.display_name => p,
            _ => {
                self.store
                    .player(
                        &actor.platform,
                        &actor.user_id,
                        &actor.display_name,
                        self.clock.now(),
                    )
                    .await?
            }
        };
        let community = match self
            .store
            .find_community(&actor.platform, &actor.community_id)
            .await?
        {
            Some(id) => id,
            None => {
                self.store
                    .community(&actor.platform, &actor.community_id, &actor.community_name)
                    .await?
            }
        };
        Ok((me, community))
    }

    /// Runs one command for `actor`.
    ///
    /// # Errors
    /// A [`ClubError`] saying why it was refused and what to do; nothing is changed then.
    pub async fn execute(&self, actor: &Actor, cmd: Command) -> Result<Outcome, ClubError> {
        let (me, community) = self.me(actor).await?;
        match cmd {
            Command::Challenge { opponent, spec } => {
                self.challenge(actor, &me, community, &opponent, spec).await
            }
            Command::Accept(m) => {
                self.answer_challenge(&me, community, m, Entry::Accept)
                    .await
            }
            Command::AcceptShaking(m, who) => {
                // The challenged player (O) is the guest: `Me` is O.
                let shaker = state::starter_side(Side::O, who);
                self.answer_challenge(&me, community, m, Entry::AcceptWelsh { shaker })
                    .await
            }
            Command::Decline(m) => {
                self.answer_challenge(&me, community, m, Entry::Decline)
                    .await
            }
            Command::Cancel(m) => {
                self.answer_challenge(&me, community, m, Entry::Cancel)
                    .await
            }
            Command::Roll(m) => self.act(&me, community, m, Op::Roll).await,
            Command::Move(m, text) => {
                if text.chars().count() > MAX_TEXT {
                    return Err(ClubError::TooLong("move", text.chars().count(), MAX_TEXT));
                }
                self.act(&me, community, m, Op::Move(text)).await
            }
            Command::Double(m) => self.act(&me, community, m, Op::Double).await,
            Command::Take(m) => self.act(&me, community, m, Op::Take).await,
            Command::Drop(m) => self.act(&me, community, m, Op::Drop).await,
            Command::Beaver(m) => self.act(&me, community, m, Op::Beaver).await,
            Command::Raccoon(m) => self.act(&me, community, m, Op::Raccoon).await,
            Command::Resign(m, level) => self.act(&me, community, m, Op::Resign(level)).await,
            Command::AcceptResign(m) => self.act(&me, community, m, Op::AcceptResign).await,
            Command::RejectResign(m) => self.act(&me, community, m, Op::RejectResign).await,
            Command::Call(m, p) => self.act(&me, community, m, Op::Call(p)).await,
            Command::Choose(m, who) => self.act(&me, community, m, Op::Choose(who)).await,
            Command::Reroll(m) => self.act(&me, community, m, Op::Reroll).await,
            Command::RollOne(m) => self.act(&me, community, m, Op::RollOne).await,
            Command::Nominate(m, whose, dice) => {
                self.act(&me, community, m, Op::Nominate(whose, dice)).await
            }
            Command::Concede(m, games, pay) => {
                self.act(&me, community, m, Op::Concede(games, pay)).await
            }
            Command::AcceptConcede(m) => self.act(&me, community, m, Op::AcceptConcede).await,
            Command::RejectConcede(m) => self.act(&me, community, m, Op::RejectConcede).await,
            Command::Break(m) => self.act(&me, community, m, Op::Break).await,
            Command::Resume(m) => self.act(&me, community, m, Op::Resume).await,
            Command::Board(m) => self.board(&me, community, m).await,
            Command::Moves(m) => {
                let l = self.find(&me, community, m, "moves").await?;
                let moves = legal_texts(&l);
                let mut out = self.outcome(&l, None);
                out.lines.push(if moves.is_empty() {
                    "There is no roll to play now.".into()
                } else {
                    format!("Legal plays: {}", moves.join(", "))
                });
                Ok(out)
            }
            Command::Games => self.games(&me, community).await,
            Command::History(m) => self.history(&me, community, m).await,
            Command::Export(m) => self.export(&me, community, m).await,
            Command::Settings {
                auto_roll,
                notify_dm,
            } => {
                let auto = auto_roll.unwrap_or(me.auto_roll);
                let dm = notify_dm.unwrap_or(me.notify_dm);
                self.store.set_settings(me.id, auto, dm).await?;
                Ok(Outcome {
                    lines: vec![format!(
                        "Settings for {}: auto-roll {}, direct messages {}",
                        me.display_name,
                        if auto { "on" } else { "off" },
                        if dm { "on" } else { "off" }
                    )],
                    ..Outcome::default()
                })
            }
            Command::Ledger => {
                let rows = self.store.ledger(community, me.id).await?;
                let balance = self.store.balance(community, me.id).await?;
                let mut lines = vec![format!(
                    "Balance for {}: {}{}",
                    me.display_name,
                    if balance < 0 { "-" } else { "" },
                    format_amount(balance.unsigned_abs())
                )];
                for r in rows {
                    lines.push(format!(
                        "{} pays {} {} ({}{})",
                        r.payer,
                        r.payee,
                        format_amount(r.amount.unsigned_abs()),
                        r.reason,
                        r.match_id
                            .map(|m| format!(", match #{m}"))
                            .unwrap_or_default()
                    ));
                }
                Ok(Outcome {
                    lines,
                    ..Outcome::default()
                })
            }
            Command::Chouette(r, op) => self.chouette(actor, &me, community, r, op).await,
            Command::Pot(opponent) => {
                let other = self.opponent(actor, &opponent).await?;
                let (games, collected) = self.store.pot(community, me.id, other.id).await?;
                Ok(Outcome {
                    lines: vec![format!(
                        "Scoop-pot {} and {}: {games} game{} since the last backgammon (worth {} to the next backgammon); {collected} pot{} collected",
                        me.display_name,
                        other.display_name,
                        if games == 1 { "" } else { "s" },
                        format_amount(
                            u64::try_from(games + 1).unwrap_or(0) * self.rates.scoop_per_game
                        ),
                        if collected == 1 { "" } else { "s" },
                    )],
                    ..Outcome::default()
                })
            }
        }
    }

    /// Records a player the platform has told us about (a challenged user who has not
    /// spoken yet).
    ///
    /// # Errors
    /// A database error.
    pub async fn introduce(
        &self,
        platform: &str,
        user_id: &str,
        name: &str,
    ) -> Result<(), ClubError> {
        if user_id.chars().count() > 100 || name.chars().count() > 100 {
            return Err(ClubError::TooLong("name", name.chars().count(), 100));
        }
        self.store
            .player(platform, user_id, name, self.clock.now())
            .await?;
        Ok(())
    }

    /// The actor's open matches here: (id, a line describing it), newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_matches(&self, actor: &Actor) -> Result<Vec<(i64, String)>, ClubError> {
        let (me, community) = self.me(actor).await?;
        let mut out = Vec::new();
        for r in self.store.matches_of(me.id, community, true).await? {
            let l = self.loaded(r).await?;
            out.push((l.row.id, match_label(&l)));
        }
        Ok(out)
    }

    /// Whether the actor's community plays each match in its own thread, and (with `set`)
    /// changes it. The platform checks who may change it.
    ///
    /// # Errors
    /// A database error.
    pub async fn match_threads(&self, actor: &Actor, set: Option<bool>) -> Result<bool, ClubError> {
        let (_, community) = self.me(actor).await?;
        if let Some(on) = set {
            self.store.set_match_threads(community, on).await?;
        }
        Ok(self.store.match_threads(community).await?)
    }

    /// Moves a match to another channel of the same platform (its own thread).
    ///
    /// # Errors
    /// Not a participant, or a database error.
    pub async fn move_to_channel(
        &self,
        actor: &Actor,
        id: i64,
        channel: &str,
    ) -> Result<(), ClubError> {
        let (me, community) = self.me(actor).await?;
        let l = self.find(&me, community, MatchRef::id(id), "move").await?;
        self.store.set_channel(l.row.id, channel).await?;
        Ok(())
    }

    async fn opponent(&self, actor: &Actor, who: &str) -> Result<PlayerRow, ClubError> {
        let key = player_key(actor, who);
        if key.chars().count() > 100 {
            return Err(ClubError::TooLong("name", key.chars().count(), 100));
        }
        if key.is_empty() {
            return Err(ClubError::UnknownPlayer(who.to_string()));
        }
        if actor.platform == "local" {
            // In the local chat a name is the identity: a new name is a new player.
            let name = who.trim().trim_start_matches('@');
            return Ok(self
                .store
                .player("local", &key, name, self.clock.now())
                .await?);
        }
        self.store
            .find_player(&actor.platform, &key)
            .await?
            .ok_or_else(|| ClubError::UnknownPlayer(who.to_string()))
    }

    async fn challenge(
        &self,
        actor: &Actor,
        me: &PlayerRow,
        community: i64,
        opponent: &str,
        spec: ChallengeSpec,
    ) -> Result<Outcome, ClubError> {
        check_spec(&spec)?;
        let other = self.opponent(actor, opponent).await?;
        if other.id == me.id {
            return Err(ClubError::SelfChallenge);
        }
        let now = self.clock.now();
        let entry = Entry::Challenge { spec };
        let id = self
            .store
            .insert_match(&NewMatch {
                community_id: community,
                channel: actor.channel.clone(),
                ruleset: ruleset_word(spec.ruleset).to_lowercase(),
                terms: serde_json::to_string(&spec).unwrap_or_default(),
                players: [me.id, other.id],
                bank: spec.time.bank,
                now,
                entry: entry_json(&entry),
            })
            .await?;
        Ok(Outcome {
            match_id: Some(id),
            version: Some(1),
            lines: vec![format!(
                "Match #{id}: {} challenges {} to {}",
                me.display_name,
                other.display_name,
                spec_words(&spec)
            )],
            chouette: None,
            board: None,
            next: Some(NextUp {
                match_id: id,
                user_id: other.platform_id.clone(),
                name: other.display_name.clone(),
                what: format!("accept or decline the challenge (/accept #{id})"),
                deadline: None,
                dm: other.notify_dm,
            }),
            attachment: None,
        })
    }

    async fn load(&self, id: i64) -> Result<Loaded, ClubError> {
        let row = self
            .store
            .load_match(id)
            .await?
            .ok_or(ClubError::UnknownMatch(id))?;
        self.loaded(row).await
    }

    /// A match row already read, with its terms, snapshot and players.
    async fn loaded(&self, row: MatchRow) -> Result<Loaded, ClubError> {
        let id = row.id;
        let spec: ChallengeSpec =
            serde_json::from_str(&row.terms).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
        let snap = match &row.state {
            Some(s) => Some(
                serde_json::from_str::<Snapshot>(s)
                    .map_err(|e| ClubError::Corrupt(id, e.to_string()))?,
            ),
            None => None,
        };
        let x = self.store.player_by_id(row.players[0]).await?;
        let o = self.store.player_by_id(row.players[1]).await?;
        let names = [x.display_name.clone(), o.display_name.clone()];
        Ok(Loaded {
            row,
            spec,
            players: [x, o],
            names,
            snap,
        })
    }

    /// The match a command is about: the one named, or the only open one of the player
    /// here (preferring the ones where he must act).
    async fn find(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        verb: &'static str,
    ) -> Result<Loaded, ClubError> {
        let l = match m.id {
            Some(id) => self.load(id).await?,
            None => {
                let mut open = Vec::new();
                for r in self.store.matches_of(me.id, community, true).await? {
                    open.push(self.loaded(r).await?);
                }
                if open.len() > 1 {
                    let mine: Vec<usize> = (0..open.len())
                        .filter(|&i| self.waiting_on(&open[i]) == Some(me.id))
                        .collect();
                    if let [one] = mine.as_slice() {
                        open.swap_remove(*one)
                    } else {
                        let ids: Vec<String> =
                            open.iter().map(|l| format!("#{}", l.row.id)).collect();
                        return Err(ClubError::WhichMatch(ids.join(", "), verb, open[0].row.id));
                    }
                } else {
                    open.pop().ok_or(ClubError::NoMatch)?
                }
            }
        };
        if l.side_of(me.id).is_none() {
            return Err(ClubError::NotAParticipant(
                l.row.id,
                l.names[0].clone(),
                l.names[1].clone(),
            ));
        }
        if let Some(v) = m.version {
            if v != l.row.version {
                return Err(ClubError::Stale(l.row.id, l.row.version));
            }
        }
        Ok(l)
    }

    /// The player id whose decision the match waits on.
    fn waiting_on(&self, l: &Loaded) -> Option<i64> {
        match l.row.status.as_str() {
            "challenged" => Some(l.row.players[1]),
            "active" => l
                .snap
                .as_ref()
                .filter(|s| !s.is_over())
                .and_then(|s| s.game.to_act())
                .map(|s| l.row.players[s.index()]),
            _ => None,
        }
    }

    async fn answer_challenge(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        entry: Entry,
    ) -> Result<Outcome, ClubError> {
        let verb = match entry {
            Entry::Accept | Entry::AcceptWelsh { .. } => "accept",
            Entry::Decline => "decline",
            _ => "cancel",
        };
        let l = self.find(me, community, m, verb).await?;
        if l.row.status != "challenged" {
            return Err(ClubError::NotActive(
                l.row.id,
                l.row.status.clone(),
                "only a challenge waiting for an answer can be accepted, declined or cancelled",
            ));
        }
        let allowed = if matches!(entry, Entry::Cancel) { 0 } else { 1 };
        if l.players[allowed].id != me.id {
            return Err(ClubError::NotYourChallenge(l.names[allowed].clone(), verb));
        }
        if matches!(entry, Entry::AcceptWelsh { .. }) && l.spec.ruleset != Ruleset::Welsh {
            return Err(ClubError::WrongRuleset(
                "accept shaker:",
                "Welsh",
                l.row.id,
                ruleset_word(l.spec.ruleset),
            ));
        }
        let mut lines = Vec::new();
        let (status, work) = match entry {
            Entry::Accept | Entry::AcceptWelsh { .. } => {
                let shaker = match entry {
                    Entry::AcceptWelsh { shaker } => shaker,
                    _ => Side::X,
                };
                let snap =
                    Snapshot::start_with_shaker(&l.spec, shaker).map_err(ClubError::BadOption)?;
                lines.push(format!(
                    "{} accepts match #{}: {}",
                    me.display_name,
                    l.row.id,
                    spec_words(&l.spec)
                ));
                if let Entry::AcceptWelsh { shaker } = entry {
                    lines.push(format!(
                        "{} shakes for the first call; {} calls (rule 24(i): the guest's choice)",
                        l.names[shaker.index()],
                        l.names[shaker.opponent().index()]
                    ));
                }
                let mut work = Work {
                    snap,
                    entries: vec![(Some(me.id), entry.clone())],
                    lines: std::mem::take(&mut lines),
                    settle: Vec::new(),
                };
                self.autopilot(&l, &mut work)?;
                ("active", Some(work))
            }
            Entry::Decline => {
                lines.push(format!("{} declines match #{}", me.display_name, l.row.id));
                ("declined", None)
            }
            _ => {
                lines.push(format!(
                    "{} withdraws the challenge #{}",
                    me.display_name, l.row.id
                ));
                ("cancelled", None)
            }
        };
        match work {
            Some(work) => self.save(&l, Some(me.id), work, status).await,
            None => {
                let change = MatchChange {
                    id: l.row.id,
                    community_id: l.row.community_id,
                    players: l.row.players,
                    expected_version: l.row.version,
                    status: status.into(),
                    bank: l.row.bank,
                    now: self.clock.now(),
                    actions: vec![(Some(me.id), entry_json(&entry))],
                    ..MatchChange::default()
                };
                let version = self.commit(&l, &change).await?;
                Ok(Outcome {
                    match_id: Some(l.row.id),
                    version: Some(version),
                    lines,
                    ..Outcome::default()
                })
            }
        }
    }

    async fn commit(&self, l: &Loaded, change: &MatchChange) -> Result<i64, ClubError> {
        match self.store.commit(change, &self.rates).await {
            Ok(v) => Ok(v),
            Err(StoreError::Stale) => {
                let now = self.store.load_match(l.row.id).await?;
                Err(ClubError::Stale(
                    l.row.id,
                    now.map_or(l.row.version + 1, |r| r.version),
                ))
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn act(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
        op: Op,
    ) -> Result<Outcome, ClubError> {
        let l = self.find(me, community, m, op.name()).await?;
        let side = l.side_of(me.id).unwrap_or(Side::X);
        let work = self.plan(&l, side, Some(me.id), &op)?;
        self.save(&l, Some(me.id), work, "active").await
    }

    /// Works out what `op` by `side` does, without writing anything.
    fn plan(&self, l: &Loaded, side: Side, by: Option<i64>, op: &Op) -> Result<Work, ClubError> {
        let snap = match (l.row.status.as_str(), &l.snap) {
            ("active", Some(s)) if !s.is_over() => s.clone(),
            ("challenged", _) => {
                return Err(ClubError::NotActive(
                    l.row.id,
                    "a challenge".into(),
                    "it starts once it is accepted (/accept)",
                ));
            }
            (status, _) => {
                return Err(ClubError::NotActive(
                    l.row.id,
                    if status == "active" {
                        "finished".into()
                    } else {
                        status.to_string()
                    },
                    "nothing more can be played in it",
                ));
            }
        };
        let ruleset = snap.game.ruleset();
        let welsh_only = matches!(
            op,
            Op::Call(_)
                | Op::Choose(_)
                | Op::Reroll
                | Op::RollOne
                | Op::Nominate(..)
                | Op::Concede(..)
                | Op::AcceptConcede
                | Op::RejectConcede
                | Op::Break
                | Op::Resume
        );
        let standard_only = matches!(
            op,
            Op::Take
                | Op::Drop
                | Op::Beaver
                | Op::Raccoon
                | Op::Resign(_)
                | Op::AcceptResign
                | Op::RejectResign
        );
        if (welsh_only && ruleset != Ruleset::Welsh)
            || (standard_only && ruleset != Ruleset::Standard)
        {
            return Err(ClubError::WrongRuleset(
                op.name(),
                if welsh_only { "Welsh" } else { "standard" },
                l.row.id,
                ruleset_word(ruleset),
            ));
        }
        // Only the one whose decision it is (resigning and conceding may come at other
        // moments; the engine decides those).
        let free = matches!(
            op,
            Op::Resign(_) | Op::Concede(..) | Op::TimeOut | Op::Break | Op::Resume
        );
        if let Some(s) = snap.game.to_act() {
            if s != side && !free {
                return Err(ClubError::NotYourTurn(
                    l.names[s.index()].clone(),
                    next_words(&snap.game),
                ));
            }
        }
        let mut work = Work {
            snap,
            entries: Vec::new(),
            lines: Vec::new(),
            settle: Vec::new(),
        };
        let names = &l.names;
        // Live Welsh clocks (nothing a move): the engine is told both clocks before each
        // action, for ten-for-two (rule 12b) and the breaks of regulation D.
        if let AnyMatch::Welsh(_) = &work.snap.game {
            if l.spec.time.per_move == 0 && !matches!(op, Op::TimeOut | Op::Break | Op::Resume) {
                let left = self.banks_now(l);
                let clocks = [
                    u32::try_from(left[0]).unwrap_or(0),
                    u32::try_from(left[1]).unwrap_or(0),
                ];
                work.push(
                    by,
                    Entry::Welsh {
                        side,
                        action: WelshAction::Clocks(clocks),
                        auto: true,
                    },
                    names,
                )?;
            }
        }
        let std_entry = |action: Action| Entry::Standard {
            side,
            action,
            auto: false,
        };
        let welsh_entry = |action: WelshAction| Entry::Welsh {
            side,
            action,
            auto: false,
        };
        match (op, work.snap.game.clone()) {
            (Op::TimeOut, AnyMatch::Standard(_)) => {
                work.push(by, Entry::Forfeit { side }, names)?;
            }
            (Op::TimeOut, AnyMatch::Welsh(_)) => {
                work.lines
                    .push(format!("{} ran out of time", names[side.index()]));
                work.push(by, welsh_entry(WelshAction::TimedOut), names)?;
            }
            (Op::Roll, AnyMatch::Standard(m)) => {
                let action = if m.phase() == Phase::Opening {
                    let (x, o) = self.roll2();
                    Action::OpeningRoll { x, o }
                } else {
                    let (a, b) = self.roll2();
                    Action::Roll(Dice::new(a, b).map_err(|e| ClubError::Refused(e.to_string()))?)
                };
                work.push(by, std_entry(action), names)?;
            }
            (Op::Roll, AnyMatch::Welsh(m)) => {
                self.welsh_throw(&mut work, &m, side, by, names, ThrowKind::Two)?;
            }
            (Op::Move(text), AnyMatch::Standard(m)) => {
                let play = m
                    .resolve_play(side, text)
                    .map_err(|e| ClubError::Refused(e.to_string()))?;
                work.push(by, std_entry(Action::Play(play)), names)?;
            }
            (Op::Move(text), AnyMatch::Welsh(m)) => {
                let WelshPhase::ToPlay { throw, .. } = m.phase() else {
                    return Err(ClubError::Refused(next_words_refusal(&work.snap.game)));
                };
                let legal = resolve_welsh_play(&m.position().view(side), throw, text)
                    .map_err(ClubError::Refused)?;
                work.push(by, welsh_entry(WelshAction::Play(legal.play)), names)?;
            }
            (Op::Double, AnyMatch::Standard(_)) => {
                work.push(by, std_entry(Action::Double), names)?
            }
            (Op::Double, AnyMatch::Welsh(_)) => {
                work.push(by, welsh_entry(WelshAction::Double), names)?
            }
            (Op::Take, _) => work.push(by, std_entry(Action::Take), names)?,
            (Op::Drop, _) => work.push(by, std_entry(Action::Drop), names)?,
            (Op::Beaver, _) => work.push(by, std_entry(Action::Beaver), names)?,
            (Op::Raccoon, _) => work.push(by, std_entry(Action::Raccoon), names)?,
            (Op::Resign(level), _) => work.push(by, std_entry(Action::Resign(*level)), names)?,
            (Op::AcceptResign, _) => work.push(by, std_entry(Action::AcceptResign), names)?,
            (Op::RejectResign, _) => work.push(by, std_entry(Action::RejectResign), names)?,
            (Op::Call(p), _) => {
                let shaker_dice = self.roll2();
                work.lines.push(format!(
                    "{} calls {}; the concealed throw is {}-{}",
                    names[side.index()],
                    if *p == Parity::Odd { "odds" } else { "evens" },
                    shaker_dice.0.max(shaker_dice.1),
                    shaker_dice.0.min(shaker_dice.1)
                ));
                work.push(
                    by,
                    welsh_entry(WelshAction::Call {
                        shaker_dice,
                        call: *p,
                    }),
                    names,
                )?;
            }
            (Op::Choose(who), _) => {
                work.push(
                    by,
                    welsh_entry(WelshAction::Choose(state::starter_side(side, *who))),
                    names,
                )?;
            }
            (Op::Reroll, AnyMatch::Welsh(m)) => {
                self.welsh_throw(&mut work, &m, side, by, names, ThrowKind::Again)?;
            }
            (Op::RollOne, AnyMatch::Welsh(m)) => {
                self.welsh_throw(&mut work, &m, side, by, names, ThrowKind::One)?;
            }
            (Op::Break, AnyMatch::Welsh(_)) => {
                let now = self.clock.now();
                if let Some(until) = work.snap.break_until.filter(|&u| u > now) {
                    return Err(ClubError::Refused(format!(
                        "a break is under way ({} left); /resume ends it sooner",
                        duration_words(until - now)
                    )));
                }
                work.push(
                    by,
                    Entry::Break {
                        side,
                        until: now + BREAK_SECONDS,
                    },
                    names,
                )?;
            }
            (Op::Resume, AnyMatch::Welsh(_)) => {
                let now = self.clock.now();
                if work.snap.break_until.is_none_or(|u| u <= now) {
                    return Err(ClubError::Refused(
                        "there is no break under way: the clocks are running".into(),
                    ));
                }
                work.push(by, Entry::Resume { side }, names)?;
            }
            (Op::Nominate(whose, dice), _) => {
                work.push(
                    by,
                    welsh_entry(WelshAction::Nominate {
                        whose: *whose,
                        dice: *dice,
                    }),
                    names,
                )?;
            }
            (Op::Concede(games, payment), _) => {
                work.push(
                    by,
                    welsh_entry(WelshAction::OfferConcede {
                        games: *games,
                        payment: *payment,
                    }),
                    names,
                )?;
            }
            (Op::AcceptConcede, _) => {
                work.push(by, welsh_entry(WelshAction::AcceptConcede), names)?
            }
            (Op::RejectConcede, _) => {
                work.push(by, welsh_entry(WelshAction::RejectConcede), names)?
            }
            (Op::RollOne | Op::Reroll | Op::Break | Op::Resume, AnyMatch::Standard(_)) => {
                unreachable!("checked above")
            }
        }
        self.autopilot(l, &mut work)?;
        Ok(work)
    }

    /// A Welsh throw by the club: a third identical throw is thrown again (rule 6), also
    /// when it comes from an acey-deucey re-throw.
    fn welsh_throw(
        &self,
        work: &mut Work,
        m: &WelshMatch,
        side: Side,
        by: Option<i64>,
        names: &[String; 2],
        kind: ThrowKind,
    ) -> Result<(), ClubError> {
        for _ in 0..20 {
            let (a, b) = self.roll2();
            let action = match kind {
                ThrowKind::One => WelshAction::RollOne(a),
                ThrowKind::Two => WelshAction::Roll(a, b),
                ThrowKind::Again => WelshAction::Reroll(a, b),
            };
            match m.apply(side, &action) {
                Err(WelshError::ThirdIdenticalThrow) => {
                    work.lines.push(format!(
                        "{} threw {}-{} a third time in a row: thrown again (rule 6)",
                        names[side.index()],
                        a.max(b),
                        a.min(b)
                    ));
                }
                _ => {
                    return work.push(
                        by,
                        Entry::Welsh {
                            side,
                            action,
                            auto: false,
                        },
                        names,
                    );
                }
            }
        }
        Err(ClubError::Refused(
            "the dice kept repeating; throw again".into(),
        ))
    }

    /// Both players' time bank left now: the player to act has used his time since the
    /// decision came to him, beyond the allowance.
    fn banks_now(&self, l: &Loaded) -> [i64; 2] {
        let mut bank = l.row.bank;
        if let (Some(started), Some(who)) = (l.row.turn_started_at, self.waiting_on(l)) {
            let i = usize::from(l.row.players[1] == who);
            let over = (self.clock.now() - started - l.spec.time.per_move).max(0);
            bank[i] = (bank[i] - over).max(0);
        }
        bank
    }

    /// Rolls for a player with nothing to decide before rolling (or who asked for it) and
    /// plays forced plays, announcing both.
    fn autopilot(&self, l: &Loaded, work: &mut Work) -> Result<(), ClubError> {
        for _ in 0..64 {
            if work.snap.is_over() {
                return Ok(());
            }
            let game = work.snap.game.clone();
            match &game {
                AnyMatch::Standard(m) => {
                    if m.resign_offer().is_some() {
                        return Ok(());
                    }
                    match m.phase() {
                        Phase::Opening => {
                            let (x, o) = self.roll2();
                            work.push(
                                None,
                                auto_std(Side::X, Action::OpeningRoll { x, o }),
                                &l.names,
                            )?;
                        }
                        Phase::ToRoll(s)
                            if nothing_to_decide_before_rolling(&game, s)
                                || l.players[s.index()].auto_roll =>
                        {
                            let (a, b) = self.roll2();
                            let dice =
                                Dice::new(a, b).map_err(|e| ClubError::Refused(e.to_string()))?;
                            work.lines
                                .push(format!("(rolled for {})", l.names[s.index()]));
                            work.push(None, auto_std(s, Action::Roll(dice)), &l.names)?;
                        }
                        Phase::ToPlay { side, .. } => {
                            let legal = m.legal_plays();
                            if legal.len() != 1 {
                                return Ok(());
                            }
                            work.lines
                                .push(format!("(the only play for {})", l.names[side.index()]));
                            work.push(None, auto_std(side, Action::Play(legal[0].play)), &l.names)?;
                        }
                        _ => return Ok(()),
                    }
                }
                AnyMatch::Welsh(m) => {
                    if m.concede().1.is_some() {
                        return Ok(());
                    }
                    match m.phase() {
                        WelshPhase::ToRoll(s)
                            if nothing_to_decide_before_rolling(&game, s)
                                || l.players[s.index()].auto_roll =>
                        {
                            work.lines
                                .push(format!("(thrown for {})", l.names[s.index()]));
                            self.welsh_throw(work, m, s, None, &l.names, ThrowKind::Two)?;
                            if let Some((_, Entry::Welsh { auto, .. })) = work.entries.last_mut() {
                                *auto = true;
                            }
                        }
                        WelshPhase::ToPlay {
                            side,
                            throw,
                            nominated,
                        } => {
                            let acey =
                                !nominated && matches!(throw, Throw::Two(1, 2) | Throw::Two(2, 1));
                            let legal = m.legal_plays();
                            if legal.len() != 1
                                || acey
                                || m.nominate_left(side)
                                || m.concede().0 == Some(side)
                            {
                                return Ok(());
                            }
                            work.lines
                                .push(format!("(the only play for {})", l.names[side.index()]));
                            work.push(
                                None,
                                Entry::Welsh {
                                    side,
                                    action: WelshAction::Play(legal[0].play),
                                    auto: true,
                                },
                                &l.names,
                            )?;
                        }
                        _ => return Ok(()),
                    }
                }
            }
        }
        Ok(())
    }

    /// Writes a planned change: the new snapshot, the log entries, the clock, money.
    async fn save(
        &self,
        l: &Loaded,
        actor: Option<i64>,
        mut work: Work,
        status: &str,
    ) -> Result<Outcome, ClubError> {
        let now = self.clock.now();
        let tc = l.spec.time;
        // The actor's time: beyond the allowance it comes out of his bank. A break taken or
        // ended (regulation D) settles the time of the player to act so far, whoever asks.
        let pause = work
            .entries
            .iter()
            .any(|(_, e)| matches!(e, Entry::Break { .. } | Entry::Resume { .. }));
        let bank = if pause || (actor.is_some() && actor == self.waiting_on(l)) {
            self.banks_now(l)
        } else {
            l.row.bank
        };
        let over = work.snap.is_over();
        let to_act = if over { None } else { work.snap.game.to_act() };
        // During a break both clocks stop: the turn's clock starts when the break ends.
        let start = work.snap.break_until.filter(|&u| u > now).unwrap_or(now);
        let (turn_started_at, deadline_at, reminder_at) = match to_act {
            Some(s) => {
                let deadline = start + tc.per_move + bank[s.index()];
                let remind = deadline - tc.remind_before;
                (
                    Some(start),
                    Some(deadline),
                    (remind > now).then_some(remind),
                )
            }
            None => (None, None, None),
        };
        // Money and the scoop-pot.
        let mut ledger = Vec::new();
        let mut pot_games = Vec::new();
        let ids = [l.row.players[0], l.row.players[1]];
        for s in &work.settle {
            match *s {
                Settlement::MoneyGame { winner, points, .. } => {
                    if l.spec.length.is_none() && l.spec.stake > 0 {
                        ledger.push(LedgerEntry {
                            payer: ids[winner.opponent().index()],
                            payee: ids[winner.index()],
                            amount: points.saturating_mul(l.spec.stake),
                            reason: format!(
                                "money game: {points} point{}",
                                if points == 1 { "" } else { "s" }
                            ),
                        });
                    }
                }
                Settlement::WelshGame { winner, backgammon } => pot_games.push(PotGame {
                    backgammon_by: winner.filter(|_| backgammon).map(|w| ids[w.index()]),
                }),
                Settlement::ConcedePayment { payer } => {
                    let amount = self.rates.concede_to_24;
                    ledger.push(LedgerEntry {
                        payer: ids[payer.index()],
                        payee: ids[payer.opponent().index()],
                        amount,
                        reason: "offer to concede to 24 (rule 18)".into(),
                    });
                    work.lines.push(format!(
                        "{} pays {} {} with the offer to concede to 24 (rule 18)",
                        l.names[payer.index()],
                        l.names[payer.opponent().index()],
                        format_amount(amount)
                    ));
                }
                Settlement::WelshMatch {
                    winner,
                    how,
                    score,
                    won,
                } => {
                    let prize = match_prize(
                        &self.rates,
                        score[winner.index()],
                        score[winner.opponent().index()],
                        won[winner.opponent().index()],
                        how,
                    );
                    ledger.push(LedgerEntry {
                        payer: ids[winner.opponent().index()],
                        payee: ids[winner.index()],
                        amount: prize,
                        reason: format!(
                            "Welsh match prize {}-{}",
                            score[winner.index()],
                            score[winner.opponent().index()]
                        ),
                    });
                    work.lines.push(format!(
                        "{} pays {} {} (rule 23)",
                        l.names[winner.opponent().index()],
                        l.names[winner.index()],
                        format_amount(prize)
                    ));
                }
            }
        }
        let result = work.snap.result(&l.names);
        if let Some((_, text)) = &result {
            work.lines.push(text.clone());
        }
        let change = MatchChange {
            id: l.row.id,
            community_id: l.row.community_id,
            players: l.row.players,
            expected_version: l.row.version,
            status: if over {
                "finished".into()
            } else {
                status.into()
            },
            state: Some(serde_json::to_string(&work.snap).unwrap_or_default()),
            turn_started_at,
            bank,
            deadline_at,
            reminder_at,
            winner: result.as_ref().map(|(w, _)| ids[w.index()]),
            result: result.map(|(_, t)| t),
            now,
            actions: work
                .entries
                .iter()
                .map(|(p, e)| (*p, entry_json(e)))
                .collect(),
            ledger,
            pot_games,
        };
        let version = self.commit(l, &change).await?;
        let mut after = Loaded {
            row: l.row.clone(),
            spec: l.spec,
            players: l.players.clone(),
            names: l.names.clone(),
            snap: Some(work.snap),
        };
        after.row.version = version;
        after.row.status = change.status.clone();
        after.row.deadline_at = deadline_at;
        let mut out = self.outcome(&after, None);
        let mut lines = work.lines;
        lines.append(&mut out.lines);
        out.lines = lines;
        Ok(out)
    }

    /// The board and who must act next.
    fn outcome(&self, l: &Loaded, viewer: Option<Side>) -> Outcome {
        let mut out = Outcome {
            match_id: Some(l.row.id),
            version: Some(l.row.version),
            ..Outcome::default()
        };
        let Some(snap) = &l.snap else {
            out.lines.push(format!(
                "Match #{} ({}): {} challenged {}; {}",
                l.row.id,
                spec_words(&l.spec),
                l.names[0],
                l.names[1],
                l.row.status
            ));
            return out;
        };
        let stake = if l.spec.length.is_none() {
            l.spec.stake
        } else {
            0
        };
        out.board = Some(snap.scene(&l.names, viewer, stake));
        if !snap.is_over() {
            if let Some(s) = snap.game.to_act() {
                let p = &l.players[s.index()];
                out.next = Some(NextUp {
                    match_id: l.row.id,
                    user_id: p.platform_id.clone(),
                    name: p.display_name.clone(),
                    what: next_words(&snap.game),
                    deadline: l.row.deadline_at,
                    dm: p.notify_dm,
                });
            }
        }
        out
    }

    async fn board(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        let l = self.find(me, community, m, "board").await?;
        Ok(self.outcome(&l, l.side_of(me.id)))
    }

    async fn games(&self, me: &PlayerRow, community: i64) -> Result<Outcome, ClubError> {
        let rows = self.store.matches_of(me.id, community, true).await?;
        let mut lines = Vec::new();
        if rows.is_empty() {
            lines.push("No open matches. Start one with /challenge <player>.".into());
        }
        for r in rows {
            let l = self.loaded(r).await?;
            let mut line = match_label(&l);
            match &l.snap {
                Some(s) => {
                    let sc = s.game.score();
                    let _ = write!(line, ", score {}-{}", sc[0], sc[1]);
                    if let Some(who) = s.game.to_act() {
                        let _ = write!(
                            line,
                            "; {} to {}",
                            l.names[who.index()],
                            next_words(&s.game)
                        );
                    }
                }
                None => {
                    let _ = write!(line, "; waiting for {} to accept", l.names[1]);
                }
            }
            lines.push(line);
        }
        Ok(Outcome {
            lines,
            ..Outcome::default()
        })
    }

    async fn history(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        let l = self.find(me, community, m, "history").await?;
        let rows = self.store.actions(l.row.id).await?;
        let entries = rows
            .iter()
            .map(|r| serde_json::from_str::<Entry>(&r.entry))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| ClubError::Corrupt(l.row.id, e.to_string()))?;
        let mut lines = vec![format!("Match #{}: {}", l.row.id, spec_words(&l.spec))];
        let mut snap: Option<Snapshot> = None;
        let mut settle = Vec::new();
        for e in &entries {
            match e {
                Entry::Challenge { .. } => {
                    lines.push(format!("{} challenges {}", l.names[0], l.names[1]));
                }
                Entry::Accept => {
                    snap = Snapshot::start(&l.spec).ok();
                    lines.push(format!("{} accepts", l.names[1]));
                }
                Entry::AcceptWelsh { shaker } => {
                    snap = Snapshot::start_with_shaker(&l.spec, *shaker).ok();
                    lines.push(format!(
                        "{} accepts; {} shakes for the first call",
                        l.names[1],
                        l.names[shaker.index()]
                    ));
                }
                Entry::Decline => lines.push(format!("{} declines", l.names[1])),
                Entry::Cancel => lines.push(format!("{} withdraws the challenge", l.names[0])),
                _ => {
                    if let Some(s) = snap.as_mut() {
                        s.apply(e, &l.names, &mut lines, &mut settle)
                            .map_err(|why| ClubError::Corrupt(l.row.id, why))?;
                    }
                }
            }
        }
        Ok(Outcome {
            match_id: Some(l.row.id),
            version: Some(l.row.version),
            lines,
            ..Outcome::default()
        })
    }

    async fn export(
        &self,
        me: &PlayerRow,
        community: i64,
        m: MatchRef,
    ) -> Result<Outcome, ClubError> {
        let l = self.find(me, community, m, "export").await?;
        if l.spec.ruleset != Ruleset::Standard {
            return Err(ClubError::WrongRuleset(
                "export", "standard", l.row.id, "Welsh",
            ));
        }
        if l.snap.is_none() {
            return Err(ClubError::NotActive(
                l.row.id,
                l.row.status.clone(),
                "a match is exported once it has been accepted",
            ));
        }
        let rows = self.store.actions(l.row.id).await?;
        let mut actions = Vec::new();
        for r in rows {
            if let Ok(Entry::Standard { side, action, .. }) =
                serde_json::from_str::<Entry>(&r.entry)
            {
                actions.push((side, action));
            }
        }
        let text = export_mat(
            &standard_rules(&l.spec),
            [l.names[0].as_str(), l.names[1].as_str()],
            &actions,
        )
        .map_err(|e| ClubError::Corrupt(l.row.id, e.to_string()))?;
        Ok(Outcome {
            match_id: Some(l.row.id),
            version: Some(l.row.version),
            lines: vec![format!(
                "Match #{} as a .mat file ({} bytes)",
                l.row.id,
                text.len()
            )],
            attachment: Some(Attachment {
                name: format!("match-{}.mat", l.row.id),
                text,
            }),
            ..Outcome::default()
        })
    }

    /// The legal plays of the roll in hand of match `m`, as move text (for autocomplete).
    ///
    /// # Errors
    /// As for any command about a match.
    pub async fn legal_moves(&self, actor: &Actor, m: MatchRef) -> Result<Vec<String>, ClubError> {
        let (me, community) = self.me(actor).await?;
        let l = self.find(&me, community, m, "move").await?;
        Ok(legal_texts(&l))
    }

    /// Acts on every deadline and reminder that has come: a player out of time forfeits
    /// (Welsh: timed out, with its prize); a reminder is sent once. Returns the notices.
    ///
    /// # Errors
    /// A database error (whatever was done before it stays done).
    pub async fn sweep(&self) -> Result<Vec<Notice>, ClubError> {
        let now = self.clock.now();
        let mut notices = Vec::new();
        for row in self.store.due(now, 500).await? {
            let id = row.id;
            let l = match self.loaded(row).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(match_id = id, error = %e, "cannot load a due match");
                    continue;
                }
            };
            let Some(snap) = &l.snap else { continue };
            let Some(side) = snap.game.to_act() else {
                continue;
            };
            let p = &l.players[side.index()];
            if l.row.deadline_at.is_some_and(|d| d <= now) {
                let work = match self.plan(&l, side, None, &Op::TimeOut) {
                    Ok(w) => w,
                    Err(e) => {
                        tracing::warn!(match_id = l.row.id, error = %e, "time-out refused");
                        continue;
                    }
                };
                match self.save(&l, None, work, "active").await {
                    Ok(out) => {
                        for who in l.players.iter() {
                            notices.push(Notice {
                                match_id: l.row.id,
                                channel: l.row.channel.clone(),
                                user_id: who.platform_id.clone(),
                                dm: who.notify_dm,
                                text: out.lines.join("\n"),
                            });
                        }
                    }
                    Err(ClubError::Stale(..)) => {}
                    Err(e) => return Err(e),
                }
            } else if self.store.mark_reminded(l.row.id, l.row.version).await? {
                let left = l.row.deadline_at.map_or(0, |d| d - now);
                notices.push(Notice {
                    match_id: l.row.id,
                    channel: l.row.channel.clone(),
                    user_id: p.platform_id.clone(),
                    dm: p.notify_dm,
                    text: format!(
                        "Reminder: {}, match #{} waits for you to {}; {} left before you forfeit",
                        p.display_name,
                        l.row.id,
                        next_words(&snap.game),
                        duration_words(left)
                    ),
                });
            }
        }
        Ok(notices)
    }

    /// Runs [`Club::sweep`] now and then every `every`, sending notices to `tx`, until
    /// `tx` is closed.
    pub fn spawn_deadlines(
        self: Arc<Self>,
        every: Duration,
        tx: tokio::sync::mpsc::UnboundedSender<Notice>,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                match self.sweep().await {
                    Ok(notices) => {
                        for n in notices {
                            if tx.send(n).is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "deadline sweep failed"),
                }
                if tx.is_closed() {
                    return;
                }
                tokio::time::sleep(every).await;
            }
        })
    }
}

fn auto_std(side: Side, action: Action) -> Entry {
    Entry::Standard {
        side,
        action,
        auto: true,
    }
}

fn next_words_refusal(game: &AnyMatch) -> String {
    format!("there is no roll to play: you must {}", next_words(game))
}

fn legal_texts(l: &Loaded) -> Vec<String> {
    let Some(snap) = &l.snap else {
        return Vec::new();
    };
    let (side, plays) = match &snap.game {
        AnyMatch::Standard(m) => match m.phase() {
            Phase::ToPlay { side, .. } => (side, m.legal_plays()),
            _ => return Vec::new(),
        },
        AnyMatch::Welsh(m) => match m.phase() {
            WelshPhase::ToPlay { side, .. } => (side, m.legal_plays()),
            _ => return Vec::new(),
        },
    };
    let view = snap.game.position().view(side);
    let welsh = snap.game.ruleset() == Ruleset::Welsh;
    plays
        .iter()
        .map(|p| {
            if welsh {
                format_welsh_play(&view, &p.play)
            } else {
                format_play(&view, &p.play)
            }
        })
        .collect()
}

/// How a player is named in a command (`@bob`, `Bob`, a Discord id) as his platform id:
/// the local chat's ids are names in lower case.
fn player_key(actor: &Actor, who: &str) -> String {
    let key = who.trim().trim_start_matches('@');
    if actor.platform == "local" {
        key.to_lowercase()
    } else {
        key.to_string()
    }
}

/// A match in one line: `#3 alice v bob, a 5-point match (Crawford), ...`.
fn match_label(l: &Loaded) -> String {
    format!(
        "#{} {} v {}, {}",
        l.row.id,
        l.names[0],
        l.names[1],
        spec_words(&l.spec)
    )
}

/// "2 days 3 hours", "45 minutes".
#[must_use]
pub fn duration_words(secs: i64) -> String {
    let secs = secs.max(0);
    let (d, h, m) = (secs / DAY, secs % DAY / 3600, secs % 3600 / 60);
    let unit = |n: i64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    match (d, h) {
        (0, 0) => unit(m, "minute"),
        (0, _) if m == 0 => unit(h, "hour"),
        (0, _) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (_, 0) => unit(d, "day"),
        _ => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

/// The terms in words: "a 7-point match (Crawford), 2 days a move + 5 days bank".
#[must_use]
pub fn spec_words(spec: &ChallengeSpec) -> String {
    let mut s = match (spec.ruleset, spec.length) {
        (Ruleset::Welsh, n) => format!("Welsh backgammon to {} games", n.unwrap_or(25)),
        (Ruleset::Standard, Some(n)) => format!(
            "a {n}-point match{}",
            match (spec.crawford, spec.holland) {
                (true, true) => " (Crawford, Holland)",
                (true, false) => " (Crawford)",
                (false, true) => " (Holland)",
                (false, false) => "",
            }
        ),
        (Ruleset::Standard, None) => {
            let mut opts = Vec::new();
            if spec.jacoby {
                opts.push("Jacoby".to_string());
            }
            if spec.beavers {
                opts.push("beavers".into());
            }
            if spec.raccoons {
                opts.push("raccoons".into());
            }
            if spec.auto_doubles > 0 {
                opts.push(format!("automatic doubles up to {}", spec.auto_doubles));
            }
            if spec.stake > 0 {
                opts.push(format!("{} a point", format_amount(spec.stake)));
            }
            if opts.is_empty() {
                "money play".into()
            } else {
                format!("money play ({})", opts.join(", "))
            }
        }
    };
    let tc = spec.time;
    if tc.per_move > 0 {
        let _ = write!(s, ", {} a move", duration_words(tc.per_move));
    }
    let _ = write!(s, " + {} bank", duration_words(tc.bank));
    s
}

/// Refuses terms that cannot be played or make no sense.
fn check_spec(spec: &ChallengeSpec) -> Result<(), ClubError> {
    let bad = |m: String| Err(ClubError::BadOption(m));
    match (spec.ruleset, spec.length) {
        (Ruleset::Standard, Some(n)) if !(1..=64).contains(&n) => {
            return bad(format!(
                "a match is 1 to 64 points long, not {n}; or leave the length out for money play"
            ));
        }
        (Ruleset::Welsh, Some(n)) if !(1..=99).contains(&n) => {
            return bad(format!(
                "a Welsh match is to 1 to 99 games (25 by the rules), not {n}"
            ));
        }
        _ => {}
    }
    if spec.ruleset == Ruleset::Standard {
        if spec.length.is_none() && spec.holland {
            return bad("the Holland rule is for match play (it applies after the Crawford game); money play has no match length".into());
        }
        standard_rules(spec)
            .validate()
            .map_err(|e| ClubError::BadOption(e.to_string()))?;
        if spec.length.is_some() && spec.stake > 0 {
            return bad("a stake is for money play; leave it out of match play".into());
        }
    } else if spec.beavers
        || spec.holland
        || spec.raccoons
        || spec.jacoby
        || spec.auto_doubles > 0
        || spec.stake > 0
    {
        return bad("Welsh backgammon has its own rules: no Jacoby, Holland, beavers, raccoons, automatic doubles or stake (prizes follow rule 23)".into());
    }
    if spec.auto_doubles > 8 {
        return bad(format!(
            "at most 8 automatic doubles, not {}",
            spec.auto_doubles
        ));
    }
    if spec.stake > 1_000_000 {
        return bad("a stake is at most 10000.00 a point".into());
    }
    let tc = spec.time;
    if !(0..=30 * DAY).contains(&tc.per_move) {
        return bad("the time a move is 0 to 30 days".into());
    }
    if !(0..=60 * DAY).contains(&tc.bank) || tc.per_move + tc.bank < 60 {
        return bad(
            "the time bank is 0 to 60 days, and a move plus the bank at least a minute".into(),
        );
    }
    if !(0..=30 * DAY).contains(&tc.remind_before) {
        return bad("a reminder comes 0 to 30 days before the deadline".into());
    }
    Ok(())
}
