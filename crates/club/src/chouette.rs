//! Chouette sessions in the club: one SQLite row per session (terms, state, version) and
//! its append-only log; commands checked by the engine, written in one transaction.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::fair::FairDice;
use super::state::dice_words;
use super::{Actor, Club, ClubError, Outcome};
use engine::chouette::{
    BOX, Chouette, ChouetteAction, ChouetteError, ChouetteEvent, ChouettePhase, ChouetteRules,
    Consultation, PlayerId, TEAM,
};
use engine::fair::FairId;
use engine::welsh::format_amount;
use engine::{Dice, Side, format_play};
use render::{CubeView, DiceView, LastPlay, Scene, ScoreView, Target, TeamCubeView};
use store::{LedgerEntry, StoreError};

/// The terms of a chouette session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouetteSpec {
    pub rules: ChouetteRules,
    /// Shuffle the line at the first start (else: as joined).
    pub shuffle: bool,
    /// Minor units per point into the ledger (0: tallies only).
    pub stake: u64,
}

impl Default for ChouetteSpec {
    fn default() -> ChouetteSpec {
        ChouetteSpec {
            rules: ChouetteRules::default(),
            shuffle: true,
            stake: 0,
        }
    }
}

/// Which session: by number, or the newest in the channel; and the version seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChouetteRef {
    pub id: Option<i64>,
    pub version: Option<i64>,
}

/// What a player does in a chouette. Players are named by their platform id (the local
/// chat: the name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChouetteOp {
    Create(ChouetteSpec),
    Join,
    Leave,
    Start,
    Roll,
    Move(String),
    /// The box names the members he doubles (none: all he may); a member doubles his cube.
    Double(Vec<String>),
    Take(Option<String>),
    Drop(Option<String>),
    Beaver(Option<String>),
    Suggest(String),
    /// The board: each member's cube, the last play; between games the standings.
    Board,
    /// The legal plays of the roll in hand, with the board.
    Moves,
    /// The line and the standings, at any time.
    Standings,
}

/// One entry of a session's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChouetteEntry {
    Create {
        spec: ChouetteSpec,
        creator: i64,
    },
    Act {
        by: i64,
        action: ChouetteAction,
        auto: bool,
    },
}

/// Folds a session's log into its state.
///
/// # Errors
/// A log that is not a session's.
pub fn rebuild_chouette(entries: &[ChouetteEntry]) -> Result<Chouette, String> {
    let Some(ChouetteEntry::Create { spec, creator }) = entries.first() else {
        return Err("a chouette log starts with its creation".into());
    };
    let mut c = Chouette::new(spec.rules, id_of(*creator));
    for e in &entries[1..] {
        let ChouetteEntry::Act { by, action, .. } = e else {
            return Err("a second creation in one log".into());
        };
        c = c.apply(id_of(*by), action).map_err(|e| e.to_string())?.0;
    }
    Ok(c)
}

fn id_of(player: i64) -> PlayerId {
    u64::try_from(player).unwrap_or(0)
}

fn db_id(p: PlayerId) -> i64 {
    i64::try_from(p).unwrap_or(0)
}

fn consultation_words(c: Consultation) -> &'static str {
    match c {
        Consultation::Free => "free consultation",
        Consultation::None => "no consultation",
        Consultation::AfterCube => "consultation after the cube is turned",
    }
}

/// The terms in words.
#[must_use]
pub fn chouette_words(spec: &ChouetteSpec) -> String {
    let r = spec.rules;
    let mut s = format!(
        "{}, {}",
        if r.multiple_cubes {
            "a cube each"
        } else {
            "one team cube"
        },
        consultation_words(r.consultation)
    );
    if r.jacoby {
        s.push_str(", Jacoby");
    }
    if r.beavers {
        s.push_str(", beavers");
    }
    if spec.stake > 0 {
        s.push_str(&format!(", {} a point", format_amount(spec.stake)));
    }
    s.push_str(if spec.shuffle {
        ", line shuffled"
    } else {
        ", line as joined"
    });
    s
}

pub(super) struct Session {
    pub(super) id: i64,
    version: i64,
    spec: ChouetteSpec,
    pub(super) state: Chouette,
    names: HashMap<PlayerId, (String, String)>,
}

impl Session {
    /// The members' names and platform ids, by player.
    pub(super) fn names_map(&self) -> HashMap<PlayerId, (String, String)> {
        self.names.clone()
    }

    fn name(&self, p: PlayerId) -> String {
        self.names
            .get(&p)
            .map_or_else(|| format!("player {p}"), |n| n.0.clone())
    }
}

