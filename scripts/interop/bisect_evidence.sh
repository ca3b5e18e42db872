#!/usr/bin/env bash
# The bisect evidence of docs/04-testing-commits.md: a clone of this repository with a branch that drops
# underpromotion to a bishop from the move generator (two harmless commits before it, four
# after), bisected by perft against a suite, once with an empty build cache and once with the
# cache full. Usage: scripts/interop/bisect_evidence.sh [SUITE] (default ../shared/data/perft/standard.epd).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
suite="$(realpath "${1:-$root/../shared/data/perft/standard.epd}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/repo"
cd "$work/repo"
git checkout -q -b movegen-bug
g="git -c user.name=bisect -c user.email=bisect@example.org"
note() { echo "note $1" >> bisect-notes.txt; git add -A; $g commit -qm "notes $1"; }
note 1; note 2
sed -i 's/for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP})/for (PieceType pt : {QUEEN, KNIGHT, ROOK})/;
        s/count += 4 \* popcount(targets)/count += 3 * popcount(targets)/' lib/core/movegen.cpp
git diff --quiet && { echo "the bug did not apply: lib/core/movegen.cpp changed" >&2; exit 1; }
git add -A; $g commit -qm "movegen: promotions in one loop"
note 3; note 4; note 5; note 6
build="if [ -d web ]; then ln -sfn $root/web/node_modules web/node_modules; fi; cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DWORKBENCH_TESTS=OFF > /dev/null && cmake --build b -j\$(nproc) --target engine > /dev/null && cp b/bin/engine {out}"
for pass in "not cached" "cached"; do
  echo "== $pass"
  db="$work/${pass// /-}.sqlite"
  /usr/bin/time -f "wall %e s" "$root/build/bin/harness" bisect --repo "$work/repo" --good main --bad movegen-bug \
    --build "$build" --perft "$suite" --max-depth 4 --perft-concurrency 2 --cache "$work/cache" --db "$db" \
    | grep -v '^line\|^  \(wrong\|path\|position\)' | cut -c1-120
done
