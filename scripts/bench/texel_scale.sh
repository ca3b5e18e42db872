#!/usr/bin/env bash
# Texel tuning at scale: the tuner's gradient descent on N labeled positions against
# Ethereal's texel tuner on the same positions, in one run: seconds per epoch (median over the
# epochs, from the time each epoch's line appears) and bytes per position in memory.
#  - ours: `tuner gradient` over the 823 weights dev.json names outside the mobility-by-count tables, Adam in mini-batches of 16,384,
#    THREADS threads; each epoch is one pass of batches plus the error over all positions;
#  - Ethereal: its tuner (src/tuner.c, built from ETHEREAL_SRC, a source tree or a git mirror,
#    with -DTUNE and its classical evaluation's 856 normal terms), AdaGrad in batches of 16,384
#    over OpenMP with OMP_NUM_THREADS=THREADS; each epoch is one pass of batches plus the error
#    over all positions. Its settings are #defines, set by editing a copy of tuner.h.
# POSITIONS: a file of 'FEN [1.0]' lines (`harness positions ... --format bracket`), at least N.
# Settings (environment): POSITIONS, N=2000000, EPOCHS=8, THREADS=2, ETHEREAL_SRC.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
n="${N:-2000000}"
epochs="${EPOCHS:-8}"
threads="${THREADS:-2}"
positions="${POSITIONS:?POSITIONS=FILE of FEN [result] lines}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -x "$bin/tuner" ] || { echo "bench_texel_scale: build first (build/bin/tuner missing)" >&2; exit 1; }
have=$(head -n "$n" "$positions" | wc -l)
[ "$have" -eq "$n" ] || { echo "bench_texel_scale: $positions has $have lines, fewer than N=$n" >&2; exit 1; }
head -n "$n" "$positions" > "$work/FENS"

# Prints "seconds-since-start line" for each line (or \r-ended segment) of standard input.
stamp() { python3 -u -c '
import sys, time
start, buf = time.monotonic(), b""
while True:
    c = sys.stdin.buffer.read(1)
    if not c: break
    if c in b"\r\n":
        if buf: print("%.3f %s" % (time.monotonic() - start, buf.decode(errors="replace")), flush=True)
        buf = b""
    else: buf += c
'; }
# Median of the differences between consecutive times of the lines matching $1 in file $2.
median_gap() { python3 -c '
import re, sys, statistics
times = [float(l.split()[0]) for l in open(sys.argv[2]) if re.search(sys.argv[1], l)]
gaps = [b - a for a, b in zip(times, times[1:])]
print("%.2f" % statistics.median(gaps) if gaps else "nan")' "$1" "$2"; }

echo "== ours: tuner gradient, $n positions, $epochs epochs, $threads threads"
params=$(python3 -c 'import json,sys; print(json.dumps([{"name": k} for k in json.load(open(sys.argv[1])) if "_by_count_" not in k]))' "$root/configs/weights/dev.json")
cat > "$work/texel.json" <<JSON
{ "name": "scale", "parameters": $params,
  "gradient": {"epochs": $epochs, "learning_rate": 1, "record_every": 1, "batch_size": 16384},
  "fitness": {"type": "texel", "positions": "$work/FENS", "threads": $threads},
  "validation": {"games": 0} }
JSON
"$bin/tuner" gradient --config "$work/texel.json" --db "$work/t.sqlite" --out "$work/tuned.json" 2>&1 | stamp | tee "$work/ours.log" | grep -v "^[0-9.]* epoch" || true
ours_epoch=$(median_gap " epoch [0-9]+/" "$work/ours.log")
ours_bytes=$(grep -o "[0-9.]* bytes each" "$work/ours.log" | head -1 | cut -d' ' -f1)
kept=$(grep -o "[0-9]* kept" "$work/ours.log" | head -1 | cut -d' ' -f1)
echo "ours: median $ours_epoch s/epoch over $kept quiet positions, $ours_bytes bytes/position"

ethereal_epoch=nan ethereal_bytes=nan
src="${ETHEREAL_SRC:-}"
if [ -n "$src" ]; then
  mkdir -p "$work/ethereal"
  if [ -d "$src/src" ]; then cp -r "$src/src" "$work/ethereal/"; else git -C "$src" archive HEAD src | tar -x -C "$work/ethereal"; fi
  (cd "$work/ethereal/src" && sed -i -e "s/^#define NPOSITIONS .*/#define NPOSITIONS ($n)/" -e "s/^#define MAXEPOCHS .*/#define MAXEPOCHS ($epochs)/" \
      -e 's/^#define NTERMS .*/#define NTERMS (856)/' -e 's/^#define TuneNormal .*/#define TuneNormal (1)/' \
      -e 's/^#define KPRECISION .*/#define KPRECISION (3)/' -e 's/^#define REPORTING .*/#define REPORTING (1000000)/' tuner.h &&
    make tune CC=gcc EXE=ethereal-tune > "$work/ethereal-build.log" 2>&1) || { echo "Ethereal's tuner did not build: $(tail -3 "$work/ethereal-build.log")" >&2; exit 1; }
  echo "== Ethereal: its tuner, $n positions, $epochs epochs, OMP_NUM_THREADS=$threads"
  (cd "$work" && OMP_NUM_THREADS="$threads" "$work/ethereal/src/ethereal-tune" 2> "$work/ethereal-err.log" | stamp > "$work/ethereal.log") || true
  grep -i "MB\]" "$work/ethereal.log" | head -4
  grep "Epoch \[" "$work/ethereal.log" | tail -n 1
  ethereal_epoch=$(median_gap "Epoch \[[0-9]+\] Error" "$work/ethereal.log")
  ethereal_bytes=$(python3 -c '
import re, sys
mb = sum(float(x) for x in re.findall(r"\[\s*([0-9.]+)\s*MB\]", open(sys.argv[1]).read()))
print("%.1f" % (mb * 1024 * 1024 / int(sys.argv[2])))' "$work/ethereal.log" "$n")
  echo "Ethereal: median $ethereal_epoch s/epoch over $n positions, $ethereal_bytes bytes/position (its allocation report)"
fi
python3 -c '
import sys
o, e, ob, eb = (float(x) for x in sys.argv[1:5])
if e == e: print("ratio ours/Ethereal: %.2f x the time per epoch, %.2f x the bytes per position" % (o / e, ob / eb))' \
  "$ours_epoch" "$ethereal_epoch" "$ours_bytes" "$ethereal_bytes"
