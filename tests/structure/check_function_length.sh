#!/usr/bin/env bash
# Fails when a function of lib/, engine/, harness/src or tuner/src is 80 lines or longer (from its
# first line to its closing brace, as Universal Ctags measures it): a long function is split
# into named steps. It also fails when ctags reports fewer than MIN_FUNCTIONS functions in all
# (1000 for the project's tree), so a ctags call that reads nothing cannot pass.
#   check_function_length.sh [ROOT [MIN_FUNCTIONS]]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
floor="${2:-1000}"
limit=80
folders=(lib engine harness/src tuner/src)
for folder in "${folders[@]}"; do
  [ -d "$root/$folder" ] || { echo "$root/$folder: no such folder"; exit 1; }
done
tags=$(cd "$root" && ctags -R --languages=C++ --kinds-C++=f --fields=+ne -o - "${folders[@]}")
count=$(grep -c . <<< "$tags" || true)
if [ "$count" -lt "$floor" ]; then
  echo "ctags reported $count functions in ${folders[*]}, fewer than $floor: is ctags (Universal Ctags) reading them?"
  exit 1
fi
long=$(awk -F'\t' -v limit="$limit" '{
    line = ""; end = ""
    for (i = 1; i <= NF; i++) { if ($i ~ /^line:/) line = substr($i, 6); if ($i ~ /^end:/) end = substr($i, 5) }
    if (line != "" && end != "" && end - line + 1 >= limit) print $2 ":" line ": " $1 " is " end - line + 1 " lines"
  }' <<< "$tags")
if [ -n "$long" ]; then
  echo "functions of $limit lines or more:"
  echo "$long"
  exit 1
fi
echo "every one of the $count functions of ${folders[*]} is under $limit lines"
