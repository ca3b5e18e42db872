#!/usr/bin/env bash
# Snapshot tests of what other programs and people read: every command's --help, and for a
# seeded node-limited match the live lines, the results block and `harness show`. Compares
# with the files in tests/snapshots/expected/, or rewrites them with --update (when a change
# is intended: scripts/ci/update_snapshots.sh; review the diff before committing it).
#   snapshots.sh BIN_DIR help|match|foreign|errors [--update]
# foreign: the same kind of match through `harness fastchess` and `harness cutechess`.
# errors: what each of those front ends says to bad command lines (unknown options, missing
# values, bad keys, refused options), as fastchess keeps its messages under test.
set -euo pipefail
bin="$(cd "$1" && pwd)"  # absolute: the foreign part runs in its work folder
part="$2"
update="${3:-}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
expected="$here/expected"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$expected"

# Commands of a program, from its own list (the lines under "Subcommands:").
subcommands() { "$bin/$1" --help | awk '/^Subcommands:/{on=1; next} on && /^  [a-z]/{print $1}'; }

produce_help() {
  for program in harness tuner; do
    "$bin/$program" --help > "$work/$program--help.txt"
    for command in $(subcommands "$program"); do
      "$bin/$program" "$command" --help > "$work/$program-$command--help.txt"
      if [ "$program $command" = "harness cluster" ]; then
        for sub in match tournament resume task; do "$bin/harness" cluster "$sub" --help > "$work/harness-cluster-$sub--help.txt"; done
      fi
      if [ "$program $command" = "tuner data" ]; then
        for sub in count validate shuffle interleave convert; do "$bin/tuner" data "$sub" --help > "$work/tuner-data-$sub--help.txt"; done
      fi
    done
  done
}

# What changes from run to run (times, paths, dates) replaced by a fixed word.
normalise() {
  sed -E -e "s|$work|WORK|g" -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/DATE/g' \
    -e 's/elapsed [0-9:]+ remaining [0-9:]+/elapsed T remaining T/' \
    -e 's/^Harness: ([0-9]+) games in .*/Harness: \1 games in T/' -e 's/has CRC32: 0x[0-9a-f]+/has CRC32: CRC/'
}

produce_match() {
  (cd "$root" && "$bin/harness" match v0.1 v0.2 --games 8 --nodes 3000 --seed 1 --concurrency 1 --db "$work/m.sqlite") \
    | normalise > "$work/match-output.txt"
  "$bin/harness" show 1 --db "$work/m.sqlite" | normalise > "$work/match-show.txt"
  "$bin/harness" runs --db "$work/m.sqlite" | normalise > "$work/match-runs.txt"
}

produce_foreign() {
  local e="$bin/engine" book="$root/suites/openings.epd"
  (cd "$work" && "$bin/harness" fastchess -engine "cmd=$e" "args=--version v0.1" name=v0.1 -engine "cmd=$e" \
    "args=--version v0.2" name=v0.2 -each tc=inf nodes=3000 proto=uci -rounds 3 -games 2 -repeat -concurrency 1 \
    -openings "file=$book" format=epd order=sequential -ratinginterval 1 -sprt elo0=0 elo1=10 -pgnout file=f.pgn \
    -crc32 pgn=true -db "$work/f.sqlite" 2> /dev/null) | normalise > "$work/foreign-fastchess.txt"
  (cd "$work" && "$bin/harness" cutechess -engine "cmd=$e" arg=--version arg=v0.1 name=v0.1 -engine "cmd=$e" \
    arg=--version arg=v0.2 name=v0.2 -each tc=inf nodes=3000 proto=uci -games 2 -rounds 3 -repeat -concurrency 1 \
    -openings "file=$book" format=epd order=sequential -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -pgnout c.pgn \
    -db "$work/c.sqlite" 2> /dev/null) | normalise > "$work/foreign-cutechess.txt"
}

