#!/usr/bin/env bash
# Training speed of tuner nnue against PyTorch (Debian's python3-torch, installed here if missing)
# on the same positions, the same network and the same two threads, one after the other:
#  - tuner nnue, batch 16,384, SUPERBATCHES superbatches of 20 batches (shuffled data, as a real
#    run): the median of its superbatches' positions a second;
#  - PyTorch (EmbeddingBag inputs, the same AdamW, weights clipped) at batch 1,024, 4,096 and
#    16,384, SECONDS_EACH seconds each: its best batch size;
# and the ratio of the two, for each architecture of ARCHS (separated by ';'; default: the simple
# network at N = 128 and 256 and bullet's progression at its examples' sizes). DATA: a text file
# 'FEN | score | result' (default: the self-play run results/datagen-dev.sqlite exported, else a
# small self-play run made here). KEEP=DIR keeps each trained network there (arch1.nnue, ... with
# its manifest), for the engine's speed (scripts/bench/nnue_inference.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
. "$root/scripts/lib/python_reference.sh"
[ -x "$bin/tuner" ] && [ -x "$bin/harness" ] || { echo "bench_nnue_training: build first (scripts/ci/build.sh)" >&2; exit 1; }
superbatches="${SUPERBATCHES:-7}" seconds="${SECONDS_EACH:-20}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
ensure_python_reference
if [ -z "${DATA:-}" ] && [ -f "$root/results/datagen-dev.sqlite" ]; then
  "$bin/harness" positions 1 --db "$root/results/datagen-dev.sqlite" --format text -o "$out/positions.txt" > /dev/null
else
  reference_positions "$out/positions.txt" "$bin" 400 2000
fi
echo "positions: $(wc -l < "$out/positions.txt")"
# (Single quotes: inside ${...:-} bash would read '>(' as a process substitution.)
default_archs='(768->128)x2->1;(768->256)x2->1;(768->512)x2->1x8;(768x10hm->1024)x2->1x8;(768x10hm->1024)x2->pairwise->(16->32->1)x8'
archs="${ARCHS:-$default_archs}"
keep="${KEEP:-}"
[ -z "$keep" ] || mkdir -p "$keep"
ours() {
  local arch="$1" name="$2"
  mkdir -p "$out/$name"
  cat > "$out/$name.json" << JSON
{"name": "bench", "arch": "$arch", "data": [{"path": "$out/positions.txt", "format": "text"}], "validation_fraction": 0,
 "batch_size": 16384, "batches_per_superbatch": 20, "superbatches": $superbatches, "threads": 2}
JSON
  "$bin/tuner" nnue --config "$out/$name.json" --db "$out/$name.sqlite" --out "$out/$name/$name.nnue" |
    sed -n 's/.*  \([0-9]*\) positions\/s.*/\1/p' | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
  [ -z "$keep" ] || cp "$out/$name/$name.nnue" "$out/$name/$name.json" "$keep/"
}
theirs() {
  local arch="$1" best=0 b speed
  for b in 1024 4096 16384; do
    speed=$("$PYTHON" "$root/scripts/lib/nnue_pytorch_reference.py" bench --arch "$arch" "$out/positions.txt" "$b" 2 "$seconds")
    echo "  PyTorch $arch batch $b: $speed positions/s" >&2
    [ "$speed" -gt "$best" ] && best=$speed
  done
  echo "$best"
}
i=0
IFS=';' read -r -a arch_list <<< "$archs"
for arch in "${arch_list[@]}"; do
  i=$((i + 1))
  mine=$(ours "$arch" "arch$i")
  reference=$(theirs "$arch")
  awk -v n="$arch" -v a="$mine" -v b="$reference" \
    'BEGIN {printf "%s: tuner nnue %d positions/s (median of its superbatches), PyTorch %d at its best batch size: ratio %.1f\n", n, a, b, a / b}'
done
