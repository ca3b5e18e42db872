#!/usr/bin/env bash
# The Python mock's move generator (slow_start_engine.py) against the engine's perft: the same
# leaf counts on positions with castling (rights lost when a rook is taken), en passant,
# promotions and pins.
#   slow_start_engine_test.sh ENGINE
set -euo pipefail
engine="$1"
mock="$(dirname "$0")/slow_start_engine.py"
status=0
while IFS='|' read -r depth fen; do
  want=$("$engine" perft "$depth" "$fen" 2> /dev/null | sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p')
  got=$("$mock" perft "$depth" "$fen")
  if [ -n "$want" ] && [ "$got" = "$want" ]; then
    echo "ok   $got at depth $depth: $fen"
  else
    echo "FAIL the mock counts $got, the engine '$want', at depth $depth: $fen"
    status=1
  fi
done << 'POSITIONS'
3|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
2|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
2|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
2|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
3|r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
3|8/8/8/3pP3/8/8/8/K6k w - d6 0 1
POSITIONS
exit $status