impl Club {
    async fn load_chouette(&self, id: i64) -> Result<Session, ClubError> {
        let row = self
            .store
            .load_chouette(id)
            .await?
            .ok_or(ClubError::UnknownChouette(id))?;
        let spec: ChouetteSpec =
            serde_json::from_str(&row.terms).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
        let state: Chouette =
            serde_json::from_str(&row.state).map_err(|e| ClubError::Corrupt(id, e.to_string()))?;
        let mut names = HashMap::new();
        let mut ids: Vec<PlayerId> = state.players().to_vec();
        ids.extend(state.tally().iter().map(|t| t.0));
        for p in ids {
            if let std::collections::hash_map::Entry::Vacant(v) = names.entry(p) {
                let row = self.store.player_by_id(db_id(p)).await?;
                v.insert((row.display_name, row.platform_id));
            }
        }
        Ok(Session {
            id: row.id,
            version: row.version,
            spec,
            state,
            names,
        })
    }

    /// The session named; else the player's own session in the actor's channel: the one
    /// he is in, and if he is in several, the one waiting on him for this command. A
    /// player in none (and `join`) gets the newest he is not in. Ambiguity is asked about.
    pub(super) async fn find_chouette(
        &self,
        actor: &Actor,
        community: i64,
        me: i64,
        r: ChouetteRef,
        op: &ChouetteOp,
    ) -> Result<Session, ClubError> {
        if let Some(id) = r.id {
            let s = self.load_chouette(id).await?;
            // A session of another server stays unknown to a stranger there; a member is
            // sent back to it.
            let here = self
                .store
                .load_chouette(id)
                .await?
                .is_some_and(|row| row.community_id == community);
            if !here {
                return Err(if s.state.players().contains(&id_of(me)) {
                    ClubError::Refused(format!(
                        "chouette #{id} is played on another server; act on it there"
                    ))
                } else {
                    ClubError::UnknownChouette(id)
                });
            }
            return Ok(s);
        }
        let by = id_of(me);
        let mut mine = Vec::new();
        let mut others = Vec::new();
        for id in self.store.chouettes_in(community, &actor.channel).await? {
            let s = self.load_chouette(id).await?;
            if s.state.players().contains(&by) {
                mine.push(s);
            } else {
                others.push(s);
            }
        }
        if matches!(op, ChouetteOp::Join) || mine.is_empty() {
            // Newest first: the newest session he is not in (else the newest, to refuse).
            return match others.into_iter().next() {
                Some(s) => Ok(s),
                None => mine.into_iter().next().ok_or(ClubError::NoChouette),
            };
        }
        if mine.len() == 1 {
            return Ok(mine.remove(0));
        }
        let waiting: Vec<usize> = (0..mine.len())
            .filter(|&i| waits_on(&mine[i].state, by, op))
            .collect();
        if let [one] = waiting.as_slice() {
            return Ok(mine.swap_remove(*one));
        }
        let mut ids: Vec<i64> = mine.iter().map(|s| s.id).collect();
        ids.sort_unstable();
        let list: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
        Err(ClubError::WhichChouette(
            list.join(", "),
            op_word(op),
            ids[0],
        ))
    }

