#!/usr/bin/env bash
# Perft speed of this engine against Debian's stockfish ("go perft"), single thread, same
# positions and depths, in one run. Each timing is the whole process's wall time minus the
# same binary's time for depth 1 (start-up, and Stockfish's network load), median of RUNS runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
engine="$root/build/bin/engine"
stockfish="$(command -v stockfish || echo /usr/games/stockfish)"
runs="${RUNS:-5}"
[ -x "$engine" ] || { echo "bench_perft: build first ($engine missing)" >&2; exit 1; }
[ -x "$stockfish" ] || { echo "bench_perft: stockfish not found; run scripts/ci/install-deps.sh" >&2; exit 1; }

now_ns() { date +%s%N; }
ours() { "$engine" perft "$2" $1 2>/dev/null | awk '/^Nodes searched/ {print $3}'; }
theirs() { printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$stockfish" | awk '/^Nodes searched/ {print $3}'; }
source "$root/scripts/lib/median.sh"

# Prints the median wall time in nanoseconds of "$1 fen depth".
timed() {
  local fn="$1" fen="$2" depth="$3" t0
  for _ in $(seq "$runs"); do
    t0=$(now_ns)
    "$fn" "$fen" "$depth" > /dev/null
    echo $(($(now_ns) - t0))
  done | median
}

printf '%-10s %5s %12s %12s %12s %7s\n' position depth nodes "ours Mnps" "sf Mnps" ratio
while read -r name depth fen; do
  nodes=$(ours "$fen" "$depth")
  sf_nodes=$(theirs "$fen" "$depth")
  [ "$nodes" = "$sf_nodes" ] || { echo "bench_perft: $name depth $depth: ours $nodes, stockfish $sf_nodes" >&2; exit 1; }
  our_base=$(timed ours "$fen" 1)
  sf_base=$(timed theirs "$fen" 1)
  our_t=$(($(timed ours "$fen" "$depth") - our_base))
  sf_t=$(($(timed theirs "$fen" "$depth") - sf_base))
  awk -v n="$nodes" -v a="$our_t" -v b="$sf_t" -v name="$name" -v d="$depth" \
    'BEGIN { printf "%-10s %5d %12d %12.1f %12.1f %6.2fx\n", name, d, n, n / a * 1000, n / b * 1000, b / a }'
done <<'POSITIONS'
startpos 6 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
kiwipete 5 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
POSITIONS
echo "(ratio = our nodes per second / stockfish's; median of $runs runs each, $("$stockfish" <<< quit | head -1 | cut -d' ' -f1-2))"
