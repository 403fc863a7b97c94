//! The `gammonbot` command line: parses arguments and starts one job.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
        /// The rules: `standard` (default) or `welsh`.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// Welsh: print the resulting XGID position fields instead of move text.
        #[arg(long)]
        positions: bool,
    },
    /// Draws a board as a PNG (800 x 600) and prints it as text with its description.
    Render {
        /// The board: an XGID (`XGID=` optional).
        #[arg(long)]
        xgid: String,
        /// The rules: `standard` (default) or `welsh`.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// Whose side to draw it from: `x` or `o` (default: the player on turn).
        #[arg(long)]
        viewer: Option<String>,
        /// The players' names, X's first: `--names alice,bob`.
        #[arg(long)]
        names: Option<String>,
        /// The last play as move text from its player's view, e.g. `13/7* 8/7`.
        #[arg(long)]
        last: Option<String>,
        /// Who made the last play: `x` (default) or `o`.
        #[arg(long)]
        last_by: Option<String>,
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
    /// Shows a position given by Position ID (and optionally Match ID) in every notation.
    Show {
        /// gnubg Position ID, player on roll's view.
        position_id: String,
        /// gnubg Match ID.
        match_id: Option<String>,
    },
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
            match rules.as_str() {
                "standard" => gammonbot::cli::legal(stdin, stdout, notation),
                "welsh" => gammonbot::cli::legal_welsh(stdin, stdout, positions),
                other => {
                    eprintln!("gammonbot: unknown rules `{other}`: use `standard` or `welsh`");
                    Ok(false)
                }
            }
        }
        Some(Command::Ratings { rebuild, db }) => gammonbot::cli::ratings(db, rebuild),
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
            if rules != "standard" && rules != "welsh" {
                eprintln!("gammonbot: unknown rules `{rules}`: use `standard` or `welsh`");
                return ExitCode::FAILURE;
            }
            gammonbot::cli::render(&gammonbot::cli::RenderArgs {
                xgid: &xgid,
                welsh: rules == "welsh",
                viewer: viewer.as_deref(),
                names,
                last: last.as_deref(),
                last_by: last_by.as_deref(),
                out: out.as_deref(),
            })
        }
        Some(Command::Local {
            db,
            dice_seed,
            script,
            png,
        }) => gammonbot::cli::local(db, dice_seed, script, png),
        None => match gammonbot::cli::setting("DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            Some(token) => gammonbot::cli::discord(token),
            None => gammonbot::cli::local(None, None, None, Some("boards".into())),
        },
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