    /// Runs a chouette command.
    pub(super) async fn chouette(
        &self,
        actor: &Actor,
        me: &store::PlayerRow,
        community: i64,
        r: ChouetteRef,
        op: ChouetteOp,
    ) -> Result<Outcome, ClubError> {
        let now = self.clock.now();
        if let ChouetteOp::Create(spec) = op {
            if spec.stake > 1_000_000 {
                return Err(ClubError::BadOption(
                    "a stake is at most 10000.00 a point".into(),
                ));
            }
            let state = Chouette::new(spec.rules, id_of(me.id));
            let entry = ChouetteEntry::Create {
                spec,
                creator: me.id,
            };
            let terms = super::error::json(&spec)?;
            let state = super::error::json(&state)?;
            let entry = super::error::json(&entry)?;
            let fair = super::new_chain(&*self.dice, 1);
            let id = self
                .store
                .insert_chouette(&store::NewChouette {
                    community,
                    channel: &actor.channel,
                    terms: &terms,
                    state: &state,
                    creator: me.id,
                    entry: &entry,
                    now,
                    fair: fair.as_ref(),
                })
                .await?;
            let mut lines = vec![format!(
                "Chouette #{id} opened by {} ({}). Join with /chouette join #{id}; start with three or more.",
                me.display_name,
                chouette_words(&spec)
            )];
            if let Some(chain) = &fair {
                lines.push(super::fair_words::fair_anchor_words(
                    &format!("chouette #{id} (seeds: the box's and the first captain's)"),
                    &chain.anchor,
                ));
            }
            return Ok(Outcome {
                lines,
                ..Outcome::default()
            });
        }
        let s = self.find_chouette(actor, community, me.id, r, &op).await?;
        if let Some(v) = r.version {
            if v != s.version {
                return Err(ClubError::Stale(s.id, s.version));
            }
        }
        let by = id_of(me.id);
        let mut lines = Vec::new();
        let mut fair = if matches!(op, ChouetteOp::Board) {
            None
        } else {
            self.fair_record(FairId::Chouette(s.id)).await?
        };
        let action = match op {
            ChouetteOp::Board => {
                let last = self.chouette_last_play(&s).await;
                let mut out = self.chouette_outcome(&s, last);
                if s.state.phase() == ChouettePhase::Waiting && s.state.games() > 0 {
                    out.lines.splice(0..0, standings(&s));
                }
                return Ok(out);
            }
            ChouetteOp::Moves => {
                let last = self.chouette_last_play(&s).await;
                let mut out = self.chouette_outcome(&s, last);
                let plays = legal_play_texts(&s.state);
                out.lines.push(if plays.is_empty() {
                    format!(
                        "There is no roll to play now: {}",
                        chouette_next_words(&s.state)
                    )
                } else {
                    format!("Legal plays: {}", plays.join(", "))
                });
                return Ok(out);
            }
            ChouetteOp::Standings => {
                return Ok(Outcome {
                    chouette: Some(s.id),
                    version: Some(s.version),
                    lines: standings(&s),
                    ..Outcome::default()
                });
            }
            ChouetteOp::Create(_) => unreachable!("handled above"),
            ChouetteOp::Join => ChouetteAction::Join,
            ChouetteOp::Leave => ChouetteAction::Leave,
            ChouetteOp::Start => {
                // With fair dice (v2) the first line is drawn from the chain's first value
                // and every member's seed (docs/fair-dice.md), not by the bot's generator.
                let drawn = match fair.as_mut() {
                    Some(f) if s.state.line().is_empty() => {
                        let players: Vec<i64> =
                            s.state.players().iter().map(|&p| db_id(p)).collect();
                        f.draw_line(&players, &*self.dice)
                            .map_err(ClubError::Refused)?
                    }
                    _ => None,
                };
                let line = if s.state.line().is_empty() && s.spec.shuffle {
                    match drawn {
                        Some(l) => Some(l.into_iter().map(id_of).collect()),
                        None => {
                            let mut l = s.state.players().to_vec();
                            for i in (1..l.len()).rev() {
                                l.swap(i, self.dice.pick(i + 1));
                            }
                            Some(l)
                        }
                    }
                } else {
                    None
                };
                ChouetteAction::Start { line }
            }
            ChouetteOp::Roll => self.chouette_roll(&s, &s.state, &mut fair, &mut lines)?,
            ChouetteOp::Move(text) => {
                if text.chars().count() > 200 {
                    return Err(ClubError::TooLong("move", text.chars().count(), 200));
                }
                ChouetteAction::Play(
                    s.state
                        .resolve_play(&text)
                        .map_err(|e| ClubError::Refused(e.to_string()))?,
                )
            }
            ChouetteOp::Double(names) => {
                let mut members = Vec::new();
                for n in names {
                    members.push(member(actor, &s, &n)?);
                }
                ChouetteAction::Double { members }
            }
            ChouetteOp::Take(n) => ChouetteAction::Take {
                member: n.map(|n| member(actor, &s, &n)).transpose()?,
            },
            ChouetteOp::Drop(n) => ChouetteAction::Drop {
                member: n.map(|n| member(actor, &s, &n)).transpose()?,
            },
            ChouetteOp::Beaver(n) => ChouetteAction::Beaver {
                member: n.map(|n| member(actor, &s, &n)).transpose()?,
            },
            ChouetteOp::Suggest(text) => {
                if text.chars().count() > 200 {
                    return Err(ClubError::TooLong("suggestion", text.chars().count(), 200));
                }
                ChouetteAction::Suggest(text)
            }
        };
        let (mut state, ev) = s.state.apply(by, &action).map_err(|e| refusal(&s, &e))?;
        let mut names = s.names.clone();
        if matches!(action, ChouetteAction::Join) {
            names.insert(by, (me.display_name.clone(), me.platform_id.clone()));
        }
        let mut entries = vec![ChouetteEntry::Act {
            by: me.id,
            action,
            auto: false,
        }];
        let mut events = vec![(s.state.clone(), ev, None)];
        // The club throws the opening roll, rolls for a side with no double to offer, and
        // plays forced plays.
        for _ in 0..16 {
            let pending = state.cubes().iter().any(|t| t.offered.is_some());
            let mut said = None;
            let auto = match state.phase() {
                ChouettePhase::Opening => {
                    Some(self.chouette_roll(&s, &state, &mut fair, &mut lines)?)
                }
                ChouettePhase::ToRoll(side) if !pending && !state.side_may_double(side) => {
                    said = state
                        .to_act()
                        .first()
                        .map(|&p| format!("(rolled for {})", names_of(&names, p)));
                    Some(self.chouette_roll(&s, &state, &mut fair, &mut lines)?)
                }
                ChouettePhase::ToPlay { .. } => {
                    let legal = state.legal_plays();
                    (legal.len() == 1).then(|| ChouetteAction::Play(legal[0].play))
                }
                _ => None,
            };
            let Some(action) = auto else { break };
            let Some(&who) = state.to_act().first() else {
                break;
            };
            let (next, ev) = state
                .apply(who, &action)
                .map_err(|e| ClubError::Refused(e.to_string()))?;
            events.push((state, ev, said));
            entries.push(ChouetteEntry::Act {
                by: db_id(who),
                action,
                auto: true,
            });
            state = next;
        }
        let after = Session {
            id: s.id,
            version: s.version,
            spec: s.spec,
            state,
            names,
        };
        let mut ledger = Vec::new();
        let mut last = None;
        let end = *after.state.position();
        for (before, ev, said) in &events {
            if let Some(said) = said {
                lines.push(said.clone());
            }
            for (i, e) in ev.iter().enumerate() {
                if let ChouetteEvent::Played { by, play } = e {
                    last = Some((*by, *before.position(), *play));
                }
                if let ChouetteEvent::Settled { member, points } = e {
                    if after.spec.stake > 0 && *points != 0 {
                        let box_player = before.box_player().unwrap_or(0);
                        let (payer, payee) = if *points > 0 {
                            (box_player, *member)
                        } else {
                            (*member, box_player)
                        };
                        ledger.push(LedgerEntry {
                            payer: db_id(payer),
                            payee: db_id(payee),
                            amount: points.unsigned_abs().saturating_mul(after.spec.stake),
                            reason: format!("chouette #{} game {}", after.id, before.games()),
                        });
                    }
                }
                // The opening throw's dice are the first roll: said once.
                if matches!(e, ChouetteEvent::Rolled { .. })
                    && i > 0
                    && matches!(ev[i - 1], ChouetteEvent::OpeningWon { .. })
                {
                    continue;
                }
                let mut words = event_words(&after, before, e);
                if let ChouetteEvent::Settled { member, points } = e {
                    // Settled on the board (not by a drop): a gammon is called a gammon.
                    let dropped = ev.iter().any(
                        |d| matches!(d, ChouetteEvent::Dropped { member: m, .. } if m == member),
                    );
                    if !dropped {
                        words.push_str(&finish_words(&end, *points));
                    }
                }
                lines.push(words);
            }
        }
        let state_json = super::error::json(&after.state)?;
        let actions: Vec<(Option<i64>, String)> = entries
            .iter()
            .map(|e| {
                let by = match e {
                    ChouetteEntry::Act { by, .. } | ChouetteEntry::Create { creator: by, .. } => {
                        *by
                    }
                };
                Ok((Some(by), super::error::json(e)?))
            })
            .collect::<Result<_, ClubError>>()?;
        let version = match self
            .store
            .commit_chouette(
                after.id,
                after.version,
                &state_json,
                &actions,
                &ledger,
                now,
                fair.as_ref()
                    .map(FairDice::change)
                    .transpose()?
                    .flatten()
                    .as_ref(),
            )
            .await
        {
            Ok(v) => v,
            Err(StoreError::Stale) => return Err(ClubError::Stale(after.id, after.version + 1)),
            Err(e) => return Err(e.into()),
        };
        let after = Session { version, ..after };
        let last = match last {
            Some(l) => Some(l),
            None => self.chouette_last_play(&after).await,
        };
        let mut out = self.chouette_outcome(&after, last);
        lines.retain(|l| !l.is_empty());
        if after.state.phase() == ChouettePhase::Waiting && after.state.games() > 0 {
            lines.extend(standings(&after));
        }
        lines.append(&mut out.lines);
        out.lines = lines;
        Ok(out)
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
        let (me, community) = self.me(actor).await?;
        let s = self
            .find_chouette(actor, community, me.id, r, &ChouetteOp::Move(String::new()))
            .await?;
        Ok(legal_play_texts(&s.state))
    }

