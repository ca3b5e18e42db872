#!/usr/bin/env bash
# Syzygy adjudication on real tables , for a machine with Ronald de Man's
# generator at hand (not CI: fetch github.com/syzygy1/tb):
#   bash scripts/interop/syzygy_evidence.sh TB_CHECKOUT [GAMES]
# 1. builds the generator (rtbgen, rtbgenp, tbcheck) from TB_CHECKOUT/src, with LZ4 for its
#    temporary files (no libzstd-dev needed);
# 2. generates every 3- and 4-piece table, each after the tables its captures and promotions
#    lead to, and checks each file's checksum against the list the repository publishes
#    (checksums/wdl345.txt, dtz345.txt, by `tbcheck --print`);
# 3. plays matches from random 3- to 6-piece positions (scripts/lib/endgame_positions.py) that end
#    by tablebase adjudication, through both doors: `harness match --tb`, and `harness fastchess`
#    with OpenBench's -tb DIR -tbpieces N (3 here: the 4-piece tables must go unused);
# 4. checks every adjudicated result against Stockfish probing the same tables
#    (scripts/lib/syzygy_check.py: SyzygyPath, the game's moves from its opening).
# Settings (environment): STOCKFISH (default /usr/games/stockfish), SEED=1, TABLES (a folder to
# keep the tables in; default a temporary one), KEEP=1 keeps the temporary folder.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 TB_CHECKOUT [GAMES]" >&2; exit 2; }
tb="$(realpath "$1")"
games="${2:-200}"
stockfish="${STOCKFISH:-/usr/games/stockfish}"
seed="${SEED:-1}"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
tables="${TABLES:-$work/tables}"
mkdir -p "$tables"
harness="$root/build/bin/harness"
[ -x "$harness" ] || { echo "syzygy_evidence: build first (build/bin/harness)" >&2; exit 1; }
[ -x "$stockfish" ] || { echo "syzygy_evidence: no Stockfish at $stockfish (set STOCKFISH)" >&2; exit 1; }

# 1. The generator. Its two sub-makes share object files, so one target at a time.
cp -r "$tb/src" "$work/gen"
attacks=-DMAGIC
grep -qw bmi2 /proc/cpuinfo && attacks=-DBMI2
for target in rtbgen rtbgenp tbcheck; do
  make -C "$work/gen" "$target" FLAGS="-DREGULAR $attacks -DUSE_POPCNT -DTBPIECES=7 -DCOMPRESSION_THREADS=2" LDFLAGS= \
    >> "$work/generator-build.log" 2>&1 || { echo "the generator did not build (see $work/generator-build.log)" >&2; KEEP=1; exit 1; }
done
echo "generator: built from $tb ($(git -C "$tb" rev-parse --short HEAD 2> /dev/null || echo "a snapshot"))"

# 2. The tables, each once the ones it leads to exist: passes until a pass makes none.
mapfile -t wanted < <(sed 's/\.rtbw:.*//' "$tb/checksums/wdl345.txt" | awk '{ if (length($0) - 1 <= 4) print }')
start=$(date +%s)
made=1
while [ "$made" -gt 0 ]; do
  made=0
  for t in "${wanted[@]}"; do
    [ -f "$tables/$t.rtbz" ] && continue
    gen=rtbgen
    [[ $t == *P* ]] && gen=rtbgenp
    if (cd "$tables" && "$work/gen/$gen" -t "$(nproc)" "$t" > /dev/null 2>&1) && [ -f "$tables/$t.rtbz" ]; then made=$((made + 1)); fi
  done
done
(cd "$tables" && "$work/gen/tbcheck" --print ./*.rtbw ./*.rtbz) | sed 's|^\./||' | sort > "$work/made.txt"
cat "$tb/checksums/wdl345.txt" "$tb/checksums/dtz345.txt" | grep -E "^K[A-Z]*v[A-Z]*\.rtb[wz]:" |
  awk -F: '{ if (length($1) - 6 <= 4) print }' | sort > "$work/published.txt"
echo "tables: ${#wanted[@]} (3 and 4 pieces), $(wc -l < "$work/made.txt") files made in $(($(date +%s) - start)) s;" \
  "$(comm -12 "$work/made.txt" "$work/published.txt" | wc -l) of $(wc -l < "$work/published.txt") published checksums match"
if ! cmp -s "$work/made.txt" "$work/published.txt"; then
  echo "tables: these differ from the published checksums:" >&2
  diff "$work/made.txt" "$work/published.txt" >&2 || true
  exit 1
fi

# 3. Matches that end by adjudication, from random endgames.
python3 "$root/scripts/lib/endgame_positions.py" $((games / 2)) "$seed" > "$work/endgames.epd"
echo "openings: $(wc -l < "$work/endgames.epd") positions of 3 to 6 pieces (seed $seed), each played with both colours"
cd "$work"
"$harness" match v0.2 dev --games "$games" --concurrency 2 --tc 2+0.02 --openings endgames.epd --tb "$tables" \
  --db match.sqlite > match.log 2>&1
"$harness" fastchess -engine cmd="$root/build/bin/engine" name=dev -engine cmd="$root/build/bin/engine" args="--version v0.2" \
  name=v0.2 -each tc=2+0.02 proto=uci -rounds $((games / 2)) -games 2 -repeat -concurrency 2 \
  -openings file=endgames.epd format=epd order=sequential -tb "$tables" -tbpieces 3 -db fastchess.sqlite > fastchess.log 2>&1
for door in match fastchess; do
  stray=$(grep -Ec "munmap|info string" "$door.log" || true)
  echo "harness $door: $(grep -c 'by the tablebase (Syzygy)\|SyzygyTB' "$door.log" || true) games adjudicated by the tables" \
    "of $(sqlite3 "$door.sqlite" 'SELECT count(*) FROM games'); stray library lines in its output: $stray"
done

# 4. Every adjudicated result, asked of Stockfish.
status=0
for door in match fastchess; do
  echo "Stockfish on harness $door's adjudications:"
  limit=4
  [ "$door" = fastchess ] && limit=3
  python3 "$root/scripts/lib/syzygy_check.py" "$door.sqlite" "$stockfish" "$tables" "$limit" || status=1
done
exit $status
