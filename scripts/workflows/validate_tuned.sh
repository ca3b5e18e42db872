#!/usr/bin/env bash
# Tuned values against today's dev, in one of two independent runners:
#   WEIGHTS=w.json bash scripts/workflows/validate_tuned.sh harness     # harness match
#   OPTIONS=o.json bash scripts/workflows/validate_tuned.sh fastchess   # fastchess built from its source (FASTCHESS / FASTCHESS_SRC)
# "tuned" is dev with EvalFile=WEIGHTS (evaluation weights), or with each UCI option of OPTIONS
# ({"name": value, ...}, as `tuner --out` writes a tune of options) set; "dev" is dev with its
# own weights and defaults. With WEIGHTS, or EVAL=hce, both play dev's hand-written evaluation
# (set EVAL=hce for OPTIONS that name evaluation weights: a weight option turns dev's built-in
# network off, so without it "tuned" would play by hand and "dev" with its network). Both runners play
# GAMES games (pairs with colours reversed) at TC, from BOOK in random order by SEED, CONCURRENCY
# at once, with Hash=16 each. A stopped run resumes when the script is run again with the same
# settings (harness: --resume; fastchess: its config.json). fastchess's PGN is then imported into
# the harness database, so that both results are reported the same way.
# Settings (environment): WEIGHTS or OPTIONS (one of them), EVAL, GAMES=2000, TC=2+0.02, BOOK=../shared/data/books/8moves_v3.pgn,
# SEED=27, CONCURRENCY=2, OUT=results/validate-<name of the file>.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
runner="${1:?usage: validate_tuned.sh harness|fastchess}"
if [ -n "${WEIGHTS:-}" ] && [ -z "${OPTIONS:-}" ]; then
  tuned_file="$(realpath "$WEIGHTS")"
  tuned_options=("option.EvalFile=$tuned_file")
  EVAL=hce
elif [ -n "${OPTIONS:-}" ] && [ -z "${WEIGHTS:-}" ]; then
  tuned_file="$(realpath "$OPTIONS")"
  mapfile -t tuned_options < <(python3 -c 'import json, sys
for k, v in json.load(open(sys.argv[1])).items(): print("option.%s=%s" % (k, v))' "$tuned_file")
else
  echo "validate_tuned: set WEIGHTS=FILE (tuned weights) or OPTIONS=FILE (tuned UCI options), one of them" >&2; exit 1
fi
# The engine's arguments on both sides: dev, and its hand-written evaluation with EVAL=hce.
dev_words=(--version dev)
[ -n "${EVAL:-}" ] && dev_words+=(--eval "$EVAL")
games="${GAMES:-2000}"
tc="${TC:-2+0.02}"
book="$(realpath "${BOOK:-$root/../shared/data/books/8moves_v3.pgn}")"
seed="${SEED:-27}"
concurrency="${CONCURRENCY:-2}"
out="${OUT:-$root/results/validate-$(basename "$tuned_file" .json)}"
mkdir -p "$out"
[ -x "$bin/harness" ] && [ -x "$bin/engine" ] || { echo "validate_tuned: build first (scripts/ci/build.sh)" >&2; exit 1; }
# The engine plays from a copy, so that rebuilding the project cannot change it under a long run.
engine="$out/engine"
[ -x "$engine" ] || cp "$bin/engine" "$engine"

case "$runner" in
  harness)
    # The spec's words quoted as a shell quotes them (the harness reads specs by that rule), so an
    # option name or a path with spaces stays one word.
    tuned_words="$(printf '%q ' "${tuned_options[@]}")"
    engine_words="$(printf 'arg=%q ' "${dev_words[@]}")"
    args=(match --engine "name=tuned cmd=$engine ${engine_words}option.Hash=16 $tuned_words"
      --engine "name=dev cmd=$engine ${engine_words}option.Hash=16"
      --games "$games" --tc "$tc" --openings "$book" --order random --seed "$seed" --concurrency "$concurrency"
      --db "$out/harness.sqlite")
    if [ -f "$out/harness.sqlite" ]; then exec "$bin/harness" "${args[@]}" --resume; fi
    exec "$bin/harness" "${args[@]}"
    ;;
  fastchess)
    source "$root/scripts/lib/find_fastchess.sh"
    fastchess="$(find_fastchess "$out")"
    [ -n "$fastchess" ] || { echo "validate_tuned: no fastchess (set FASTCHESS or FASTCHESS_SRC)" >&2; exit 1; }
    cd "$out"
    # A stop (Ctrl-C, or the end of a session) can leave a pair with one game in the PGN while
    # config.json counts complete pairs only; resuming replays that pair, so its game goes first.
    drop_unpaired() {
      [ -f fastchess.pgn ] || return 0
      python3 - fastchess.pgn <<'PY'
import collections, re, sys
games = ["[Event " + g for g in open(sys.argv[1]).read().split("[Event ")[1:]]
rounds = [re.search(r'\[Round "(\d+)"\]', g).group(1) for g in games]
count = collections.Counter(rounds)
open(sys.argv[1], "w").write("".join(g for g, r in zip(games, rounds) if count[r] == 2))
PY
    }
    if [ -f config.json ]; then
      drop_unpaired
      "$fastchess" -config file=config.json
    else
      "$fastchess" -engine "cmd=$engine" "args=${dev_words[*]}" name=tuned "${tuned_options[@]}" \
        -engine "cmd=$engine" "args=${dev_words[*]}" name=dev \
        -each proto=uci "tc=$tc" option.Hash=16 -rounds "$((games / 2))" -games 2 -repeat \
        -concurrency "$concurrency" -openings "file=$book" format=pgn order=random -srand "$seed" \
        -pgnout file=fastchess.pgn -autosaveinterval 10
    fi
    rm -f fastchess.sqlite
    "$bin/harness" import fastchess.pgn --first tuned --db fastchess.sqlite
    "$bin/harness" show 1 --db fastchess.sqlite
    ;;
  *) echo "validate_tuned: the runner is harness or fastchess, not '$runner'" >&2; exit 1 ;;
esac
