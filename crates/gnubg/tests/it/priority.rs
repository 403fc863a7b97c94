//! gnubg runs below the bot's own scheduling priority, so that the players' commands go
//! first on a busy machine.

use engine::{Action, Dice, Match, MatchRules, Position, Setup, Side};
use gnubg::{BotSettings, Level, Pool, Situation};

/// The fields of `/proc/<pid>/stat` after the command's name: state, parent, ... (field
/// n of proc(5) at index n - 3).
fn stat(pid: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = text.rsplit_once(')')?;
    Some(rest.split_whitespace().map(String::from).collect())
}

/// The niceness of this process's children running `name`.
fn children_nice(name: &str) -> Vec<i32> {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let pid = e.ok()?.file_name().into_string().ok()?;
            let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
            let fields = stat(&pid)?;
            (comm.trim() == name && fields[1] == me).then(|| fields[16].parse().ok())?
        })
        .collect()
}

#[test]
fn gnubg_runs_below_the_bots_priority() {
    // Given a pool asked to run gnubg 13 steps below its own priority
    let own: i32 = stat("self").unwrap()[16].parse().unwrap();
    let pool = Pool::new(BotSettings {
        nice: Some(13),
        processes: 1,
        work_dir: std::env::temp_dir().join(format!("gammonbot-bot-nice-{}", std::process::id())),
        ..BotSettings::default()
    });

    // When it makes a decision (and keeps its gnubg running)
    let dice = Dice::new(3, 1).unwrap();
    let m = Match::from_setup(Setup::new(MatchRules::money(), Position::start(), Side::X)).unwrap();
    let (m, _) = m.apply(Side::X, &Action::Roll(dice)).unwrap();
    pool.play(&Situation::of(&m, Side::X), dice, Level::Expert)
        .unwrap();

    // Then a gnubg child of this process runs at that lower priority
    let want = (own + 13).min(19);
    let found = children_nice("gnubg");
    assert!(
        found.contains(&want),
        "gnubg children's niceness {found:?}, want {want}"
    );
    drop(pool);
}
