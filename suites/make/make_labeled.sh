#!/usr/bin/env bash
# Remakes suites/labeled.epd, the tuner's labeled positions. Texel tuning needs many games more
# than long ones (the positions of one game share one label), so: OPENINGS balanced openings
# from suites/make/make_openings (seeded), each played twice with colours reversed by dev
# against itself at NODES nodes per move (the second player's tempo_mg is 8 instead of 12:
# two identical node-limited players would play every pair's second game as a copy of its
# first); then the quiet positions (from the ninth ply on, not in check, quiescence equal to
# the static evaluation) labeled with each game's result, every EVERY-th of them kept
# (neighbouring positions of one game are nearly the same position). BIN: the binaries to use.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${BIN:-$root/build/bin}"
out="${1:-$root/suites/labeled.epd}"
openings="${OPENINGS:-3000}"
nodes="${NODES:-5000}"
every="${EVERY:-4}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin/make_openings" "$openings" 777 > "$work/openings.epd"
"$bin/harness" match sp1 sp2 --engine "name=sp1 cmd=$bin/engine arg=--version arg=dev option.Hash=16" \
  --engine "name=sp2 cmd=$bin/engine arg=--version arg=dev option.Hash=16 option.tempo_mg=8" \
  --games $((2 * openings)) --nodes "$nodes" --openings "$work/openings.epd" --db "$work/selfplay.sqlite" > /dev/null
"$bin/tuner" extract-positions --run 1 --db "$work/selfplay.sqlite" --out "$work/all.epd"
awk -v every="$every" 'NR % every == 0' "$work/all.epd" > "$out"
echo "$(wc -l < "$out") labeled positions in $out (from $(wc -l < "$work/all.epd") quiet positions of $((2 * openings)) games)"
