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
        Some(Command::Show {
            position_id,
            match_id,
        }) => gammonbot::cli::show(&position_id, match_id.as_deref()),
        None => {
            println!("{}", gammonbot::cli::WELCOME);
            Ok(true)
        }
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
