#!/usr/bin/env bash
# One table, one budget: PBIL, SPSA, gradient descent and NLopt's L-BFGS
# over the same weights (configs/eval.json's 823) on the same labeled positions, each allowed
# the same number of evaluations of the texel error over the tuning set (BUDGET): PBIL's
# individuals, SPSA's two sides of each iteration, gradient descent's epochs and L-BFGS's
# evaluations (each one pass that gives the error and its exact gradient, full batch). All
# start from the same weights (START). For each: the tuning error, the held-out error (10 % of
# the positions, by blocks; every method's result is its held-out choice) and the wall time.
# Then one gauntlet: dev with the START weights against dev with each method's result, GAMES
# games each at TC from BOOK, so the Elo figures come from one match with the same openings.
# POSITIONS: labeled positions (`harness positions ... --format epd` or bracket), the first N used.
# Settings (environment): POSITIONS, N=1000000, START=configs/weights/default.json (the
# hand-written weights; dev.json, already tuned, leaves the methods little to find), BUDGET=2560,
# GAMES=400, TC=2+0.02, BOOK=../shared/data/books/8moves_v3.pgn, OUT=results/one-budget,
# THREADS=2, SKIP_GAMES=1 to tune only.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
positions="$(realpath "${POSITIONS:?POSITIONS=FILE of labeled positions}")"
n="${N:-1000000}"
start_weights="$(realpath "${START:-$root/configs/weights/default.json}")"
budget="${BUDGET:-2560}"
games="${GAMES:-400}"
tc="${TC:-2+0.02}"
book="$(realpath "${BOOK:-$root/../shared/data/books/8moves_v3.pgn}")"
out="${OUT:-$root/results/one-budget}"
threads="${THREADS:-2}"
mkdir -p "$out"
[ -x "$bin/tuner" ] && [ -x "$bin/harness" ] || { echo "one_budget: build first (scripts/ci/build.sh)" >&2; exit 1; }
[ -f "$out/positions.epd" ] || head -n "$n" "$positions" > "$out/positions.epd"

# A configuration: configs/eval.json's parameters, this method's settings, the texel fitness on the set.
config() {
  python3 - "$root/configs/eval.json" "$out/$1.json" "$out/positions.epd" "$threads" "$2" "$start_weights" <<'PY'
import json, sys
base, path, positions, threads, method = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], int(sys.argv[4]), json.loads(sys.argv[5])
config = {"name": "budget", "start_weights": sys.argv[6], "parameters": base["parameters"], **method,
          "fitness": {"type": "texel", "positions": positions, "threads": threads, "holdout": 0.1},
          "validation": {"games": 0}}
json.dump(config, open(path, "w"), indent=1)
PY
}
# Gradient descent checks the held-out error every 5 epochs at a rate of 0.5: on 127,637
# positions (suites/labeled.epd) the held-out error is lowest at epoch 15 and rises after it;
# at a rate of 2, checked every 20 epochs, it had risen at the first check and the start won.
config pbil "{\"pbil\": {\"population\": 32, \"generations\": $((budget / 32)), \"radius\": 8, \"seed\": 1}}"
config spsa "{\"spsa\": {\"iterations\": $((budget / 2)), \"c_end_fraction\": 0.025, \"seed\": 1}}"
config gradient "{\"gradient\": {\"epochs\": $budget, \"learning_rate\": 0.5, \"record_every\": 5}}"
# L-BFGS stores a step (and checks the held-out error) every 5 evaluations, as gradient descent every 5 epochs.
config nlopt "{\"nlopt\": {\"algorithm\": \"lbfgs\", \"evaluations\": $budget, \"evaluations_per_step\": 5}}"

printf '%-9s %12s %12s %12s %10s\n' method "start error" "tuned error" "held-out" "seconds" > "$out/table.txt"
methods=(pbil spsa gradient nlopt)
for method in "${methods[@]}"; do
  if [ ! -f "$out/$method-weights.json" ]; then
    rm -f "$out/$method.sqlite"
    start=$(date +%s.%N)
    "$bin/tuner" "$method" --config "$out/$method.json" --db "$out/$method.sqlite" --out "$out/$method-weights.json" > "$out/$method.log" 2>&1
    end=$(date +%s.%N)
    echo "$start $end" > "$out/$method.time"
  fi
  read -r start end < "$out/$method.time"
  python3 - "$out/$method.log" "$method" "$start" "$end" >> "$out/table.txt" <<'PY'
import re, sys
log = open(sys.argv[1]).read()
best = re.search(r"^best error ([0-9.]+) \(start error ([0-9.]+)\)", log, re.M)
held = re.search(r"^held-out error ([0-9.]+) \(start error ([0-9.]+)\)", log, re.M)
print("%-9s %12s %12s %12s %10.0f" % (sys.argv[2], best.group(2), best.group(1), "%s (start %s)" % (held.group(1), held.group(2)) if held else "-",
      float(sys.argv[4]) - float(sys.argv[3])))
PY
done
cat "$out/table.txt"
[ "${SKIP_GAMES:-0}" = 1 ] && exit 0

engine="$out/engine"
[ -x "$engine" ] || cp "$bin/engine" "$engine"
args=(tournament --gauntlet --engine "name=start cmd=$engine arg=--version arg=dev option.Hash=16 option.EvalFile=$start_weights")
for method in "${methods[@]}"; do
  args+=(--engine "name=$method cmd=$engine arg=--version arg=dev option.Hash=16 option.EvalFile=$out/$method-weights.json")
done
args+=(--rounds "$((games / 2))" --tc "$tc" --openings "$book" --order random --seed 27 --concurrency 2 --db "$out/games.sqlite")
if [ -f "$out/games.sqlite" ]; then "$bin/harness" "${args[@]}" --resume; else "$bin/harness" "${args[@]}"; fi
