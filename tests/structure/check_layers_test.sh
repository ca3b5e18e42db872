#!/usr/bin/env bash
# The layer check itself: it passes on the harness and fails on a tree with a back-arrow or a
# folder that is in no layer.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/check_layers.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/text" "$tmp/src/run"
echo '#include "run/match_config.h"' > "$tmp/src/text/trim.h"
if out=$(bash "$here/check_layers.sh" "$tmp/src"); then
  echo "a back-arrow passed the check"; exit 1
fi
grep -q 'text/trim.h:1: text includes run, which is above it' <<< "$out" || { echo "unexpected: $out"; exit 1; }
rm "$tmp/src/text/trim.h"
mkdir -p "$tmp/src/misc"
if bash "$here/check_layers.sh" "$tmp/src" > /dev/null; then
  echo "a folder in no layer passed the check"; exit 1
fi
echo "the layer check catches a back-arrow and an unlisted folder"
