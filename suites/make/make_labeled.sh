#!/usr/bin/env bash
# Remakes suites/labeled.epd, the tuner's labeled positions: plays GAMES games of dev against
# itself at 1+0.01 s from suites/openings.epd in random order, extracts the quiet positions
# (from the ninth ply on, not in check, quiescence equal to the static evaluation) labeled with
# each game's result, and keeps every EVERY-th of them (neighbouring positions of one game are
# nearly the same position).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
out="${1:-$root/suites/labeled.epd}"
games="${GAMES:-1200}"
every="${EVERY:-5}"
db="$(mktemp -d)/selfplay.sqlite"

"$bin/harness" match dev dev2 --engine "name=dev2 cmd=$bin/engine arg=--version arg=dev option.Hash=16" \
  --games "$games" --tc 1+0.01 --order random --seed 7 --db "$db" > /dev/null
all="$(mktemp)"
trap 'rm -f "$all"' EXIT
"$bin/tuner" extract-positions --run 1 --db "$db" --out "$all"
awk -v every="$every" 'NR % every == 0' "$all" > "$out"
echo "$(wc -l < "$out") labeled positions in $out (from $(wc -l < "$all") quiet positions of $games games)"