    /// The last play of the game on the board (or of the game just over), found by
    /// folding the session's log; `None` when the log does not fold into the stored state.
    async fn chouette_last_play(
        &self,
        s: &Session,
    ) -> Option<(Side, engine::Position, engine::Play)> {
        let rows = self.store.chouette_actions(s.id).await.ok()?;
        let mut state: Option<Chouette> = None;
        let mut last = None;
        for (_, text) in rows {
            match serde_json::from_str::<ChouetteEntry>(&text).ok()? {
                ChouetteEntry::Create { spec, creator } => {
                    state = Some(Chouette::new(spec.rules, id_of(creator)));
                }
                ChouetteEntry::Act { by, action, .. } => {
                    let before = state.take()?;
                    let (next, ev) = before.apply(id_of(by), &action).ok()?;
                    for e in ev {
                        match e {
                            ChouetteEvent::Played { by, play } => {
                                last = Some((by, *before.position(), play));
                            }
                            ChouetteEvent::GameStarted { .. } => last = None,
                            _ => {}
                        }
                    }
                    state = Some(next);
                }
            }
        }
        (state.as_ref() == Some(&s.state)).then_some(last).flatten()
    }

    /// A throw for a chouette: the session's fair dice when it has them; before the first,
    /// the seeds are fixed: the box's (X) and the captain's (O), random for one who set none.
    fn chouette_roll(
        &self,
        s: &Session,
        c: &Chouette,
        fair: &mut Option<FairDice>,
        lines: &mut Vec<String>,
    ) -> Result<ChouetteAction, ClubError> {
        if let Some(f) = fair.as_mut() {
            if f.seeds() == [None, None] {
                let box_player = db_id(c.box_player().unwrap_or(0));
                let captain = db_id(c.acting_captain().unwrap_or(0));
                for (side, p) in [(Side::X, box_player), (Side::O, captain)] {
                    if let Some(seed) = f.member_seed(p).map(str::to_string) {
                        f.set_seed(side, seed);
                    }
                }
                f.default_seeds(&*self.dice);
                let [x, o] = f.seeds();
                lines.push(format!(
                    "Fair dice seeds for chouette #{}: X (box {}) `{}`, O (captain {}) `{}`",
                    s.id,
                    s.name(id_of(box_player)),
                    x.unwrap_or_default(),
                    s.name(id_of(captain)),
                    o.unwrap_or_default()
                ));
            }
        }
        let (a, b) = self.fair_throw(fair.as_mut(), 2, lines)?;
        Ok(match c.phase() {
            ChouettePhase::Opening => ChouetteAction::OpeningRoll {
                box_die: a,
                team_die: b,
            },
            _ => ChouetteAction::Roll(
                Dice::new(a, b).map_err(|e| ClubError::Refused(e.to_string()))?,
            ),
        })
    }

