//! Running a season: the start (draw, matches, jack-pot), what follows a result (the next
//! knockout round, the end of the season), withdrawals, the organiser's rulings and
//! deadline extensions, and the sweep's reminders.

use std::collections::{HashMap, HashSet};

use super::fixtures::{
    first_divisions, knockout_feeders, knockout_first_round, knockout_rounds, next_divisions,
    round_robin, shuffle,
};
use super::standings::{Decided, Points, Row, standings};
use super::{Format, League, LeagueEntry, MIN_PLAYERS, Seeding, Withdrawal, days, entry_text};
use crate::club::challenge::player_key;
use crate::club::lookup::Loaded;
use crate::club::play::{Work, entry_json};
use crate::club::words::duration_words;
use crate::club::{
    Actor, ChallengeSpec, Club, ClubError, Entry, FairDice, Notice, Outcome, Snapshot, new_chain,
};
use crate::engine::fair::FairId;
use crate::engine::welsh::format_amount;
use crate::engine::{AnyMatch, Side};
use crate::store::{
    EntrantRow, FixtureRow, FixtureWrite, LeagueReport, LedgerEntry, MatchChange, MatchRow,
    MatchStatus, NewMatch, PlaceRow, PlayerRow, SeasonRow, StartedMatch, StoreError,
};

/// A fixture that has a result (or a bye).
fn decided(f: &FixtureRow) -> bool {
    matches!(f.status.as_str(), "done" | "bye" | "void")
}

/// The score a snapshot shows: games (Welsh) or match points (standard), X then O.
fn score_of(snap: &Snapshot) -> [i64; 2] {
    let s = match &snap.game {
        AnyMatch::Standard(m) => m.match_score(),
        AnyMatch::Welsh(_) => snap.game.score(),
    };
    [i64::from(s[0]), i64::from(s[1])]
}

/// What a finished match tells its league fixture (if it has one), written with the
/// match's own commit.
pub(crate) fn league_report(
    snap: &Snapshot,
    match_id: i64,
    winner: Option<i64>,
) -> Option<LeagueReport> {
    let winner = winner?;
    let forfeit = snap.forfeit.is_some()
        || matches!(&snap.game, AnyMatch::Welsh(m) if matches!(m.phase(),
        crate::engine::welsh::WelshPhase::MatchOver {
            how: crate::engine::welsh::MatchEnd::TimedOut,
            ..
        }));
    let score = score_of(snap);
    Some(LeagueReport {
        forfeit,
        score,
        entry: entry_text(&LeagueEntry::Result {
            match_id,
            winner,
            forfeit,
            score,
        }),
    })
}

/// The table of one division from its places (in seed order) and the season's fixtures.
pub(crate) fn division_table(
    places: &[PlaceRow],
    division: i64,
    fixtures: &[FixtureRow],
    withdrawn: &HashSet<i64>,
    points: Points,
) -> Vec<Row> {
    let mut mine: Vec<&PlaceRow> = places.iter().filter(|p| p.division == division).collect();
    mine.sort_by_key(|p| p.seed);
    let entrants: Vec<(i64, bool)> = mine
        .iter()
        .map(|p| (p.player, withdrawn.contains(&p.player)))
        .collect();
    let results: Vec<Decided> = fixtures
        .iter()
        .filter(|f| f.division == division && f.status == "done")
        .filter_map(|f| {
            let (Some(x), Some(o), Some(w)) = (f.players[0], f.players[1], f.winner) else {
                return None;
            };
            let how = f.how.as_deref().unwrap_or("played");
            Some(Decided {
                x,
                o,
                winner: w,
                forfeit: how == "forfeit",
                score: if how == "played" { f.score } else { [0, 0] },
            })
        })
        .collect();
    standings(&entrants, &results, points)
}

/// Knockout: places the winners of decided feeders in the waiting fixtures; a fixture
/// with a withdrawn player is a walkover. Returns the indices of the fixtures changed and
/// of those ready to be played (both players known).
fn knockout_fill(
    fixtures: &mut [FixtureRow],
    withdrawn: &HashSet<i64>,
) -> (Vec<usize>, Vec<usize>) {
    let mut changed = Vec::new();
    let mut ready = Vec::new();
    loop {
        let at: HashMap<(i64, i64, i64), usize> = fixtures
            .iter()
            .enumerate()
            .map(|(i, f)| ((f.division, f.round, f.slot), i))
            .collect();
        let mut moved = false;
        for i in 0..fixtures.len() {
            let f = fixtures[i].clone();
            if f.status != "waiting" {
                continue;
            }
            let mut players = f.players;
            if f.round > 1 {
                let r = u32::try_from(f.round).unwrap_or(0);
                let s = u32::try_from(f.slot).unwrap_or(0);
                for (side, (fr, fs)) in knockout_feeders(r, s).into_iter().enumerate() {
                    if let Some(&j) = at.get(&(f.division, i64::from(fr), i64::from(fs))) {
                        if decided(&fixtures[j]) {
                            players[side] = fixtures[j].winner;
                        }
                    }
                }
            }
            let g = &mut fixtures[i];
            if players != g.players {
                g.players = players;
                moved = true;
                changed.push(i);
            }
            if let [Some(x), Some(o)] = g.players {
                let out = [withdrawn.contains(&x), withdrawn.contains(&o)];
                if out[0] || out[1] {
                    g.status = "done".into();
                    g.how = Some("forfeit".into());
                    g.winner = Some(if out[0] { o } else { x });
                    moved = true;
                    changed.push(i);
                } else {
                    g.status = "playing".into();
                    moved = true;
                    changed.push(i);
                    ready.push(i);
                }
            }
        }
        if !moved {
            break;
        }
    }
    changed.sort_unstable();
    changed.dedup();
    (changed, ready)
}

