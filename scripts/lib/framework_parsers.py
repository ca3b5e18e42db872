"""Runs fishtest's and OpenBench's own parsing code on a match runner's output.

Usage: framework_parsers.py fishtest WORKER_DIR NEW BASE GAMES -- ARGV...
       framework_parsers.py openbench CLIENT_DIR PGN -- ARGV...
       framework_parsers.py events EVENTS_FILE
Starts ARGV (the runner's exact command line) and prints what the framework concluded; with
"events", what a run's event stream (harness --events) says of the same quantities.
"""
import json
import os
import subprocess
import sys
import types


def fishtest(worker_dir, new, base, games, argv):
    sys.path.insert(0, worker_dir)
    import games as fishtest_games  # fishtest's worker/games.py

    posted = []
    updates = []
    fishtest_games.post_to_worker_log = lambda info, password, remote, message, **kw: posted.append(message)

    def update(url, result):
        updates.append(dict(result["stats"]))
        return {"task_alive": True}

    fishtest_games.send_api_post_request = update
    result = {"stats": {"wins": 0, "losses": 0, "draws": 0, "crashes": 0, "time_losses": 0, "pentanomial": [0] * 5}}
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, bufsize=1)
    verdict = "clean"
    try:
        batch = int(os.environ.get("FISHTEST_BATCH", "2"))  # games a worker reports at once: concurrency x 4 on fishtest
        fishtest_games.parse_fastchess_output(p, new, base, {"task_id": 1}, {}, "", "", result, False, games, batch, 600, {},
                                              "run", 1)
    except Exception as e:  # the worker's own verdict: RunException stops the run, WorkerException the task
        verdict = f"{type(e).__name__}: {e}"
    p.wait()
    print(f"  exit status {p.returncode}; fishtest's verdict: {verdict}")
    s = result["stats"]
    print(f"  stats sent to the server: W {s['wins']} L {s['losses']} D {s['draws']} ptnml {s['pentanomial']} "
          f"crashes {s['crashes']} time losses {s['time_losses']} ({len(updates)} updates)")
    for message in posted:
        print(f"  posted to the event log: {message}")


def openbench(client_dir, pgn, argv):
    sys.path.insert(0, client_dir)
    while True:  # the client's imports that its parsers do not use are stood in for
        try:
            import worker as ob  # OpenBench's Client/worker.py
            break
        except ModuleNotFoundError as e:
            sys.modules[e.name] = types.ModuleType(e.name)

    results = {"trinomial": [0, 0, 0], "pentanomial": [0] * 5, "games": {}, "crashes": 0, "timelosses": 0, "illegals": 0}
    p = subprocess.Popen(argv, stdout=subprocess.PIPE)
    for raw in iter(p.stdout.readline, b""):
        line = raw.strip().decode("ascii")
        if "Finished game" in line:
            ob.MatchRunner.update_results(results, line)
    p.wait()
    print(f"  exit status {p.returncode}; update_results: trinomial {results['trinomial']} pentanomial "
          f"{results['pentanomial']} crashes {results['crashes']} time losses {results['timelosses']} illegal "
          f"{results['illegals']}")
    errors, lines, games = [], 0, 0
    for headers, moves in ob.PGNHelper.slice_pgn_file(pgn):
        games += 1
        error = ob.PGNHelper.get_error_reason(headers)
        if error:
            errors.append(error)
        lines += sum(m.count('line="') for m in moves)
    print(f"  PGN: {games} games, errors reported to the server: {errors or 'none'}, line=\"...\" comments: {lines}")


def event_conclusions(stream):
    """What a run's events (harness --events, parsed) say of the quantities the frameworks
    parse from lines: the first engine's trinomial (L, D, W), the run's W/L/D and pentanomial,
    faults as the frameworks count them, and the warnings by kind (a PV fault with its fault)."""
    first = next(e for e in stream if e["event"] == "run_start")["engines"][0]
    index = {"0-1": 0, "1/2-1/2": 1, "1-0": 2}
    tri, faults, warnings = [0, 0, 0], {"crash": 0, "time_loss": 0, "illegal_move": 0}, {}
    for e in stream:
        if e["event"] == "game_end":
            points = index[e["result"]]
            tri[points if e["white"] == first else 2 - points] += 1
            if "fault" in e:
                faults[e["fault"]["counts_as"]] += 1
        if e["event"] == "warning" and e["kind"] != "game_not_played":
            kind = e["kind"] + (":" + e["fault"] if e["kind"] == "pv_fault" else "")
            warnings[kind] = warnings.get(kind, 0) + 1
    match = next(e for e in stream if e["event"] == "run_end").get("match", {})
    return {"trinomial": tri, "pentanomial": match.get("pentanomial"), "wins": match.get("wins"),
            "losses": match.get("losses"), "draws": match.get("draws"), "crashes": faults["crash"],
            "time_losses": faults["time_loss"], "illegals": faults["illegal_move"], "warnings": warnings,
            "first_warning": next((e["kind"] for e in stream if e["event"] == "warning"), "none")}


def events(path):
    with open(path, encoding="utf-8") as f:
        c = event_conclusions([json.loads(line) for line in f])
    print(f"  events: trinomial {c['trinomial']} pentanomial {c['pentanomial']} W {c['wins']} L {c['losses']} "
          f"D {c['draws']} crashes {c['crashes']} time losses {c['time_losses']} illegal {c['illegals']}")
    print(f"  events: {sum(c['warnings'].values())} warnings, the first {c['first_warning']}")


if __name__ == "__main__":
    if sys.argv[1] == "events":
        events(sys.argv[2])
        sys.exit(0)
    split = sys.argv.index("--")
    head, argv = sys.argv[1:split], sys.argv[split + 1:]
    if head[0] == "fishtest":
        fishtest(head[1], head[2], head[3], int(head[4]), argv)
    else:
        openbench(head[1], head[2], argv)