    fn chouette_outcome(
        &self,
        s: &Session,
        last: Option<(Side, engine::Position, engine::Play)>,
    ) -> Outcome {
        let c = &s.state;
        let mut out = Outcome {
            chouette: Some(s.id),
            ..Outcome::default()
        };
        if c.phase() == ChouettePhase::Waiting {
            let players: Vec<String> = c.players().iter().map(|&p| s.name(p)).collect();
            // A game needs three players (the box, the captain and one more).
            let next_step = match 3usize.saturating_sub(players.len()) {
                0 => format!("/chouette start to play game {}", c.games() + 1),
                1 => "one more player must /chouette join before a game can start".into(),
                n => format!("{n} more players must /chouette join before a game can start"),
            };
            out.lines.push(format!(
                "Chouette #{}: {} player{} ({}); {next_step}",
                s.id,
                players.len(),
                if players.len() == 1 { "" } else { "s" },
                players.join(", "),
            ));
            if c.games() > 0 {
                // Between games: the last game's final position with the standings.
                let mut scene = chouette_scene(s, None, None, String::new());
                // The line has turned since: the sides are that game's box and captain.
                scene.names = match c.last_sides() {
                    Some((b, cap)) => [s.name(b), s.name(cap)],
                    None => ["the box".into(), "the team".into()],
                };
                scene.standings = Some(standings_words(s));
                if let Some((side, before, play)) = last {
                    scene.last_play = Some(LastPlay::standard(side, &before.view(side), &play));
                }
                out.board = Some(scene);
                out.version = Some(s.version);
            }
            return out;
        }
        let box_player = c.box_player().unwrap_or(0);
        let captain = c.acting_captain().unwrap_or(0);
        let to_act = c.to_act();
        let side_to_act = if c.cubes().iter().any(|t| t.offered.is_some()) {
            to_act
                .first()
                .map(|&p| if p == box_player { BOX } else { TEAM })
        } else {
            match c.phase() {
                ChouettePhase::ToRoll(x) | ChouettePhase::ToPlay { side: x, .. } => Some(x),
                _ => None,
            }
        };
        let what = chouette_next_words(c);
        // The board's prompt sits on the line of the side's player (the box, the captain):
        // another member who must answer is named in it.
        let named = match side_to_act {
            Some(BOX) => Some(box_player),
            Some(_) => Some(captain),
            None => None,
        };
        let prompt = match to_act.first() {
            Some(&first) if Some(first) != named => format!("{} to {what}", s.name(first)),
            _ => what.clone(),
        };
        let mut scene = chouette_scene(s, side_to_act, Some(captain), prompt);
        if let Some((side, before, play)) = last {
            scene.last_play = Some(LastPlay::standard(side, &before.view(side), &play));
        }
        out.board = Some(scene);
        out.version = Some(s.version);
        if let Some(&first) = to_act.first() {
            let (name, user_id) = s.names.get(&first).cloned().unwrap_or_default();
            out.next = Some(super::NextUp::new(
                s.id,
                &user_id,
                &name,
                chouette_choices(c),
            ));
            if to_act.len() > 1 {
                let all: Vec<String> = to_act.iter().map(|&p| s.name(p)).collect();
                out.lines.push(format!("Waiting for: {}", all.join(", ")));
            }
        }
        out
    }
}

