#!/usr/bin/env bash
# The doc-path check itself, on a tree of its own: it passes paths that exist, globs that match,
# brace groups and placeholders that name files, and skips results/, build/ and fenced blocks; it
# fails, naming file, line and path, on a missing file, a glob that matches nothing, a brace group
# with a missing member, a missing top-level NAME.md, and on finding fewer paths than its floor.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/engine/core" "$tmp/scripts/bench" "$tmp/docs" "$tmp/tests/methods"
touch "$tmp/engine/core/move.h" "$tmp/engine/core/move.cpp" "$tmp/scripts/bench/perft.sh" "$tmp/tests/methods/spsa_test.cpp" \
  "$tmp/layers.cmake"
cat > "$tmp/README.md" << 'DOC'
The moves (`engine/core/move.h`, line `engine/core/move.cpp:12:`; both: `engine/core/move.{h,cpp}`),
the benchmarks `scripts/bench/*.sh`, run as `bash scripts/bench/perft.sh`, a test
`tests/methods/NAME_test.cpp` or `tests/methods/<name>_test.cpp`, the folder `engine/`, the
file `layers.cmake`, a run's `results/run/report.html`, the binary `build/bin/engine`, an option
`OUT=engine/core/move.h`, a section `docs/`.

```
bash scripts/ci/none.sh
```
DOC
echo 'See `README.md`.' > "$tmp/docs/01-one.md"
bash "$here/check_doc_paths.sh" "$tmp" 10 > /dev/null || { bash "$here/check_doc_paths.sh" "$tmp" 10; echo "existing paths failed the check"; exit 1; }
cat > "$tmp/docs/02-two.md" << 'DOC'
Nothing at `engine/core/gone.cpp`,
no script in `scripts/ci/*.sh`, half of `engine/core/board.{h,cpp}` (the other half
`engine/core/move.{h,hpp}`), no `tests/methods/<name>_check.cpp`, and no `CHANGELOG.md`.
DOC
if out=$(bash "$here/check_doc_paths.sh" "$tmp" 10); then
  echo "dead paths passed the check"; exit 1
fi
for dead in '02-two.md:1: `engine/core/gone.cpp`' '02-two.md:2: `scripts/ci/*.sh`' '02-two.md:2: `engine/core/board.{h,cpp}`' \
  '02-two.md:3: `engine/core/move.{h,hpp}`' '02-two.md:3: `tests/methods/<name>_check.cpp`' '02-two.md:3: `CHANGELOG.md`'; do
  grep -qF "docs/$dead names nothing in the tree" <<< "$out" || { echo "not reported: $dead in $out"; exit 1; }
done
[ "$(grep -c 'names nothing' <<< "$out")" -eq 6 ] || { echo "unexpected: $out"; exit 1; }
rm "$tmp/docs/02-two.md"
if out=$(bash "$here/check_doc_paths.sh" "$tmp" 100); then
  echo "a dozen paths passed a floor of 100"; exit 1
fi
grep -q 'fewer than 100' <<< "$out" || { echo "unexpected: $out"; exit 1; }
echo "the doc-path check fails on missing files, empty globs, brace groups and placeholders, and below its floor"
