#!/usr/bin/env bash
# The event stream against the frameworks' own parsing code, for a machine with their sources
# at hand (not CI): fishtest's worker (worker/games.py parse_fastchess_output) and OpenBench's
# client (Client/worker.py MatchRunner.update_results) read `harness fastchess`'s lines of a
# match against the chaos mock (crashes, stalls, illegal moves and PVs by chance), and the
# same run's events (-events file=F) are read for the same quantities. Side by side.
#   bash scripts/interop/events_evidence.sh FISHTEST_CHECKOUT OPENBENCH_CHECKOUT [ROUNDS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -ge 2 ] || { echo "usage: $0 FISHTEST_CHECKOUT OPENBENCH_CHECKOUT [ROUNDS]" >&2; exit 2; }
fishtest="$(realpath "$1")/worker"
openbench="$(realpath "$2")/Client"
rounds="${3:-40}"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work"
parsers="$root/scripts/lib/framework_parsers.py"
match() {  # the runner with the frameworks' usual options, the events to $1.jsonl: into the array "run"
  run=("$root/build/bin/harness" fastchess -recover -repeat -games 2 -rounds "$rounds" -ratinginterval 1 -scoreinterval 1
    -report penta=true -concurrency 2 -srand 7 -openings "file=$root/suites/openings.epd" format=epd order=random
    -engine name=New-1111111111 "cmd=$root/build/bin/engine" "args=--version dev"
    -engine name=Base-2222222222 "cmd=$root/build/bin/mock_engine" "args=chaos seed=3"
    -each tc=1+0.01 option.Threads=1 -db "$work/$1.sqlite" -events "file=$work/$1.jsonl")
}
echo "== OpenBench's update_results on the lines, and the events"
match ob
python3 "$parsers" openbench "$openbench" "$work/none.pgn" -- "${run[@]}" 2> /dev/null | grep -E "^  exit" || true
python3 "$parsers" events "$work/ob.jsonl"
echo "== fishtest's parse_fastchess_output on the lines, and the events"
match ft
FISHTEST_BATCH=8 python3 "$parsers" fishtest "$fishtest" New-1111111111 Base-2222222222 $((2 * rounds)) -- "${run[@]}" 2> /dev/null |
  grep -E "^  (exit|stats|posted)" || true
python3 "$parsers" events "$work/ft.jsonl"
