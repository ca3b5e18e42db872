#!/usr/bin/env bash
# Fails when a folder of harness/src includes a folder above it in the declared order (lowest
# first): each folder may include only the ones before it, the rules library (core/, json/,
# eval/, search/) and itself. The tuner's sources (tuner/src) sit beside cli/, the harness's
# commands: they may include every harness folder below them, never cli/. The README's layer
# table says the same order.
#   check_layers.sh [HARNESS_SRC [TUNER_SRC]]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="${1:-$root/harness/src}"
tuner_src="${2:-$root/tuner/src}"
layers=(text settings process time_control engines builds record pgn players openings adjudication stats game storage run suites report datagen cluster bisect frontends command_line cli)
declare -A rank
for i in "${!layers[@]}"; do rank[${layers[$i]}]=$i; done
rank[tuner]=${rank[cli]}  # a program of its own, beside the harness's
status=0

# Checks the includes of the files in $1 and below it, a folder of layer $2.
check_folder() {
  local dir="$1" folder="$2" file line include target
  while IFS=: read -r file line include; do
    target=$(sed -E 's|.*#include "([a-z_0-9]+)/.*|\1|' <<< "$include")
    [ -z "${rank[$target]+x}" ] && continue  # the rules library, or another project's folder
    if [ "${rank[$target]}" -gt "${rank[$folder]}" ] || { [ "${rank[$target]}" -eq "${rank[$folder]}" ] && [ "$target" != "$folder" ]; }; then
      echo "${file#"$root"/}:$line: $folder includes $target, which is not below it"
      status=1
    fi
  done < <(find "$dir" -type f \( -name '*.h' -o -name '*.cpp' \) -exec grep -nHE '^#include "[a-z_0-9]+/' {} + || true)
}

for dir in "$src"/*/; do
  folder=$(basename "$dir")
  if [ -z "${rank[$folder]+x}" ] || [ "$folder" = tuner ]; then
    echo "harness/src/$folder is in no layer: add it to tests/structure/check_layers.sh and the README"
    status=1
    continue
  fi
  check_folder "$dir" "$folder"
done
[ -d "$tuner_src" ] && check_folder "$tuner_src" tuner
[ "$status" -eq 0 ] && echo "layers: ${layers[*]}, with tuner/src beside cli (no folder includes one above it)"
exit "$status"