/// The board of a session: the position, the box and the captain, the dice, each team
/// member's cube (the picture draws every member's own cube, not one for the table).
fn chouette_scene(
    s: &Session,
    side_to_act: Option<Side>,
    captain: Option<PlayerId>,
    what: String,
) -> Scene {
    let c = &s.state;
    let box_player = c.box_player().unwrap_or(0);
    let captain = captain.or_else(|| c.line().get(1).copied()).unwrap_or(0);
    let dice = match c.phase() {
        ChouettePhase::ToPlay { side, dice } => Some(DiceView {
            side,
            values: [dice.high(), dice.low()],
            nominated: false,
        }),
        _ => None,
    };
    let team_cubes = c
        .cubes()
        .iter()
        .map(|t| TeamCubeView {
            name: s.name(t.member),
            value: t.value,
            state: match (t.out, t.result, t.offered, t.owner) {
                // The game is over: each member's result against the box.
                (_, Some(r), _, _) if c.phase() == ChouettePhase::Waiting => {
                    if r > 0 {
                        format!("won {r:+}")
                    } else {
                        format!("lost {r:+}")
                    }
                }
                (true, Some(r), _, _) => format!("out {r:+}"),
                (true, None, _, _) => "out".into(),
                (_, _, Some((_, v)), _) => format!("offered {v}"),
                (_, _, _, Some(BOX)) => "box's".into(),
                (_, _, _, Some(_)) => "held".into(),
                _ => "centred".into(),
            },
        })
        .collect();
    Scene {
        ruleset: engine::Ruleset::Standard,
        position: *c.position(),
        viewer: side_to_act.unwrap_or(TEAM),
        names: [s.name(box_player), s.name(captain)],
        to_act: side_to_act,
        dice,
        // The acting captain's cube, for the text form; the picture draws each member's
        // own cube from `team_cubes` instead.
        cube: match c.cubes().iter().find(|t| t.member == captain) {
            Some(t) => match (t.offered, t.owner) {
                (Some((by, value)), _) => CubeView::Offered { value, by },
                (None, Some(owner)) => CubeView::Owned {
                    value: t.value,
                    owner,
                },
                (None, None) => CubeView::Centred(t.value),
            },
            None => CubeView::Unavailable,
        },
        score: ScoreView {
            score: [0, 0],
            target: Target::Money,
            crawford: false,
            post_crawford: false,
            stakes: None,
        },
        reference: None,
        result: None,
        last_play: None,
        welsh: None,
        prompt: (!what.is_empty()).then_some(what),
        team_cubes,
        standings: None,
    }
}

/// Whether session `c` waits on player `by` for `op`: he must act (answer a double, roll,
/// play), or may double, suggest or start there.
fn waits_on(c: &Chouette, by: PlayerId, op: &ChouetteOp) -> bool {
    match op {
        ChouetteOp::Start => c.phase() == ChouettePhase::Waiting,
        ChouetteOp::Double(_) => c.may_double(by),
        ChouetteOp::Suggest(_) => {
            matches!(c.phase(), ChouettePhase::ToPlay { side: TEAM, .. })
                && c.cubes().iter().any(|t| t.member == by && !t.out)
                && c.acting_captain() != Some(by)
        }
        _ => c.to_act().contains(&by),
    }
}

