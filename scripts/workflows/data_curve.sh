#!/usr/bin/env bash
# Elo against positions: for each architecture and each size, a network trained on the first SIZE
# positions of DATA (a bulletformat file in the order of its self-play's games, as `harness
# positions` writes it), then matched against one fixed opponent at fixed nodes, so that the share
# of the machine other work takes cannot move a point.
# Each network: `tuner nnue` with dev's recipe (engine/networks/dev.json: batches of 16,384, 20 a
# superbatch, cosine from 0.001 to 0.00001, λ 0, |score| up to 3,000, 2 % validation, seed 1),
# its superbatches set so that every size gets PASSES passes over its data. Each match: GAMES games
# (pairs, colours reversed) at NODES nodes a move from BOOK in random order by SEED, against dev
# with its built-in network, both the same engine binary.
# Settings (environment): DATA (required), SIZES (positions, default: DATA's, its half, quarter and
# eighth), ARCHS (NAME=ARCH words, default "simple=(768->256)x2->1 outbuckets=(768->256)x2->1x8"),
# PASSES=12, GAMES=400, NODES=5000, BOOK=suites/openings.epd, SEED=7, CONCURRENCY=2,
# OUT=results/curve, ENGINE (below). Run again with the same settings to go on: a trained network is kept, an
# unfinished training or match resumes. Prints one line per point: name, positions, superbatches,
# validation loss, and the match's Elo line.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
[ -x "$bin/harness" ] && [ -x "$bin/tuner" ] && [ -x "$bin/engine" ] || { echo "data_curve: build first (scripts/ci/build.sh)" >&2; exit 1; }
data="$(realpath "${DATA:?data_curve: set DATA to a bulletformat file}")"
bytes="$(stat -c %s "$data")"
(( bytes % 32 == 0 && bytes > 0 )) || { echo "data_curve: $data: not a whole number of 32-byte bulletformat records" >&2; exit 1; }
total=$(( bytes / 32 ))
sizes="${SIZES:-$total $(( total / 2 )) $(( total / 4 )) $(( total / 8 ))}"
archs="${ARCHS:-simple=(768->256)x2->1 outbuckets=(768->256)x2->1x8}"
passes="${PASSES:-12}"
games="${GAMES:-400}"
nodes="${NODES:-5000}"
book="$(realpath "${BOOK:-$root/suites/openings.epd}")"
seed="${SEED:-7}"
concurrency="${CONCURRENCY:-2}"
out="$(realpath -m "${OUT:-$root/results/curve}")"
db="$out/curve.sqlite"
mkdir -p "$out"
# The engine plays from a copy named by its bench signature, so that rebuilding the project cannot
# change it under a curve that takes several sessions; ENGINE names that copy (or another engine)
# once dev's built-in network, the opponent, has changed since the curve began.
if [ -n "${ENGINE:-}" ]; then
  engine="$(realpath "$ENGINE")"
else
  signature="$("$bin/engine" bench 2>/dev/null | awk '/^Nodes searched/ {print $3}')"
  engine="$out/engine-$signature"
  [ -x "$engine" ] || cp "$bin/engine" "$engine"
fi
superbatch_positions=$(( 16384 * 20 ))

# Each step below stops the script on a failure; none runs in a $(...) subshell, whose exit would
# stop only that subshell.
prefix_file() {  # the first $1 positions of DATA, made once: sets $prefix
  prefix="$out/data-$1.bf"
  (( $1 <= total )) || { echo "data_curve: size $1 is more than DATA's $total positions" >&2; exit 1; }
  if ! [ -f "$prefix" ] || [ "$(stat -c %s "$prefix")" -ne $(( $1 * 32 )) ]; then head -c $(( $1 * 32 )) "$data" > "$prefix"; fi
}

train() {  # name arch size: trains $out/NAME/NAME.nnue once
  local name="$1" arch="$2" size="$3" dir="$out/$1" superbatches
  superbatches=$(( (passes * size + superbatch_positions / 2) / superbatch_positions ))
  (( superbatches >= 1 )) || superbatches=1
  mkdir -p "$dir"
  local config="$dir/$name.config.json" net="$dir/$name.nnue" manifest="$dir/$name.json"
  prefix_file "$size"
  python3 - "$config" "$name" "$arch" "$prefix" "$superbatches" <<'EOF'
import json, sys
path, name, arch, data, superbatches = sys.argv[1:]
json.dump({"name": name, "arch": arch, "data": [{"path": data, "format": "bulletformat"}],
           "filters": {"max_score": 3000}, "validation_fraction": 0.02, "batch_size": 16384,
           "batches_per_superbatch": 20, "superbatches": int(superbatches), "wdl": 0.0,
           "lr": {"schedule": "cosine", "start": 0.001, "final": 1e-05}, "threads": 2, "seed": 1},
          open(path, "w"), indent=1)
EOF
  if ! [ -f "$manifest" ] || ! python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); sys.exit(m["superbatches_done"] != m["settings"]["superbatches"])' "$manifest"; then
    local resume=()
    [ -d "$dir/$name.checkpoints" ] && resume=(--resume)
    "$bin/tuner" nnue --config "$config" --out "$net" --db "$db" "${resume[@]}" > "$dir/train.log" 2>&1 \
      || { echo "data_curve: training $name failed, see $dir/train.log" >&2; exit 1; }
  fi
}

match() {  # name: plays $out/NAME/NAME.nnue against dev once, its result block in $out/NAME/match.result
  local name="$1" net="$out/$1/$1.nnue" result="$out/$1/match.result"
  if ! [ -f "$result" ]; then
    local args=(match --engine "name=$name cmd=$engine arg=--net arg=$net option.Hash=16"
      --engine "name=dev cmd=$engine option.Hash=16" --games "$games" --nodes "$nodes"
      --openings "$book" --order random --seed "$seed" --concurrency "$concurrency" --db "$db")
    local log="$out/$name/match.log" resume=()
    # A match this script began and did not finish goes on; its database knows it by its settings.
    [ -f "$log" ] && resume=(--resume)
    "$bin/harness" "${args[@]}" "${resume[@]}" >> "$log" 2>&1 \
      || { echo "data_curve: match of $name failed, see $log" >&2; exit 1; }
    grep -A4 '^Results of' "$log" | tail -5 > "$result"
  fi
}

for size in $sizes; do
  for word in $archs; do
    name="${word%%=*}-$size"
    train "$name" "${word#*=}" "$size"
    match "$name"
    loss="$(python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print(m["superbatches_done"], m["losses"][-1]["validation_loss"])' "$out/$name/$name.json")"
    echo "$name positions $size superbatches/validation loss $loss | $(grep '^Elo:' "$out/$name/match.result")"
  done
done
