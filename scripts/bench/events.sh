#!/usr/bin/env bash
# The event stream's cost: the match runner's own CPU per game with and without --events, at
# 128 games at once, with the sleeping mock engine (build/bin/mock_engine sleeper=100: each
# move sleeps remaining/25 + 0.8 x increment, wall time without CPU, as an engine using its
# clock). RUNS runs of each, alternating; the medians, and their ratio (with / without).
# The runner's CPU is its own process's (utime + stime from /proc, not its engines').
# Settings (environment): CONCURRENCY=128, GAMES=256, TC=2+0.02, MAXMOVES=60, RUNS=3.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
concurrency="${CONCURRENCY:-128}"
games="${GAMES:-256}"
tc="${TC:-2+0.02}"
maxmoves="${MAXMOVES:-60}"
runs="${RUNS:-3}"
[ -x "$bin/mock_engine" ] && [ -x "$bin/harness" ] || { echo "bench_events: build first (build/bin/harness, mock_engine)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bench_name=bench_events
source "$root/scripts/lib/process_usage.sh"

# play NAME [--events FILE]: one match; its measure figures.
play() {
  local name="$1"
  shift
  measure "$name" "$bin/harness" match --engine "name=a cmd=$bin/mock_engine arg=sleeper=100" \
    --engine "name=b cmd=$bin/mock_engine arg=sleeper=100" --games "$games" --concurrency "$concurrency" --tc "$tc" \
    --maxmoves "$maxmoves" --db "$work/$name.sqlite" "$@"
}

source "$root/scripts/lib/median.sh"

echo "harness match, $games games of the sleeping mock at $tc (maxmoves $maxmoves), concurrency $concurrency, $runs runs each"
printf "%-8s %4s %8s %8s %12s %8s\n" events run wall_s cpu_s "cpu_ms/game" events
: > "$work/without" && : > "$work/with"
for run in $(seq 1 "$runs"); do
  for mode in without with; do
    name="$mode-$run"
    if [ "$mode" = with ]; then play "$name" --events "$work/$name.jsonl"; else play "$name"; fi
    lines=$([ -f "$work/$name.jsonl" ] && wc -l < "$work/$name.jsonl" || echo 0)
    per_game=$(awk -v c="$cpu_s" -v g="$games" 'BEGIN { printf "%.2f", c * 1000 / g }')
    echo "$per_game" >> "$work/$mode"
    printf "%-8s %4d %8s %8s %12s %8s\n" "$mode" "$run" "$wall_s" "$cpu_s" "$per_game" "$lines"
  done
done
without=$(median < "$work/without")
with=$(median < "$work/with")
echo "median runner CPU per game: without events $without ms, with events $with ms; ratio with/without $(awk -v a="$with" -v b="$without" 'BEGIN { printf "%.3f", a / b }')"
