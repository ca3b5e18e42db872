#!/usr/bin/env python3
"""What OpenBench's and fishtest's workers conclude from a run's fastchess lines, and the same
conclusions rebuilt from the run's event stream alone; exit status 1 when they differ or when an
event does not validate against docs/events.schema.json.

The two text parsers follow the frameworks' own code: OpenBench's Client/worker.py
(MatchRunner.update_results, at 9906bad) and fishtest's worker/games.py (parse_fastchess_output,
at b8eecff). Only what they send to their servers is kept.

usage: framework_parsers.py LINES EVENTS SCHEMA GAMES CONCURRENCY
"""
import json
import os
import re
import sys

import jsonschema

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts", "lib"))
from framework_parsers import event_conclusions  # noqa: E402  the events' side, shared with the field evidence

RESULT_INDEX = {"0-1": 0, "1/2-1/2": 1, "1-0": 2}


def openbench(lines):
    """OpenBench: W/L/D and pentanomial of pairs (g, g+1) from 'Finished game' lines, and the
    crashes, time losses and illegal moves their reasons name."""
    tri, penta, games = [0, 0, 0], [0] * 5, {}
    crashes = timelosses = illegals = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            break
        if "Finished game" not in line:
            continue
        reason = line.split(":")[1]
        crashes += "disconnect" in reason or "stalls" in reason
        timelosses += "on time" in reason
        illegals += "illegal" in reason
        tokens = line.split()
        game, result = int(tokens[2]), tokens[6]
        games[game] = result
        a, b = (game, game + 1) if game % 2 else (game - 1, game)
        if a in games and b in games:
            r1, r2 = games.pop(a), games.pop(b)
            penta[RESULT_INDEX[r1] + 2 - RESULT_INDEX[r2]] += 1
            tri[RESULT_INDEX[r1]] += 1
            tri[2 - RESULT_INDEX[r2]] += 1
    return {"trinomial": tri, "pentanomial": penta, "crashes": crashes, "timelosses": timelosses, "illegals": illegals}


FISHTEST_FATAL = {
    r"Warning;.*doesn't have option": None,
    r"Warning; Invalid value for option": None,
    r"Warning; Failed to set.*option": None,
    r"Warning; Illegal move": "illegal_move",
    r"Warning; Move does not match uci move format": "move_format",
    r"Warning; Illegal PV move": "pv_fault:illegal_pv_move",
    r"Warning; PV continues after checkmate": "pv_fault:pv_after_checkmate",
    r"Warning; PV continues after stalemate": "pv_fault:pv_after_stalemate",
    r"Warning; PV continues after threefold": "pv_fault:pv_after_threefold",
    r"Warning; PV continues after fifty-move rule": "pv_fault:pv_after_fifty_moves",
    r"Warning; Incomplete mating PV": "pv_fault:incomplete_mating_pv",
    r"Warning; Too long mating PV": "pv_fault:too_long_mating_pv",
    r"Warning; Mating PV does not end with checkmate": "pv_fault:mating_pv_not_mate",
    r"Warning; No info line available to extract score from engine": "pv_fault:no_info_line",
    r"Warning; Could not extract score from engine": "pv_fault:no_score",
    r"Warning; Bestmove does not match beginning of last PV": "bestmove_not_pv",
    r"Warning; Sign mismatch in mate scores": "mate_sign_mismatch",
}
WLD = re.compile(r"Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \(")
PTNML = re.compile(r"Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\]")


def fishtest(lines, games_to_play, batch_size):
    """fishtest: the last results block's W/L/D and Ptnml, crashes and time losses counted on
    every line, and each of the warnings it stops a task for, counted. Its worker sends a batch
    when a block's game count reaches the last batch's plus batch_size, and asserts that no
    block passes that count: a runner must print a block at every pair's end."""
    stats = {"wins": 0, "losses": 0, "draws": 0, "pentanomial": [0] * 5, "crashes": 0, "time_losses": 0}
    fatal = {}
    wld = ptnml = None
    updated = 0
    for raw in lines:
        line = raw.strip()
        for pattern, kind in FISHTEST_FATAL.items():
            if re.search(pattern, line):
                fatal[kind or pattern] = fatal.get(kind or pattern, 0) + 1
        if "disconnect" in line or "stall" in line:
            stats["crashes"] += 1
        if "on time" in line or "timeout" in line:
            stats["time_losses"] += 1
        if m := WLD.search(line):
            wld = [int(m[i]) for i in (1, 2, 3, 4)]
        if m := PTNML.search(line):
            ptnml = [int(m[i]) for i in range(1, 6)]
        if wld and ptnml:
            games, stats["wins"], stats["losses"], stats["draws"] = wld
            stats["pentanomial"] = ptnml
            assert 2 * sum(ptnml) == games, (wld, ptnml)
            assert games <= updated + batch_size and games <= games_to_play, (games, updated, batch_size)
            if games == updated + batch_size or games == games_to_play:
                updated = games
            wld = ptnml = None
    assert updated == games_to_play, f"fishtest sent {updated} of {games_to_play} games"
    return stats, fatal


def from_events(events):
    """Both frameworks' conclusions from the events alone (scripts/lib/framework_parsers.py)."""
    c = event_conclusions(events)
    ob = {"trinomial": c["trinomial"], "pentanomial": c["pentanomial"], "crashes": c["crashes"],
          "timelosses": c["time_losses"], "illegals": c["illegals"]}
    ft = {"wins": c["wins"], "losses": c["losses"], "draws": c["draws"], "pentanomial": c["pentanomial"],
          "crashes": c["crashes"], "time_losses": c["time_losses"]}
    return ob, ft, c["warnings"]


def main():
    lines_path, events_path, schema_path = sys.argv[1:4]
    games, concurrency = int(sys.argv[4]), int(sys.argv[5])
    with open(lines_path, encoding="ascii") as f:
        lines = f.read().splitlines()
    with open(events_path, encoding="utf-8") as f:
        events = [json.loads(line) for line in f]
    with open(schema_path, encoding="utf-8") as f:
        validator = jsonschema.Draft202012Validator(json.load(f))
    problems = []
    for number, event in enumerate(events, 1):
        for error in validator.iter_errors(event):
            problems.append(f"event {number} ({event.get('event')}): {error.message} at {list(error.absolute_path)}")
    ob_lines = openbench(lines)
    ft_lines, fatal = fishtest(lines, games, 4 * concurrency)  # fishtest's batch: 4 games a slot
    ob_events, ft_events, warnings = from_events(events)
    for name, by_lines, by_events in (("OpenBench", ob_lines, ob_events), ("fishtest", ft_lines, ft_events),
                                      ("fishtest warnings", fatal, warnings)):
        print(f"{name}: lines {json.dumps(by_lines, sort_keys=True)}")
        print(f"{name}: events {json.dumps(by_events, sort_keys=True)}")
        if by_lines != by_events:
            problems.append(f"{name}: the lines and the events disagree")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
