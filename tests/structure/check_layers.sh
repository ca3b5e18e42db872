#!/usr/bin/env bash
# Fails when a folder of harness/src includes a folder above it in the order layers.cmake
# declares (its tiers' folders, lowest first, then the program, commands/): each folder may
# include only the ones before it, the libraries of lib/ and engine/, and itself. The
# tuner (tuner/src) is a program beside the harness's commands/: its folders may include every
# harness folder below it, never it, and have an order of their own (TUNER_LAYERS): each may include only
# the tuner's folders before it and itself. Every file of the tuner is in one of them. The
# layer tables of docs/01-architecture.md must list the same folders in the same order.
#   check_layers.sh [HARNESS_SRC [TUNER_SRC]]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="${1:-$root/harness/src}"
tuner_src="${2:-$root/tuner/src}"
declaration="$root/layers.cmake"
# The words of `set(NAME words...)` in layers.cmake.
declared() { sed -nE "s/^set\($1 ([^)]*)\)/\1/p" "$declaration"; }
layers=()
for tier in $(declared HARNESS_TIERS); do read -r -a folders <<< "$(declared "HARNESS_TIER_$tier")"; layers+=("${folders[@]}"); done
program="$(declared HARNESS_PROGRAM)"
layers+=("$program")
read -r -a tuner_layers <<< "$(declared TUNER_LAYERS)"
[ "${#layers[@]}" -gt 5 ] && [ "${#tuner_layers[@]}" -gt 3 ] || { echo "layers.cmake: no layers read (HARNESS_TIERS, TUNER_LAYERS)"; exit 1; }
declare -A rank
for i in "${!layers[@]}"; do rank[${layers[$i]}]=$i; done
declare -A tuner_rank
for i in "${!tuner_layers[@]}"; do tuner_rank[${tuner_layers[$i]}]=$i; done
status=0

# Checks the includes of the files in $1 and below it, a folder of the tuner's layer $2: below
# the harness's commands/, at or below its own layer in the tuner.
check_tuner_folder() {
  local dir="$1" folder="$2" file line include target
  while IFS=: read -r file line include; do
    target=$(sed -E 's|.*#include "([a-z_0-9]+)/.*|\1|' <<< "$include")
    header=$(sed -E 's|.*#include "([^"]+)".*|\1|' <<< "$include")
    # storage/ and commands/ are folders of both programs: where the header is says whose.
    if [ -n "${tuner_rank[$target]+x}" ] && { [ -z "${rank[$target]+x}" ] || [ -e "$tuner_src/$header" ] || [ ! -e "$src/$header" ]; }; then
      if [ "${tuner_rank[$target]}" -gt "${tuner_rank[$folder]}" ]; then
        echo "${file#"$root"/}:$line: tuner/$folder includes tuner/$header: tuner/$target is not below tuner/$folder in layers.cmake"
        status=1
      fi
    elif [ -n "${rank[$target]+x}" ] && [ "${rank[$target]}" -ge "${rank[$program]}" ]; then
      echo "${file#"$root"/}:$line: tuner/$folder includes $header: $target is not below the tuner in layers.cmake"
      status=1
    fi
  done < <(find "$dir" -type f \( -name '*.h' -o -name '*.cpp' \) -exec grep -nHE '^#include "[a-z_0-9]+/' {} + || true)
}

# Checks the includes of the files in $1 and below it, a folder of layer $2.
check_folder() {
  local dir="$1" folder="$2" file line include target
  while IFS=: read -r file line include; do
    target=$(sed -E 's|.*#include "([a-z_0-9]+)/.*|\1|' <<< "$include")
    header=$(sed -E 's|.*#include "([^"]+)".*|\1|' <<< "$include")
    [ -z "${rank[$target]+x}" ] && continue  # the rules library, or another project's folder
    if [ "${rank[$target]}" -gt "${rank[$folder]}" ] || { [ "${rank[$target]}" -eq "${rank[$folder]}" ] && [ "$target" != "$folder" ]; }; then
      echo "${file#"$root"/}:$line: $folder includes $header: $target is not below $folder in layers.cmake"
      status=1
    fi
  done < <(find "$dir" -type f \( -name '*.h' -o -name '*.cpp' \) -exec grep -nHE '^#include "[a-z_0-9]+/' {} + || true)
}

for dir in "$src"/*/; do
  folder=$(basename "$dir")
  if [ -z "${rank[$folder]+x}" ]; then
    echo "harness/src/$folder is in no layer: add it to layers.cmake and docs/01-architecture.md"
    status=1
    continue
  fi
  check_folder "$dir" "$folder"
done
if [ -d "$tuner_src" ]; then
  while IFS= read -r loose; do
    echo "${loose#"$root"/} is in no folder of the tuner: put it in one of ${tuner_layers[*]}"
    status=1
  done < <(find "$tuner_src" -maxdepth 1 -type f \( -name '*.h' -o -name '*.cpp' \))
  for dir in "$tuner_src"/*/; do
    [ -d "$dir" ] || continue
    folder=$(basename "$dir")
    if [ -z "${tuner_rank[$folder]+x}" ]; then
      echo "tuner/src/$folder is in no layer: add it to layers.cmake and docs/01-architecture.md"
      status=1
      continue
    fi
    check_tuner_folder "$dir" "$folder"
  done
fi
# The folder column of the table of docs/01-architecture.md that has a column headed $1.
table_folders() {
  awk -v head="$1" -F'|' '
    !on { for (i = 2; i < NF; i++) { h = $i; gsub(/^ +| +$/, "", h); if (h ~ head) { on = 1; col = i } } next }
    /^\|---/ { next }
    /^\|/ { f = $col; gsub(/[ `\/]/, "", f); print f; next }
    { exit }' "$root/docs/01-architecture.md" | tr '\n' ' ' | sed 's/ $//'
}
if [ -z "${1:-}" ]; then  # the project's own tree: its docs too
  if [ "$(table_folders '^folder$')" != "${layers[*]}" ]; then
    echo "docs/01-architecture.md: the harness's table lists $(table_folders '^folder$'); layers.cmake declares ${layers[*]}"
    status=1
  fi
  if [ "$(table_folders 'folder of .tuner/src.')" != "${tuner_layers[*]}" ]; then
    echo "docs/01-architecture.md: the tuner's table lists $(table_folders 'folder of .tuner/src.'); layers.cmake declares ${tuner_layers[*]}"
    status=1
  fi
fi
[ "$status" -eq 0 ] && echo "layers: ${layers[*]}; the tuner beside the harness's commands: ${tuner_layers[*]} (no folder includes one above it)"
exit "$status"
