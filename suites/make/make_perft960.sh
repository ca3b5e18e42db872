#!/usr/bin/env bash
# Remakes suites/perft960.epd: the 960 Chess960 start positions, hand-built castling cases and
# middlegame positions from Chess960 and DFRC games, counted by this project's rules library
# (build/bin/perft960_positions) to the deepest depth under NODE_LIMIT leaves, then checks every
# count against Debian's stockfish ("go perft" with UCI_Chess960 on). Stops if any differs.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
out="${1:-$root/suites/perft960.epd}"
node_limit="${NODE_LIMIT:-1000000}"
stockfish="$(command -v stockfish || echo /usr/games/stockfish)"

ours="$(mktemp)"
reference="$(mktemp)"
trap 'rm -f "$ours" "$reference"' EXIT
"$bin/perft960_positions" 12 20261123 "$node_limit" > "$ours" 2>/dev/null

# Stockfish's counts for the same positions and depths, in one process.
{
  echo "uci"
  echo "setoption name UCI_Chess960 value true"
  while IFS= read -r entry; do
    echo "position fen ${entry%% ;*}"
    for d in $(echo "$entry" | grep -o ';D[0-9]*' | tr -d ';D'); do echo "go perft $d"; done
  done < "$ours"
  echo "quit"
} | "$stockfish" | awk '/^Nodes searched/ {print $3}' > "$reference"
ours_counts="$(grep -o ';D[0-9]* [0-9]*' "$ours" | awk '{print $2}')"
if [ "$ours_counts" != "$(cat "$reference")" ]; then
  echo "counts differ from stockfish's:" >&2
  diff <(echo "$ours_counts") "$reference" | head >&2
  exit 1
fi

{
  echo "# Chess960 perft suite made by this project (suites/make/make_perft960.sh), $(wc -l < "$ours") positions."
  echo "# Positions: the 960 start positions (Scharnagl's numbering, in order, Shredder-FEN), hand-built"
  echo "# castling cases, and middlegame positions from seeded Chess960 and DFRC games (X-FEN and"
  echo "# Shredder-FEN), picked where castling is legal, attacked, blocked, or impossible in check."
  echo "# Depths: every depth up to the deepest whose count stays under $node_limit leaves."
  echo "# Every count was computed by this project's rules library and cross-checked with"
  echo "# $("$stockfish" <<< quit | head -1 | cut -d' ' -f1-2) 'go perft' (UCI_Chess960 true)."
  echo "# Format: FEN ;D1 n ;D2 n ... Lines that start with '#' are comments."
  cat "$ours"
} > "$out"
echo "wrote $out: $(wc -l < "$ours") positions, $(echo "$ours_counts" | wc -l) counts, all equal to stockfish's" >&2
