#!/usr/bin/env bash
# A soak of the harness, not part of CI: for SECONDS (default 3600) at once
#  - a round robin at concurrency 64 between misbehaving mock engines (they crash, stall,
#    move illegally, write garbage, flood info lines, write a line without end, ignore quit,
#    send illegal PVs) and two well-behaved ones;
#  - the live dashboard (`harness serve`) over its database under 500 clients, 50 of them
#    slow (half a request, held), and a probe that times a fresh client's answer each second;
#  - every 45 s, `harness import` of a random stretch of the round robin's games with the
#    defects of old and hostile PGN files (scripts/lib/pgn_mangle.py), into the same database;
#  - `harness datagen` killed with SIGKILL at random moments and resumed, run after run;
#  - a match on a clock whose harness is paused with Ctrl-Z's signal (SIGTSTP, 3 s, SIGCONT)
#    every 20 s, and ended at last by a hang-up (SIGHUP);
#  - a match whose event stream is a FIFO held open by a reader that never reads;
#  - a match whose parameters file is rewritten in place (emptied, then written) without pause.
# Then it stops the round robin and the dashboard with SIGTERM and checks: both databases pass
# `pragma integrity_check`; no run is left "running"; every game is stored once (one row per
# game index of a run); each import stored what it said; each finished datagen run holds all
# its games; no game of the paused match ended on time or stalled, and the hang-up left its run
# stopped with exit 130; the dashboard answered the probe every time and stopped within a second; no
# engine process is left; and memory stayed flat: the round robin's RSS, sampled every 10 s
# (the last quarter's median at most 25 % + 8 MiB above the second's), and the dashboard's per
# game of the live run whose report it builds (which grows with the run).
#
#   bash scripts/workflows/soak.sh [SECONDS]      (needs build/bin/harness, mock_engine, engine)
# Environment: CONCURRENCY=64, CLIENTS=500, SLOW=50, TC=2+0.02, PORT=18080, KEEP=DIR (work
# folder kept; default a temporary one, removed unless a check fails), BIN=DIR (the binaries;
# default build/bin: a copy elsewhere lets the project be rebuilt while the soak runs).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${BIN:-$root/build/bin}"
seconds="${1:-3600}"
concurrency="${CONCURRENCY:-64}"
clients="${CLIENTS:-500}"
slow="${SLOW:-50}"
tc="${TC:-2+0.02}"
port="${PORT:-18080}"
for b in harness mock_engine engine; do
  [ -x "$bin/$b" ] || { echo "soak: build first ($bin/$b is missing)" >&2; exit 1; }
done
work="${KEEP:-$(mktemp -d /tmp/soak.XXXXXX)}"
mkdir -p "$work"
db="$work/soak.sqlite"
gen_db="$work/datagen.sqlite"
mock="$bin/mock_engine"
end=$(($(date +%s) + seconds))
echo "soak: ${seconds} s in $work (concurrency $concurrency, $clients clients of which $slow slow, tc $tc)"

# --- the round robin -----------------------------------------------------------------------
engines=()
for spec in sleeper-a:sleeper=60 sleeper-b:sleeper=60 crash:crash-on-go stall:stall-after-go illegal:illegal \
  garbage:garbage flood:info-flood endless:endless-line ignore-quit:ignore-quit bad-pv:bad-pv; do
  engines+=(--engine "name=${spec%%:*} cmd=$mock arg=${spec#*:}")
done
"$bin/harness" tournament "${engines[@]}" --rounds 1000 --tc "$tc" --concurrency "$concurrency" --maxmoves 80 \
  --db "$db" > "$work/tournament.log" 2>&1 &
tournament=$!
for _ in $(seq 100); do [ -s "$db" ] && grep -q "^Run\|Tournament\|run 1" "$work/tournament.log" 2> /dev/null && break; sleep 0.2; done

# --- the dashboard under load ----------------------------------------------------------------
"$bin/harness" serve --db "$db" --port "$port" > "$work/serve.log" 2>&1 &
serve=$!
sleep 1
python3 "$root/scripts/lib/dashboard_load.py" "$port" $((seconds - 20)) "$clients" "$slow" 1 "$work/dashboard.json" \
  > "$work/dashboard_load.log" 2>&1 &
