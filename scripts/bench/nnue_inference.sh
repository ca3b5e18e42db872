#!/usr/bin/env bash
# The engine's speed with a network against the hand-written evaluation: `engine bench DEPTH`
# (the same ten positions) with --net NET and with --eval hce, in turn, ROUNDS rounds; the median
# nodes a second of each and their ratio. NET: a quantised (768->N)x2->1 file; give a trained one
# for a figure (the default, a random network of HIDDEN = 128 neurons written here, makes another
# search tree, and nodes a second depend on the tree).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
engine="$root/build/bin/engine"
[ -x "$engine" ] || { echo "bench_nnue_inference: build first (scripts/ci/build.sh)" >&2; exit 1; }
rounds="${ROUNDS:-5}" depth="${DEPTH:-12}" hidden="${HIDDEN:-128}"
net="${NET:-}"
if [ -z "$net" ]; then
  net="$(mktemp --suffix=.nnue)"
  trap 'rm -f "$net"' EXIT
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
nps() { "$engine" "$@" bench "$depth" | awk '/^Nodes\/second/ {print $2}'; }
source "$root/scripts/lib/median.sh"
with_net=() without=()
for _ in $(seq "$rounds"); do
  with_net+=("$(nps --net "$net")")
  without+=("$(nps --eval hce)")
done
a=$(printf '%s\n' "${with_net[@]}" | median)
b=$(printf '%s\n' "${without[@]}" | median)
echo "network ($("$engine" --net "$net" bench 1 | sed -n 's/^Evaluation: //p')): ${with_net[*]} nodes/s, median $a"
echo "hand-written evaluation: ${without[*]} nodes/s, median $b"
awk -v a="$a" -v b="$b" 'BEGIN {printf "ratio network / hand-written: %.2f\n", a / b}'