impl Club {
    /// A seed for a draw, from the club's dice (so that a seeded test draws the same).
    fn draw_seed(&self) -> i64 {
        let mut s: i64 = 0;
        for _ in 0..3 {
            s = s * 65_536 + i64::try_from(self.dice.pick(65_536)).unwrap_or(0);
        }
        s
    }

    /// A league match on the league's terms: the challenge as every match is inserted
    /// (with its first chain of fair dice), accepted in the league's transaction by
    /// [`Club::accept_league_match`].
    fn started_match(
        &self,
        league: &League,
        x: &PlayerRow,
        o: &PlayerRow,
        now: i64,
    ) -> Result<StartedMatch, ClubError> {
        let spec = league.spec;
        Ok(StartedMatch {
            new: NewMatch {
                community_id: league.row.community_id,
                channel: league.row.channel.clone(),
                ruleset: spec.ruleset,
                terms: serde_json::to_string(&spec).unwrap_or_default(),
                players: [x.id, o.id],
                bank: spec.time.bank,
                now,
                entry: entry_json(&Entry::Challenge { spec }),
                fair: new_chain(&*self.dice, 1),
                expires_at: None,
            },
            rated: spec.rated,
            players: [x.clone(), o.clone()],
        })
    }

    /// The accept of a league match just inserted as match `id`: as a challenge accepted
    /// by O, both fair-dice seeds fixed, the opening throws made, the clock running.
    fn accept_league_match(&self, id: i64, s: &StartedMatch) -> Result<MatchChange, StoreError> {
        let abort = |e: String| StoreError::Aborted(format!("league match #{id} not started: {e}"));
        let spec: ChallengeSpec =
            serde_json::from_str(&s.new.terms).map_err(|e| abort(e.to_string()))?;
        let snap = Snapshot::start(&spec).map_err(abort)?;
        let [x, o] = s.players.clone();
        let row = MatchRow {
            id,
            community_id: s.new.community_id,
            channel: s.new.channel.clone(),
            ruleset: spec.ruleset,
            terms: s.new.terms.clone(),
            players: s.new.players,
            status: MatchStatus::Challenged,
            state: None,
            version: 1,
            turn_started_at: None,
            bank: [s.new.bank; 2],
            deadline_at: None,
            reminder_at: None,
            winner: None,
            result: None,
            created_at: s.new.now,
            updated_at: s.new.now,
            expires_at: s.new.expires_at,
        };
        let mut fair = s
            .new
            .fair
            .clone()
            .map(|c| FairDice::fresh(FairId::Match(id), c));
        if let Some(f) = fair.as_mut() {
            f.default_seeds(&*self.dice);
        }
        let names = [x.display_name.clone(), o.display_name.clone()];
        let o_id = o.id;
        let l = Loaded {
            row,
            spec,
            players: [x, o],
            names,
            snap: None,
            fair: fair.clone(),
        };
        let mut work = Work {
            snap,
            entries: vec![(Some(o_id), Entry::Accept)],
            lines: Vec::new(),
            settle: Vec::new(),
            fair,
        };
        self.autopilot(&l, &mut work)
            .map_err(|e| abort(e.to_string()))?;
        Ok(self.planned_change(&l, None, &mut work, MatchStatus::Active, s.new.now))
    }

    /// Writes a league change; its new matches are started by
    /// [`Club::accept_league_match`] in the same transaction.
    pub(crate) async fn write_league(
        &self,
        change: &crate::store::LeagueChange,
    ) -> Result<(i64, Vec<i64>), StoreError> {
        let mut accept = |id: i64, s: &StartedMatch| self.accept_league_match(id, s);
        self.store
            .commit_league(change, &self.rates, &mut accept)
            .await
    }

    /// The entrants in seeding order: the order given (every entrant named once), else
    /// the league's seeding.
    async fn seeded(
        &self,
        actor: &Actor,
        league: &League,
        entrants: &[PlayerRow],
        order: Option<Vec<String>>,
        seed: i64,
    ) -> Result<Vec<PlayerRow>, ClubError> {
        if let Some(names) = order {
            let mut out: Vec<PlayerRow> = Vec::new();
            for n in &names {
                let key = player_key(actor, n);
                let Some(p) = entrants.iter().find(|p| p.platform_id == key) else {
                    return Err(ClubError::Refused(format!(
                        "`{}` has not joined {}; the order names the entrants, top seed first",
                        n.chars().take(40).collect::<String>(),
                        league.row.name
                    )));
                };
                if out.iter().any(|q| q.id == p.id) {
                    return Err(ClubError::Refused(format!(
                        "{} is named twice in the order",
                        p.display_name
                    )));
                }
                out.push(p.clone());
            }
            if out.len() != entrants.len() {
                return Err(ClubError::Refused(format!(
                    "the order names {} of the {} entrants; name them all, top seed first",
                    out.len(),
                    entrants.len()
                )));
            }
            return Ok(out);
        }
        let drawn = || -> Vec<PlayerRow> {
            shuffle(entrants.len(), seed.unsigned_abs())
                .into_iter()
                .map(|i| entrants[i].clone())
                .collect()
        };
        Ok(match league.settings.seeding {
            Seeding::Entry => entrants.to_vec(),
            Seeding::Random => drawn(),
            Seeding::Rating => {
                let ratings = self
                    .store
                    .pool_ratings(league.row.community_id, league.spec.ruleset)
                    .await?;
                // Highest rating first; the unrated after, in the draw's order (a stable
                // sort keeps it among equals).
                let mut out = drawn();
                out.sort_by(|a, b| match (ratings.get(&a.id), ratings.get(&b.id)) {
                    (Some(x), Some(y)) => y.total_cmp(x),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                });
                out
            }
        })
    }

