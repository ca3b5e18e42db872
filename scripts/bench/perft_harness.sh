#!/usr/bin/env bash
# harness perft overhead: the same positions and depths (about half a minute of counting)
# run by the engine's own command line and through `harness perft --engine dev`, in one run.
# Counts are the published ones (Chess Programming Wiki, "Perft Results").
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/deep.epd" <<'SUITE'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D7 3195901860
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D6 8031647685
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D7 178633661
r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 ;D6 706045033
rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 ;D5 89941194
r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 ;D6 6923051137
SUITE
now_ns() { date +%s%N; }
runs="${RUNS:-3}"
direct_times=()
harness_times=()
for run in $(seq "$runs"); do
  start=$(now_ns)
  while IFS= read -r line; do
    fen="${line%% ;*}"
    depth="${line##*;D}"
    depth="${depth%% *}"
    "$bin/engine" perft "$depth" $fen > /dev/null 2>&1
  done < "$work/deep.epd"
  direct_times+=($(( $(now_ns) - start )))
  start=$(now_ns)
  "$bin/harness" perft "$work/deep.epd" --engine dev --db "$work/perft.sqlite" > "$work/harness.log"
  harness_times+=($(( $(now_ns) - start )))
  grep -q "6 passed" "$work/harness.log" || { echo "bench_perft_harness: a count was wrong" >&2; cat "$work/harness.log" >&2; exit 1; }
done
source "$root/scripts/lib/median.sh"
direct=$(median_of "${direct_times[@]}")
through=$(median_of "${harness_times[@]}")
tail -1 "$work/harness.log"
awk -v a="$direct" -v b="$through" -v n="$runs" 'BEGIN { printf "median of %d runs: engine perft directly %.2f s; through harness perft %.2f s; overhead %.2f %%\n", n, a / 1e9, b / 1e9, 100 * (b - a) / a }'
