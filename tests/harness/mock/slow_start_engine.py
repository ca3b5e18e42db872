#!/usr/bin/python3
"""A UCI mock engine in an interpreted language, for scripts/bench/concurrency.sh: it starts
slowly (it burns START_CPU seconds of CPU before it reads its first line, as an interpreter
loading a large program does) and then sleeps through its clock, as the C++ mock's "sleeper"
does: PCT % of remaining/25 + 0.8 x increment (or of movetime) before a random legal move.

    slow_start_engine.py [sleeper=PCT] [start-cpu=SECONDS] [seed=N]
    slow_start_engine.py perft DEPTH FEN    (its move generator's leaf count; no slow start)

Defaults: sleeper=100, start-cpu=0.26, seed from the process id. Standard chess only, with its
own move generator (Debian 12 packages no Python chess library; the test python_mock_perft checks it).
Run by Debian's interpreter (/usr/bin/python3), not a version manager's shim, whose own start
would be measured too.
"""
import random
import sys
import time

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Position:
    def __init__(self, fen):
        fields = fen.split()
        self.board = {}  # (file, rank) -> piece letter, white upper case
        for r, row in enumerate(reversed(fields[0].split("/"))):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    self.board[(f, r)] = c
                    f += 1
        self.white = fields[1] == "w"
        self.castling = set(fields[2]) - {"-"}
        self.ep = None if fields[3] == "-" else (ord(fields[3][0]) - 97, int(fields[3][1]) - 1)

    def own(self, piece, white):
        return piece is not None and piece.isupper() == white

    def attacked(self, square, by_white):
        f, r = square
        board = self.board

        def is_(sq, letter):
            return board.get(sq) == (letter.upper() if by_white else letter)

        back = -1 if by_white else 1
        if is_((f - 1, r + back), "p") or is_((f + 1, r + back), "p"):
            return True
        if any(is_((f + df, r + dr), "n") for df, dr in KNIGHT) or any(is_((f + df, r + dr), "k") for df, dr in KING):
            return True
        for rays, sliders in ((ROOK, "rq"), (BISHOP, "bq")):
            for df, dr in rays:
                x, y = f + df, r + dr
                while 0 <= x < 8 and 0 <= y < 8:
                    p = board.get((x, y))
                    if p is not None:
                        if any(is_((x, y), s) for s in sliders):
                            return True
                        break
                    x, y = x + df, y + dr
        return False

    def pseudo_moves(self):
        white, board = self.white, self.board
        for (f, r), p in list(board.items()):
            if not self.own(p, white):
                continue
            kind = p.lower()
            if kind == "p":
                step, home, last = (1, 1, 7) if white else (-1, 6, 0)
                if (f, r + step) not in board:
                    yield from self.pawn_to((f, r), (f, r + step), last)
                    if r == home and (f, r + 2 * step) not in board:
                        yield (f, r), (f, r + 2 * step), ""
                for df in (-1, 1):
                    to = (f + df, r + step)
                    if self.own(board.get(to), not white) or to == self.ep:
                        yield from self.pawn_to((f, r), to, last)
            elif kind in "nk":
                for df, dr in KNIGHT if kind == "n" else KING:
                    to = (f + df, r + dr)
                    if 0 <= to[0] < 8 and 0 <= to[1] < 8 and not self.own(board.get(to), white):
                        yield (f, r), to, ""
            else:
                rays = ROOK if kind == "r" else BISHOP if kind == "b" else ROOK + BISHOP
                for df, dr in rays:
                    x, y = f + df, r + dr
                    while 0 <= x < 8 and 0 <= y < 8 and not self.own(board.get((x, y)), white):
                        yield (f, r), (x, y), ""
                        if (x, y) in board:
                            break
                        x, y = x + df, y + dr
        yield from self.castles()

    def pawn_to(self, start, to, last):
        for promo in "qrbn" if to[1] == last else "":
            yield start, to, promo
        if to[1] != last:
            yield start, to, ""

    def castles(self):
        r = 0 if self.white else 7
        king, rook = ("K", "R") if self.white else ("k", "r")
        for right, rook_file, empty, passed in (("K", 7, (5, 6), (4, 5, 6)), ("Q", 0, (1, 2, 3), (4, 3, 2))):
            right = right if self.white else right.lower()
            if right not in self.castling or self.board.get((4, r)) != king or self.board.get((rook_file, r)) != rook:
                continue
            if any((f, r) in self.board for f in empty):
                continue
            if any(self.attacked((f, r), not self.white) for f in passed):
                continue
            yield (4, r), (6 if rook_file == 7 else 2, r), ""

    def play(self, start, to, promo):
        board = self.board
        piece = board.pop(start)
        if piece.lower() == "p" and to == self.ep:
            board.pop((to[0], start[1]), None)
        if piece.lower() == "k" and abs(to[0] - start[0]) == 2:
            rook_from, rook_to = ((7, to[1]), (5, to[1])) if to[0] == 6 else ((0, to[1]), (3, to[1]))
            board[rook_to] = board.pop(rook_from)
        board[to] = (promo.upper() if self.white else promo) if promo else piece
        self.ep = (start[0], (start[1] + to[1]) // 2) if piece.lower() == "p" and abs(to[1] - start[1]) == 2 else None
        for square, rights in (((4, 0), "KQ"), ((4, 7), "kq"), ((0, 0), "Q"), ((7, 0), "K"), ((0, 7), "q"), ((7, 7), "k")):
            if square in (start, to):
                self.castling -= set(rights)
        self.white = not self.white

    def legal_moves(self):
        moves = []
        for move in list(self.pseudo_moves()):  # generated before any is played
            saved = (dict(self.board), self.white, set(self.castling), self.ep)
            self.play(*move)
            king = next(sq for sq, p in self.board.items() if p == ("k" if self.white else "K"))
            if not self.attacked(king, self.white):
                moves.append(move)
            self.board, self.white, self.castling, self.ep = saved
        return moves


def square_name(sq):
    return chr(97 + sq[0]) + str(sq[1] + 1)


def parse_square(text):
    return ord(text[0]) - 97, int(text[1]) - 1


def position_from(line):
    words = line.split()
    fen, rest = START, words[2:]
    if len(words) > 1 and words[1] == "fen":
        fen, rest = " ".join(words[2:8]), words[8:]
    pos = Position(fen)
    if rest and rest[0] == "moves":
        for m in rest[1:]:
            pos.play(parse_square(m[0:2]), parse_square(m[2:4]), m[4:5])
    return pos


def think_time(go, white, percent):
    words = go.split()

    def value(key):
        return int(words[words.index(key) + 1]) if key in words else 0

    if "movetime" in words:
        budget = value("movetime")
    else:
        budget = value("wtime" if white else "btime") / 25 + 0.8 * value("winc" if white else "binc")
    return max(0, budget * percent / 100 / 1000)


def perft(pos, depth):
    if depth == 0:
        return 1
    count = 0
    for move in pos.legal_moves():
        saved = (dict(pos.board), pos.white, set(pos.castling), pos.ep)
        pos.play(*move)
        count += perft(pos, depth - 1)
        pos.board, pos.white, pos.castling, pos.ep = saved
    return count


def main():
    if sys.argv[1:2] == ["perft"]:
        print(perft(Position(" ".join(sys.argv[3:])), int(sys.argv[2])))
        return
    settings = dict(arg.split("=", 1) for arg in sys.argv[1:] if "=" in arg)
    percent = int(settings.get("sleeper", 100))
    start_cpu = float(settings.get("start-cpu", 0.26))
    rng = random.Random(int(settings["seed"]) if "seed" in settings else None)
    while time.process_time() < start_cpu:
        pass
    pos = Position(START)
    for line in sys.stdin:
        line = line.strip()
        if line == "uci":
            print("id name SlowStartPy\nid author workbench tests\nuciok", flush=True)
        elif line == "isready":
            print("readyok", flush=True)
        elif line.startswith("position"):
            pos = position_from(line)
        elif line.startswith("go"):
            time.sleep(think_time(line, pos.white, percent))
            moves = pos.legal_moves()
            if not moves:
                print("bestmove 0000", flush=True)
                continue
            start, to, promo = rng.choice(moves)
            uci = square_name(start) + square_name(to) + promo
            print(f"info depth 1 score cp {rng.randint(-20, 20)} nodes 1 time 1 pv {uci}\nbestmove {uci}", flush=True)
        elif line == "quit":
            break


if __name__ == "__main__":
    main()
