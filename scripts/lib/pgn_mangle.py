#!/usr/bin/env python3
"""A copy of a PGN file of real games with the defects of old and hostile files, drawn by a seed.

    pgn_mangle.py IN OUT SEED [GAMES]

GAMES (default all) consecutive games are taken from a random place in the file.

Each game is kept as it is with probability one half; otherwise one defect is put in it:
a Latin-1 byte in a name, a NUL in a tag, its movetext cut short, a line dropped or repeated,
random bytes in the movetext, a long comment, nested variations, a result that disagrees
with the moves, or a game of garbage put before it.
"""
import random
import sys


def games_of(data):
    games, current = [], []
    for line in data.split(b"\n"):
        if line.startswith(b"[Event ") and current:
            games.append(current)
            current = []
        current.append(line)
    if current:
        games.append(current)
    return games


def movetext_at(game):
    return [i for i, line in enumerate(game) if line and not line.startswith(b"[")]


def mangle(game, rnd):
    game = list(game)
    moves = movetext_at(game)
    kind = rnd.randrange(9)
    if kind == 0:
        game = [line.replace(b'White "', b'White "M\xfcller ', 1) for line in game]
    elif kind == 1:
        game = [line.replace(b'Black "', b'Black "a\x00b', 1) for line in game]
    elif kind == 2 and moves:
        at = rnd.choice(moves)
        game[at] = game[at][: rnd.randrange(len(game[at]) + 1)]
        game = game[: at + 1]
    elif kind == 3 and len(game) > 1:
        del game[rnd.randrange(len(game))]
    elif kind == 4 and game:
        at = rnd.randrange(len(game))
        game.insert(at, game[at])
    elif kind == 5 and moves:
        at = rnd.choice(moves)
        junk = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40)))
        cut = rnd.randrange(len(game[at]) + 1)
        game[at] = game[at][:cut] + junk + game[at][cut:]
    elif kind == 6 and moves:
        game[moves[0]] = b"{" + b"x" * rnd.randrange(1, 200000) + b"} " + game[moves[0]]
    elif kind == 7 and moves:
        depth = rnd.randrange(1, 2000)
        game[moves[0]] = game[moves[0]] + b" " + b"( 1. e4 " * depth + b")" * depth
    elif kind == 8:
        for i, line in enumerate(game):
            if line.startswith(b"[Result "):
                game[i] = b'[Result "1-0"]' if b"0-1" in line else b'[Result "0-1"]'
        garbage = [b'[Event "garbage"]', b"", bytes(rnd.randrange(32, 127) for _ in range(rnd.randrange(1, 300))), b""]
        game = garbage + game
    return game


def main():
    source, target, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rnd = random.Random(seed)
    with open(source, "rb") as f:
        games = games_of(f.read())
    if len(sys.argv) > 4 and len(games) > int(sys.argv[4]):
        first = rnd.randrange(len(games) - int(sys.argv[4]) + 1)
        games = games[first : first + int(sys.argv[4])]
    out = []
    for game in games:
        out.extend(game if rnd.random() < 0.5 else mangle(game, rnd))
    with open(target, "wb") as f:
        f.write(b"\n".join(out))


main()
