#!/usr/bin/env bash
# Self-play games for tuning at scale (issue 27): dev against dev at NODES nodes per move on
# OPENINGS balanced openings from suites/make/make_openings (seed SEED; not the seed of
# suites/openings.epd or suites/labeled.epd, so validation books stay unseen), each opening
# played twice with colours reversed. The second player's tempo_mg is 8 instead of 12, as in
# suites/make/make_labeled.sh: two identical node-limited players would repeat each pair's first
# game. Games go to DB (default results/selfplay.sqlite, kept out of git) with every move's
# search score; run the script again to resume a stopped run where it stopped.
# Settings (environment): OPENINGS=15000, NODES=5000, SEED=2027, CONCURRENCY=2, DB.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/build/bin"
openings="${OPENINGS:-15000}"
nodes="${NODES:-5000}"
seed="${SEED:-2027}"
concurrency="${CONCURRENCY:-2}"
db="${DB:-$root/results/selfplay.sqlite}"
book="$root/results/selfplay-openings-$seed-$openings.epd"
[ -x "$bin/harness" ] && [ -x "$bin/make_openings" ] || { echo "selfplay_data: build first" >&2; exit 1; }
mkdir -p "$(dirname "$db")"
if [ ! -s "$book" ]; then
  "$bin/make_openings" "$openings" "$seed" > "$book.tmp"
  mv "$book.tmp" "$book"
fi
args=(match sp1 sp2 --engine "name=sp1 cmd=$bin/engine arg=--version arg=dev option.Hash=16"
  --engine "name=sp2 cmd=$bin/engine arg=--version arg=dev option.Hash=16 option.tempo_mg=8"
  --games $((2 * openings)) --nodes "$nodes" --openings "$book" --concurrency "$concurrency" --db "$db")
# A database that exists holds this run: go on with it (--resume finds it by its settings).
if [ -f "$db" ]; then exec "$bin/harness" "${args[@]}" --resume; fi
exec "$bin/harness" "${args[@]}"
