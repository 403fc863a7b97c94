//! `/analyse` and `/stats`: GNU Backgammon reviews a finished match (or the finished games
//! of a money session) and the bot posts the verdict; a finished Welsh match is judged by
//! gammonbot's own Welsh player instead (`welsh_analysis`), through the same queue.
//!
//! gnubg runs as a subprocess (the gnubg crate's [`analyse_match`], its script embedded)
//! on a blocking thread, never on the async runtime's workers; it is fed the `.mat` export
//! of the match and answers with its figures (JSON built from `gnubg.match()`, read).
//! The jobs are rows of the store's `analyses` table: restart-safe, one worker by default.
//! What a job found is stored as a [`Review`]; asking again answers from it at once.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::Refusal;
use crate::analysis::refusal::AnalysisRefusal;
use crate::matches::loaded::Loaded;
use crate::{Actor, Chart, Club, ClubError, MatchRef, Outcome};
use crate::{Entry, standard_rules};
use engine::{Action, Event, Match, Ruleset, Side, export_mat};
use render::BlunderBoard;
use store::{AnalysisOrigin, AnalysisRow, AnalysisStatus, MatchStatus, NewAnalysis, PlayerRow};

use crate::analysis::gnubg_review;
use crate::analysis::review::Review;
use crate::analysis::review_words::{blunder_boards, review_lines};
use crate::analysis::welsh::{
    WelshJob, WelshReview, review_welsh, welsh_blunder_boards, welsh_games, welsh_review_lines,
};
use crate::practice::undo::standard_actions;
use gnubg::{AnalysisError, AnalysisRun, analyse_match, find_gnubg};

/// What a Welsh analysis reads of match `l` with its log.
fn welsh_job(l: &Loaded, entries: Vec<Entry>) -> WelshJob {
    WelshJob {
        match_id: l.row.id,
        spec: l.spec,
        names: l.names.clone(),
        player_ids: [l.players[0].id, l.players[1].id],
        entries,
    }
}

/// The runs a job may begin before it is given up: a job still running when the bot
/// stops is run again at the next start, but one that was under way at three stops in a
/// row (gnubg taking the machine down with it, say) fails instead of looping.
pub const MAX_ATTEMPTS: i64 = 3;

/// What the refusal says when GNU Backgammon is not installed (the gnubg crate's text).
pub use gnubg::ANALYSIS_NEEDS_GNUBG as INSTALL_GNUBG;

/// How analyses run: handed to the club by whoever starts it (the bot reads them from its
/// configuration: `ANALYSIS_*`).
#[derive(Clone, Debug)]
pub struct AnalysisSettings {
    /// Where to look for `gnubg`: a `PATH`-like list (default: the usual program folders,
    /// then `/usr/games`, where Debian puts it; the bot's configuration puts its `PATH`
    /// first).
    pub search_path: String,
    /// Evaluation depth for chequer plays and cube decisions (`ANALYSIS_PLIES`, default 2).
    pub plies: u32,
    /// gnubg's threads (`ANALYSIS_THREADS`, default 1).
    pub threads: u32,
    /// Jobs run at once (`ANALYSIS_WORKERS`, default 1).
    pub workers: usize,
    /// A job running longer is stopped (`ANALYSIS_TIME_LIMIT` in seconds, default 600).
    pub time_limit: Duration,
    /// Where jobs write their files (default: the system's temporary directory).
    pub work_dir: PathBuf,
}

impl Default for AnalysisSettings {
    fn default() -> AnalysisSettings {
        AnalysisSettings {
            search_path: "/usr/local/bin:/usr/bin:/bin:/usr/games".into(),
            plies: 2,
            threads: 1,
            workers: 1,
            time_limit: Duration::from_secs(600),
            work_dir: std::env::temp_dir().join("gammonbot-analysis"),
        }
    }
}

/// The analyst's shared parts: its settings, the bell that wakes the workers, and where
/// progress and results are announced.
pub(crate) struct Analyst {
    pub(crate) settings: AnalysisSettings,
    pub(crate) wake: tokio::sync::Notify,
    events: tokio::sync::broadcast::Sender<AnalysisEvent>,
}

impl Analyst {
    pub(crate) fn new(settings: AnalysisSettings) -> Arc<Analyst> {
        Arc::new(Analyst {
            settings,
            wake: tokio::sync::Notify::new(),
            events: tokio::sync::broadcast::channel(64).0,
        })
    }
}

