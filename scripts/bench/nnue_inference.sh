#!/usr/bin/env bash
# The engine's speed with a network against the hand-written evaluation: `engine bench DEPTH`
# (the same ten positions) with --net NET and with --eval hce, in turn, ROUNDS rounds; the median
# nodes a second of each and their ratio. NET: a quantised file of any architecture, named by the
# manifest beside it (FILE.json, as tuner nnue writes it) or else a simple network; several files
# separated by spaces are measured in turn. Give trained ones for a figure (the default, a random
# (768->HIDDEN)x2->1 network written here, makes another search tree, and nodes a second depend on
# the tree). With king buckets, the last round's share of king moves that refreshed and the rows
# the refresh cache added or subtracted beside a refresh from scratch are printed too.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
engine="${ENGINE:-$root/build/bin/engine}"  # ENGINE: another build of the engine, for a comparison
[ -x "$engine" ] || { echo "bench_nnue_inference: build first (scripts/ci/build.sh)" >&2; exit 1; }
rounds="${ROUNDS:-5}" depth="${DEPTH:-12}" hidden="${HIDDEN:-128}"
net="${NET:-}"
if [ -z "$net" ]; then
  net="$(mktemp --suffix=.nnue)"
  /usr/bin/python3 - "$net" "$hidden" << 'PY'
import random, struct, sys
path, n = sys.argv[1], int(sys.argv[2])
random.seed(1)
values = [random.randint(-60, 60) for _ in range(769 * n)] + [random.randint(-120, 120) for _ in range(2 * n)] + [0]
data = struct.pack(f"<{len(values)}h", *values)
data += (b"bullet" * 11)[: (-len(data)) % 64]
open(path, "wb").write(data)
PY
fi
source "$root/scripts/lib/median.sh"
log="$(mktemp)"
trap 'rm -f "$log"; [ -n "${NET:-}" ] || rm -f "$net"' EXIT
nps() { "$engine" "$@" bench "$depth" > "$log"; awk '/^Nodes\/second/ {print $2}' "$log"; }
for file in $net; do
  with_net=() without=()
  for _ in $(seq "$rounds"); do
    with_net+=("$(nps --net "$file")")
    without+=("$(nps --eval hce)")
  done
  nps --net "$file" > /dev/null
  a=$(printf '%s\n' "${with_net[@]}" | median)
  b=$(printf '%s\n' "${without[@]}" | median)
  echo "network ($(sed -n 's/^Evaluation: //p' "$log")): ${with_net[*]} nodes/s, median $a"
  grep -E '^(King moves refreshing|Refresh rows):' "$log" | sed 's/^/  /' || true
  echo "hand-written evaluation: ${without[*]} nodes/s, median $b"
  awk -v a="$a" -v b="$b" 'BEGIN {printf "ratio network / hand-written: %.2f\n", a / b}'
done
