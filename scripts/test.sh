#!/usr/bin/env bash
# Runs the whole test suite. GNU Backgammon is the oracle of the differential and .mat
# tests and the analyst of /analyse: it is installed here (Debian package `gnubg`) when it
# is missing. The provably-fair-dice tests run the players' checker, scripts/verify_dice.py
# (Python 3, standard library only). The store's PostgreSQL tests start throwaway servers
# (scripts/postgres.sh) from the Debian package `postgresql`, installed here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
need_package gnubg gnubg "GNU Backgammon, the oracle of the differential tests"
need_package python3 python3 "the dice checker's tests"
need_package pg_ctlcluster postgresql "the store's PostgreSQL tests"
cargo test --locked
# Every suite whose stores come from tests/common's store_url runs again on PostgreSQL: a
# throwaway server, each test on a database of its own. A server that cannot start fails here.
pg=$(bash scripts/postgres.sh start)
pg_url=$(printf '%s\n' "$pg" | sed -n 's/^export DATABASE_URL=//p')
pg_dir=$(printf '%s\n' "$pg" | sed -n 's/^export GAMMONBOT_PG_DIR=//p')
trap 'bash scripts/postgres.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
names=$(grep -l 'store_url(' tests/*.rs | xargs -n1 basename | sed 's/\.rs$//')
echo "The suites that run on PostgreSQL too:" $names
args=()
for n in $names; do args+=(--test "$n"); done
GAMMONBOT_TEST_PG=$pg_url cargo test --locked "${args[@]}"
