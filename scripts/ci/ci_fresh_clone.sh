#!/usr/bin/env bash
# Runs CI as it runs on a shared machine: a fresh clone of this checkout's HEAD in /tmp/fresh,
# `CI=true bash .ci/run` there, timed. With --busy, beside a busy loop that keeps one core busy
# for the whole run; with --cold, with an empty compiler cache (CCACHE_DIR in a new empty
# folder), as on a new machine. Prints the exit status and the wall seconds on its last line.
#   scripts/ci/ci_fresh_clone.sh [--busy] [--cold]
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
busy_pid=""
cache_dir=""
for arg in "$@"; do
  case "$arg" in
    --busy) (while :; do :; done) & busy_pid=$! ;;
    --cold) cache_dir="$(mktemp -d)"; export CCACHE_DIR="$cache_dir" ;;
    *) echo "usage: scripts/ci/ci_fresh_clone.sh [--busy] [--cold]" >&2; exit 2 ;;
  esac
done
trap '[ -n "$busy_pid" ] && kill "$busy_pid" 2> /dev/null; [ -n "$cache_dir" ] && rm -rf "$cache_dir"' EXIT
rm -rf /tmp/fresh && git clone -q "$root" /tmp/fresh
start=$SECONDS
(cd /tmp/fresh && CI=true bash .ci/run)
status=$?
echo "ci_fresh_clone: exit $status after $((SECONDS - start)) s${busy_pid:+ beside a busy core}${cache_dir:+ with an empty compiler cache}"
exit "$status"
