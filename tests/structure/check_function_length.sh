#!/usr/bin/env bash
# Fails when a function of harness/ or tuner/ is 80 lines or longer (from its first line to its
# closing brace, as Universal Ctags measures it): a long function is split into named steps.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
limit=80
long=$(cd "$root" && ctags -R --languages=C++ --kinds-C++=f --fields=+ne -o - harness/src tuner/src |
  awk -F'\t' -v limit="$limit" '{
    line = ""; end = ""
    for (i = 1; i <= NF; i++) { if ($i ~ /^line:/) line = substr($i, 6); if ($i ~ /^end:/) end = substr($i, 5) }
    if (line != "" && end != "" && end - line + 1 >= limit) print $2 ":" line ": " $1 " is " end - line + 1 " lines"
  }')
if [ -n "$long" ]; then
  echo "functions of $limit lines or more:"
  echo "$long"
  exit 1
fi
echo "every function of harness/ and tuner/ is under $limit lines"
