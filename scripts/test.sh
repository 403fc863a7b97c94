#!/usr/bin/env bash
# Runs the whole test suite. GNU Backgammon is the oracle of the differential and .mat
# tests: it is installed here (Debian package `gnubg`) when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v gnubg >/dev/null 2>&1 && [ ! -x /usr/games/gnubg ]; then
  echo "installing gnubg (GNU Backgammon) for the differential tests"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq gnubg >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq gnubg >/dev/null
  fi
fi
# The provably-fair-dice tests run the players' checker, scripts/verify_dice.py (Python 3,
# standard library only).
if ! command -v python3 >/dev/null 2>&1; then
  echo "installing python3 for the dice checker's tests"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq python3 >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq python3 >/dev/null
  fi
fi
cargo test --locked
