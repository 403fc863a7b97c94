//! The club's integration tests, each driving the club alone (`club::Club`, `clubkit`; what
//! goes through the local chat, Discord or the binary is the program's `tests/it`): whole
//! matches of both rulesets on a real store (`club`), ratings (`club_ratings`), provably
//! fair dice (`fair_dice`), leagues end to end (`leagues`), the bot player, chouettes,
//! leagues' matches and pictures, spectators, which match a command is for, what the Welsh
//! prompt says, what a money game's end says, the club on PostgreSQL, the database
//! restarted and the disk filled under load, practice (hints, the tutor, undo), Welsh hints
//! and the Welsh review, the bot in Welsh, vacations, the matches waiting on a player
//! (`/games waiting`, the daily digest, low time), head-to-head, dice statistics,
//! blocking, revoking web pages' links, and the refusals as typed values (`refusals`).
//!
//! One test binary for the crate (one module per suite): it links once.

mod analysis_auto;
mod bidi_names;
mod block;
mod bot_player;
mod bot_tutor;
mod challenge_again;
mod chouette_club;
mod club;
mod club_on_postgres;
mod club_ratings;
mod db_restart;
mod digest;
mod disk_full;
mod drill_cards;
mod fair_dice;
mod fair_stats;
mod h2h;
mod hint_wait;
mod league_formats;
mod league_matches;
mod league_pictures;
mod league_rules;
mod league_seasons;
mod league_withdrawals;
mod leagues;
mod money_game_words;
mod pr_figures;
mod practice;
mod puzzle_of_the_day;
mod refusals;
mod spectators;
mod sweep_errors;
mod vacation;
mod waiting_columns;
mod web_privacy;
mod web_revoke;
mod welsh_analysis;
mod welsh_bot;
mod welsh_hint;
mod welsh_prompts;
mod welsh_tutor;
mod which_match;
