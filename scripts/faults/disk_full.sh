#!/usr/bin/env bash
# The disk-full fault, run for real: a tmpfs of a few megabytes is mounted (root only), the
# test `disk_full` of the club's suite puts its SQLite file there, fills the rest with a
# ballast file, checks that commands are refused plainly and nothing acknowledged is lost,
# removes the ballast and checks the bot saves again by itself. The tmpfs is unmounted at
# the end, whatever happens. Prints the test's figures.
#
#   sudo scripts/faults/disk_full.sh            # SIZE=8m by default
#   sudo CARGO_TARGET_DIR=/some/target scripts/faults/disk_full.sh
#
# Only the mount needs root. The tmpfs belongs to the owner of the working tree, and cargo
# builds and runs the test as that user (with the owner's ~/.cargo/bin first on PATH), so
# no file of the build is left owned by root. The target directory is cargo's own choice:
# CARGO_TARGET_DIR when it is given, else the working tree's `target/`.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "$(id -u)" != 0 ]; then
  echo "disk_full.sh: mounting a tmpfs needs root; run it with sudo" >&2
  exit 1
fi
owner=$(stat -c %U .)
uid=$(stat -c %u .)
gid=$(stat -c %g .)
home=$(getent passwd "$owner" | cut -d: -f6)
size=${SIZE:-8m}
mnt=$(mktemp -d "${TMPDIR:-/tmp}/gammonbot-small-fs.XXXXXX")
cleanup() {
  umount "$mnt" 2>/dev/null || true
  rmdir "$mnt" 2>/dev/null || true
}
trap cleanup EXIT
chmod 755 "$mnt"
mount -t tmpfs -o "size=$size,mode=0755,uid=$uid,gid=$gid" tmpfs "$mnt"
echo "disk_full.sh: a tmpfs of $size on $mnt, for $owner" >&2
as_owner() {
  if [ "$uid" = 0 ]; then
    "$@"
  else
    runuser -u "$owner" -- "$@"
  fi
}
keep=(PATH="$home/.cargo/bin:$PATH" GAMMONBOT_SMALL_FS="$mnt")
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
  keep+=(CARGO_TARGET_DIR="$CARGO_TARGET_DIR")
fi
as_owner env "${keep[@]}" \
  cargo test -p gammonbot-club --test it disk_full -- --ignored --nocapture
df -h "$mnt" >&2
