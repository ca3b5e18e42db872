#!/usr/bin/env bash
# SPSA through the parameters file against SPSA by restarts: the same tune of dev's search
# constants (configs/tuner/search-openbench.txt, OpenBench's form) run twice by
# scripts/workflows/spsa_client.py, once as one harness match whose parameters file the client
# rewrites between game pairs, once restarting harness match every 4 x concurrency games with
# the values on its command line, as fishtest's worker restarts fastchess. Prints each run's
# games per hour and idle core share (1 - the CPU of the client and all it started / (wall x
# concurrency)), and the ratios params-file / restart. Run it on an otherwise idle machine.
# Settings (environment): GAMES=4000, NODES=1000, CONCURRENCY=2, RUNS=1 (the median is quoted).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
games="${GAMES:-4000}"
nodes="${NODES:-1000}"
concurrency="${CONCURRENCY:-2}"
runs="${RUNS:-1}"
[ -x "$bin/harness" ] && [ -x "$bin/engine" ] || { echo "bench_spsa_runner: build first (build/bin/harness, engine)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

source "$root/scripts/lib/median.sh"
field() { python3 -c 'import json, sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }

echo "SPSA of $(wc -l < "$root/configs/tuner/search-openbench.txt") search constants, $games games at $nodes nodes a move, concurrency $concurrency, $runs run(s) each"
printf "%-12s %4s %8s %8s %12s %10s\n" runner run wall_s cpu_s games/hour idle_share
for run in $(seq 1 "$runs"); do
  for runner in params-file restart; do
    summary=$(python3 "$root/scripts/workflows/spsa_client.py" --runner "$runner" --params "$root/configs/tuner/search-openbench.txt" \
      --engine "cmd=$bin/engine arg=--version arg=dev option.Hash=16" --games "$games" --nodes "$nodes" \
      --concurrency "$concurrency" --seed "$run" --db "$work/$runner-$run.sqlite" --out "$work/$runner-$run.txt" --work "$work")
    for key in wall_s cpu_s games_per_hour idle_core_share; do field "$key" <<< "$summary" >> "$work/$runner.$key"; done
    printf "%-12s %4d %8s %8s %12s %10s\n" "$runner" "$run" "$(field wall_s <<< "$summary")" "$(field cpu_s <<< "$summary")" \
      "$(field games_per_hour <<< "$summary")" "$(field idle_core_share <<< "$summary")"
  done
done
for key in games_per_hour idle_core_share; do
  file=$(median < "$work/params-file.$key")
  restart=$(median < "$work/restart.$key")
  echo "median $key: params-file $file, restart $restart; ratio params-file/restart $(awk -v a="$file" -v b="$restart" 'BEGIN { printf "%.3f", b ? a / b : 0 }')"
done
