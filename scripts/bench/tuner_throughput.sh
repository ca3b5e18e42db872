#!/usr/bin/env bash
# Tuning games against match games, measured in one run (tuning plays at the
# throughput of `harness match` at the same time control, goal at least 95 %).
#  - match: `harness match` of dev against dev with other search options, GAMES games;
#  - spsa:  `tuner spsa` over two of dev's search options, GAMES games in batches (each batch
#           of iterations is one harness run whose engines take theta+/theta- by setoption);
#  - pbil:  `tuner pbil` over the same options, a population whose generation plays GAMES games.
# Each is repeated ROUNDS times, interleaved; the script prints each time, the medians in
# games per minute, and the tuner's ratio to the match.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
games="${GAMES:-64}"
rounds="${ROUNDS:-3}"
tc="${TC:-1+0.01}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -x "$bin/tuner" ] || { echo "bench_tuner_throughput: build first (build/bin/tuner missing)" >&2; exit 1; }

engine="name=dev cmd=$bin/engine arg=--version arg=dev option.Hash=16"
params='[{"option": "lmr_base", "min": 25, "max": 150, "step": 1}, {"option": "futility_margin", "min": 50, "max": 300, "step": 5}]'
iterations=$(( games / 2 ))
population=$(( games / 8 ))
cat > "$work/spsa.json" <<JSON
{ "name": "bench", "parameters": $params,
  "spsa": {"iterations": $iterations, "games_per_iteration": 2, "batch": $iterations},
  "fitness": {"type": "games", "engine": "$engine", "openings": "$root/suites/openings.epd", "tc": "$tc", "concurrency": 2},
  "validation": {"games": 0} }
JSON
cat > "$work/pbil.json" <<JSON
{ "name": "bench", "parameters": $params,
  "pbil": {"population": $population, "generations": 1},
  "fitness": {"type": "games", "engine": "$engine", "openings": "$root/suites/openings.epd", "tc": "$tc",
              "games_per_individual": 8, "concurrency": 2},
  "validation": {"games": 0} }
JSON

seconds() { local s=$(date +%s%N); "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log" >&2; exit 1; }; echo "scale=3; ($(date +%s%N) - $s) / 1000000000" | bc; }
declare -a m s p
for r in $(seq 1 "$rounds"); do
  m+=("$(seconds "$bin/harness" match dev dev2 --engine "$engine" --engine "name=dev2 cmd=$bin/engine arg=--version arg=dev option.Hash=16 option.lmr_base=80" \
        --games "$games" --tc "$tc" --concurrency 2 --order random --db "$work/m$r.sqlite")")
  s+=("$(seconds "$bin/tuner" spsa --config "$work/spsa.json" --db "$work/s$r.sqlite" --out "$work/s$r.json")")
  p+=("$(seconds "$bin/tuner" pbil --config "$work/pbil.json" --db "$work/p$r.sqlite" --out "$work/p$r.json")")
  echo "round $r: match ${m[-1]} s, spsa ${s[-1]} s, pbil ${p[-1]} s ($games games each at $tc, concurrency 2)"
done
source "$root/scripts/lib/median.sh"
mm=$(median_of "${m[@]}"); ms=$(median_of "${s[@]}"); mp=$(median_of "${p[@]}")
awk -v g="$games" -v m="$mm" -v s="$ms" -v p="$mp" 'BEGIN {
  printf "median: harness match %.1f games/min; tuner spsa %.1f games/min (%.1f %% of the match); tuner pbil %.1f games/min (%.1f %%)\n",
    60 * g / m, 60 * g / s, 100 * m / s, 60 * g / p, 100 * m / p }'