load=$!

# --- memory samples ---------------------------------------------------------------------------
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2> /dev/null || echo 0; }
(
  while [ "$(date +%s)" -lt "$end" ]; do
    games=$(python3 -c "import sqlite3, sys; print(sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True).execute('select count(*) from games where run_id = 1').fetchone()[0])" "$db" 2> /dev/null || echo 0)
    echo "$(date +%s) $(rss_kib "$tournament") $(rss_kib "$serve") $games"
    sleep 10
  done
) > "$work/memory.txt" &
sampler=$!

# --- imports of mangled PGN -------------------------------------------------------------------
(
  n=0
  while [ $(($(date +%s) + 60)) -lt "$end" ]; do
    sleep 45
    n=$((n + 1))
    "$bin/harness" pgn 1 --db "$db" -o "$work/export.pgn" > /dev/null 2>&1 || continue
    python3 "$root/scripts/lib/pgn_mangle.py" "$work/export.pgn" "$work/mangled-$n.pgn" "$n" 300
    set +e
    out="$("$bin/harness" import "$work/mangled-$n.pgn" --db "$db" 2> "$work/import-$n.err")"
    status=$?
    set -e
    run="$(sed -n 's/^Run \([0-9]*\) in .*: \([0-9]*\) games\? imported.*/\1 \2/p' <<< "$out" | head -1)"
    echo "$n $status ${run:-- -}"
    [ "$status" -le 2 ] && rm -f "$work/mangled-$n.pgn"
  done
) > "$work/imports.txt" 2>&1 &
importer=$!

