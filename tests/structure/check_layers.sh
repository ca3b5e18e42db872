#!/usr/bin/env bash
# Fails when a folder of harness/src includes a folder above it in the declared order (lowest
# first): each folder may include only the ones before it, the rules library (core/, json/,
# eval/, search/) and itself. The README's layer table says the same order.
set -euo pipefail
src="${1:-$(cd "$(dirname "$0")/../.." && pwd)/harness/src}"
layers=(text settings process time_control engines builds record pgn players openings adjudication stats game storage run suites report datagen cluster bisect frontends cli)
declare -A rank
for i in "${!layers[@]}"; do rank[${layers[$i]}]=$i; done
status=0
for dir in "$src"/*/; do
  folder=$(basename "$dir")
  if [ -z "${rank[$folder]+x}" ]; then
    echo "harness/src/$folder is in no layer: add it to tests/structure/check_layers.sh and the README"
    status=1
    continue
  fi
  while IFS=: read -r file line include; do
    target=$(sed -E 's|.*#include "([a-z_0-9]+)/.*|\1|' <<< "$include")
    [ -z "${rank[$target]+x}" ] && continue  # the rules library, or another project's folder
    if [ "${rank[$target]}" -gt "${rank[$folder]}" ]; then
      echo "${file#"$src"/}:$line: $folder includes $target, which is above it"
      status=1
    fi
  done < <(grep -rnE '^#include "[a-z_0-9]+/' "$dir" --include='*.h' --include='*.cpp' || true)
done
[ "$status" -eq 0 ] && echo "harness layers: ${layers[*]} (no folder includes one above it)"
exit "$status"
