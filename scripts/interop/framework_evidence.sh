#!/usr/bin/env bash
# The frameworks' evidence, for a machine with the frameworks' sources at hand (not CI): fishtest's
# and OpenBench's exact command lines (worker/games.py run_games, Client/worker.py
# build_runner_command), run through `harness fastchess` (a link named fastchess, as the
# frameworks call it) and through fastchess itself, on the same engines: this project's engine,
# and mocks that say impossible things (illegal PVs; "info string pgncomment" lines). Side by
# side: the warnings each runner printed, and what each framework's own parsing code concluded.
#   bash scripts/interop/framework_evidence.sh FASTCHESS_BINARY FISHTEST_CHECKOUT OPENBENCH_CHECKOUT
# The harness's games go to its default database (results/harness.sqlite in the project).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -eq 3 ] || { echo "usage: $0 FASTCHESS_BINARY FISHTEST_CHECKOUT OPENBENCH_CHECKOUT" >&2; exit 2; }
fastchess="$(realpath "$1")"
fishtest="$(realpath "$2")/worker"
openbench="$(realpath "$3")/Client"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
mkdir -p "$work/Engines" "$work/Books" "$work/harness"
cp "$root/build/bin/engine" "$work/Engines/workbench"
for mode in bad-pv pgncomment; do
  printf '#!/bin/sh\nexec %s %s "$@"\n' "$root/build/bin/mock_engine" "$mode" > "$work/Engines/$mode"
  chmod +x "$work/Engines/$mode"
done
cp "$root/suites/openings.epd" "$work/Books/book.epd"
ln -s "$root/build/bin/harness" "$work/harness/fastchess"
cd "$work"

fishtest_line() {  # run_games's options, in its order, for 4 games
  echo -testEnv -recover -repeat -games 2 -rounds 2 -ratinginterval 1 -scoreinterval 1 -autosaveinterval 0 \
    -report penta=true -pgnout file="fishtest-$1.pgn" append=false -crc32 pgn=true \
    -site https://tests.stockfishchess.org/tests/view/evidence -event "Batch_1:_liar_vs_workbench" -srand 1 \
    -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -variant standard -concurrency 2 \
    -openings file=Books/book.epd format=epd order=random plies=16 start=1 -check-mate-pvs \
    -engine name=New-1111111111 tc=2+0.02 cmd=Engines/bad-pv dir=. \
    -engine name=Base-2222222222 tc=2+0.02 cmd=Engines/workbench dir=. option.Hash=16 \
    -each proto=uci option.Threads=1
}

for runner in harness fastchess; do
  exe="$work/harness/fastchess"
  [ "$runner" = fastchess ] && exe="$fastchess"
  echo "== fishtest's run_games through $runner"
  # shellcheck disable=SC2046
  python3 "$root/scripts/lib/framework_parsers.py" fishtest "$fishtest" New-1111111111 Base-2222222222 4 -- \
    "$exe" $(fishtest_line "$runner") > "fishtest-$runner.out" 2>&1 || true
  grep -E "^  (exit|stats|posted)" "fishtest-$runner.out" | sed 's/^/  /' || true
  echo "  warnings printed: $(grep -c '^Warning;' "fishtest-$runner.out" || true) (first: $(grep -m1 '^Warning;' "fishtest-$runner.out" | cut -c1-110))"
  echo "== OpenBench's build_runner_command through $runner"
  python3 "$root/scripts/lib/framework_parsers.py" openbench "$openbench" "ob-$runner.pgn" -- \
    "$exe" -recover -variant standard -testEnv -concurrency 2 -rounds 2 -games 2 \
    -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 \
    -engine dir=Engines/ cmd=./pgncomment proto=uci tc=inf nodes=5000 name=Chatty-dev \
    -engine dir=Engines/ cmd=./workbench proto=uci tc=inf nodes=5000 option.Hash=16 name=Workbench-base \
    -openings file=Books/book.epd format=epd order=random start=1 -srand 1 \
    -pgnout file="ob-$runner.pgn" seldepth=true nodes=true "match_line=^info string pgncomment .*" \
    > "ob-$runner.out" 2>&1 || true
  grep -E "^  (exit|PGN)" "ob-$runner.out" | sed 's/^/  /' || true
done