/// What the analysis workers tell the adapters.
#[derive(Clone, Debug)]
pub enum AnalysisEvent {
    /// gnubg has analysed `game` games of `games`.
    Progress {
        job: i64,
        match_id: crate::MatchNo,
        game: u32,
        games: u32,
    },
    /// A job ended: the result (or why there is none), to post in the match's channel.
    Finished(AnalysisReport),
}

/// A finished job, to post.
#[derive(Clone, Debug)]
pub struct AnalysisReport {
    pub job: i64,
    pub match_id: crate::MatchNo,
    /// The match's channel.
    pub channel: String,
    /// Both players' platform ids, to mention.
    pub mentions: Vec<String>,
    /// Both players' names, in the order of `mentions`: the first line starts with them
    /// joined by a space and a colon, for an adapter to put its mentions in their place.
    pub names: Vec<String>,
    pub lines: Vec<String>,
    /// The three worst decisions (none when it failed).
    pub boards: Vec<BlunderBoard>,
    pub failed: bool,
}

/// The actions up to the end of the last finished game, and the number of finished games.
fn finished_games(l: &Loaded, actions: &[(Side, Action)]) -> (Vec<(Side, Action)>, u32) {
    let Ok(mut m) = Match::new(standard_rules(&l.spec)) else {
        return (Vec::new(), 0);
    };
    let (mut games, mut end) = (0, 0);
    for (i, (side, action)) in actions.iter().enumerate() {
        let Ok((next, events)) = m.apply(*side, action) else {
            break;
        };
        if events.iter().any(|e| matches!(e, Event::GameOver(_))) {
            games += 1;
            end = i + 1;
        }
        m = next;
    }
    (actions[..end].to_vec(), games)
}

/// The club's analysis events (progress and results), for an adapter to post.
#[must_use]
pub(super) fn analysis_events(club: &Club) -> tokio::sync::broadcast::Receiver<AnalysisEvent> {
    club.analyst.events.subscribe()
}

/// The analysis settings in force.
#[must_use]
pub(super) fn analysis_settings(club: &Club) -> &AnalysisSettings {
    &club.analyst.settings
}

/// The match `/analyse` names, checked: a match (not a chouette) of the player's,
/// finished (a Welsh match: with a game played), or a money session with a finished
/// game.
async fn analysable(
    club: &Club,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<(Loaded, u32), ClubError> {
    let l = match club.find_view(me, community, m, "analyse").await {
        Err(ClubError::Refused(Refusal::UnknownMatch(id))) => {
            // Only a chouette of this server is named: one elsewhere stays unknown.
            let here = club.store.load_chouette(id.get()).await?;
            if here.is_some_and(|c| c.community_id == community) {
                return Err(AnalysisRefusal::Chouette { id: id.get() }.into());
            }
            return Err(Refusal::UnknownMatch(id).into());
        }
        found => found?,
    };
    if l.side_of(me.id).is_none() {
        return Err(Refusal::NotAParticipant(
            crate::MatchNo::from(l.row.id),
            l.names[0].clone(),
            l.names[1].clone(),
        )
        .into());
    }
    let money = l.spec.length.is_none();
    match l.row.status {
        MatchStatus::Finished => {}
        MatchStatus::Active if money => {}
        MatchStatus::Active => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                "still being played".into(),
                "a match is analysed once it is over (a money session: its finished games)",
            )
            .into());
        }
        other => {
            return Err(Refusal::NotActive(
                crate::MatchNo::from(l.row.id),
                other.to_string(),
                "only a match that was played can be analysed",
            )
            .into());
        }
    }
    let games = games_to_analyse(club, &l).await?;
    if games == 0 {
        return Err(if l.spec.ruleset == Ruleset::Welsh {
            AnalysisRefusal::NoWelshGame { id: l.row.id }
        } else {
            AnalysisRefusal::NoFinishedGame { id: l.row.id }
        }
        .into());
    }
    Ok((l, games))
}

/// The games an analysis of match `l` covers, read from its log: a Welsh match's games
/// (all judged by gammonbot's own Welsh player), a standard match's finished games (a
/// money session's so far). `/analyse` and the automatic analysis count them alike, so
/// that both name the same job.
pub(super) async fn games_to_analyse(club: &Club, l: &Loaded) -> Result<u32, ClubError> {
    let entries = crate::matches::log::read_log(&club.store, l.row.id).await?;
    if l.spec.ruleset == Ruleset::Welsh {
        return welsh_games(&welsh_job(l, entries))
            .map_err(|why| ClubError::Corrupt(l.row.id, why));
    }
    Ok(finished_games(l, &standard_actions(&entries)).1)
}

