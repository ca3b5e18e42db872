#!/usr/bin/env bash
# The trainer's readers on one thread, from the page cache, decoded to feature indices
# (bench_sample_read), against two references in the same run:
#  - a plain memcpy of the bulletformat file's bytes (bench_sample_read prints it, with each
#    reader's ratio to it);
#  - nnue-pytorch's own binpack reader (binpack::CompressedTrainingDataEntryReader, entries
#    without features), and the same reader followed by nnue-pytorch's own feature code
#    (HalfKAv2_hm::fill_features_sparse, the side to move's indices, as ours gives), both on one
#    thread, built from its source in NNUE_PYTORCH_SRC (a checkout or a git mirror) with its release
#    flags (-O3 -DNDEBUG -march=native, and -DHAS_BMI2 -mbmi2 where its CMake adds them); the
#    ratios of our binpack reader to them are printed last.
# Data: the same positions in bulletformat, viriformat and binpack, exported from a datagen run
# (DB and RUN; default results/datagen-net.sqlite, run 1), COPIES times over in each file (default
# 1). ROUNDS rounds (default 5), medians. OUT keeps the files (default a temporary folder).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
src="${NNUE_PYTORCH_SRC:?NNUE_PYTORCH_SRC=a checkout or git mirror of official-stockfish/nnue-pytorch}"
db="${DB:-$root/results/datagen-net.sqlite}" run="${RUN:-1}" rounds="${ROUNDS:-5}" copies="${COPIES:-1}"
[ -x "$bin/harness" ] && [ -x "$bin/bench_sample_read" ] || { echo "bench_sample_read: build first (scripts/ci/build.sh)" >&2; exit 1; }
[ -f "$db" ] || { echo "bench_sample_read: $db: no such database (DB=...)" >&2; exit 1; }
out="${OUT:-$(mktemp -d)}"
[ -n "${OUT:-}" ] || trap 'rm -rf "$out"' EXIT
mkdir -p "$out"

bmi2=()
if grep -qm1 -o bmi2 /proc/cpuinfo; then
  vendor=$(awk '/^vendor_id/ {print $3; exit}' /proc/cpuinfo)
  family=$(awk '/^cpu family/ {print $4; exit}' /proc/cpuinfo)
  # nnue-pytorch's CMakeLists: BMI2 on AMD from family 23, on every other vendor that has it.
  if [ "$vendor" != AuthenticAMD ] || [ "$family" -ge 23 ]; then bmi2=(-DHAS_BMI2 -mbmi2); fi
fi
source "$root/scripts/lib/nnue_pytorch_build.sh"
nnue_pytorch_build "$src" "$out" binpack_speed -O3 -DNDEBUG -march=native "${bmi2[@]}"

runs=()
for _ in $(seq "$copies"); do runs+=("$run"); done
for f in bulletformat viriformat binpack; do
  [ -f "$out/p.$f" ] || "$bin/harness" positions "${runs[@]}" --db "$db" --format "$f" -o "$out/p.$f" > /dev/null
done
ls -l "$out"/p.* | awk '{print "  " $5 " bytes  " $9}'
"$bin/bench_sample_read" --rounds "$rounds" --labeled bulletformat="$out/p.bulletformat" viriformat="$out/p.viriformat" \
  binpack="$out/p.binpack" | tee "$out/ours.txt"
"$out/binpack_speed" "$out/p.binpack" "$rounds" | tee "$out/theirs.txt"
"$out/binpack_speed" "$out/p.binpack" "$rounds" features | tee "$out/theirs-features.txt"
python3 - "$out/ours.txt" "$out/theirs.txt" "$out/theirs-features.txt" <<'PY'
import re, sys
ours = [l for l in open(sys.argv[1]) if "(binpack, to features)" in l][0].split()
rate = float(ours[-2])
for path, what in ((sys.argv[2], "nnue-pytorch's reader"), (sys.argv[3], "nnue-pytorch's reader with its features")):
    theirs = float(re.search(r"([0-9]+) positions/s", open(path).read()).group(1))
    print("binpack to features: %.0f positions/s, %.2f times %s (%.0f positions/s)" % (rate, rate / theirs, what, theirs))
PY
