#!/usr/bin/env bash
# Networks from elsewhere (bullet's simple layout, as engines commit them) against the engine:
# for each FILE, `engine --net FILE eval FEN` on the first POSITIONS positions of
# suites/openings.epd (default 50) and on the start position, compared with a forward pass
# written from the layout alone (scripts/lib/nnue_reference_eval.py). Prints each file's N and
# its mismatches; exits non-zero on any.
#   bash scripts/interop/check_network_files.sh FILE...
# ENGINE=PATH checks another build's engine (default build/bin/engine).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
engine="${ENGINE:-$root/build/bin/engine}"
[ -x "$engine" ] || { echo "check_network_files: build first (scripts/ci/build.sh)" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: check_network_files.sh FILE..." >&2; exit 2; }
fens="$(mktemp)"
trap 'rm -f "$fens"' EXIT
{ echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  head -n "${POSITIONS:-50}" "$root/suites/openings.epd" | awk '{print $1, $2, $3, $4, "0 1"}'; } > "$fens"
status=0
for net in "$@"; do
  expected=$(/usr/bin/python3 "$root/scripts/lib/nnue_reference_eval.py" "$net" < "$fens")
  name=$("$engine" --net "$net" eval | sed -n 's/^Evaluation by //p')
  mismatches=0 line=0
  while IFS= read -r fen; do
    line=$((line + 1))
    got=$("$engine" --net "$net" eval $fen | awk 'END {print $NF}')
    want=$(sed -n "${line}p" <<< "$expected")
    [ "$got" = "$want" ] || { mismatches=$((mismatches + 1)); echo "  $fen: engine $got, reference $want"; }
  done < "$fens"
  echo "$net: $name: $line positions, $mismatches mismatches (start position $(head -1 <<< "$expected"))"
  [ "$mismatches" -eq 0 ] || status=1
done
exit $status
