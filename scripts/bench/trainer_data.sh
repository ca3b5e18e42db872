#!/usr/bin/env bash
# Export throughput on a datagen run (DB and RUN; default the tuner chapter's 30,000-game
# self-play run, results/datagen-dev.sqlite, run 1):
#  1. Export. `harness positions RUN RUN ... --format F --keep checks,tactical,mates --no-dedup`
#     for every format, the run listed as many times as it takes to write at least
#     MIN_POSITIONS (10 million) positions, the formats in turn, ROUNDS rounds. It prints each
#     format's median seconds, positions a second, bytes a position and its speed's ratio to
#     text's (FEN | score | result, what `harness positions` wrote before the binary formats).
#  2. The tuner's read speed. bench_trainer_read reads one copy of the run in each format with
#     the tuner's reader, ROUNDS rounds, against the EPD of the same positions.
# The files go to OUT (default a temporary folder, removed at the end).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
db="${DB:-$root/results/datagen-dev.sqlite}"
run="${RUN:-1}"
rounds="${ROUNDS:-3}"
min_positions="${MIN_POSITIONS:-10000000}"
[ -x "$bin/harness" ] && [ -x "$bin/bench_trainer_read" ] || { echo "bench_trainer_data: build first" >&2; exit 1; }
[ -f "$db" ] || { echo "bench_trainer_data: $db: no such database (DB=...)" >&2; exit 1; }
out="${OUT:-$(mktemp -d)}"
[ -n "${OUT:-}" ] || trap 'rm -rf "$out"' EXIT
mkdir -p "$out/one"
formats=(text epd bracket marlinformat bulletformat viriformat binpack)
keep=(--keep checks,tactical,mates --no-dedup)

# One copy of the run in each format: the read benchmark's files, and the count of positions.
for f in "${formats[@]}"; do "$bin/harness" positions "$run" --db "$db" --format "$f" "${keep[@]}" -o "$out/one/p.$f" > /dev/null; done
per_copy=$(wc -l < "$out/one/p.text")
copies=$(( (min_positions + per_copy - 1) / per_copy ))
runs=()
for _ in $(seq "$copies"); do runs+=("$run"); done
echo "== export: run $run of $db ($per_copy positions) listed $copies times, median of $rounds rounds"
: > "$out/times.txt"
for round in $(seq "$rounds"); do
  for f in "${formats[@]}"; do
    start=$(date +%s.%N)
    written=$("$bin/harness" positions "${runs[@]}" --db "$db" --format "$f" "${keep[@]}" -o "$out/p.$f" | awk '/^wrote/ {print $2}')
    end=$(date +%s.%N)
    echo "$f $written $(stat -c %s "$out/p.$f") $start $end" >> "$out/times.txt"
    rm -f "$out/p.$f"
  done
done
python3 - "$out/times.txt" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    f, written, size, start, end = line.split()
    rows.setdefault(f, []).append((int(written), int(size), float(end) - float(start)))
def figures(f):
    written, size = rows[f][0][0], rows[f][0][1]
    seconds = statistics.median(r[2] for r in rows[f])
    return written, size, seconds, written / seconds
ref = figures("text")[3]
print("  %-13s %11s %13s %9s %12s %10s %7s" % ("format", "positions", "bytes", "seconds", "positions/s", "bytes/pos", "ratio"))
for f in rows:
    written, size, seconds, rate = figures(f)
    print("  %-13s %11d %13d %9.2f %12.0f %10.2f %7.2f" % (f, written, size, seconds, rate, size / written, rate / ref))
PY
echo "== the tuner's read speed: one copy ($per_copy positions)"
cd "$out/one"
"$bin/bench_trainer_read" --rounds "$rounds" text=p.epd text=p.text marlinformat=p.marlinformat bulletformat=p.bulletformat \
  viriformat=p.viriformat binpack=p.binpack
