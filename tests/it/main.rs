//! The program's end-to-end tests: the club through the local chat (its parser and its
//! words, and the chat binary on scripts), the Discord bot against a fake Discord, the
//! command-line tools (backups, the ratings' rebuild, render, legal), the operator's
//! endpoint and logs, the program stopped, killed or cut off under load, and the layer
//! rules. Suites that drive the club alone are the club's (`crates/club/tests/it`); the
//! tests of a club suite that go through the local chat or the binary are here, in
//! `<suite>_chat` (`club_chat`, `club_ratings_chat`, `fair_dice_chat`, `leagues_chat`).
//!
//! One test binary for the crate (one module per suite): it links once.

mod analysis;
mod auto_analysis_chat;
mod backup;
mod backup_postgres;
mod challenge_expiry;
mod chat_options;
mod chouette_views;
mod cli_legal;
mod cli_render;
mod club_chat;
mod club_ratings_chat;
mod db_password;
mod digest_local;
mod discord_analysis;
mod discord_authorization;
mod discord_bot;
mod discord_buttons;
mod discord_commands;
mod discord_digest;
mod discord_drill;
mod discord_e2e;
mod discord_league;
mod discord_outbox;
mod discord_paths;
mod discord_player_tools;
mod discord_puzzle;
mod discord_rate_limit;
mod discord_shards;
mod discord_tutor;
mod discord_vacation;
mod discord_web;
mod discord_welsh_analysis;
mod discord_welsh_bot;
mod drill_chat;
mod echo_excerpts;
mod fair_dice_chat;
mod fake_discord;
mod gateway_drop;
mod graceful_stop;
mod layers;
mod league_options;
mod league_words;
mod leagues_chat;
mod load_and_kill;
mod local_chat;
mod local_player_tools;
mod local_vacation;
mod local_web;
mod match_causes;
mod money_session_stop;
mod ops_logs;
mod ops_metrics;
mod player_messages;
mod player_reasons;
mod puzzle_chat;
mod systemd_unit;
