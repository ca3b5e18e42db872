#!/usr/bin/env bash
# Harness overhead, measured in one run:
#  1. per-move latency of the process layer and referee: games between two instant mock
#     engines; wall time divided by the plies played;
#  2. throughput at 1+0.01 s with concurrency 2: 200 games of dev against itself, games per
#     minute, time forfeits, and the harness's own CPU share of the machine.
# fastchess, the reference, is not packaged in Debian and cannot be fetched
# here, so the figures are printed alone.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
games="${GAMES:-200}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -x "$bin/mock_engine" ] || { echo "bench_match: build first (build/bin/mock_engine missing)" >&2; exit 1; }

mock="cmd=$bin/mock_engine arg=random"
start=$(date +%s%N)
"$bin/harness" match --engine "name=m1 $mock" --engine "name=m2 $mock" --games 40 --movetime 5 --maxmoves 100 \
  --concurrency 1 --db "$work/latency.sqlite" > "$work/latency.log"
wall_ns=$(( $(date +%s%N) - start ))
plies=$("$bin/harness" pgn 1 --db "$work/latency.sqlite" | sed -n 's/^\[PlyCount "\([0-9]*\)"\]/\1/p' | awk '{s += $1} END {print s}')
awk -v w="$wall_ns" -v p="$plies" 'BEGIN { printf "latency: %d plies between instant mock engines, %.1f us per move (process start-up included)\n", p, w / p / 1000 }'

"$bin/harness" match dev dev --games "$games" --tc 1+0.01 --concurrency 2 --db "$work/throughput.sqlite" > "$work/throughput.log"
forfeits=$(grep -c "loses on time" "$work/throughput.log" || true)
line=$(grep '^Harness:' "$work/throughput.log")
echo "throughput: $line"
echo "$line" | awk -v f="$forfeits" -v cores=2 '{
  for (i = 1; i <= NF; i++) { if ($i == "in") wall = $(i + 1); if ($i == "CPU") cpu = $(i + 1) }
  printf "time forfeits: %d; harness CPU share: %.2f %% of %d cores\n", f, 100 * cpu / (wall * cores), cores }'
grep -E '^(Elo|Games):' "$work/throughput.log"
