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
cargo test --workspace --locked
# Every suite whose stores come from the testkit's store_url runs again on PostgreSQL: a
# throwaway server, each test on a database of its own. A server that cannot start fails here.
# A suite is a module of a crate's `it` test binary (crates/<c>/tests/it/<suite>.rs, or
# tests/it/<suite>.rs for the program) or a test binary of its own (crates/<c>/tests/<suite>.rs).
pg=$(bash scripts/postgres.sh start)
pg_url=$(printf '%s\n' "$pg" | sed -n 's/^export DATABASE_URL=//p')
pg_dir=$(printf '%s\n' "$pg" | sed -n 's/^export GAMMONBOT_PG_DIR=//p')
trap 'bash scripts/postgres.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
suites=()
for file in $(grep -l 'store_url(' tests/it/*.rs crates/*/tests/*.rs crates/*/tests/it/*.rs | sort); do
  suites+=("$(basename "$file" .rs)")
done
echo "The suites that run on PostgreSQL too:" "${suites[@]}"
# pg_pass PACKAGE: that package's suites, each test named exactly (libtest's filters match
# anywhere in a name, so `club` alone would also pick `chouette_club::...`).
pg_pass() {
  local package=$1 dir=$2 names=() binary=()
  for file in $(grep -l 'store_url(' "$dir"/tests/*.rs "$dir"/tests/it/*.rs 2>/dev/null | sort); do
    if [ "$(basename "$(dirname "$file")")" = it ]; then
      names+=("$(basename "$file" .rs)")
    else
      binary+=("$(basename "$file" .rs)")
    fi
  done
  for b in "${binary[@]}"; do
    GAMMONBOT_TEST_PG=$pg_url cargo test --locked -p "$package" --test "$b"
  done
  if [ ${#names[@]} -gt 0 ]; then
    local pattern tests
    pattern=$(printf '%s::|' "${names[@]}")
    tests=$(cargo test --locked -p "$package" --test it -- --list --format terse 2>/dev/null |
      sed -n 's/: test$//p' | grep -E "^(${pattern%|})")
    # shellcheck disable=SC2086 # one argument per test name
    GAMMONBOT_TEST_PG=$pg_url cargo test --locked -p "$package" --test it -- --exact $tests
  fi
}
pg_pass gammonbot .
for dir in crates/*/; do
  dir=${dir%/}
  [ -d "$dir/tests" ] || continue
  pg_pass "gammonbot-$(basename "$dir")" "$dir"
done
