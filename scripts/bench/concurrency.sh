#!/usr/bin/env bash
# The match runner at a testing framework's scale, against fastchess in the same run.
#
# The same matches are played by `harness match` and by fastchess, one after the other, at
# 16, 64, 128 and 256 games at once, with test-only mock engines:
#  - "sleeper" (build/bin/mock_engine, C++): each engine sleeps remaining/25 + 0.8 x increment
#    per move (wall time, no CPU), as an engine using its clock; printed: time losses, wall
#    time, the runner's own CPU in all and per move (its process only, not its engines'), its
#    peak memory, engine start-up failures;
#  - "python" (tests/harness/mock/slow_start_engine.py): the same sleeper in an interpreted
#    language that burns 0.26 s of CPU before it reads its first line, as a large interpreted
#    engine starts; the same figures;
#  - "instant" (build/bin/mock_engine): each engine answers at once; printed: moves per second
#    the runner carries.
# The runner's CPU and peak memory are read from /proc/PID while it runs (utime + stime of the
# process itself; VmHWM), the same way for both runners.
#
# fastchess: $FASTCHESS (a binary), else `fastchess` on PATH, else built from $FASTCHESS_SRC
# (a source tree, `make`). Without any of them its columns are skipped with a message.
#
# Settings (environment): LEVELS="16 64 128 256", TC=10+0.1, GAMES_PER_SLOT=1 (sleeper and python
# games = concurrency x this), INSTANT_GAMES_PER_SLOT=4, MAXMOVES=100, RUNNERS="harness fastchess",
# MOCKS="sleeper python instant".
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
levels="${LEVELS:-16 64 128 256}"
tc="${TC:-10+0.1}"
per_slot="${GAMES_PER_SLOT:-1}"
instant_per_slot="${INSTANT_GAMES_PER_SLOT:-4}"
maxmoves="${MAXMOVES:-100}"
runners="${RUNNERS:-harness fastchess}"
mocks="${MOCKS:-sleeper python instant}"
python_mock="$root/tests/harness/mock/slow_start_engine.py"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -x "$bin/mock_engine" ] && [ -x "$bin/harness" ] || { echo "bench_concurrency: build first (build/bin/harness, mock_engine)" >&2; exit 1; }

source "$root/scripts/lib/find_fastchess.sh"
fastchess="$(find_fastchess "$work")"
if [ -z "$fastchess" ]; then
  echo "fastchess: not found (set FASTCHESS to a binary or FASTCHESS_SRC to its source); its columns are skipped"
  runners="${runners//fastchess/}"
else
  echo "fastchess: $fastchess ($("$fastchess" --version 2> /dev/null | head -1))"
fi

cd "$work"  # fastchess writes its config.json (resume state) into the current folder
# Both runners read the same book; fastchess takes no comment lines.
cp "$root/suites/openings.epd" "$work/book.epd"
bench_name=bench_concurrency
source "$root/scripts/lib/process_usage.sh"

# Plies in a PGN file: move tokens outside tags and comments.
plies_in() {
  sed -e '/^\[/d' "$1" | tr '\n' ' ' | sed -e 's/{[^}]*}//g' |
    tr ' ' '\n' | grep -Ecv '^$|^[0-9]+\.+$|^(1-0|0-1|1/2-1/2|\*)$' || true
}

# play RUNNER MODE CONCURRENCY GAMES [MOCK]: one match; sets the measure figures and plies.
play() {
  local runner="$1" mode="$2" c="$3" games="$4" mock="${5:-$bin/mock_engine}" name="$1-$2-$3-$(basename "${5:-cpp}")"
  if [ "$runner" = harness ]; then
    measure "$name" "$bin/harness" match --engine "name=a cmd=$mock arg=$mode" --engine "name=b cmd=$mock arg=$mode" \
      --games "$games" --concurrency "$c" --tc "$tc" --openings "$work/book.epd" --maxmoves "$maxmoves" \
      --db "$work/$name.sqlite" --pgn "$work/$name.pgn"
  else
    measure "$name" "$fastchess" -engine "cmd=$mock" "args=$mode" name=a -engine "cmd=$mock" "args=$mode" name=b \
      -each "tc=$tc" proto=uci -rounds $((games / 2)) -games 2 -repeat -concurrency "$c" -force-concurrency \
      -openings "file=$work/book.epd" format=epd order=sequential -maxmoves "$maxmoves" -pgnout "file=$work/$name.pgn"
  fi
  plies=$(plies_in "$work/$name.pgn")
  time_losses=$(grep -c "loses on time" "$work/$name.log" || true)
  startup_failures=$(grep -Ec "was not played|startup failure|didn't respond to uci|did not respond to uciok|disconnects" "$work/$name.log" || true)
  stored=$(grep -c '^\[Result ' "$work/$name.pgn" || true)
}

# sleeper_table TITLE MOCK: the sleeper rows for every level and runner.
sleeper_table() {
  echo "$1 at $tc (maxmoves $maxmoves), $per_slot game(s) per slot:"
  printf "%-10s %6s %6s %7s %8s %9s %7s %12s %10s %9s\n" runner conc games stored losses wall_s cpu_s "cpu_us/move" peak_MiB startfail
  for c in $levels; do
    for r in $runners; do
      play "$r" sleeper=100 "$c" $((c * per_slot)) "$2"
      printf "%-10s %6d %6d %7d %8d %9s %7s %12.0f %10.1f %9d\n" "$r" "$c" $((c * per_slot)) "$stored" "$time_losses" "$wall_s" \
        "$cpu_s" "$(awk -v c="$cpu_s" -v p="$plies" 'BEGIN { print (p > 0 ? c * 1e6 / p : 0) }')" \
        "$(awk -v k="$peak_kib" 'BEGIN { print k / 1024 }')" "$startup_failures"
    done
  done
}

case " $mocks " in *" sleeper "*) sleeper_table "sleeper mocks (C++)" "$bin/mock_engine" ;; esac
case " $mocks " in *" python "*) sleeper_table "slow-starting sleeper mocks (Python, 0.26 s of CPU to start)" "$python_mock" ;; esac
case " $mocks " in *" instant "*) ;; *) exit 0 ;; esac

echo "instant mocks at $tc (maxmoves $maxmoves), $instant_per_slot games per slot:"
printf "%-10s %6s %6s %8s %9s %10s %12s\n" runner conc games plies wall_s "moves/s" "cpu_us/move"
for c in $levels; do
  for r in $runners; do
    play "$r" instant "$c" $((c * instant_per_slot))
    printf "%-10s %6d %6d %8d %9s %10.0f %12.0f\n" "$r" "$c" $((c * instant_per_slot)) "$plies" "$wall_s" \
      "$(awk -v w="$wall_s" -v p="$plies" 'BEGIN { print (w > 0 ? p / w : 0) }')" \
      "$(awk -v c="$cpu_s" -v p="$plies" 'BEGIN { print (p > 0 ? c * 1e6 / p : 0) }')"
  done
done