# --- datagen killed and resumed ---------------------------------------------------------------
# The project's engine at dev, from the binaries given (not the registry's, which names
# build/bin's: with BIN=DIR that one may be rebuilt under the soak).
gen_engine="name=dev cmd=$bin/engine arg=--version arg=dev option.Hash=16"
(
  cd "$root/configs"
  seed=1 kills=0 finished=0
  resume=()
  while [ "$(date +%s)" -lt "$end" ]; do
    "$bin/harness" datagen "$gen_engine" --nodes 2000 --games 200 --random-plies 8 --seed "$seed" --concurrency 2 --db "$gen_db" \
      "${resume[@]}" >> "$work/datagen.log" 2>&1 &
    pid=$!
    sleep "$(awk -v r=$RANDOM 'BEGIN { printf "%.1f", 2 + r % 300 / 10 }')"
    if kill -0 "$pid" 2> /dev/null; then
      kill -9 "$pid" 2> /dev/null || true
      wait "$pid" 2> /dev/null || true
      kills=$((kills + 1))
      resume=(--resume)
    else
      wait "$pid" && finished=$((finished + 1)) || echo "datagen exited with $?" >> "$work/datagen.log"
      seed=$((seed + 1))
      resume=()
    fi
  done
  # The last run, if it was killed, is played to its end.
  [ ${#resume[@]} -eq 0 ] || { "$bin/harness" datagen "$gen_engine" --nodes 2000 --games 200 --random-plies 8 --seed "$seed" \
    --concurrency 2 --db "$gen_db" --resume >> "$work/datagen.log" 2>&1 && finished=$((finished + 1)); }
  echo "$kills $finished"
) > "$work/datagen_counts.txt" 2> "$work/datagen_loop.err" &
datagen=$!

# --- Ctrl-Z and a hang-up ----------------------------------------------------------------------
# Each pause stops the harness and its engines for 3 s: on a 2 s clock, a pause charged to the
# side to move would end the game on time.
pause_db="$work/pauses.sqlite"
"$bin/harness" match --engine "name=pa cmd=$mock arg=sleeper=40" --engine "name=pb cmd=$mock arg=sleeper=40" \
  --games 100000 --tc 2+0.02 --concurrency 4 --maxmoves 80 --db "$pause_db" > "$work/pauses.log" 2>&1 &
paused_match=$!
(
  pauses=0
  while [ $(($(date +%s) + 30)) -lt "$end" ]; do
    sleep 20
    kill -TSTP "$paused_match" 2> /dev/null || break
    sleep 3
    kill -CONT "$paused_match" 2> /dev/null || break
    pauses=$((pauses + 1))
  done
  echo "$pauses"
) > "$work/pause_count.txt" &
pauser=$!

# --- a stalled event reader and a parameters file rewritten in place ---------------------------
# The reader opens the FIFO and never reads: the harness must give the stream up, keep playing
# and owe the game_end lines it could not write.
stall_db="$work/stalled.sqlite"
mkfifo "$work/events.fifo"
sleep infinity < "$work/events.fifo" &  # until the checks have drained the pipe
stalled_reader=$!
trap 'kill "$stalled_reader" 2> /dev/null || true' EXIT
"$bin/harness" match --engine "name=sa cmd=$mock arg=bad-pv" --engine "name=sb cmd=$mock arg=bad-pv" \
  --games 100000 --tc 2+0.02 --concurrency 2 --maxmoves 80 --events "$work/events.fifo" --db "$stall_db" > "$work/stalled.log" 2>&1 &
stalled_match=$!
params_db="$work/params.sqlite"
printf 'Move Index=1\n' > "$work/params.txt"
"$bin/harness" match --engine "name=oa cmd=$mock arg=option-moves" --engine "name=ob cmd=$mock arg=option-moves" \
  --games 100000 --tc 2+0.02 --concurrency 2 --maxmoves 80 --params-file "$work/params.txt" --db "$params_db" \
  > "$work/params.log" 2>&1 &
params_match=$!
(
  # Rewritten once the run has begun: a file found empty at the start check refuses the run, as it should.
  for _ in $(seq 300); do
    [ -s "$params_db" ] && python3 -c "import sqlite3, sys; sys.exit(0 if sqlite3.connect(sys.argv[1]).execute('select count(*) from games').fetchone()[0] else 1)" \
      "$params_db" 2> /dev/null && break
    sleep 0.1
  done
  while [ $(($(date +%s) + 20)) -lt "$end" ] && kill -0 "$params_match" 2> /dev/null; do
    printf 'Move Index=%d\n' $((RANDOM % 5)) > "$work/params.txt"
  done
) &
rewriter=$!

wait "$load" || true
wait "$rewriter" || true
wait "$pauser" || true
wait "$importer" || true
wait "$datagen" || true
wait "$sampler" || true

# --- stop and check ---------------------------------------------------------------------------
kill -TERM "$tournament"
tournament_stop=0
for _ in $(seq 600); do kill -0 "$tournament" 2> /dev/null || break; sleep 0.1; tournament_stop=$((tournament_stop + 1)); done
wait "$tournament" && tournament_status=0 || tournament_status=$?
started=$(date +%s%N)
kill -TERM "$serve"
wait "$serve" && serve_status=0 || serve_status=$?
serve_stop_ms=$((($(date +%s%N) - started) / 1000000))
kill -HUP "$paused_match"
wait "$paused_match" && pause_status=0 || pause_status=$?
kill -TERM "$stalled_match" 2> /dev/null || true
stalled_stop=0
for _ in $(seq 100); do kill -0 "$stalled_match" 2> /dev/null || break; sleep 0.1; stalled_stop=$((stalled_stop + 1)); done
wait "$stalled_match" && stalled_status=0 || stalled_status=$?
# What the pipe held: read without blocking (an open for reading alone would wait for a writer).
python3 -c "
import errno, os, sys
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)
out = open(sys.argv[2], 'wb')
while True:
    try:
        chunk = os.read(fd, 65536)
    except BlockingIOError:
        break
    if not chunk:
        break
    out.write(chunk)
" "$work/events.fifo" "$work/stalled.jsonl"
kill "$stalled_reader" 2> /dev/null || true
kill -TERM "$params_match" 2> /dev/null || true
wait "$params_match" && params_status=0 || params_status=$?
sleep 2
left=$(pgrep -f "$mock" | wc -l || true)
echo "      round robin: exit $tournament_status after SIGTERM in $((tournament_stop / 10)).$((tournament_stop % 10)) s;" \
  "dashboard: exit $serve_status after SIGTERM in $serve_stop_ms ms"

