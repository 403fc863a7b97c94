#!/usr/bin/env bash
# Runs the whole test suite. GNU Backgammon is the oracle of the differential and .mat
# tests and the analyst of /analyse: it is installed here (Debian package `gnubg`) when it
# is missing. The provably-fair-dice tests run the players' checker, scripts/verify_dice.py
# (Python 3, standard library only). The store's PostgreSQL tests start throwaway servers
# (scripts/postgres.sh) from the Debian package `postgresql`, installed here when missing.
# The systemd unit in deploy/ is checked with systemd-analyze (Debian package `systemd`).
# The web companion's browser tests drive Debian's headless Chromium through chromedriver
# (packages `chromium` and `chromium-driver`, installed here when missing; docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
need_package gnubg gnubg "GNU Backgammon, the oracle of the differential tests"
need_package python3 python3 "the dice checker's tests"
need_package pg_ctlcluster postgresql "the store's PostgreSQL tests"
need_package systemd-analyze systemd "the check of the systemd unit deploy/gammonbot.service"
need_package chromium chromium "the web pages' browser tests"
need_package chromedriver chromium-driver "the web pages' browser tests"
cargo test --workspace --locked
# Every suite whose stores come from the testkit's store_url runs again on PostgreSQL: a
# throwaway server, each test on a database of its own. A server that cannot start fails here.
# A suite is a module of a crate's `it` test binary (crates/<c>/tests/it/<suite>.rs, or
# tests/it/<suite>.rs for the program; a suite split in modules is a directory,
# .../it/<suite>/*.rs) or a test binary of its own (crates/<c>/tests/<suite>.rs).
pg=$(bash scripts/postgres.sh start)
pg_url=$(printf '%s\n' "$pg" | sed -n 's/^export DATABASE_URL=//p')
pg_dir=$(printf '%s\n' "$pg" | sed -n 's/^export GAMMONBOT_PG_DIR=//p')
trap 'bash scripts/postgres.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
# Each cargo call here selects the whole workspace, as the first did, so that every crate is
# built with the same features and nothing is compiled again.
modules=()
binaries=()
for file in $(grep -l 'store_url(' tests/it/*.rs tests/it/*/*.rs crates/*/tests/*.rs \
  crates/*/tests/it/*.rs crates/*/tests/it/*/*.rs 2>/dev/null | sort); do
  if [ "$(basename "$(dirname "$file")")" = it ]; then
    modules+=("$(basename "$file" .rs)")
  elif [ "$(basename "$(dirname "$(dirname "$file")")")" = it ]; then
    modules+=("$(basename "$(dirname "$file")")")
  else
    binaries+=("$(basename "$file" .rs)")
  fi
done
mapfile -t modules < <(printf '%s\n' "${modules[@]}" | sort -u)
echo "The suites that run on PostgreSQL too:" "${modules[@]}" "${binaries[@]}"
# A module's tests are named `<module>::...` in its crate's `it` binary (module names are
# unique across the crates); each is named exactly, as libtest's filters match anywhere in
# a name (`club` alone would also pick `chouette_club::...`).
dups=$(ls -d tests/it/*.rs tests/it/*/ crates/*/tests/it/*.rs crates/*/tests/it/*/ |
  xargs -n1 basename | sed 's/\.rs$//' | grep -vx main | sort | uniq -d)
[ -z "$dups" ] || { echo "suites of the same name in two crates: $dups" >&2; exit 1; }
pattern=$(printf '%s::|' "${modules[@]}")
tests=$(cargo test --workspace --locked --test it -- --list --format terse 2>/dev/null |
  sed -n 's/: test$//p' | grep -E "^(${pattern%|})")
# shellcheck disable=SC2086 # one argument per test name
GAMMONBOT_TEST_PG=$pg_url cargo test --workspace --locked --test it -- --exact $tests
for b in "${binaries[@]}"; do
  GAMMONBOT_TEST_PG=$pg_url cargo test --workspace --locked --test "$b"
done
