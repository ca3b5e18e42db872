#!/usr/bin/env python3
"""Random legal endgame positions (EPD), for matches that end by tablebase adjudication.

    endgame_positions.py COUNT SEED STOCKFISH

Two in five hold five or six pieces, so the games reach the tables after a capture; the others
hold three or four pieces and a random fifty-move count, so the first probe comes with the
counter running (cursed wins and blessed losses). A few hand-written positions with a
legal en-passant capture come first. Legal means: kings apart, no pawn on the first or last
rank, the side not to move not in check, bishops of one side on both colours, and a legal move
for the side to move (asked of Stockfish, which answers `bestmove (none)` otherwise).
"""
import random
import subprocess
import sys

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
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def attacked(board, square, by_white):
    """Whether a piece of the given colour attacks square (file, rank)."""
    f, r = square

    def piece(df, dr):
        return board.get((f + df, r + dr))

    own = str.upper if by_white else str.lower
    pawn_rank = -1 if by_white else 1
    if any(piece(df, pawn_rank) == own("p") for df in (-1, 1)):
        return True
    if any(piece(df, dr) == own("n") for df, dr in KNIGHT) or any(piece(df, dr) == own("k") for df, dr in KING):
        return True
    for rays, sliders in ((ROOK, "rq"), (BISHOP, "bq")):
        for df, dr in rays:
            x, y = f + df, r + dr
            while 0 <= x < 8 and 0 <= y < 8:
                p = board.get((x, y))
                if p:
                    if p in {own(s) for s in sliders}:
                        return True
                    break
                x, y = x + df, y + dr
    return False


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
        if attacked(board, kings["k" if white_to_move else "K"], white_to_move):
            continue  # the side not to move is in check
        for bishop in "Bb":
            colours = {(f + r) % 2 for (f, r), p in board.items() if p == bishop}
            if sum(p == bishop for p in board.values()) == 2 and len(colours) == 1:
                break  # two bishops on one colour: a dead position
        else:
            return fen_of(board, white_to_move, rule50)


def has_legal_move(stockfish, fen):
    stockfish.stdin.write(f"position fen {fen}\ngo depth 1\n")
    stockfish.stdin.flush()
    while True:
        line = stockfish.stdout.readline()
        if line.startswith("bestmove"):
            return line.split()[1] != "(none)"


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    stockfish = subprocess.Popen([sys.argv[3]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    rng = random.Random(seed)
    lines = list(EN_PASSANT)
    while len(lines) < count:
        white, black = rng.choice(MATERIAL)
        few = 2 + len(white) + len(black) <= 4
        fen = random_position(rng, white, black, rng.randrange(0, 96) if few else 0)
        if has_legal_move(stockfish, fen):
            lines.append(fen)
    stockfish.stdin.write("quit\n")
    stockfish.stdin.close()
    stockfish.wait()
    for fen in lines[:count]:
        print(fen)


if __name__ == "__main__":
    main()
