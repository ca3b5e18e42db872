"""Runs fishtest's and OpenBench's own parsing code on a match runner's output.

Usage: framework_parsers.py fishtest WORKER_DIR NEW BASE GAMES -- ARGV...
       framework_parsers.py openbench CLIENT_DIR PGN -- ARGV...
Starts ARGV (the runner's exact command line) and prints what the framework concluded.
"""
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
        fishtest_games.parse_fastchess_output(p, new, base, {"task_id": 1}, {}, "", "", result, False, games, 2, 600, {},
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


if __name__ == "__main__":
    split = sys.argv.index("--")
    head, argv = sys.argv[1:split], sys.argv[split + 1:]
    if head[0] == "fishtest":
        fishtest(head[1], head[2], head[3], int(head[4]), argv)
    else:
        openbench(head[1], head[2], argv)
