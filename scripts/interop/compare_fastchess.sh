#!/usr/bin/env bash
# The same node-limited match under fastchess and under `harness fastchess` with the same
# arguments, and the two PGNs compared game by game: each game's start, players, moves and
# result must be equal. Then fastchess's PGN is imported (`harness import`) and both results
# blocks are printed.
#
# fastchess: $FASTCHESS (a binary), else `fastchess` on PATH, else built from $FASTCHESS_SRC;
# without one the script says so and exits 0 having compared nothing.
# Settings (environment): ROUNDS=50 (game pairs), NODES=5000, CONCURRENCY=2, ENGINES="v0.1 v0.2".
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
rounds="${ROUNDS:-50}"
nodes="${NODES:-5000}"
concurrency="${CONCURRENCY:-2}"
read -r first second <<< "${ENGINES:-v0.1 v0.2}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -x "$bin/harness" ] && [ -x "$bin/engine" ] || { echo "compare_fastchess: build first (build/bin/harness, engine)" >&2; exit 1; }
source "$root/scripts/lib/find_fastchess.sh"
fastchess="$(find_fastchess "$work")"
if [ -z "$fastchess" ]; then
  echo "fastchess: not found (set FASTCHESS to a binary or FASTCHESS_SRC to its source); nothing compared"
  exit 0
fi
echo "fastchess: $fastchess ($("$fastchess" --version 2> /dev/null | head -1))"
cd "$work"  # fastchess writes its config.json here
cp "$root/suites/openings.epd" book.epd

# The same arguments for both runners; only the program and the PGN file differ.
run() {
  local out="$1" pgn="$2"
  shift 2
  "$@" -engine "cmd=$bin/engine" "args=--version $first" "name=$first" \
    -engine "cmd=$bin/engine" "args=--version $second" "name=$second" \
    -each tc=inf "nodes=$nodes" proto=uci -rounds "$rounds" -games 2 -repeat -concurrency "$concurrency" \
    -openings file=book.epd format=epd order=sequential -pgnout "file=$pgn" > "$out" 2>&1
}
start=$(date +%s%N)
run fastchess.out fastchess.pgn "$fastchess"
mid=$(date +%s%N)
run harness.out harness.pgn "$bin/harness" fastchess -db harness.sqlite
end=$(date +%s%N)
printf 'fastchess: %d games in %.1f s; harness fastchess: %d games in %.1f s\n' \
  "$(grep -c '^\[Event ' fastchess.pgn)" "$(((mid - start) / 1000000))e-3" \
  "$(grep -c '^\[Event ' harness.pgn)" "$(((end - mid) / 1000000))e-3"

# One line per game: start | White | Black | result | moves (SAN, comments and numbers left out).
# The start is the FEN's board, side to move and castling rights.
games() {
  awk '
    function flush() {
      if (white == "") return
      gsub(/\{[^}]*\}/, " ", text); gsub(/[0-9]+\.(\.\.)?/, " ", text)
      sub(/(1-0|0-1|1\/2-1\/2|\*)[ ]*$/, "", text); gsub(/[ ]+/, " ", text); sub(/^ /, "", text); sub(/ $/, "", text)
      split(fen, f, " ")  # board, side to move and castling: fastchess writes an en passant square only when a capture is legal
      print f[1] " " f[2] " " f[3] " | " white " | " black " | " result " | " text
      white = ""; text = ""; fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }
    function value(line) { sub(/^\[[A-Za-z]+ "/, "", line); sub(/"\]$/, "", line); return line }
    BEGIN { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" }
    /^\[Event / { flush() }
    /^\[White "/ { white = value($0) }
    /^\[Black "/ { black = value($0) }
    /^\[Result "/ { result = value($0) }
    /^\[FEN "/ { fen = value($0) }
    /^\[/ { next }
    { text = text " " $0 }
    END { flush() }' "$1" | sort
}
games fastchess.pgn > fastchess.games
games harness.pgn > harness.games
same=$(comm -12 fastchess.games harness.games | wc -l)
total=$(wc -l < fastchess.games)
echo "games equal in start, players, moves and result: $same of $total (harness: $(wc -l < harness.games))"
for result in 1-0 0-1 1/2-1/2; do
  printf '  %-8s fastchess %3d  harness %3d\n' "$result" "$(grep -c " | $result | " fastchess.games || true)" \
    "$(grep -c " | $result | " harness.games || true)"
done
if [ "$same" -ne "$total" ] || [ "$(wc -l < harness.games)" -ne "$total" ]; then
  echo "first differences (< fastchess, > harness):"
  diff fastchess.games harness.games | head -6 | cut -c1-200
  status=1
else
  status=0
fi
echo "fastchess's own results block:"
grep -A6 '^Results of' fastchess.out | tail -7
echo "harness import of fastchess's PGN:"
"$bin/harness" import fastchess.pgn --first "$first" --db imported.sqlite | sed -n '2,7p'
exit "$status"
