#!/usr/bin/env bash
# The function-length check itself: on a tree of its own it passes a function of 79 lines and
# fails one of 80, fails when ctags finds fewer functions than the floor, and fails when a folder
# it reads is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lib/core" "$tmp/engine" "$tmp/harness/src/run" "$tmp/tuner/src/methods"
echo 'int harness_one() { return 1; }' > "$tmp/harness/src/run/one.cpp"
echo 'int tuner_two() { return 2; }' > "$tmp/tuner/src/methods/two.cpp"
# A function of $1 lines, first line to closing brace.
function_of() {
  echo "int long_one(int x) {"
  for ((i = 0; i < $1 - 3; ++i)); do echo "  x += $i;"; done
  echo "  return x;"
  echo "}"
}
function_of 79 > "$tmp/lib/core/long.cpp"
[ "$(wc -l < "$tmp/lib/core/long.cpp")" -eq 79 ] || { echo "the test's function is not 79 lines"; exit 1; }
bash "$here/check_function_length.sh" "$tmp" 3 > /dev/null || { echo "a function of 79 lines failed the check"; exit 1; }
function_of 80 > "$tmp/lib/core/long.cpp"
if out=$(bash "$here/check_function_length.sh" "$tmp" 3); then
  echo "a function of 80 lines in engine/ passed the check"; exit 1
fi
grep -q 'lib/core/long.cpp:1: long_one is 80 lines' <<< "$out" || { echo "unexpected: $out"; exit 1; }
function_of 79 > "$tmp/lib/core/long.cpp"
if out=$(bash "$here/check_function_length.sh" "$tmp" 4); then
  echo "3 functions passed a floor of 4"; exit 1
fi
grep -q 'ctags reported 3 functions' <<< "$out" || { echo "unexpected: $out"; exit 1; }
if bash "$here/check_function_length.sh" "$tmp" > /dev/null; then
  echo "3 functions passed the default floor"; exit 1
fi
rm -r "$tmp/tuner"
if out=$(bash "$here/check_function_length.sh" "$tmp" 1); then
  echo "a missing folder passed the check"; exit 1
fi
grep -q 'tuner/src: no such folder' <<< "$out" || { echo "unexpected: $out"; exit 1; }
echo "the function-length check fails a function of 80 lines, passes one of 79, and fails below its floor or on a missing folder"
