#!/usr/bin/env bash
# Runs the bot: on Discord when DISCORD_TOKEN is set (environment or .env), otherwise the
# local terminal chat, on the SQLite file gammonbot.db. GNU Backgammon, which /analyse runs,
# is installed first when it is missing (the bot runs without it; /analyse then says so).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
need_package gnubg gnubg "/analyse, GNU Backgammon's review of a match" optional
# The git revision the metrics' build info shows (docs/operating.md), when this is a checkout.
GAMMONBOT_GIT_REVISION="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
export GAMMONBOT_GIT_REVISION
exec cargo run --release -- "$@"
