#!/usr/bin/env python3
# scripts/workflows/spsa_client.py against the real engine and harness: both runners store
# every game; through the parameters file each pair plays one perturbation the client wrote,
# both games alike, with no runner restart; by restarts each perturbation is its own run; the
# result keeps the form it was read in; a bad line or a runner that fails is one message and
# exit status 2.
#   spsa_client_test.py ENGINE HARNESS
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
CLIENT = os.path.join(ROOT, "scripts/workflows/spsa_client.py")
LINES = "lmr_base, int, 73, 0, 300, 12, 0.5\nfutility_margin, int, 142, 25, 500, 15, 0.5\naspiration_window, int, 22, 5, 200, 4, 0.5\n"
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def client(work, runner, games, lines=LINES, engine=None):
    params = os.path.join(work, f"{runner}.txt")
    with open(params, "w") as f:
        f.write(lines)
    command = [sys.executable, CLIENT, "--runner", runner, "--params", params, "--games", str(games), "--nodes", "300",
               "--pairs-per", "2", "--engine", engine or f"cmd={ENGINE} arg=--version arg=dev option.Hash=16",
               "--db", os.path.join(work, f"{runner}.sqlite"), "--out", os.path.join(work, f"{runner}-out.txt"),
               "--work", work, "--harness", HARNESS]
    return subprocess.run(command, capture_output=True, text=True, timeout=300), params


def games_of(work, runner):
    db = sqlite3.connect(os.path.join(work, f"{runner}.sqlite"))
    return db.execute("SELECT run_id, pair_index, white, params FROM games ORDER BY run_id, game_index").fetchall()


def plus_values(white, params):
    recorded = json.loads(params)
    return json.dumps(recorded["white" if white == "plus" else "black"], sort_keys=True)


def test_params_file(work):
    done, _ = client(work, "params-file", 24)
    check(done.returncode == 0, f"params-file: exit 0 ({done.stderr.strip()[-200:]})")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    check(summary["games"] == 24, f"params-file: 24 games reported, got {summary['games']}")
    games = games_of(work, "params-file")
    check(len(games) == 24 and len({g[0] for g in games}) == 1, "params-file: 24 games stored in one run (no restart)")
    by_pair = {}
    for run, pair, white, params in games:
        by_pair.setdefault(pair, set()).add(plus_values(white, params))
    check(all(len(v) == 1 for v in by_pair.values()), "params-file: both games of each pair played the same values")
    distinct = {next(iter(v)) for v in by_pair.values()}
    check(len(distinct) >= 4, f"params-file: the pairs played at least 4 of the 6 perturbations, got {len(distinct)}")
    out = open(os.path.join(work, "params-file-out.txt")).read().splitlines()
    read = [line.split(", ") for line in LINES.splitlines()]
    written = [line.split(", ") for line in out]
    same_form = len(out) == 3 and all(w[:2] == r[:2] and w[3:] == r[3:] for w, r in zip(written, read))
    check(same_form, f"params-file: the result is in the form read, values aside: {out}")
    check(all(int(r[3]) <= int(w[2]) <= int(r[4]) for w, r in zip(written, read)), "params-file: the tuned values lie in their ranges")
    moved = any(abs(summary["theta"][r[0]] - float(r[2])) > 1e-9 for r in read)
    check(moved, f"params-file: theta moved from the start: {summary['theta']}")


def test_restart(work):
    done, _ = client(work, "restart", 8)
    check(done.returncode == 0, f"restart: exit 0 ({done.stderr.strip()[-200:]})")
    games = games_of(work, "restart")
    check(len(games) == 8 and len({g[0] for g in games}) == 2, "restart: 8 games stored in 2 runs (a runner per perturbation)")


def test_bad_input(work):
    done, params = client(work, "params-file", 4, lines=LINES + "iir_depth, 4, 2, 12, 1, 0.002\n")
    check(done.returncode == 2 and f"{params}:4: expected 7 fields" in done.stderr, f"a 6-field line: exit 2 naming the line ({done.stderr.strip()})")
    done, _ = client(work, "restart", 4, engine="cmd=/nonexistent/engine")
    check(done.returncode == 2 and "exited with status" in done.stderr, f"an engine that cannot start: exit 2 ({done.stderr.strip()})")


if __name__ == "__main__":
    ENGINE, HARNESS = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        for test in (test_params_file, test_restart, test_bad_input):
            folder = os.path.join(work, test.__name__)
            os.makedirs(folder)
            test(folder)
    sys.exit(1 if failures else 0)
