#!/usr/bin/env bash
# The layer check itself: it passes on the harness and the tuner, and fails on a tree with a
# back-arrow, on a folder that is in no layer, on a tuner that includes the harness's commands/, on a
# tuner folder that includes one above it, and on a tuner file in no folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/check_layers.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/text" "$tmp/src/run" "$tmp/tuner/methods" "$tmp/tuner/fitness"
echo '#include "run/match_config.h"' > "$tmp/src/text/trim.h"
if out=$(bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner"); then
  echo "a back-arrow passed the check"; exit 1
fi
grep -q 'text/trim.h:1: text includes run/match_config.h: run is not below text in layers.cmake' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/src/text/trim.h"
printf '#include "run/match_config.h"\n#include "fitness/fitness.h"\n' > "$tmp/tuner/methods/ok.cpp"
bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner" > /dev/null || { echo "the tuner may include run/ and a lower tuner folder"; exit 1; }
mkdir -p "$tmp/src/commands" && touch "$tmp/src/commands/commands.h"  # the harness's program, named as the tuner's commands/
echo '#include "commands/commands.h"' > "$tmp/tuner/methods/main.cpp"
if out=$(bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner"); then
  echo "the tuner's include of the harness's commands/ passed the check"; exit 1
fi
grep -q 'tuner/methods/main.cpp:1: tuner/methods includes commands/commands.h: commands is not below the tuner in layers.cmake' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/tuner/methods/main.cpp"
rm -r "$tmp/src/commands"
echo '#include "methods/tuning_method.h"' > "$tmp/tuner/fitness/up.h"
if out=$(bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner"); then
  echo "a tuner folder's include of one above it passed the check"; exit 1
fi
grep -q 'tuner/fitness/up.h:1: tuner/fitness includes tuner/methods/tuning_method.h: tuner/methods is not below tuner/fitness in layers.cmake' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/tuner/fitness/up.h"
echo '' > "$tmp/tuner/loose.cpp"
if out=$(bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner"); then
  echo "a tuner file in no folder passed the check"; exit 1
fi
grep -q 'loose.cpp is in no folder of the tuner' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/tuner/loose.cpp"
mkdir -p "$tmp/src/misc"
if bash "$here/check_layers.sh" "$tmp/src" "$tmp/tuner" > /dev/null; then
  echo "a folder in no layer passed the check"; exit 1
fi
echo "the layer check catches a back-arrow, an unlisted folder, a tuner that includes the harness's commands/, a tuner folder that includes one above it and a tuner file in no folder"