status=0
python3 - "$work" "$db" "$gen_db" "$tournament_status" "$serve_status" "$serve_stop_ms" "$left" "$tournament_stop" \
  "$pause_db" "$pause_status" "$stall_db" "$stalled_status" "$stalled_stop" "$params_db" "$params_status" << 'EOF' || status=$?
import json, sqlite3, statistics, sys
work, db, gen_db, t_status, s_status, s_stop_ms, left, t_stop, pause_db, pause_status = sys.argv[1:11]
stall_db, stalled_status, stalled_stop, params_db, params_status = sys.argv[11:16]
failed = []

def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failed.append(what)

for path in (db, gen_db, pause_db, stall_db, params_db):
    c = sqlite3.connect(path)
    check(c.execute("pragma integrity_check").fetchone()[0] == "ok", f"{path}: integrity_check ok")
    if not c.execute("select count(*) from sqlite_master where name = 'runs'").fetchone()[0]:
        check(False, f"{path}: holds no run at all")
        continue
    running = c.execute("select id, kind from runs where status = 'running'").fetchall()
    check(not running, f"{path}: no run left running {running if running else ''}")
    twice = c.execute("select run_id, game_index, count(*) from games group by run_id, game_index having count(*) > 1").fetchall()
    check(not twice, f"{path}: every game stored once ({c.execute('select count(*) from games').fetchone()[0]} games)")

c = sqlite3.connect(db)
t_games = c.execute("select count(*) from games where run_id = 1").fetchone()[0]
terminations = c.execute("select termination, count(*) from games where run_id = 1 group by termination order by 2 desc").fetchall()
check(int(t_status) in (0, 130, 143), f"round robin stopped by SIGTERM (exit {t_status}, {int(t_stop) / 10:.1f} s), {t_games} games")
check(c.execute("select status from runs where id = 1").fetchone()[0] != "running", "round robin's run not left running")

imports = [line.split() for line in open(f"{work}/imports.txt") if line.strip()]
statuses = {}
for n, status, run, stored in imports:
    statuses[status] = statuses.get(status, 0) + 1
    check(int(status) <= 2, f"import {n} ended with a message, not a signal (exit {status})")
    if run != "-":
        have = c.execute("select count(*) from games where run_id = ?", (int(run),)).fetchone()[0]
        if have != int(stored):
            check(False, f"import {n}: run {run} holds {have} games, the import said {stored}")
print(f"      imports: {len(imports)}, by exit status {statuses}")

g = sqlite3.connect(gen_db)
kills, finished = open(f"{work}/datagen_counts.txt").read().split()
check(int(finished) > 0, f"datagen finished runs ({finished})")
datagen_runs = g.execute("select id, config, status from runs where kind = 'datagen'").fetchall() if g.execute(
    "select count(*) from sqlite_master where name = 'runs'").fetchone()[0] else []
for run, config, status in datagen_runs:
    games = json.loads(config).get("games")
    have = g.execute("select count(*) from games where run_id = ?", (run,)).fetchone()[0]
    if status == "finished":
        check(have == games, f"datagen run {run}: {have} of {games} games")
print(f"      datagen: killed {kills} times, {finished} runs finished")

p = sqlite3.connect(pause_db)
pauses = int(open(f"{work}/pause_count.txt").read().split()[0])
p_games = p.execute("select count(*) from games where run_id = 1").fetchone()[0]
p_lost = p.execute("select count(*) from games where run_id = 1 and end_kind in ('time', 'stall')").fetchone()[0]
check(pauses > 0 and p_games > 0, f"paused match: {pauses} pauses of 3 s, {p_games} games")
check(p_lost == 0, f"paused match: no game ended on time or stalled ({p_lost})")
check(int(pause_status) == 130 and p.execute("select status from runs where id = 1").fetchone()[0] == "stopped",
      f"paused match: the hang-up left its run stopped (exit {pause_status})")

s = sqlite3.connect(stall_db)
stored = {i for (i,) in s.execute("select game_index from games where run_id = 1")}
owed = [i for (i,) in s.execute("select game_index from owed_events where run_id = 1")]
written = []
for line in open(f"{work}/stalled.jsonl", errors="replace"):
    try:
        event = json.loads(line)
    except ValueError:
        continue
    if event.get("event") == "game_end":
        written.append(event.get("game") - 1)  # the events count games from 1, the table from 0