/// `/analyse [match]`: the stored analysis, or a job queued.
pub(super) async fn analyse(
    club: &Club,
    actor: &Actor,
    me: &PlayerRow,
    community: i64,
    m: MatchRef,
) -> Result<Outcome, ClubError> {
    let (l, games) = analysable(club, me, community, m).await?;
    let id = l.row.id;
    let welsh = l.spec.ruleset == Ruleset::Welsh;
    let existing = club.store.analysis_of(id, i64::from(games)).await?;
    if let Some(done) = &existing
        && done.status == AnalysisStatus::Done
    {
        return stored_outcome(club, done, welsh);
    }
    // A new job counts against the player's analyses waiting; asking after one already
    // queued or running only says where it stands. An automatic job still queued becomes
    // the asker's, to run with the jobs asked for, when his quota allows; otherwise it
    // stays automatic and the answer says where it stands.
    let waiting = existing
        .as_ref()
        .is_some_and(|j| matches!(j.status, AnalysisStatus::Queued | AnalysisStatus::Running));
    let automatic = existing.as_ref().is_some_and(|j| {
        j.status == AnalysisStatus::Queued && j.origin == AnalysisOrigin::Automatic
    });
    let limit = club.quotas.analyses;
    if !waiting || automatic {
        let mine = club.store.analyses_waiting_of(me.id).await?;
        if mine >= i64::from(limit) {
            if let Some(job) = existing.filter(|_| automatic) {
                let ahead = club.store.analyses_ahead(job.id).await?;
                return Ok(Outcome {
                    match_id: Some(id.into()),
                    lines: vec![format!(
                        "The analysis of match #{id} is queued by itself (position {} in \
                         the queue); you have {mine} analyses waiting, the most you may ask \
                         for at once ({limit}), so it keeps its place after the ones asked \
                         for. The result will be posted in the match's channel.",
                        ahead + 1
                    )],
                    ..Outcome::default()
                });
            }
            return Err(AnalysisRefusal::TooMany {
                waiting: mine,
                limit,
            }
            .into());
        }
    }
    // A Welsh match needs no gnubg: gammonbot's own Welsh player judges it.
    if !welsh && find_gnubg(&club.analyst.settings.search_path).is_none() {
        return Err(AnalysisRefusal::NoGnubg.into());
    }
    let channel = if l.row.channel.is_empty() {
        actor.channel.clone()
    } else {
        l.row.channel.clone()
    };
    let (job, _created) = club
        .store
        .request_analysis(&NewAnalysis {
            match_id: id,
            games: i64::from(games),
            community_id: l.row.community_id,
            requested_by: me.id,
            channel: &channel,
            plies: if welsh {
                1
            } else {
                i64::from(club.analyst.settings.plies)
            },
            now: club.clock.now(),
        })
        .await?;
    club.analyst.wake.notify_waiters();
    club.analyst.wake.notify_one();
    let what = if l.spec.length.is_none() {
        format!(
            "the {games} finished game{} of money session #{id}",
            if games == 1 { "" } else { "s" }
        )
    } else {
        format!("match #{id}")
    };
    let line = match (job.status, job.progress.as_deref()) {
        (AnalysisStatus::Running, Some(p)) => {
            let (g, n) = p.split_once('/').unwrap_or((p, "?"));
            format!("The analysis of {what} is under way: analysing game {g} of {n}.")
        }
        (AnalysisStatus::Running, None) => {
            format!("The analysis of {what} is under way.")
        }
        _ => {
            let ahead = club.store.analyses_ahead(job.id).await?;
            format!(
                "The analysis of {what} is queued (position {} in the queue); the result \
                 will be posted in the match's channel.",
                ahead + 1
            )
        }
    };
    Ok(Outcome {
        match_id: Some(id.into()),
        lines: vec![line],
        ..Outcome::default()
    })
}