# Bad command lines, one a line; each is run through both front ends.
BAD_LINES=(
  "-enigne cmd=x"
  "-rounds"
  "-rounds x"
  "-rounds 1 2"
  "-concurrency -100"
  "openings"
  "-engine cmd=/bin/true nmae=a"
  "-engine cmd=/bin/true args=x"
  "-engine cmd=/bin/true arg=x"
  "-engine cmd=/bin/true plies=5"
  "-engine cmd=/bin/true depth=5"
  "-engine cmd=/bin/true book=x.bin"
  "-engine name=a -engine name=b"
  "-engine cmd=/nonexistent/engine -engine cmd=/bin/true"
  "-engine cmd=/bin/true -engine cmd=/bin/true -openings file=b.epd"
  "-engine cmd=/bin/true -engine cmd=/bin/true -each tc=inf -openings file=b.epd"
  "-engine cmd=/bin/true -each tc=40/1:00hg"
  "-engine cmd=/bin/true -each tc=1+x"
  "-engine cmd=/bin/true -engine cmd=/bin/true -each tc=1 nodes=5 -openings file=b.epd"
  "-engine cmd=/bin/true -engine cmd=/bin/true -each tc=1"
  "-engine cmd=/bin/true -each tc=1 -openings file=b.epd"
  "-openings b.epd"
  "-openings file=b.epd formt=epd"
  "-openings file=b.epd format=pgn"
  "-openings file=b.epd order=shuffled"
  "-pgnout file=x.pgn nodez=true"
  "-pgnout x.pgn fii"
  "-epdout file=x.epd appendd=true"
  "-sprt elo0=5 elo1=0"
  "-sprt elo0=0 elo1=5 alpha=2"
  "-resign movecount=x score=100"
  "-draw movenumber=10 movecount=x"
  "-tournament swiss"
  "-tbignore50"
  "-pgnin games.pgn"
  "-tbadjudicate WIN_LOSS"
  "-log file=x.log level=loud"
  "-use-affinity 3-1"
  "-output format=xboard"
  "-report penta=maybe"
  "-repeat 4"
  "-games 3 -repeat"
  "-resultformat wide"
  "-bookmode tape"
  "-seeds 2"
  "-variant crazyhouse"
  "-quick cmd=a"
  "-config file=x.json"
  "-engine cmd=/bin/true -engine cmd=/bin/true -each tc=1 -openings file=b.epd -site a\001b"
)

produce_errors() {
  local front line
  printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n' > "$work/b.epd"
  for front in fastchess cutechess; do
    for line in "${BAD_LINES[@]}"; do
      printf '$ harness %s %s\n' "$front" "$line"
      # shellcheck disable=SC2086 # the words of the line are the arguments
      if (cd "$work" && "$bin/harness" "$front" $(printf '%b' "$line") 2>&1 > /dev/null); then echo "exit 0"; else echo "exit $?"; fi
    done | normalise > "$work/errors-$front.txt"
  done
}

"produce_$part"
status=0
for file in "$work"/*.txt; do
  name=$(basename "$file")
  if [ "$update" = "--update" ]; then
    cp "$file" "$expected/$name"
  elif ! diff -u "$expected/$name" "$file"; then
    echo "snapshot $name differs (scripts/ci/update_snapshots.sh rewrites it when the change is intended)"
    status=1
  fi
done
if [ "$update" != "--update" ]; then  # a snapshot whose command is gone is a change too
  for file in "$expected"/*.txt; do
    name=$(basename "$file")
    case "$part" in help) [[ "$name" == *--help.txt ]] || continue ;; match) [[ "$name" == match-* ]] || continue ;; foreign) [[ "$name" == foreign-* ]] || continue ;; errors) [[ "$name" == errors-* ]] || continue ;; esac
    [ -f "$work/$name" ] || { echo "snapshot $name has no output any more"; status=1; }
  done
fi
[ "$status" -eq 0 ] && [ "$update" != "--update" ] && echo "snapshots ($part) match"
exit "$status"
