#!/usr/bin/env bash
# tuner nnue against an independent trainer: PyTorch (Debian's python3-torch, installed here if
# missing) trains the same (768->N)x2->1 network from the same first weights on the same batches
# (the data in file order, no shuffling, no validation share) with the same AdamW, and the two are
# compared: every batch's loss within 1e-4, every weight after the last batch within 1e-3.
# Settings (environment): HIDDEN=128, BATCH=1024, BATCHES=100, LR=0.001, WDL=0.75, DATA (a text
# file 'FEN | score | result'; default: a small self-play run made here), OUT (kept files).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
. "$root/scripts/lib/python_reference.sh"
[ -x "$bin/tuner" ] && [ -x "$bin/harness" ] || { echo "compare_nnue_trainer: build first (scripts/ci/build.sh)" >&2; exit 1; }
hidden="${HIDDEN:-128}" batch="${BATCH:-1024}" batches="${BATCHES:-100}" lr="${LR:-0.001}" wdl="${WDL:-0.75}"
out="${OUT:-$(mktemp -d)}"
[ -n "${OUT:-}" ] || trap 'rm -rf "$out"' EXIT
mkdir -p "$out"
ensure_python_reference
reference="$root/scripts/lib/nnue_pytorch_reference.py"
reference_positions "$out/positions.txt" "$bin" 400 2000
"$PYTHON" "$reference" init "$hidden" 1 "$out/init.raw.bin"
cat > "$out/config.json" << JSON
{"name": "compare", "hidden": $hidden, "data": [{"path": "$out/positions.txt", "format": "text"}],
 "filters": {"skip_in_check": false}, "validation_fraction": 0, "shuffle": false, "start_from": "$out/init.raw.bin",
 "batch_size": $batch, "batches_per_superbatch": $batches, "superbatches": 1, "wdl": $wdl,
 "lr": {"schedule": "constant", "start": $lr}, "threads": 2}
JSON
"$bin/tuner" nnue --config "$out/config.json" --db "$out/t.sqlite" --out "$out/ours.nnue" --batch-losses "$out/ours.csv" > /dev/null
"$PYTHON" "$reference" compare "$out/positions.txt" "$out/init.raw.bin" "$batch" "$batches" "$lr" "$wdl" "$out/theirs.csv" "$out/theirs.raw.bin"
"$PYTHON" - "$out" << 'PY'
import sys, numpy as np
out = sys.argv[1]
ours = np.loadtxt(f"{out}/ours.csv", delimiter=",")[:, 2]
theirs = np.loadtxt(f"{out}/theirs.csv", delimiter=",")[:, 2]
w_ours = np.fromfile(f"{out}/ours.raw.bin", dtype="<f4")
w_theirs = np.fromfile(f"{out}/theirs.raw.bin", dtype="<f4")
loss_gap = np.max(np.abs(ours - theirs))
weight_gap = np.max(np.abs(w_ours - w_theirs))
print(f"batches: {len(ours)}; loss of the first batch {ours[0]:.6f} (PyTorch {theirs[0]:.6f}), of the last {ours[-1]:.6f} (PyTorch {theirs[-1]:.6f})")
print(f"largest loss difference over the batches: {loss_gap:.3g} (bound 1e-4)")
print(f"largest weight difference after the last batch: {weight_gap:.3g} over {len(w_ours)} weights (bound 1e-3)")
sys.exit(0 if len(ours) == len(theirs) and loss_gap <= 1e-4 and weight_gap <= 1e-3 else 1)
PY
