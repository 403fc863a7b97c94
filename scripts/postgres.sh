#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests: a fresh cluster in a temporary directory, on a
# free port of 127.0.0.1, owned by an unprivileged user, trusted local connections only.
#
#   eval "$(scripts/postgres.sh start)"   # exports DATABASE_URL and GAMMONBOT_PG_DIR
#   ...tests...
#   scripts/postgres.sh restart "$GAMMONBOT_PG_DIR"   # restarts it (fast), same port
#   scripts/postgres.sh stop "$GAMMONBOT_PG_DIR"   # stops it and removes the directory
#
# `start` prints two `export` lines (DATABASE_URL=postgres://gammonbot@127.0.0.1:PORT/gammonbot
# and GAMMONBOT_PG_DIR=the cluster's directory) on stdout; everything else goes to
# stderr. It installs the Debian package `postgresql` when initdb is missing (as
# scripts/test.sh does for gnubg). PostgreSQL refuses to run as root: as root, the cluster
# belongs to the user `gammonbot-pg` (created, without a home or a login shell, when
# missing) and the server runs through `runuser`. If the server cannot be started the
# script fails (exit 1) with the server's log: a test that needs it must not skip.
set -euo pipefail

say() { echo "postgres.sh: $*" >&2; }

# The PostgreSQL programs: on PATH, else the newest Debian version's directory.
bindir() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return
  fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then
    echo "$d"
  fi
}

install_postgres() {
  say "installing PostgreSQL (Debian package postgresql)"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  else
    sudo apt-get update -qq >&2 && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  fi
}

# A TCP port nobody listens on (asked of the kernel, then released).
free_port() {
  python3 - <<'EOF'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
EOF
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u gammonbot-pg -- "$@"
  else
    "$@"
  fi
}

start() {
  local bin
  bin=$(bindir)
  if [ -z "$bin" ]; then
    install_postgres
    bin=$(bindir)
  fi
  if [ -z "$bin" ]; then
    say "no initdb after installing postgresql; cannot start a server"
    exit 1
  fi
  if [ "$(id -u)" = 0 ] && ! id gammonbot-pg >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin gammonbot-pg
  fi
  local dir port
  dir=$(mktemp -d "${TMPDIR:-/tmp}/gammonbot-pg.XXXXXX")
  chmod 755 "$dir"
  if [ "$(id -u)" = 0 ]; then
    chown gammonbot-pg "$dir"
  fi
  port=$(free_port)
  # Trust: only this machine's loopback and the socket in $dir reach it.
  as_owner "$bin/initdb" -D "$dir/data" -U gammonbot --auth=trust -E UTF8 \
    --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    say "initdb failed"
    exit 1
  }
  # Durability is not needed by a throwaway cluster: fsync off makes the tests faster.
  # GAMMONBOT_PG_DURABLE=1 keeps PostgreSQL's defaults (for benchmarks).
  local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${GAMMONBOT_PG_DURABLE:-}" = 1 ] && durability=
  if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=200" \
    start >&2; then
    cat "$dir/server.log" >&2 || true
    say "the server did not start"
    exit 1
  fi
  as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U gammonbot gammonbot >&2
  echo "$bin" >"$dir/bindir"
  echo "export DATABASE_URL=postgres://gammonbot@127.0.0.1:$port/gammonbot"
  echo "export GAMMONBOT_PG_DIR=$dir"
  say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, cluster in $dir"
}

stop() {
  local dir=${1:-${GAMMONBOT_PG_DIR:-}}
  if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
    say "stop: give the cluster's directory (GAMMONBOT_PG_DIR), not \`$dir\`"
    exit 1
  fi
  case "$dir" in
  "${TMPDIR:-/tmp}"/gammonbot-pg.*) ;;
  *)
    say "stop: $dir is not a directory this script made"
    exit 1
    ;;
  esac
  local bin
  bin=$(cat "$dir/bindir")
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
  say "stopped; $dir removed"
}

# Restarts the server of a cluster this script made (fast: the sessions are cut, as when
# the server is restarted by its admin or crashes), on the same port and settings.
restart() {
  local dir=${1:-${GAMMONBOT_PG_DIR:-}}
  if [ -z "$dir" ] || [ ! -f "$dir/bindir" ]; then
    say "restart: give the cluster's directory (GAMMONBOT_PG_DIR), not \`$dir\`"
    exit 1
  fi
  local bin
  bin=$(cat "$dir/bindir")
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 -m fast restart >&2 || {
    cat "$dir/server.log" >&2 || true
    say "the server did not restart"
    exit 1
  }
}

case "${1:-}" in
start) start ;;
stop) stop "${2:-}" ;;
restart) restart "${2:-}" ;;
*)
  say "usage: $0 start | $0 stop [DIR] | $0 restart [DIR]"
  exit 2
  ;;
esac