/// The subcommand's name, for "say which" answers.
fn op_word(op: &ChouetteOp) -> &'static str {
    match op {
        ChouetteOp::Create(_) => "create",
        ChouetteOp::Join => "join",
        ChouetteOp::Leave => "leave",
        ChouetteOp::Start => "start",
        ChouetteOp::Roll => "roll",
        ChouetteOp::Move(_) => "move",
        ChouetteOp::Double(_) => "double",
        ChouetteOp::Take(_) => "take",
        ChouetteOp::Drop(_) => "drop",
        ChouetteOp::Beaver(_) => "beaver",
        ChouetteOp::Suggest(_) => "suggest",
        ChouetteOp::Board => "board",
        ChouetteOp::Moves => "moves",
        ChouetteOp::Standings => "standings",
    }
}

/// The session player a command names (by platform id; the local chat: the name).
fn member(actor: &Actor, s: &Session, name: &str) -> Result<PlayerId, ClubError> {
    let key = super::player_key::player_key(actor, name.trim_end_matches(','));
    s.names
        .iter()
        .find(|(_, (_, pid))| *pid == key)
        .map(|(id, _)| *id)
        .ok_or_else(|| {
            ClubError::Refused(format!(
                "`{}` is not a player of chouette #{}; name one of its players",
                engine::excerpt(name),
                s.id
            ))
        })
}

/// What the players who must act may do.
fn chouette_choices(c: &Chouette) -> Vec<super::Choice> {
    use super::Choice;
    if c.cubes().iter().any(|t| t.offered.is_some()) {
        return vec![Choice::Take, Choice::Drop];
    }
    match c.phase() {
        ChouettePhase::Waiting => vec![Choice::StartGame],
        ChouettePhase::Opening => vec![Choice::OpeningRoll],
        ChouettePhase::ToRoll(_) => {
            if c.to_act().first().is_some_and(|&p| c.may_double(p)) {
                vec![Choice::Roll, Choice::Double]
            } else {
                vec![Choice::Roll]
            }
        }
        ChouettePhase::ToPlay { dice, .. } => vec![Choice::Move {
            high: dice.high(),
            low: Some(dice.low()),
        }],
    }
}

/// What the players who must act have to do, in words.
fn chouette_next_words(c: &Chouette) -> String {
    super::choices_words(0, &chouette_choices(c))
}

/// A chouette rule's refusal in words, members named by name.
fn refusal(s: &Session, e: &ChouetteError) -> ClubError {
    ClubError::Refused(match e {
        ChouetteError::NotDoubledBy(p) => format!("{} has not doubled you", s.name(*p)),
        ChouetteError::CannotDoubleMember(p) => {
            let n = s.name(*p);
            format!(
                "you cannot double {n}: that cube is out of the game, already offered, or held by {n}"
            )
        }
        e => e.to_string(),
    })
}

fn names_of(names: &HashMap<PlayerId, (String, String)>, p: PlayerId) -> String {
    names
        .get(&p)
        .map_or_else(|| format!("player {p}"), |n| n.0.clone())
}

/// The legal plays of the roll in hand, as move text.
fn legal_play_texts(c: &Chouette) -> Vec<String> {
    let ChouettePhase::ToPlay { side, .. } = c.phase() else {
        return Vec::new();
    };
    let view = c.position().view(side);
    c.legal_plays()
        .iter()
        .map(|p| format_play(&view, &p.play))
        .collect()
}

/// How a game finished on the board counts for one cube, after the points: ` (a
/// gammon)`, ` (a backgammon)`, or nothing for a single game. `end` is the final position;
/// the member won (`points` > 0) when the team bore off first.
fn finish_words(end: &engine::Position, points: i64) -> String {
    let winner = if points > 0 { TEAM } else { BOX };
    let view = end.view(winner);
    if view.mine_off() < 15 || view.theirs_off() > 0 {
        return String::new();
    }
    if view.theirs(0) > 0 || (1..=6).any(|p| view.theirs(p) > 0) {
        " (a backgammon)".into()
    } else {
        " (a gammon)".into()
    }
}

/// The standings in words: `ann +4, ben -2, cat -2`, best first.
fn standings_words(s: &Session) -> String {
    let mut t: Vec<(String, i64)> = s
        .state
        .tally()
        .iter()
        .map(|&(p, v)| (s.name(p), v))
        .collect();
    t.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let list: Vec<String> = t.iter().map(|(n, v)| format!("{n} {v:+}")).collect();
    list.join(", ")
}

