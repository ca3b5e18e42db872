#!/usr/bin/env bash
# SPSA over dev's 21 search options by games, in two resumable stages:
#  1. `tuner spsa` with configs/tuner/search-spsa.json: 10,000 iterations of a game pair (theta+
#     against theta-) at 6,000 nodes a move, into DB (default results/spsa-search.sqlite, kept
#     out of git); the tuned values go to VALUES (default results/spsa-search.json);
#  2. once the tune has finished, the validation of those values against dev's defaults:
#     scripts/workflows/validate_tuned.sh harness, 1,000 games at 2+0.02 from 8moves_v3.pgn, a book the tune
#     did not play (its games start from suites/openings.epd), into results/validate-spsa-search/.
# Run the script again to resume either stage where it stopped; a stop (Ctrl-C) is safe at any
# time: the tune keeps its last stored batch of iterations, the match its finished games.
# Settings (environment): DB, VALUES, STOP_AFTER (iterations to run in this session;
# default: to the end), GAMES (validation games, default 1000).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
db="${DB:-$root/results/spsa-search.sqlite}"
values="${VALUES:-$root/results/spsa-search.json}"
[ -x "$bin/tuner" ] || { echo "spsa_search: build first (scripts/ci/build.sh)" >&2; exit 1; }
mkdir -p "$(dirname "$db")" "$(dirname "$values")"

# The whole report is read before it is matched: `tuner show | grep -q` under pipefail fails
# when grep stops reading early and the tuner dies of the closed pipe.
finished() { [ -f "$db" ] && [[ "$("$bin/tuner" show 1 --db "$db")" == "Tuner run 1 (finished"* ]]; }
if ! finished; then
  args=(spsa --config "$root/configs/tuner/search-spsa.json" --db "$db" --out "$values" --no-validation)
  [ -n "${STOP_AFTER:-}" ] && args+=(--stop-after "$STOP_AFTER")
  [ -f "$db" ] && args+=(--resume)
  "$bin/tuner" "${args[@]}"
  if ! finished; then
    echo "spsa_search: the tune has stopped before its last iteration; run the script again to go on"
    exit 0
  fi
fi
OPTIONS="$values" GAMES="${GAMES:-1000}" OUT="$root/results/validate-spsa-search" exec bash "$root/scripts/workflows/validate_tuned.sh" harness
