#!/usr/bin/env bash
# Remakes suites/perftsuite.epd: counts each position with this project's engine to the deepest
# depth that stays under NODE_LIMIT leaf nodes, then checks every count against Debian's
# stockfish ("go perft"). Stops with an error if any count differs.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
out="${1:-$root/suites/perftsuite.epd}"
node_limit="${NODE_LIMIT:-8000000}"
stockfish="$(command -v stockfish || echo /usr/games/stockfish)"

positions="$(mktemp)"
trap 'rm -f "$positions"' EXIT
grep -v '^#' "$root/suites/make/handpicked.txt" | grep -v '^\s*$' > "$positions"
"$bin/perft_positions" 12 40 20261122 >> "$positions"

{
  echo "# Perft suite made by this project (suites/make/make_perftsuite.sh), $(wc -l < "$positions") positions."
  echo "# Positions: handpicked.txt (en passant pinned and legal, castling, promotions, pins, mates) and"
  echo "# perft_positions (seeded random games and capture-greedy self-play, picked by theme)."
  echo "# Depths: every depth up to the deepest whose count stays under $node_limit leaves."
  echo "# Every count was computed by build/bin/engine perft and cross-checked with $("$stockfish" <<< quit | head -1 | cut -d' ' -f1-2) 'go perft'."
  echo "# Format: FEN ;D1 n ;D2 n ... Lines that start with '#' are comments."
} > "$out"

line_no=0
while IFS= read -r line; do
  line_no=$((line_no + 1))
  fen="$(echo "${line%%;*}" | sed 's/ *$//')"
  theme="$(echo "${line#*;}" | sed 's/^ *//')"
  counts=()
  for depth in 1 2 3 4 5 6; do
    n="$("$bin/engine" perft "$depth" $fen | awk '/^Nodes searched/ {print $3}')"
    [ -n "$n" ] || { echo "line $line_no: engine perft failed on $fen" >&2; exit 1; }
    counts+=("$n")
    if [ "$n" -gt "$node_limit" ] || [ "$n" -eq 0 ]; then
      [ "$n" -gt "$node_limit" ] && [ "${#counts[@]}" -gt 1 ] && unset 'counts[-1]'
      break
    fi
  done
  reference="$( { echo "position fen $fen"; for d in $(seq 1 "${#counts[@]}"); do echo "go perft $d"; done; echo quit; } | "$stockfish" | awk '/^Nodes searched/ {print $3}' | tr '\n' ' ')"
  if [ "$(echo $reference)" != "${counts[*]}" ]; then
    echo "count differs from stockfish at $fen: ours ${counts[*]}, stockfish $reference" >&2
    exit 1
  fi
  entry="$fen"
  for i in "${!counts[@]}"; do entry+=" ;D$((i + 1)) ${counts[$i]}"; done
  echo "$entry" >> "$out"
  echo "$line_no: $theme -> ${counts[*]}" >&2
done < "$positions"
echo "wrote $out" >&2
