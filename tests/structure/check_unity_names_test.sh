#!/usr/bin/env bash
# The unity-name check itself, on build directories of its own: it fails without a CMakeCache.txt,
# on a build that is not a unity build, on a unity build without batches, and on a batch whose two
# sources define one file-local name; it passes a batch whose names differ.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
check() { python3 "$here/check_unity_names.py" "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# expect_failure DIR TEXT: the check fails on DIR and says TEXT.
expect_failure() {
  local out
  if out=$(check "$1"); then echo "the check passed $1: $out"; exit 1; fi
  grep -qF "$2" <<< "$out" || { echo "unexpected: $out"; exit 1; }
}
expect_failure "$tmp" "not a unity build (no CMakeCache.txt)"
echo 'CMAKE_UNITY_BUILD:BOOL=OFF' > "$tmp/CMakeCache.txt"
expect_failure "$tmp" "not a unity build (CMAKE_UNITY_BUILD=OFF)"
echo 'CMAKE_BUILD_TYPE:STRING=Release' > "$tmp/CMakeCache.txt"
expect_failure "$tmp" "not a unity build (no CMAKE_UNITY_BUILD)"
echo 'CMAKE_UNITY_BUILD:BOOL=ON' > "$tmp/CMakeCache.txt"
expect_failure "$tmp" "no Unity/unity_*_cxx.cxx batch"
mkdir -p "$tmp/src" "$tmp/target/CMakeFiles/target.dir/Unity"
printf 'namespace {\nint unity_self_test_step() { return 1; }\n}\n' > "$tmp/src/a.cpp"
printf 'namespace {\nint unity_self_test_other() { return 2; }\n}\n' > "$tmp/src/b.cpp"
printf '#include "%s"\n#include "%s"\n' "$tmp/src/a.cpp" "$tmp/src/b.cpp" > "$tmp/target/CMakeFiles/target.dir/Unity/unity_0_cxx.cxx"
check "$tmp" > /dev/null || { echo "a batch of different names failed the check"; exit 1; }
printf 'static int unity_self_test_step() { return 3; }\n' > "$tmp/src/b.cpp"
expect_failure "$tmp" "'unity_self_test_step' is file-local in"
echo "the unity-name check fails without a unity build or batches and on a shared file-local name"