    /// Starts the league's next season: draws the fixtures, creates the matches as
    /// accepted with their clocks, takes the entry fees into the jack-pot, sets the
    /// deadline. One transaction.
    pub(super) async fn start_league(
        &self,
        actor: &Actor,
        league: &League,
        me: &PlayerRow,
        order: Option<Vec<String>>,
    ) -> Result<Outcome, ClubError> {
        if league.row.status != "signup" {
            return Err(ClubError::Refused(format!(
                "league {} is {}; only a league waiting for its season can start",
                league.row.name, league.row.status
            )));
        }
        let all = self.store.league_entrants(league.row.id).await?;
        let entrants: Vec<PlayerRow> = all
            .iter()
            .filter(|e| e.status == "entered")
            .map(|e| e.player.clone())
            .collect();
        if entrants.len() < MIN_PLAYERS {
            return Err(ClubError::Refused(format!(
                "a season needs at least {MIN_PLAYERS} players; {} {} joined {}",
                entrants.len(),
                if entrants.len() == 1 { "has" } else { "have" },
                league.row.name
            )));
        }
        let now = self.clock.now();
        let season = league.row.season + 1;
        let seed = self.draw_seed();
        let seeded = self.seeded(actor, league, &entrants, order, seed).await?;
        let mut lines = Vec::new();
        let divisions: Vec<Vec<PlayerRow>> = match league.format {
            Format::Divisions if season > 1 => {
                self.next_season(league, &seeded, &mut lines).await?
            }
            Format::Divisions => {
                first_divisions(seeded.len(), league.settings.division_size as usize)
                    .into_iter()
                    .map(|d| d.into_iter().map(|i| seeded[i].clone()).collect())
                    .collect()
            }
            _ => vec![seeded.clone()],
        };
        let mut change = league.change(now);
        change.status = "running".into();
        change.season = season;
        let mut placed = 0usize;
        for (d, players) in divisions.iter().enumerate() {
            let division = i64::try_from(d + 1).unwrap_or(1);
            for (i, p) in players.iter().enumerate() {
                change.places.push(PlaceRow {
                    season,
                    player: p.id,
                    division,
                    seed: i64::try_from(i + 1).unwrap_or(0),
                });
            }
            placed += players.len();
            self.draw_division(league, season, division, players, seed, now, &mut change)?;
        }
        let fee = league.settings.fee(league.spec.ruleset);
        let pot = fee * u64::try_from(placed).unwrap_or(0);
        if fee > 0 {
            for p in divisions.iter().flatten() {
                if p.id != league.row.organiser {
                    change.ledger.push(LedgerEntry {
                        payer: p.id,
                        payee: league.row.organiser,
                        amount: fee,
                        reason: format!(
                            "entry fee into the jack-pot of league {}, season {season}",
                            league.row.name
                        ),
                    });
                }
            }
        }
        let deadline = now + days(league.settings.season_days);
        change.seasons.push(SeasonRow {
            season,
            status: "running".into(),
            seed,
            started_at: now,
            deadline_at: deadline,
            ..SeasonRow::default()
        });
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Start {
                season,
                seed,
                entrants: placed,
                fixtures: change.fixtures.len(),
                pot,
            }),
        ));
        let (_, started) = self.commit_league(league, &change).await?;
        lines.insert(
            0,
            format!(
                "League {} season {season} starts: {placed} players, {} matches; the season ends in {}",
                league.row.name,
                started.len(),
                duration_words(deadline - now)
            ),
        );
        if pot > 0 {
            lines.push(format!(
                "Jack-pot: {} entry fees of {} = {}, held by the organiser for the winner (rule 23)",
                placed,
                format_amount(fee),
                format_amount(pot)
            ));
        }
        let names: HashMap<i64, &str> = divisions
            .iter()
            .flatten()
            .map(|p| (p.id, p.display_name.as_str()))
            .collect();
        let with_match: Vec<&FixtureWrite> = change
            .fixtures
            .iter()
            .filter(|f| f.start.is_some())
            .collect();
        for (f, id) in with_match.iter().zip(&started).take(40) {
            let [x, o] = f.fixture.players;
            lines.push(format!(
                "Match #{id}: @{} v @{} (round {}{})",
                names.get(&x.unwrap_or(0)).unwrap_or(&"?"),
                names.get(&o.unwrap_or(0)).unwrap_or(&"?"),
                f.fixture.round,
                if divisions.len() > 1 {
                    format!(", division {}", f.fixture.division)
                } else {
                    String::new()
                }
            ));
        }
        if started.len() > 40 {
            lines.push(format!(
                "... and {} more: /league fixtures lists them",
                started.len() - 40
            ));
        }
        Ok(Outcome {
            lines,
            ..Outcome::default()
        })
    }

    /// The fixtures of one division (a round robin, or the knockout's whole bracket with
    /// the byes decided and the matches that can start now).
    #[allow(clippy::too_many_arguments)]
    fn draw_division(
        &self,
        league: &League,
        season: i64,
        division: i64,
        players: &[PlayerRow],
        seed: i64,
        now: i64,
        change: &mut crate::store::LeagueChange,
    ) -> Result<(), ClubError> {
        let n = players.len();
        let fixture = |round: u32, slot: i64, x: Option<usize>, o: Option<usize>| FixtureRow {
            season,
            division,
            round: i64::from(round),
            slot,
            players: [x.map(|i| players[i].id), o.map(|i| players[i].id)],
            status: "waiting".into(),
            ..FixtureRow::default()
        };
        match league.format {
            Format::Knockout => {
                let rounds = knockout_rounds(n);
                let mut all = Vec::new();
                for s in knockout_first_round(n) {
                    let mut f = fixture(1, i64::from(s.slot), s.x, s.o);
                    if let (Some(a), None) | (None, Some(a)) = (s.x, s.o) {
                        f.status = "bye".into();
                        f.how = Some("bye".into());
                        f.winner = Some(players[a].id);
                    }
                    all.push(f);
                }
                for r in 2..=rounds {
                    for slot in 0..(1i64 << (rounds - r)) {
                        all.push(fixture(r, slot, None, None));
                    }
                }
                // Round 1 pairs are ready; later rounds fill from byes.
                for f in &mut all {
                    if f.round == 1 && f.status == "waiting" {
                        f.status = "playing".into();
                    }
                }
                knockout_fill(&mut all, &HashSet::new());
                let by_id: HashMap<i64, &PlayerRow> = players.iter().map(|p| (p.id, p)).collect();
                for f in all {
                    let start = match (f.status.as_str(), f.players) {
                        ("playing", [Some(x), Some(o)]) => {
                            Some(self.started_match(league, by_id[&x], by_id[&o], now)?)
                        }
                        _ => None,
                    };
                    change.fixtures.push(FixtureWrite { fixture: f, start });
                }
            }
            _ => {
                let twice = league.format == Format::DoubleRoundRobin;
                let pairs = round_robin(n, twice, seed.unsigned_abs() ^ division.unsigned_abs());
                let mut slot: HashMap<u32, i64> = HashMap::new();
                for p in pairs {
                    let s = slot.entry(p.round).or_insert(0);
                    let mut f = fixture(p.round, *s, Some(p.x), Some(p.o));
                    *s += 1;
                    f.status = "playing".into();
                    let start =
                        Some(self.started_match(league, &players[p.x], &players[p.o], now)?);
                    change.fixtures.push(FixtureWrite { fixture: f, start });
                }
            }
        }
        Ok(())
    }

    /// Divisions of a season after the first: last season's tables with promotion and
    /// relegation, players who left taken out, newcomers in the lowest division.
    async fn next_season(
        &self,
        league: &League,
        entrants: &[PlayerRow],
        lines: &mut Vec<String>,
    ) -> Result<Vec<Vec<PlayerRow>>, ClubError> {
        let last = league.row.season;
        let places = self.store.league_places(league.row.id, last).await?;
        let fixtures = self.store.league_fixtures(league.row.id, last).await?;
        let by_id: HashMap<i64, &PlayerRow> = entrants.iter().map(|p| (p.id, p)).collect();
        let points = Points {
            win: league.settings.win_points,
            loss: league.settings.loss_points,
        };
        let count = places.iter().map(|p| p.division).max().unwrap_or(0);
        let tables: Vec<Vec<i64>> = (1..=count)
            .map(|d| {
                division_table(&places, d, &fixtures, &HashSet::new(), points)
                    .into_iter()
                    .map(|r| r.player)
                    .filter(|p| by_id.contains_key(p))
                    .collect()
            })
            .collect();
        let before: HashSet<i64> = places.iter().map(|p| p.player).collect();
        let newcomers: Vec<i64> = entrants
            .iter()
            .map(|p| p.id)
            .filter(|p| !before.contains(p))
            .collect();
        let next = next_divisions(
            &tables,
            league.settings.movers as usize,
            &newcomers,
            league.settings.division_size as usize,
            MIN_PLAYERS,
        );
        for (p, from, to) in &next.moves {
            lines.push(format!(
                "{} {} from division {} to division {}",
                by_id[p].display_name,
                if to < from { "goes up" } else { "goes down" },
                from + 1,
                to + 1
            ));
        }
        for p in &newcomers {
            if let Some(d) = next.divisions.iter().position(|d| d.contains(p)) {
                lines.push(format!(
                    "{} enters in division {}",
                    by_id[p].display_name,
                    d + 1
                ));
            }
        }
        for p in &next.waiting {
            lines.push(format!(
                "{} waits for a place next season (no room in the lowest division)",
                by_id[p].display_name
            ));
        }
        Ok(next
            .divisions
            .into_iter()
            .map(|d| d.into_iter().map(|p| by_id[&p].clone()).collect())
            .collect())
    }

    /// After a league match ends (or on the sweep): the next knockout matches whose
    /// feeders have ended, and the end of the season once every fixture is decided. One
    /// transaction each time; doing it twice does nothing more.
    ///
    /// # Errors
    /// A database error.
    pub(crate) async fn advance_league(&self, league_id: i64) -> Result<Vec<String>, ClubError> {
        for _ in 0..3 {
            let Some(row) = self.store.league(league_id).await? else {
                return Ok(Vec::new());
            };
            if row.status != "running" {
                return Ok(Vec::new());
            }
            let league = League::read(row)?;
            let season = league.row.season;
            let mut fixtures = self.store.league_fixtures(league_id, season).await?;
            let entrants = self.store.league_entrants(league_id).await?;
            let withdrawn: HashSet<i64> = entrants
                .iter()
                .filter(|e| e.status == "withdrawn")
                .map(|e| e.player.id)
                .collect();
            let now = self.clock.now();
            let mut change = league.change(now);
            let mut lines = Vec::new();
            let mut started_pairs = Vec::new();
            if league.format == Format::Knockout {
                let (changed, ready) = knockout_fill(&mut fixtures, &withdrawn);
                let by_id: HashMap<i64, &PlayerRow> =
                    entrants.iter().map(|e| (e.player.id, &e.player)).collect();
                for i in changed {
                    let f = fixtures[i].clone();
                    let start = if ready.contains(&i) {
                        let [Some(x), Some(o)] = f.players else {
                            continue;
                        };
                        started_pairs.push((
                            by_id[&x].display_name.clone(),
                            by_id[&o].display_name.clone(),
                            f.round,
                        ));
                        Some(self.started_match(&league, by_id[&x], by_id[&o], now)?)
                    } else {
                        if f.status == "done" {
                            change.log.push((
                                None,
                                entry_text(&LeagueEntry::Walkover {
                                    fixture: f.id,
                                    winner: f.winner.unwrap_or(0),
                                }),
                            ));
                        }
                        None
                    };
                    change.fixtures.push(FixtureWrite { fixture: f, start });
                }
            }
            let all_decided = fixtures.iter().all(decided);
            if change.fixtures.is_empty() && !all_decided {
                return Ok(lines);
            }
            if all_decided {
                self.end_season(
                    &league,
                    &fixtures,
                    &entrants,
                    &withdrawn,
                    &mut change,
                    &mut lines,
                )
                .await?;
            }
            match self.write_league(&change).await {
                Ok((_, started)) => {
                    let mut out: Vec<String> = started
                        .iter()
                        .zip(&started_pairs)
                        .map(|(id, (x, o, r))| {
                            format!(
                                "League {}: match #{id}, @{x} v @{o} ({}), starts now",
                                league.row.name,
                                round_name(league.format, *r, &fixtures)
                            )
                        })
                        .collect();
                    out.append(&mut lines);
                    return Ok(out);
                }
                Err(StoreError::Stale) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(Vec::new())
    }

    /// The end of a season: the winner, the jack-pot paid, the final tables, the next
    /// season's moves announced (divisions), the league open for the next season or over.
    async fn end_season(
        &self,
        league: &League,
        fixtures: &[FixtureRow],
        entrants: &[EntrantRow],
        withdrawn: &HashSet<i64>,
        change: &mut crate::store::LeagueChange,
        lines: &mut Vec<String>,
    ) -> Result<(), ClubError> {
        let id = league.row.id;
        let season = league.row.season;
        let places = self.store.league_places(id, season).await?;
        let names: HashMap<i64, String> = entrants
            .iter()
            .map(|e| (e.player.id, e.player.display_name.clone()))
            .collect();
        let name = |p: i64| {
            names
                .get(&p)
                .cloned()
                .unwrap_or_else(|| format!("player {p}"))
        };
        let points = Points {
            win: league.settings.win_points,
            loss: league.settings.loss_points,
        };
        let winner = if league.format == Format::Knockout {
            fixtures
                .iter()
                .max_by_key(|f| f.round)
                .and_then(|f| f.winner)
        } else {
            division_table(&places, 1, fixtures, withdrawn, points)
                .first()
                .map(|r| r.player)
        };
        let fee = league.settings.fee(league.spec.ruleset);
        let pot = fee * u64::try_from(places.len()).unwrap_or(0);
        lines.push(format!(
            "League {} season {season} is over: {} wins{}",
            league.row.name,
            winner.map_or_else(|| "nobody".to_string(), name),
            if league.format == Format::Knockout {
                if league.spec.ruleset == crate::engine::Ruleset::Welsh {
                    " the grand final"
                } else {
                    " the final"
                }
            } else {
                ""
            }
        ));
        if let (Some(w), true) = (winner, pot > 0) {
            if w != league.row.organiser {
                change.ledger.push(LedgerEntry {
                    payer: league.row.organiser,
                    payee: w,
                    amount: pot,
                    reason: format!(
                        "jack-pot of league {}, season {season}: {} entry fees (rule 23)",
                        league.row.name,
                        places.len()
                    ),
                });
            }
            lines.push(format!(
                "{} takes the jack-pot of {} (rule 23)",
                name(w),
                format_amount(pot)
            ));
        }
        if league.format != Format::Knockout {
            let count = places.iter().map(|p| p.division).max().unwrap_or(1);
            for d in 1..=count {
                let table = division_table(&places, d, fixtures, withdrawn, points);
                lines.push(if count > 1 {
                    format!("Final table, division {d}:")
                } else {
                    "Final table:".into()
                });
                lines.extend(super::views::table_text(&table, &name));
            }
        }
        let mut moves = Vec::new();
        if league.format == Format::Divisions {
            let count = places.iter().map(|p| p.division).max().unwrap_or(1);
            let tables: Vec<Vec<i64>> = (1..=count)
                .map(|d| {
                    division_table(&places, d, fixtures, withdrawn, points)
                        .into_iter()
                        .map(|r| r.player)
                        .filter(|p| !withdrawn.contains(p))
                        .collect()
                })
                .collect();
            let next = next_divisions(
                &tables,
                league.settings.movers as usize,
                &[],
                league.settings.division_size as usize,
                MIN_PLAYERS,
            );
            for (p, from, to) in next.moves {
                lines.push(format!(
                    "{} {} to division {} next season",
                    name(p),
                    if to < from { "goes up" } else { "goes down" },
                    to + 1
                ));
                moves.push((
                    p,
                    i64::try_from(from + 1).unwrap_or(0),
                    i64::try_from(to + 1).unwrap_or(0),
                ));
            }
            lines.push(format!(
                "Newcomers can join now; the organiser starts season {} with /league start",
                season + 1
            ));
        }
        let mut row = self
            .store
            .league_season(id, season)
            .await?
            .unwrap_or_default();
        row.status = "finished".into();
        row.finished_at = Some(change.now);
        row.winner = winner;
        change.seasons.push(row);
        change.status = if league.format == Format::Divisions {
            "signup".into()
        } else {
            "finished".into()
        };
        change.log.push((
            None,
            entry_text(&LeagueEntry::SeasonEnd {
                season,
                winner,
                pot,
                moves,
            }),
        ));
        Ok(())
    }

    /// A player leaves a league under way: his remaining matches are forfeited to his
    /// opponents, or void (the league's setting; a knockout always forfeits).
    pub(super) async fn withdraw(
        &self,
        league: &League,
        me: &PlayerRow,
    ) -> Result<Outcome, ClubError> {
        if league.row.status != "running" {
            return Err(ClubError::Refused(format!(
                "league {} has no season under way; /league leave takes you out before the start",
                league.row.name
            )));
        }
        let entrants = self.store.league_entrants(league.row.id).await?;
        if !entrants
            .iter()
            .any(|e| e.player.id == me.id && e.status == "entered")
        {
            return Err(ClubError::Refused(format!(
                "you are not playing in {}",
                league.row.name
            )));
        }
        let void =
            league.settings.withdrawal == Withdrawal::Void && league.format != Format::Knockout;
        let now = self.clock.now();
        let mut change = league.change(now);
        change.entries.push((me.id, "withdrawn".into()));
        let (mut voided, mut forfeited) = (Vec::new(), Vec::new());
        for mut f in self
            .store
            .league_fixtures(league.row.id, league.row.season)
            .await?
        {
            if f.status != "playing" || !f.players.contains(&Some(me.id)) {
                continue;
            }
            let Some(mid) = f.match_id else { continue };
            let l = self.load(mid).await?;
            if l.row.status != MatchStatus::Active {
                continue;
            }
            let other = if f.players[0] == Some(me.id) {
                f.players[1]
            } else {
                f.players[0]
            };
            let why = format!(
                "{} withdrew from league {}",
                me.display_name, league.row.name
            );
            change.matches.push(if void {
                MatchChange {
                    id: mid,
                    community_id: l.row.community_id,
                    players: l.row.players,
                    expected_version: l.row.version,
                    status: MatchStatus::Cancelled,
                    state: l.row.state.clone(),
                    bank: l.row.bank,
                    result: Some(format!("void: {why}")),
                    now,
                    actions: vec![(Some(me.id), entry_json(&Entry::Void { reason: why }))],
                    ..MatchChange::default()
                }
            } else {
                self.ruled_change(&l, me.id, other.unwrap_or(0), true, &why, now)?
            });
            if void {
                f.status = "void".into();
                voided.push(mid);
            } else {
                f.status = "done".into();
                f.winner = other;
                f.how = Some("forfeit".into());
                forfeited.push(mid);
            }
            change.fixtures.push(FixtureWrite {
                fixture: f,
                start: None,
            });
        }
        let n = (voided.len(), forfeited.len());
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Withdraw {
                player: me.id,
                voided,
                forfeited,
            }),
        ));
        self.commit_league(league, &change).await?;
        let mut lines = vec![format!(
            "{} withdraws from {}: {} match{} {}",
            me.display_name,
            league.row.name,
            n.0 + n.1,
            if n.0 + n.1 == 1 { "" } else { "es" },
            if void {
                "void (left out of the table)"
            } else {
                "forfeited to the opponents"
            }
        )];
        lines.extend(self.advance_league(league.row.id).await?);
        Ok(Outcome {
            lines,
            ..Outcome::default()
        })
    }

    /// The change that ends a league match by a ruling: the ruling in the match's own log
    /// (so that the log rebuilds the finished match), written the way every command's
    /// change is (the rating update, marked a forfeit when it is one).
    fn ruled_change(
        &self,
        l: &Loaded,
        by: i64,
        winner: i64,
        forfeit: bool,
        reason: &str,
        now: i64,
    ) -> Result<MatchChange, ClubError> {
        let snap = l.snap.clone().ok_or(ClubError::UnknownMatch(l.row.id))?;
        let side = if l.row.players[0] == winner {
            Side::X
        } else {
            Side::O
        };
        let mut work = Work {
            snap,
            entries: Vec::new(),
            lines: Vec::new(),
            settle: Vec::new(),
            fair: None,
        };
        work.push_entry(
            Some(by),
            Entry::Ruling {
                winner: side,
                forfeit,
                reason: reason.to_string(),
            },
            &l.names,
        )?;
        let mut c = self.planned_change(l, None, &mut work, MatchStatus::Active, now);
        // The league records the fixture itself, with how it was decided.
        c.league = None;
        c.forfeit = forfeit;
        Ok(c)
    }

    /// The fixture of a league match under way, or why it is not one.
    async fn open_fixture(
        &self,
        league: &League,
        match_id: i64,
    ) -> Result<(FixtureRow, MatchRow), ClubError> {
        let not_ours = || {
            ClubError::Refused(format!(
                "match #{match_id} is not a match of league {}; /league fixtures lists them",
                league.row.name
            ))
        };
        let (lid, f) = self
            .store
            .fixture_of_match(match_id)
            .await?
            .ok_or_else(not_ours)?;
        if lid != league.row.id {
            return Err(not_ours());
        }
        let m = self
            .store
            .load_match(match_id)
            .await?
            .ok_or(ClubError::UnknownMatch(match_id))?;
        if f.status != "playing" || m.status != MatchStatus::Active {
            return Err(ClubError::Refused(format!(
                "match #{match_id} of {} is already decided ({}); nothing to rule",
                league.row.name,
                m.result.clone().unwrap_or_else(|| f.status.clone())
            )));
        }
        Ok((f, m))
    }

    /// The organiser's result for a league match: `winner` wins, by forfeit or
    /// adjudicated, with the reason kept in the league log and shown in the match.
    pub(super) async fn ruling(
        &self,
        league: &League,
        me: &PlayerRow,
        match_id: i64,
        winner: i64,
        forfeit: bool,
        reason: &str,
    ) -> Result<Outcome, ClubError> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(ClubError::BadOption(
                "a ruling needs its reason, e.g. reason:\"no reply for a week\"".into(),
            ));
        }
        if reason.chars().count() > 200 {
            return Err(ClubError::TooLong("reason", reason.chars().count(), 200));
        }
        let (mut f, _) = self.open_fixture(league, match_id).await?;
        if !f.players.contains(&Some(winner)) {
            return Err(ClubError::Refused(format!(
                "that player is not in match #{match_id}; name one of its two players"
            )));
        }
        let l = self.load(match_id).await?;
        let now = self.clock.now();
        let how = if forfeit { "forfeit" } else { "adjudicated" };
        let ended = self.ruled_change(&l, me.id, winner, forfeit, reason, now)?;
        let text = ended.result.clone().unwrap_or_default();
        let mut change = league.change(now);
        change.matches.push(ended);
        f.status = "done".into();
        f.winner = Some(winner);
        f.how = Some(how.into());
        if let (false, Some(snap)) = (forfeit, &l.snap) {
            f.score = score_of(snap);
        }
        change.fixtures.push(FixtureWrite {
            fixture: f,
            start: None,
        });
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Ruling {
                match_id,
                winner,
                forfeit,
                reason: reason.to_string(),
            }),
        ));
        self.commit_league(league, &change).await?;
        let mut lines = vec![format!(
            "League {}, match #{match_id}: {text}",
            league.row.name
        )];
        lines.extend(self.advance_league(league.row.id).await?);
        Ok(Outcome {
            match_id: Some(match_id),
            lines,
            ..Outcome::default()
        })
    }

    /// A forfeit awarded against `loser`.
    pub(super) async fn forfeit_ruling(
        &self,
        league: &League,
        me: &PlayerRow,
        match_id: i64,
        loser: i64,
        reason: &str,
    ) -> Result<Outcome, ClubError> {
        let (f, _) = self.open_fixture(league, match_id).await?;
        let winner = match f.players {
            [Some(x), Some(o)] if x == loser => o,
            [Some(x), Some(o)] if o == loser => x,
            _ => {
                return Err(ClubError::Refused(format!(
                    "that player is not in match #{match_id}; name the one who forfeits"
                )));
            }
        };
        self.ruling(league, me, match_id, winner, true, reason)
            .await
    }

    /// More time for the player to act in a league match: his bank and deadline move on.
    pub(super) async fn extend(
        &self,
        league: &League,
        me: &PlayerRow,
        match_id: i64,
        seconds: i64,
    ) -> Result<Outcome, ClubError> {
        if !(60..=days(30)).contains(&seconds) {
            return Err(ClubError::BadOption(
                "an extension is a minute to 30 days, e.g. by:2d".into(),
            ));
        }
        let (_, m) = self.open_fixture(league, match_id).await?;
        let l = self.load(match_id).await?;
        let Some(who) = self.waiting_on(&l) else {
            return Err(ClubError::Refused(format!(
                "match #{match_id} waits on nobody now"
            )));
        };
        let i = usize::from(m.players[1] == who);
        let mut bank = m.bank;
        bank[i] += seconds;
        let now = self.clock.now();
        let deadline = m.deadline_at.map(|d| d + seconds);
        let reminder = deadline
            .map(|d| d - l.spec.time.remind_before)
            .filter(|&r| r > now);
        let mut change = league.change(now);
        change.matches.push(MatchChange {
            id: match_id,
            community_id: m.community_id,
            players: m.players,
            expected_version: m.version,
            status: MatchStatus::Active,
            state: m.state.clone(),
            turn_started_at: m.turn_started_at,
            bank,
            deadline_at: deadline,
            reminder_at: reminder,
            now,
            ..MatchChange::default()
        });
        change.log.push((
            Some(me.id),
            entry_text(&LeagueEntry::Extend { match_id, seconds }),
        ));
        self.commit_league(league, &change).await?;
        Ok(Outcome {
            match_id: Some(match_id),
            lines: vec![format!(
                "League {}, match #{match_id}: {} has {} more (the organiser's extension)",
                league.row.name,
                l.names[i],
                duration_words(seconds)
            )],
            ..Outcome::default()
        })
    }

    /// The league side of the sweep: what follows results (restart-safe), the season
    /// deadline's reminders to players with unplayed fixtures, and the organiser told of
    /// unfinished matches once the deadline has passed.
    ///
    /// # Errors
    /// A database error.
    pub(crate) async fn league_sweep(&self) -> Result<Vec<Notice>, ClubError> {
        let now = self.clock.now();
        let mut notices = Vec::new();
        for row in self.store.running_leagues().await? {
            let id = row.id;
            let lines = match self.advance_league(id).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(league = id, error = %e, "cannot advance a league");
                    continue;
                }
            };
            let entrants = self.store.league_entrants(id).await?;
            let by_id: HashMap<i64, &PlayerRow> =
                entrants.iter().map(|e| (e.player.id, &e.player)).collect();
            if !lines.is_empty() {
                if let Some(o) = by_id.get(&row.organiser) {
                    notices.push(Notice {
                        match_id: 0,
                        channel: row.channel.clone(),
                        user_id: o.platform_id.clone(),
                        dm: false,
                        text: lines.join("\n"),
                    });
                }
            }
            let Some(season) = self.store.league_season(id, row.season).await? else {
                continue;
            };
            if season.status != "running" {
                continue;
            }
            let Ok(league) = League::read(row) else {
                continue;
            };
            let open: Vec<FixtureRow> = self
                .store
                .league_fixtures(id, season.season)
                .await?
                .into_iter()
                .filter(|f| f.status == "playing")
                .collect();
            let left = season.deadline_at - now;
            let [first, second] = league.settings.remind_days;
            let bits = if left <= 0 {
                4
            } else if second > 0 && left <= days(second) {
                3
            } else if first > 0 && left <= days(first) {
                1
            } else {
                0
            };
            if bits == 0 || season.reminded & bits == bits {
                continue;
            }
            if !self
                .store
                .mark_season_reminded(id, season.season, bits & !season.reminded)
                .await?
            {
                continue;
            }
            if bits == 4 {
                let ids: Vec<String> = open
                    .iter()
                    .filter_map(|f| f.match_id.map(|m| format!("#{m}")))
                    .collect();
                if let (Some(o), false) = (by_id.get(&league.row.organiser), ids.is_empty()) {
                    notices.push(Notice {
                        match_id: 0,
                        channel: league.row.channel.clone(),
                        user_id: o.platform_id.clone(),
                        dm: o.notify_dm,
                        text: format!(
                            "League {} season {}: the deadline has passed with {} unfinished ({}); the clock forfeits whoever runs out, report the others with /league result",
                            league.row.name,
                            season.season,
                            ids.len(),
                            ids.join(", ")
                        ),
                    });
                }
                continue;
            }
            for f in &open {
                for p in f.players.iter().flatten() {
                    let Some(player) = by_id.get(p) else { continue };
                    notices.push(Notice {
                        match_id: f.match_id.unwrap_or(0),
                        channel: league.row.channel.clone(),
                        user_id: player.platform_id.clone(),
                        dm: player.notify_dm,
                        text: format!(
                            "Reminder: {}, league {} season {} ends in {}; your match #{} is unfinished",
                            player.display_name,
                            league.row.name,
                            season.season,
                            duration_words(left),
                            f.match_id.unwrap_or(0)
                        ),
                    });
                }
            }
        }
        Ok(notices)
    }

    /// Called after a match's end is committed: what follows in its league, in words.
    pub(crate) async fn after_match_end(&self, match_id: i64) -> Vec<String> {
        match self.store.fixture_of_match(match_id).await {
            Ok(Some((league, _))) => match self.advance_league(league).await {
                Ok(lines) => lines,
                Err(e) => {
                    tracing::warn!(league, error = %e, "league not advanced; the sweep will");
                    Vec::new()
                }
            },
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::warn!(match_id, error = %e, "league of a match not read");
                Vec::new()
            }
        }
    }
}

/// "round 1", "the semi-final", "the final" ("the grand final" in a Welsh knockout).
pub(crate) fn round_name(format: Format, round: i64, fixtures: &[FixtureRow]) -> String {
    if format != Format::Knockout {
        return format!("round {round}");
    }
    let last = fixtures.iter().map(|f| f.round).max().unwrap_or(round);
    match last - round {
        0 => "the final".into(),
        1 => "a semi-final".into(),
        2 => "a quarter-final".into(),
        _ => format!("round {round}"),
    }
}
