#!/usr/bin/env python3
"""Each tablebase-adjudicated game of a harness database, checked against Stockfish.

    syzygy_check.py DATABASE STOCKFISH TABLES [MAX_PIECES]

For every game whose end is `adjudicated-tablebase`, Stockfish is given the game's opening and
moves (`position fen ... moves ...`, so it reaches the final position and its fifty-move count
by its own rules), probes the same Syzygy tables at the root (SyzygyPath, Syzygy50MoveRule on)
and searches one ply. Its score decides: a tablebase win or loss for the side to move (a mate
score, or a score at the tablebase-win level), else a draw (cursed wins and blessed losses
included). With MAX_PIECES (-tbpieces), a final position of more pieces is a disagreement too.
Prints one line per disagreement and a summary; exit status 1 on any disagreement or on a game
Stockfish did not probe.
"""
import sqlite3
import subprocess
import sys

TB_WIN_CP = 5000  # Stockfish 15.1 shows a tablebase win as about cp 8000, a search score far below


class Stockfish:
    def __init__(self, exe, tables):
        self.proc = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name SyzygyPath value {tables}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish ended")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def verdict(self, position):
        """(side to move 'w'/'b', 'win'/'draw'/'loss' for it, tbhits, fifty-move count, cursed), or a
        reason it has none; cursed: a win or loss the fifty-move rule turns into a draw, as far as
        Stockfish's score tells it apart from a draw (not zero; far beyond the rule it is zero)."""
        self.send("ucinewgame")
        self.send(position)
        self.send("d")
        fen = next(l for l in self.wait_for("Checkers:") if l.startswith("Fen:"))
        side, rule50 = fen.split()[2], int(fen.split()[5])
        self.pieces = sum(c.isalpha() for c in fen.split()[1])
        self.send("go depth 1")
        lines = self.wait_for("bestmove")
        if lines[-1].split()[1] == "(none)":
            return None, "the final position has no legal move"
        info = [l.split() for l in lines if l.startswith("info") and " score " in l][-1]
        kind, value = info[info.index("score") + 1], int(info[info.index("score") + 2])
        tbhits = int(info[info.index("tbhits") + 1]) if "tbhits" in info else 0
        if kind == "mate" or abs(value) >= TB_WIN_CP:
            outcome = "win" if value > 0 else "loss"
        else:
            outcome = "draw"
        return (side, outcome, tbhits, rule50, outcome == "draw" and value != 0), ""


def expected_result(side, outcome):
    if outcome == "draw":
        return "1/2-1/2"
    white_wins = (side == "w") == (outcome == "win")
    return "1-0" if white_wins else "0-1"


def main():
    database, exe, tables = sys.argv[1:4]
    max_pieces = int(sys.argv[4]) if len(sys.argv) > 4 else 32
    db = sqlite3.connect(database)
    games = db.execute(
        "SELECT id, run_id, game_index, opening_fen, opening_moves, result, termination FROM games "
        "WHERE end_kind = 'adjudicated-tablebase' ORDER BY id").fetchall()
    sf = Stockfish(exe, tables)
    agree = unprobed = counting = cursed = 0
    by_result = {}
    for gid, run, index, fen, opening_moves, result, termination in games:
        moves = opening_moves.split() + [m for (m,) in db.execute("SELECT uci FROM moves WHERE game_id = ? ORDER BY ply", (gid,))]
        position = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        found, why = sf.verdict(position)
        if found is None:
            print(f"run {run} game {index + 1}: {why} ({result}, {termination})")
            continue
        side, outcome, tbhits, rule50, is_cursed = found
        if tbhits == 0:
            unprobed += 1
            print(f"run {run} game {index + 1}: Stockfish did not probe the tables ({position})")
            continue
        if sf.pieces > max_pieces:
            print(f"run {run} game {index + 1}: adjudicated with {sf.pieces} pieces, more than {max_pieces}: {position}")
            continue
        counting += rule50 > 0
        cursed += is_cursed
        want = expected_result(side, outcome)
        by_result[result] = by_result.get(result, 0) + 1
        if want == result:
            agree += 1
        else:
            print(f"run {run} game {index + 1}: the harness says {result} ({termination}), Stockfish {want}: {position}")
    counts = ", ".join(f"{r} {n}" for r, n in sorted(by_result.items()))
    print(f"{len(games)} games adjudicated by the tables ({counts}); Stockfish agrees on {agree}, "
          f"disagrees on {len(games) - agree - unprobed}, did not probe {unprobed}; "
          f"{counting} adjudicated with the fifty-move count running, {cursed} cursed wins or blessed losses")
    sf.send("quit")
    sys.exit(0 if agree == len(games) else 1)


if __name__ == "__main__":
    main()
