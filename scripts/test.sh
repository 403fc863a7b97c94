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
