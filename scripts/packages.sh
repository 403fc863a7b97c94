#!/usr/bin/env bash
# Sourced by run.sh and test.sh: installs a Debian package when a command is missing.
# need_package COMMAND PACKAGE WHY [optional]: with "optional", a failed install is reported
# and the caller carries on.
need_package() {
  local cmd=$1 pkg=$2 why=$3 optional=${4:-}
  if command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/games/$cmd" ]; then
    return 0
  fi
  echo "installing $pkg ($why)"
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  if $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg" >/dev/null; then
    return 0
  fi
  if [ "$optional" = optional ]; then
    echo "could not install $pkg: $why will say so when asked (apt-get install $pkg)" >&2
    return 0
  fi
  return 1
}
