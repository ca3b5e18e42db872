#!/usr/bin/env bash
# tuner nnue against an independent trainer: PyTorch (Debian's python3-torch, installed here if
# missing) trains the same network from the same first weights on the same batches (the data in
# file order, no shuffling, no validation share) with the same AdamW, and the two are compared:
# every batch's loss within 1e-4, every weight after the last batch within 1e-3. One line per
# architecture; the exit status is non-zero if any of them fails. The layer stack is judged by its
# losses alone, and its weights' gap is reported: its pairwise products leave many weights with
# gradients of rounding size, which AdamW's step (m / sqrt(v), no bias correction) turns into steps
# of the learning rate whatever their sign, so two exact trainers part by about lr a weight while
# their losses agree (after 10 batches: losses within 1e-8, weights within 7e-4).
# Settings (environment): ARCH (one architecture in lib/nnue/architecture.h's grammar, or
# several separated by spaces; default: the four at N = 64 below, or with HIDDEN given only the
# simple network (768->HIDDEN)x2->1, configured by "hidden" as before "arch" was known),
# BATCH=1024, BATCHES=100, LR=0.001, WDL=0.75, DATA (a text file 'FEN | score | result'; default:
# a small self-play run made here), OUT (kept files, one directory arch1, arch2, ... per architecture).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
. "$root/scripts/lib/python_reference.sh"
[ -x "$bin/tuner" ] && [ -x "$bin/harness" ] || { echo "compare_nnue_trainer: build first (scripts/ci/build.sh)" >&2; exit 1; }
batch="${BATCH:-1024}" batches="${BATCHES:-100}" lr="${LR:-0.001}" wdl="${WDL:-0.75}"
if [ -n "${ARCH:-}" ]; then
  read -r -a archs <<< "$ARCH"
  key=arch
elif [ -n "${HIDDEN:-}" ]; then
  archs=("(768->$HIDDEN)x2->1")
  key=hidden
else
  archs=("(768->64)x2->1" "(768->64)x2->1x8" "(768x10hm->64)x2->1x8" "(768x10hm->64)x2->pairwise->(16->32->1)x8")
  key=arch
fi
out="${OUT:-$(mktemp -d)}"
[ -n "${OUT:-}" ] || trap 'rm -rf "$out"' EXIT
mkdir -p "$out"
ensure_python_reference
reference="$root/scripts/lib/nnue_pytorch_reference.py"
reference_positions "$out/positions.txt" "$bin" 400 2000

# One architecture: both trainers in $dir, then the comparison's line. (errexit does not hold
# in a function called with ||, so each step's failure is returned by hand.)
compare_arch() {
  local spec="$1" dir="$2" network
  mkdir -p "$dir"
  if [ "$key" = hidden ]; then network="\"hidden\": $HIDDEN"; else network="\"arch\": \"$spec\""; fi
  "$PYTHON" "$reference" init --arch "$spec" 1 "$dir/init.raw.bin" || { echo "$spec: FAIL: no first weights"; return 1; }
  cat > "$dir/config.json" << JSON
{"name": "compare", $network, "data": [{"path": "$out/positions.txt", "format": "text"}],
 "filters": {"skip_in_check": false}, "validation_fraction": 0, "shuffle": false, "start_from": "$dir/init.raw.bin",
 "batch_size": $batch, "batches_per_superbatch": $batches, "superbatches": 1, "wdl": $wdl,
 "lr": {"schedule": "constant", "start": $lr}, "threads": 2}
JSON
  if ! "$bin/tuner" nnue --config "$dir/config.json" --db "$dir/t.sqlite" --out "$dir/ours.nnue" --batch-losses "$dir/ours.csv" > /dev/null; then
    echo "$spec: FAIL: tuner nnue did not train it"
    return 1
  fi
  "$PYTHON" "$reference" compare --arch "$spec" "$out/positions.txt" "$dir/init.raw.bin" "$batch" "$batches" "$lr" "$wdl" \
    "$dir/theirs.csv" "$dir/theirs.raw.bin" || { echo "$spec: FAIL: PyTorch did not train it"; return 1; }
  "$PYTHON" - "$root/scripts/lib" "$dir" "$spec" << 'PY'
import math, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from nnue_pytorch_reference import Arch
out, spec = sys.argv[2], sys.argv[3]
ours = np.loadtxt(f"{out}/ours.csv", delimiter=",", ndmin=2)[:, 2]
theirs = np.loadtxt(f"{out}/theirs.csv", delimiter=",", ndmin=2)[:, 2]
w_ours = np.fromfile(f"{out}/ours.raw.bin", dtype="<f4")
w_theirs = np.fromfile(f"{out}/theirs.raw.bin", dtype="<f4")
if len(ours) != len(theirs) or len(w_ours) != len(w_theirs):
    print(f"{spec}: FAIL: {len(ours)} batches and {len(w_ours)} weights against PyTorch's {len(theirs)} and {len(w_theirs)}")
    sys.exit(1)
loss_gap = np.max(np.abs(ours - theirs))
gaps = np.abs(w_ours - w_theirs)
# The tensor of the largest weight difference, by raw.bin's order.
ends = np.cumsum([math.prod(shape) for _, shape in Arch(spec).shapes()])
worst = Arch(spec).shapes()[int(np.searchsorted(ends, np.argmax(gaps), side="right"))][0]
weights_judged = "pairwise" not in spec
ok = loss_gap <= 1e-4 and (gaps.max() <= 1e-3 or not weights_judged)
bound = "bound 1e-3" if weights_judged else f"not judged; {int((gaps > 1e-3).sum())} beyond 1e-3"
print(f"{spec}: {'ok' if ok else 'FAIL'}: {len(ours)} batches, loss {ours[0]:.6f} -> {ours[-1]:.6f} (PyTorch {theirs[0]:.6f} -> "
      f"{theirs[-1]:.6f}); largest loss difference {loss_gap:.3g} (bound 1e-4); largest weight difference {gaps.max():.3g} "
      f"in {worst} over {len(w_ours)} weights ({bound})")
sys.exit(0 if ok else 1)
PY
}

failed=0 i=0
for spec in "${archs[@]}"; do
  i=$((i + 1))
  compare_arch "$spec" "$out/arch$i" || failed=1
done
exit "$failed"
