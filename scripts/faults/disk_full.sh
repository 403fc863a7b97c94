#!/usr/bin/env bash
# The disk-full fault, run for real: a tmpfs of a few megabytes is mounted (root only), the
# test `disk_full` of the club's suite puts its SQLite file there, fills the rest with a
# ballast file, checks that commands are refused plainly and nothing acknowledged is lost,
# removes the ballast and checks the bot saves again by itself. The tmpfs is unmounted at
# the end, whatever happens. Prints the test's figures.
#
#   sudo scripts/faults/disk_full.sh            # SIZE=8m by default
#   SIZE=4m scripts/faults/disk_full.sh         # as root
#
# Cargo runs under `flock /tmp/cargo.lock` with CARGO_TARGET_DIR as set (the shared target
# directory of this machine's worktrees when unset: /work/main/target if it exists).
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "$(id -u)" != 0 ]; then
  echo "disk_full.sh: mounting a tmpfs needs root; run it with sudo" >&2
  exit 1
fi
size=${SIZE:-8m}
mnt=$(mktemp -d "${TMPDIR:-/tmp}/gammonbot-small-fs.XXXXXX")
cleanup() {
  umount "$mnt" 2>/dev/null || true
  rmdir "$mnt" 2>/dev/null || true
}
trap cleanup EXIT
mount -t tmpfs -o "size=$size,mode=0755" tmpfs "$mnt"
echo "disk_full.sh: a tmpfs of $size on $mnt" >&2
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -d /work/main/target ]; then
  export CARGO_TARGET_DIR=/work/main/target
fi
GAMMONBOT_SMALL_FS=$mnt flock /tmp/cargo.lock \
  cargo test -p gammonbot-club --test it disk_full -- --ignored --nocapture
df -h "$mnt" >&2