/// The answer from a stored analysis (`welsh`: a [`WelshReview`]).
fn stored_outcome(_club: &Club, row: &AnalysisRow, welsh: bool) -> Result<Outcome, ClubError> {
    if welsh {
        let review: WelshReview = serde_json::from_str(row.result.as_deref().unwrap_or(""))
            .map_err(|e| ClubError::Corrupt(row.match_id, e.to_string()))?;
        return Ok(Outcome {
            match_id: Some(row.match_id.into()),
            lines: welsh_review_lines(&review),
            chart: Some(Chart::Blunders(welsh_blunder_boards(&review))),
            ..Outcome::default()
        });
    }
    let review: Review = serde_json::from_str(row.result.as_deref().unwrap_or(""))
        .map_err(|e| ClubError::Corrupt(row.match_id, e.to_string()))?;
    Ok(Outcome {
        match_id: Some(row.match_id.into()),
        lines: review_lines(&review),
        chart: Some(Chart::Blunders(blunder_boards(&review))),
        ..Outcome::default()
    })
}

/// Queues again the jobs left running (at start); how many.
pub(super) async fn requeue_analyses(club: &Club) -> Result<u64, ClubError> {
    Ok(club.store.requeue_analyses().await?)
}

/// Claims the oldest queued job and runs it to its end: the report posted (also sent
/// to [`Club::analysis_events`]), or `None` when nothing waits.
pub(super) async fn run_next_analysis(club: &Club) -> Result<Option<AnalysisReport>, ClubError> {
    let Some(job) = club.store.claim_analysis(club.clock.now()).await? else {
        return Ok(None);
    };
    let l = club.load(job.match_id).await?;
    let mentions: Vec<String> = l.players.iter().map(|p| p.platform_id.clone()).collect();
    let names: Vec<String> = l.players.iter().map(|p| p.display_name.clone()).collect();
    let to = names.join(" ");
    let result = if job.attempts > MAX_ATTEMPTS {
        Err(format!(
            "it was under way {} times when the bot stopped, so it was given up; \
             `/analyse` asks for it again",
            job.attempts - 1
        ))
    } else if l.spec.ruleset == Ruleset::Welsh {
        welsh_analyse_job(club, &job, &l).await
    } else {
        analyse_job(club, &job, &l).await.and_then(|review| {
            let text = serde_json::to_string(&review).map_err(|e| e.to_string())?;
            Ok((text, review_lines(&review), blunder_boards(&review)))
        })
    };
    if result.is_err() && club.stop.asked() {
        // Stopped with the bot: queued again, for the next start.
        club.store.release_analysis(job.id).await?;
        return Ok(None);
    }
    let report = match result {
        Ok((text, review_lines, boards)) => {
            club.store
                .finish_analysis_owing(
                    job.id,
                    Ok(&text),
                    club.clock.now(),
                    &[crate::outbox::rows::analysis_row(&job)],
                )
                .await?;
            let mut lines = vec![format!(
                "{to}: the analysis of match #{} is ready.",
                job.match_id
            )];
            lines.extend(review_lines);
            AnalysisReport {
                job: job.id,
                match_id: job.match_id.into(),
                channel: job.channel.clone(),
                mentions,
                names,
                lines,
                boards,
                failed: false,
            }
        }
        Err(why) => {
            club.store
                .finish_analysis_owing(
                    job.id,
                    Err(&why),
                    club.clock.now(),
                    &[crate::outbox::rows::analysis_row(&job)],
                )
                .await?;
            AnalysisReport {
                job: job.id,
                match_id: job.match_id.into(),
                channel: job.channel.clone(),
                mentions,
                names,
                lines: vec![format!(
                    "{to}: the analysis of match #{} did not finish: {why}",
                    job.match_id
                )],
                boards: Vec::new(),
                failed: true,
            }
        }
    };
    // The report is owed in the outbox (written with the job's end); the event tells
    // those who follow the job (`/analyse` on Discord edits its answer).
    club.ring_outbox();
    let _ = club
        .analyst
        .events
        .send(AnalysisEvent::Finished(report.clone()));
    Ok(Some(report))
}

