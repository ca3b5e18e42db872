#!/usr/bin/env bash
# Runs CI as it runs on a shared machine: a fresh clone of this checkout's HEAD in /tmp/fresh,
# `CI=true bash .ci/run` there, timed; with --busy, beside a busy loop that keeps one core busy
# for the whole run. Prints the exit status and the wall seconds on its last line.
#   scripts/ci/ci_fresh_clone.sh [--busy]
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
busy_pid=""
if [ "${1:-}" = "--busy" ]; then
  (while :; do :; done) &
  busy_pid=$!
fi
trap '[ -n "$busy_pid" ] && kill "$busy_pid" 2> /dev/null' EXIT
rm -rf /tmp/fresh && git clone -q "$root" /tmp/fresh
start=$SECONDS
(cd /tmp/fresh && CI=true bash .ci/run)
status=$?
echo "ci_fresh_clone: exit $status after $((SECONDS - start)) s${busy_pid:+ beside a busy core}"
exit "$status"
