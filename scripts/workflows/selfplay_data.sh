#!/usr/bin/env bash
# Self-play training data for tuning at scale: harness datagen of dev against itself
# at NODES nodes per move, each game on its own opening of PLIES random plies from the start
# drawn by SEED (not the seed of suites/openings.epd or suites/labeled.epd, so validation books
# stay unseen). Moves and scores are stored packed in DB (default results/datagen-dev.sqlite,
# kept out of git); run the script again to resume a stopped run where it stopped, and export
# with `build/bin/harness positions 1 --db DB -o FILE`.
# Settings (environment): GAMES=30000, NODES=5000, PLIES=8, SEED=2027, CONCURRENCY=2, DB,
# RESIGN (resign adjudication, e.g. "movecount=3 score=1000"; default none), MAXMOVES,
# EVAL=hce (dev's hand-written evaluation; default dev's own, its built-in network).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
db="${DB:-$root/results/datagen-dev.sqlite}"
[ -x "$bin/harness" ] && [ -x "$bin/engine" ] || { echo "selfplay_data: build first (scripts/ci/build.sh)" >&2; exit 1; }
mkdir -p "$(dirname "$db")"
# The engine plays from a copy named by its bench signature, so rebuilding the project while the
# run goes on (or between sessions) cannot change the engine under it; a resume needs the same copy.
eval_args=()
[ -n "${EVAL:-}" ] && eval_args=(--eval "$EVAL")
signature="$("$bin/engine" --version dev "${eval_args[@]}" bench 2>/dev/null | awk '/^Nodes searched/ {print $3}')"
engine="$(dirname "$db")/engines/dev-$signature"
[ -x "$engine" ] || { mkdir -p "$(dirname "$engine")" && cp "$bin/engine" "$engine"; }
spec="name=dev cmd=$engine arg=--version arg=dev option.Hash=16"
[ -n "${EVAL:-}" ] && spec+=" arg=--eval arg=$EVAL"
args=(datagen --engine "$spec"
  --games "${GAMES:-30000}" --nodes "${NODES:-5000}" --random-plies "${PLIES:-8}" --seed "${SEED:-2027}"
  --concurrency "${CONCURRENCY:-2}" --db "$db")
[ -n "${RESIGN:-}" ] && args+=(--resign "$RESIGN")
[ -n "${MAXMOVES:-}" ] && args+=(--maxmoves "$MAXMOVES")
# A database that exists holds this run: go on with its last datagen run as it was stored (its
# engine, openings and settings), whichever version of the harness began it.
if [ -f "$db" ]; then
  run="$(python3 -c "import sqlite3, sys; r = sqlite3.connect(sys.argv[1]).execute(\"select max(id) from runs where kind = 'datagen'\").fetchone(); print(r[0] or '')" "$db")"
  [ -n "$run" ] && exec "$bin/harness" resume "$run" --db "$db" --concurrency "${CONCURRENCY:-2}"
fi
exec "$bin/harness" "${args[@]}"