/// Judges a Welsh match with gammonbot's own Welsh player on a blocking thread,
/// telling the progress as the gnubg job does: the review stored as text, its lines
/// and its boards, or why there is none.
async fn welsh_analyse_job(
    club: &Club,
    job: &AnalysisRow,
    l: &Loaded,
) -> Result<(String, Vec<String>, Vec<BlunderBoard>), String> {
    let entries = crate::matches::log::read_log(&club.store, l.row.id)
        .await
        .map_err(|e| e.to_string())?;
    let input = welsh_job(l, entries);
    let (ptx, mut prx) = tokio::sync::mpsc::unbounded_channel();
    let work = tokio::task::spawn_blocking(move || {
        review_welsh(&input, &mut |game, games| {
            let _ = ptx.send((game, games));
        })
    });
    while let Some((game, games)) = prx.recv().await {
        let _ = club
            .store
            .analysis_progress(job.id, &format!("{game}/{games}"))
            .await;
        let _ = club.analyst.events.send(AnalysisEvent::Progress {
            job: job.id,
            match_id: job.match_id.into(),
            game,
            games,
        });
    }
    let review = match work.await {
        Ok(Ok(r)) => r,
        Ok(Err(why)) => return Err(format!("the match's log could not be replayed ({why})")),
        Err(e) => return Err(format!("the analysis stopped unexpectedly ({e})")),
    };
    let text = serde_json::to_string(&review).map_err(|e| e.to_string())?;
    Ok((
        text,
        welsh_review_lines(&review),
        welsh_blunder_boards(&review),
    ))
}

/// Runs gnubg on one job; the review, or why there is none (in words for players).
async fn analyse_job(club: &Club, job: &AnalysisRow, l: &Loaded) -> Result<Review, String> {
    let settings = club.analyst.settings.clone();
    let Some(gnubg) = find_gnubg(&settings.search_path) else {
        return Err(INSTALL_GNUBG.into());
    };
    let rows = club
        .store
        .actions(l.row.id)
        .await
        .map_err(|e| e.to_string())?;
    let entries: Vec<Entry> = rows
        .iter()
        .filter_map(|r| serde_json::from_str(&r.entry).ok())
        .collect();
    let (actions, games) = finished_games(l, &standard_actions(&entries));
    let actions = if i64::from(games) > job.games {
        // A money session went on: analyse the games the job was asked for.
        let mut m = Match::new(standard_rules(&l.spec)).map_err(|e| e.to_string())?;
        let mut done = 0;
        let mut cut = 0;
        for (i, (side, action)) in actions.iter().enumerate() {
            let Ok((next, events)) = m.apply(*side, action) else {
                break;
            };
            m = next;
            if events.iter().any(|e| matches!(e, Event::GameOver(_))) {
                done += 1;
                if done == job.games {
                    cut = i + 1;
                    break;
                }
            }
        }
        actions[..cut].to_vec()
    } else {
        actions
    };
    let mat = export_mat(
        &standard_rules(&l.spec),
        [l.names[0].as_str(), l.names[1].as_str()],
        &actions,
    )
    .map_err(|e| e.to_string())?;
    let dir = settings
        .work_dir
        .join(format!("job-{}-{}", job.id, std::process::id()));
    let (ptx, mut prx) = tokio::sync::mpsc::unbounded_channel();
    let limit = settings.time_limit;
    let plies = u32::try_from(job.plies).unwrap_or(settings.plies);
    let threads = settings.threads;
    let started = std::time::Instant::now();
    let stop = Arc::clone(&club.stop);
    let work = tokio::task::spawn_blocking(move || {
        let stopped = || stop.asked();
        let run = AnalysisRun {
            plies,
            threads,
            limit,
            stopped: &stopped,
        };
        // `dir` is removed once gnubg answers (kept when it failed, for the admin).
        analyse_match(&gnubg, &dir, &mat, &run, &mut |game, games| {
            let _ = ptx.send((game, games));
        })
    });
    while let Some((game, games)) = prx.recv().await {
        if game == 0 {
            continue;
        }
        let _ = club
            .store
            .analysis_progress(job.id, &format!("{game}/{games}"))
            .await;
        let _ = club.analyst.events.send(AnalysisEvent::Progress {
            job: job.id,
            match_id: job.match_id.into(),
            game,
            games,
        });
    }
    let raw = match work.await {
        Ok(Ok(raw)) => raw,
        Ok(Err(AnalysisError::TimedOut)) => {
            return Err(format!(
                "GNU Backgammon took longer than {} and was stopped; ask again later, or \
                 the bot's admin can lower ANALYSIS_PLIES or raise ANALYSIS_TIME_LIMIT",
                crate::duration_words(i64::try_from(limit.as_secs()).unwrap_or(i64::MAX))
            ));
        }
        Ok(Err(e)) => return Err(e.to_string()),
        Err(e) => return Err(format!("the analysis stopped unexpectedly ({e})")),
    };
    let mut review = gnubg_review::review(&raw, l.row.id, [l.players[0].id, l.players[1].id]);
    review.seconds = started.elapsed().as_secs_f64();
    Ok(review)
}
