#!/usr/bin/env bash
# Time discipline of the engine (dev by default): overshoot of 'go movetime' and clock searches
# past their limits, idle and then with both cores kept busy by two spinning shells, in one run.
#   scripts/bench/time_overshoot.sh [SEARCHES] [VERSION]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
searches="${1:-100}"
version="${2:-dev}"
"$root/scripts/ci/build.sh" > /dev/null
bench="$root/build/bin/bench_time_overshoot"
engine="$root/build/bin/engine"
"$bench" "$engine" --version "$version" --searches "$searches" --label idle
load=()
for _ in 1 2; do
  bash -c 'while :; do :; done' &
  load+=($!)
done
trap 'kill "${load[@]}" 2> /dev/null || true' EXIT
"$bench" "$engine" --version "$version" --searches "$searches" --label loaded