given_up = open(f"{work}/stalled.log", errors="replace").read().count("the run goes on without its events")
check(int(stalled_status) in (0, 130, 143) and int(stalled_stop) <= 50,
      f"stalled reader: the match stopped on SIGTERM in {int(stalled_stop) / 10:.1f} s (exit {stalled_status}), {len(stored)} games")
check(given_up == 1, f"stalled reader: the stream was given up once ({given_up})")
check(sorted(written + owed) == sorted(stored),
      f"stalled reader: every stored game has one game_end, written ({len(written)}) or owed ({len(owed)})")

q_ = sqlite3.connect(params_db)
has_games = q_.execute("select count(*) from sqlite_master where name = 'games'").fetchone()[0]
played = [json.loads(p) if p else None for (p,) in q_.execute("select params from games where run_id = 1")] if has_games else []
bad = [p for p in played if not p or any(v.get("Move Index") not in [str(k) for k in range(5)] for v in p.values())]
stopped_by = open(f"{work}/params.log", errors="replace").read()
check(played and not bad, f"rewritten parameters file: {len(played)} games, each with a value the file held ({len(bad)} not)")
check(int(params_status) in (0, 130, 143) or (int(params_status) == 2 and "params.txt:" in stopped_by),
      f"rewritten parameters file: the match ended by SIGTERM or a bad read named by file:line (exit {params_status})")

d = json.load(open(f"{work}/dashboard.json"))
probe = sorted(d["probe_s"])
check(d["probe_failures"] == 0 and probe, f"dashboard answered the probe {len(probe)} times, {d['probe_failures']} failures")
if probe:
    print(f"      probe wait: median {statistics.median(probe) * 1000:.1f} ms, p99 {probe[int(len(probe) * 0.99) - 1] * 1000:.1f} ms, max {probe[-1] * 1000:.1f} ms")
print(f"      clients: answers {d['status']}, failures {d['client_failures']}; slow sockets closed by the server after "
      f"{statistics.median(d['slow_held_s']) if d['slow_held_s'] else '-'} s (median), {d['slow_failures']} failed to connect")
check(int(s_status) == 0 and int(s_stop_ms) <= 1000, f"dashboard stopped on SIGTERM in {s_stop_ms} ms (exit {s_status})")
check(int(left) == 0, f"no mock engine left running ({left})")

rows = [list(map(int, line.split())) for line in open(f"{work}/memory.txt") if len(line.split()) == 4]
q = len(rows) // 4
if q < 2:
    print("      memory: too few samples")
else:
    def median(column, part):
        return statistics.median(r[column] for r in part)
    second, last = rows[q : 2 * q], rows[3 * q :]
    # The round robin keeps nothing per game: its memory is flat.
    a, b = median(1, second), median(1, last)
    check(b <= a * 1.25 + 8192, f"memory of the round robin flat: RSS median {a / 1024:.1f} MiB in the second quarter, "
          f"{b / 1024:.1f} MiB in the last, peak {max(r[1] for r in rows) / 1024:.1f} MiB")
    # The dashboard builds the live run's report, which grows with its games: its memory may
    # grow as they do, not faster (memory per game flat).
    ga, gb = max(1, median(3, second)), max(1, median(3, last))
    a, b = median(2, second), median(2, last)
    check(b / gb <= a / ga * 1.25 + 8192 / gb,
          f"memory of the dashboard grows no faster than the run it shows: {a / 1024:.1f} MiB at {ga:.0f} games, "
          f"{b / 1024:.1f} MiB at {gb:.0f} games (peak {max(r[2] for r in rows) / 1024:.1f} MiB; largest answer "
          f"{d['largest_run_answer'] / 1e6:.1f} MB)")
print("      round robin terminations:", ", ".join(f"{t} {n}" for t, n in terminations[:12]))
sys.exit(1 if failed else 0)
EOF
if [ "$status" -eq 0 ] && [ -z "${KEEP:-}" ]; then rm -rf "$work"; else echo "soak: kept $work"; fi
exit "$status"
