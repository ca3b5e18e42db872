#!/usr/bin/env bash
# The layer check itself: it passes on the harness and the tuner, and fails on a tree with a
# back-arrow, on a folder that is in no layer, and on a tuner that includes the harness's cli/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/check_layers.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/text" "$tmp/src/run" "$tmp/tuner"
echo '#include "run/match_config.h"' > "$tmp/src/text/trim.h"
if out=$(bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner"); then
  echo "a back-arrow passed the check"; exit 1
fi
grep -q 'text/trim.h:1: text includes run, which is not below it' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/src/text/trim.h"
echo '#include "run/match_config.h"' > "$tmp/tuner/ok.cpp"
bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner" > /dev/null || { echo "the tuner may include run/"; exit 1; }
echo '#include "cli/commands.h"' > "$tmp/tuner/main.cpp"
if out=$(bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner"); then
  echo "the tuner's include of cli/ passed the check"; exit 1
fi
grep -q 'tuner/main.cpp:1: tuner includes cli, which is not below it' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/tuner/main.cpp"
mkdir -p "$tmp/src/misc"
if bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner" > /dev/null; then
  echo "a folder in no layer passed the check"; exit 1
fi
echo "the layer check catches a back-arrow, an unlisted folder and a tuner that includes cli/"
