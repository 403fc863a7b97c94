//! The `gammonbot` command line: parses arguments and starts one job.

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use engine::{Ruleset, Side};
use gammonbot::config::Config;

#[derive(Parser)]
#[command(
    name = "gammonbot",
    version,
    about = "Backgammon matches at correspondence pace"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Lists legal plays. Reads lines `<position-id> <d1> <d2>` (the Position ID from the
    /// view of the player on roll) and writes `<line>\t<count>\t<resulting Position IDs,
    /// sorted, comma-joined>`.
    ///
    /// With `--rules welsh`: lines `<XGID> <d1> <d2>` (or `<XGID> <d>` for a one-die throw
    /// beside a full spread); the XGID gives the position and who is on roll; output
    /// `<line>\t<count>\t<plays as move text, sorted, ` | `-joined>`.
    Legal {
        /// Print the plays as move text (sorted, ` | `-joined) instead of Position IDs.
        #[arg(long)]
        notation: bool,
        /// The rules.
        #[arg(long, value_enum, default_value_t = Rules::Standard)]
        rules: Rules,
        /// Welsh: print the resulting XGID position fields instead of move text.
        #[arg(long)]
        positions: bool,
    },
    /// Draws a board as a PNG (800 x 600) and prints it as text with its description.
    Render {
        /// The board: an XGID (`XGID=` optional).
        #[arg(long)]
        xgid: String,
        /// The rules.
        #[arg(long, value_enum, default_value_t = Rules::Standard)]
        rules: Rules,
        /// Whose side to draw it from (default: the player on turn).
        #[arg(long, value_enum, ignore_case = true)]
        viewer: Option<SideArg>,
        /// The players' names, X's first: `--names alice,bob`.
        #[arg(long)]
        names: Option<String>,
        /// The last play as move text from its player's view, e.g. `13/7* 8/7`.
        #[arg(long)]
        last: Option<String>,
        /// Who made the last play.
        #[arg(long, value_enum, ignore_case = true, default_value_t = SideArg::X)]
        last_by: SideArg,
        /// The PNG file to write; without it only the text is printed.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// The local terminal chat on an SQLite file: `alice: /challenge bob`, `bob: /accept`,
    /// ... (`/help` lists the commands). This is what `gammonbot` runs when no Discord
    /// token is set.
    Local {
        /// The database file (default: `DATABASE_URL` from the environment or `.env`, else
        /// `gammonbot.db`).
        #[arg(long)]
        db: Option<String>,
        /// Seeded dice, the same for the same seed (default: OS-seeded CSPRNG).
        #[arg(long)]
        dice_seed: Option<u64>,
        /// Replay a transcript: exits non-zero on the first refused line unless that line
        /// starts with `!` (a refusal expected), or on a `!` line that is accepted.
        #[arg(long)]
        script: Option<std::path::PathBuf>,
        /// Write each board as a PNG (`match-N.png`) into this folder.
        #[arg(long)]
        png: Option<std::path::PathBuf>,
    },
    /// Ratings: `--rebuild` recomputes every rating from the finished rated matches in
    /// the order they ended and rewrites the rating tables, in one transaction.
    Ratings {
        /// Recompute and rewrite every rating.
        #[arg(long)]
        rebuild: bool,
        /// The database file (default: `DATABASE_URL` from the environment or `.env`, else
        /// `gammonbot.db`).
        #[arg(long)]
        db: Option<String>,
    },
    /// Writes a consistent copy of the SQLite database to a new file while the bot runs on
    /// it, and checks the copy (PostgreSQL: use `pg_dump`; docs/operating.md).
    Backup {
        /// The backup file to write (it must not exist).
        #[arg(long)]
        to: std::path::PathBuf,
        /// The database file (default: `DATABASE_URL` from the environment or `.env`, else
        /// `gammonbot.db`).
        #[arg(long)]
        db: Option<String>,
    },
    /// Puts a backup back as the SQLite database, once checked (`integrity_check`, the
    /// migrations). An existing database is replaced only with `--force` and only while
    /// the bot is stopped; it is kept as `<file>.before-restore`.
    Restore {
        /// The backup file.
        #[arg(long)]
        from: std::path::PathBuf,
        /// The database file (default: `DATABASE_URL` from the environment or `.env`, else
        /// `gammonbot.db`).
        #[arg(long)]
        db: Option<String>,
        /// Replace the existing database.
        #[arg(long)]
        force: bool,
    },
    /// Draws the pictures the README and the bot show (a sample board, standings and
    /// bracket, and the bot's avatar) from fixed sample data into a folder.
    Assets {
        /// The folder to write them into.
        #[arg(long, default_value = "assets")]
        out: std::path::PathBuf,
    },
    /// Trains the Welsh evaluator from scratch by self-play (TD(lambda)), printing
    /// progress lines and strength checkpoints, and writes its weights
    /// (`docs/welsh-bot.md`).
    WelshTrain {
        /// Training games.
        #[arg(long)]
        games: u64,
        /// The seed of the first weights and the dice: the same seed, the same weights.
        #[arg(long)]
        seed: u64,
        /// The weights file to write (rewritten at each checkpoint).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Hidden units.
        #[arg(long, default_value_t = 40)]
        hidden: usize,
        /// The chance that a side plays a random legal play in self-play (exploration).
        #[arg(long, default_value_t = 0.0)]
        explore: f32,
        /// The share of games in which one side plays random legal plays throughout.
        #[arg(long, default_value_t = 0.0)]
        mix: f32,
        /// The learning rate.
        #[arg(long, default_value_t = 0.1)]
        alpha: f32,
        /// TD(lambda)'s lambda.
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        /// Games between progress lines.
        #[arg(long, default_value_t = 1000)]
        progress_every: u64,
        /// Games between strength checkpoints (0: only at the end).
        #[arg(long, default_value_t = 5000)]
        checkpoint_every: u64,
        /// Games of each checkpoint duel.
        #[arg(long, default_value_t = 400)]
        checkpoint_games: u32,
    },
    /// Plays two Welsh players against each other in pairs of games on the same dice,
    /// sides swapped, and prints wins, points and a 95% interval. A player is `random`,
    /// `heuristic`, or `weak@FILE`, `medium@FILE`, `strong@FILE` with a weights file.
    WelshDuel {
        /// The first player.
        a: String,
        /// The second player.
        b: String,
        /// Games (in pairs).
        #[arg(long, default_value_t = 2000)]
        games: u32,
        /// The dice seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Makes the Welsh match equity table from self-play matches: both sides PLAYER
    /// (`medium@WEIGHTS`, or `medium@WEIGHTS+TABLE` to play at the score), every game's
    /// ending counted from its starter's view.
    WelshTable {
        /// The player on both sides.
        player: String,
        /// Self-play matches.
        #[arg(long, default_value_t = 20000)]
        matches: u32,
        /// The matches' length in games.
        #[arg(long, default_value_t = 25)]
        target: u32,
        /// The dice seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads.
        #[arg(long, default_value_t = 2)]
        threads: u32,
        /// The table file to write.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Plays two Welsh players against each other in whole matches, in pairs on the same
    /// dice with the sides swapped: A's share of the matches with a 95% interval. A
    /// player is as for `welsh-duel`, and `LEVEL@WEIGHTS+TABLE` plays at the score.
    WelshMatchDuel {
        /// The first player.
        a: String,
        /// The second player.
        b: String,
        /// Matches (in pairs).
        #[arg(long, default_value_t = 2000)]
        matches: u32,
        /// The matches' length in games.
        #[arg(long, default_value_t = 25)]
        target: u32,
        /// The dice seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads.
        #[arg(long, default_value_t = 2)]
        threads: u32,
    },
    /// Checks a Welsh match equity table: from each of ten scores, self-play matches of
    /// PLAYER (`LEVEL@WEIGHTS+TABLE`), the share won beside the table's chance.
    WelshTableCheck {
        /// The player on both sides, with its table.
        player: String,
        /// Matches in all (a tenth from each score).
        #[arg(long, default_value_t = 20000)]
        matches: u32,
        /// The dice seed.
        #[arg(long, default_value_t = 2)]
        seed: u64,
        /// Threads.
        #[arg(long, default_value_t = 2)]
        threads: u32,
    },
    /// Shows a position given by Position ID (and optionally Match ID) in every notation.
    Show {
        /// gnubg Position ID, player on roll's view.
        position_id: String,
        /// gnubg Match ID.
        match_id: Option<String>,
    },
}

/// The rules a command reads positions under.
#[derive(Clone, Copy, ValueEnum)]
enum Rules {
    Standard,
    Welsh,
}

impl From<Rules> for Ruleset {
    fn from(r: Rules) -> Ruleset {
        match r {
            Rules::Standard => Ruleset::Standard,
            Rules::Welsh => Ruleset::Welsh,
        }
    }
}

/// A side of the board: `x` or `o`.
#[derive(Clone, Copy, ValueEnum)]
enum SideArg {
    X,
    O,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::X => Side::X,
            SideArg::O => Side::O,
        }
    }
}

/// The settings from the environment and `.env` in the working directory; a bad one
/// stops the start.
fn config() -> Result<Config, std::io::Error> {
    Config::load(std::path::Path::new(".")).map_err(std::io::Error::other)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Legal {
            notation,
            rules,
            positions,
        }) => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            match rules {
                Rules::Standard => gammonbot::cli::legal(stdin, stdout, notation),
                Rules::Welsh => gammonbot::cli::legal_welsh(stdin, stdout, positions),
            }
        }
        Some(Command::Ratings { rebuild, db }) => {
            config().and_then(|c| gammonbot::cli::ratings(&c, db, rebuild))
        }
        Some(Command::Backup { to, db }) => {
            config().and_then(|c| gammonbot::cli::backup::backup(&c, db, &to))
        }
        Some(Command::Restore { from, db, force }) => {
            config().and_then(|c| gammonbot::cli::backup::restore(&c, db, &from, force))
        }
        Some(Command::Assets { out }) => gammonbot::cli::assets(&out),
        Some(Command::WelshTrain {
            games,
            seed,
            out,
            hidden,
            explore,
            mix,
            alpha,
            lambda,
            progress_every,
            checkpoint_every,
            checkpoint_games,
        }) => gammonbot::cli::welsh_train(&gammonbot::cli::TrainArgs {
            games,
            seed,
            out: &out,
            hidden,
            explore,
            mix,
            alpha,
            lambda,
            progress_every,
            checkpoint_every,
            checkpoint_games,
        }),
        Some(Command::WelshDuel { a, b, games, seed }) => {
            gammonbot::cli::welsh_duel(&a, &b, games, seed)
        }
        Some(Command::WelshTable {
            player,
            matches,
            target,
            seed,
            threads,
            out,
        }) => gammonbot::cli::welsh_table(&player, matches, target, seed, threads, &out),
        Some(Command::WelshMatchDuel {
            a,
            b,
            matches,
            target,
            seed,
            threads,
        }) => gammonbot::cli::welsh_match_duel(&a, &b, matches, target, seed, threads),
        Some(Command::WelshTableCheck {
            player,
            matches,
            seed,
            threads,
        }) => gammonbot::cli::welsh_table_check(&player, matches, seed, threads),
        Some(Command::Show {
            position_id,
            match_id,
        }) => gammonbot::cli::show(&position_id, match_id.as_deref()),
        Some(Command::Render {
            xgid,
            rules,
            viewer,
            names,
            last,
            last_by,
            out,
        }) => {
            let names = names
                .as_deref()
                .map(|n| n.split_once(',').unwrap_or((n, "O")));
            gammonbot::cli::render(&gammonbot::cli::RenderArgs {
                xgid: &xgid,
                ruleset: rules.into(),
                viewer: viewer.map(Side::from),
                names,
                last: last.as_deref(),
                last_by: last_by.into(),
                out: out.as_deref(),
            })
        }
        Some(Command::Local {
            db,
            dice_seed,
            script,
            png,
        }) => config().and_then(|c| gammonbot::cli::local(&c, db, dice_seed, script, png)),
        None => config().and_then(|c| {
            if c.discord_token.is_some() {
                gammonbot::cli::discord(&c)
            } else {
                gammonbot::cli::local(&c, None, None, None, Some("boards".into()))
            }
        }),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("gammonbot: {e}");
            ExitCode::FAILURE
        }
    }
}
