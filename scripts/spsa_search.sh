#!/usr/bin/env bash
# SPSA over dev's 21 search options by games (issue 27): configs/tuner/search-spsa.json,
# 15,000 iterations of a game pair (theta+ against theta-) at 6,000 nodes a move, then the
# validation of the result against the defaults, 1,000 games at 2+0.02. Results go to DB
# (default results/spsa-search.sqlite, kept out of git); run the script again to resume a
# stopped run where it stopped (a stop is safe at any time: the last stored batch is kept).
# Settings (environment): DB, STOP_AFTER (batches to run in this session; default: to the end).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/build/bin"
db="${DB:-$root/results/spsa-search.sqlite}"
[ -x "$bin/tuner" ] || { echo "spsa_search: build first (scripts/build.sh)" >&2; exit 1; }
mkdir -p "$(dirname "$db")"
args=(spsa --config "$root/configs/tuner/search-spsa.json" --db "$db")
[ -n "${STOP_AFTER:-}" ] && args+=(--stop-after "$STOP_AFTER")
if [ -f "$db" ]; then exec "$bin/tuner" "${args[@]}" --resume; fi
exec "$bin/tuner" "${args[@]}"
