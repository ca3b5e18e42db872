#!/usr/bin/env python3
"""Random legal endgame positions (EPD), for matches that end by tablebase adjudication.

    endgame_positions.py COUNT SEED

Two in five hold five or six pieces, so the games reach the tables after a capture; the others
hold three or four pieces and a random fifty-move count, so the first probe comes with the
counter running (cursed wins and blessed losses). A few hand-written positions with a
legal en-passant capture come first. Legal means: kings apart, no pawn on the first or last
rank, the side not to move not in check, bishops of one side on both colours, and a legal move
for the side to move; the rules are the Python mock engine's.
"""
import importlib.util
import random
import sys
from pathlib import Path

MATERIAL = [  # (white's pieces, black's pieces) besides the kings
    ("RP", "R"), ("PP", "P"), ("BP", "N"), ("Q", "RP"), ("R", "BP"), ("NP", "B"), ("RPP", "R"), ("QP", "Q"),
    ("R", "N"), ("Q", "R"), ("BN", ""), ("P", "P"), ("R", "P"), ("Q", "P"), ("BB", ""), ("NN", ""), ("R", "B"),
    ("P", ""), ("Q", ""), ("R", "R"),
]
EN_PASSANT = [
    "8/8/8/3pP3/8/8/8/K6k w - d6 0 1",
    "k7/8/8/8/2Pp4/8/8/7K b - c3 0 1",
    "8/8/1k6/8/5pP1/8/8/2K5 b - g3 0 1",
]


def load_rules():
    """The Python mock engine's rules (tests/harness/mock/slow_start_engine.py, perft-checked by the
    test python_mock_perft): one move generator for the scripts, not two."""
    path = Path(__file__).resolve().parents[2] / "tests" / "harness" / "mock" / "slow_start_engine.py"
    spec = importlib.util.spec_from_file_location("slow_start_engine", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RULES = load_rules()


def fen_of(board, white_to_move, rule50):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get((f, r))
            if p:
                row += (str(empty) if empty else "") + p
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if white_to_move else " b") + f" - - {rule50} 1"


def random_position(rng, white, black, rule50):
    while True:
        pieces = ["K"] + list(white) + ["k"] + [p.lower() for p in black]
        squares = rng.sample([(f, r) for f in range(8) for r in range(8)], len(pieces))
        board = dict(zip(squares, pieces))
        if any(p in "Pp" and sq[1] in (0, 7) for sq, p in board.items()):
            continue
        kings = {p: sq for sq, p in board.items() if p in "Kk"}
        if max(abs(kings["K"][0] - kings["k"][0]), abs(kings["K"][1] - kings["k"][1])) <= 1:
            continue
        white_to_move = rng.random() < 0.5
        pos = RULES.Position(fen_of(board, white_to_move, rule50))
        if pos.attacked(kings["k" if white_to_move else "K"], white_to_move):
            continue  # the side not to move is in check
        for bishop in "Bb":
            colours = {(f + r) % 2 for (f, r), p in board.items() if p == bishop}
            if sum(p == bishop for p in board.values()) == 2 and len(colours) == 1:
                break  # two bishops on one colour: a dead position
        else:
            return fen_of(board, white_to_move, rule50)


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    lines = list(EN_PASSANT)
    while len(lines) < count:
        white, black = rng.choice(MATERIAL)
        few = 2 + len(white) + len(black) <= 4
        fen = random_position(rng, white, black, rng.randrange(0, 96) if few else 0)
        if RULES.Position(fen).legal_moves():
            lines.append(fen)
    for fen in lines[:count]:
        print(fen)


if __name__ == "__main__":
    main()