fn standings(s: &Session) -> Vec<String> {
    let c = &s.state;
    let mut lines = Vec::new();
    if !c.line().is_empty() {
        let line: Vec<String> = c.line().iter().map(|&p| s.name(p)).collect();
        lines.push(format!(
            "Line: box {}, captain {}{}",
            line[0],
            line.get(1).cloned().unwrap_or_default(),
            if line.len() > 2 {
                format!(", then {}", line[2..].join(", "))
            } else {
                String::new()
            }
        ));
    }
    lines.push(format!(
        "Standings after {} game{}: {}",
        c.games(),
        if c.games() == 1 { "" } else { "s" },
        standings_words(s)
    ));
    lines
}

fn event_words(s: &Session, before: &Chouette, e: &ChouetteEvent) -> String {
    let side_name = |side: Side| {
        if side == BOX {
            format!("{} (box)", s.name(before.box_player().unwrap_or(0)))
        } else {
            format!("{} (captain)", s.name(before.acting_captain().unwrap_or(0)))
        }
    };
    match e {
        ChouetteEvent::Joined(p) => format!("{} joins chouette #{}", s.name(*p), s.id),
        ChouetteEvent::Left(p) => format!("{} leaves chouette #{}", s.name(*p), s.id),
        ChouetteEvent::GameStarted {
            number,
            box_player,
            captain,
        } => format!(
            "Game {number}: {} in the box against captain {}",
            s.name(*box_player),
            s.name(*captain)
        ),
        ChouetteEvent::OpeningTie(d) => format!("Opening throw: both threw {d}; again"),
        ChouetteEvent::OpeningWon { side, dice } => {
            format!(
                "{} wins the opening throw with {}",
                side_name(*side),
                dice_words(*dice)
            )
        }
        ChouetteEvent::Rolled { by, dice } => {
            format!("{} rolls {}", side_name(*by), dice_words(*dice))
        }
        ChouetteEvent::NoLegalPlay { by, .. } => format!("{} cannot move", side_name(*by)),
        ChouetteEvent::Played { by, play } => format!(
            "{} plays {}",
            side_name(*by),
            format_play(&before.position().view(*by), play)
        ),
        ChouetteEvent::Doubled { by, members } => {
            // One value for all when the cubes stand level, else each cube's by name.
            let level = members.windows(2).all(|w| w[0].1 == w[1].1);
            let value = members.first().map_or(0, |m| m.1);
            let who = if level {
                let names: Vec<String> = members.iter().map(|&(m, _)| s.name(m)).collect();
                format!("{} to {value}", names.join(", "))
            } else {
                let each: Vec<String> = members
                    .iter()
                    .map(|&(m, v)| format!("{} to {v}", s.name(m)))
                    .collect();
                each.join(", ")
            };
            if Some(*by) == before.box_player() {
                format!("{} (box) doubles {who}", s.name(*by))
            } else if level {
                let names: Vec<String> = members.iter().map(|&(m, _)| s.name(m)).collect();
                format!("{} doubles the box to {value}", names.join(", "))
            } else {
                format!("the team doubles the box: {who}")
            }
        }
        ChouetteEvent::Took { member, value, by } => {
            if by == member {
                format!("{0} takes; {0}'s cube is at {value}", s.name(*member))
            } else {
                format!("The box takes {}'s cube at {value}", s.name(*member))
            }
        }
        ChouetteEvent::Beavered { member, value, .. } => {
            format!("{} beavers: cube at {value}", s.name(*member))
        }
        ChouetteEvent::Dropped { by, member, points } => {
            if by == member {
                format!(
                    "{0} drops and pays {points}; {0} is out of this game",
                    s.name(*member)
                )
            } else {
                format!(
                    "The box drops {}'s double and pays {points}",
                    s.name(*member)
                )
            }
        }
        ChouetteEvent::Suggested { by, text } => {
            format!(
                "{} suggests to the captain: {}",
                s.name(*by),
                engine::excerpt(text)
            )
        }
        ChouetteEvent::Settled { member, points } => {
            format!(
                "{} {} {} against the box",
                s.name(*member),
                if *points >= 0 { "wins" } else { "loses" },
                points.abs()
            )
        }
        ChouetteEvent::GameOver {
            box_won_board,
            number,
        } => format!(
            "Game {number} over: the {} won the board",
            if *box_won_board { "box" } else { "team" }
        ),
        ChouetteEvent::Rotated {
            box_player,
            captain,
        } => format!(
            "Next game: {} in the box, {} captain",
            s.name(*box_player),
            s.name(*captain)
        ),
    }
}
