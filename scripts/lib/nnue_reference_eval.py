#!/usr/bin/env python3
"""The evaluation of a (768->N)x2->1 network file (bullet's simple layout: i16 little-endian,
column-major l0w x255, l0b x255, l1w x64, l1b x255x64, padded to 64 bytes or not), written from the
layout alone, for FENs read from standard input: one number a line, centipawns for the side to
move, in Python's unbounded integers with truncating division as bullet's example divides."""
import struct
import sys


def load(path):
    data = open(path, "rb").read()
    for n in range(16, 2049):
        count = 771 * n + 1
        if len(data) in (2 * count, (2 * count + 63) // 64 * 64):
            values = struct.unpack(f"<{count}h", data[: 2 * count])
            return n, [values[f * n:(f + 1) * n] for f in range(768)], values[768 * n: 769 * n], values[769 * n: 771 * n], values[771 * n]
    sys.exit(f"{path}: {len(data)} bytes is no network of the layout")


def features(board, perspective):
    rank, file = 7, 0
    for ch in board:
        if ch == "/":
            rank, file = rank - 1, 0
        elif ch.isdigit():
            file += int(ch)
        else:
            square = rank * 8 + file
            colour = 0 if ch.isupper() else 1
            yield (0 if colour == perspective else 384) + 64 * "pnbrqk".index(ch.lower()) + (square ^ 56 if perspective else square)
            file += 1


def truncate(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def evaluate(net, fen):
    n, l0w, l0b, l1w, l1b = net
    board, side = fen.split()[0], fen.split()[1]
    sums = []
    for perspective in (0, 1):
        acc = list(l0b)
        for f in features(board, perspective):
            acc = [a + w for a, w in zip(acc, l0w[f])]
        sums.append(acc)
    us = 0 if side == "w" else 1
    total = sum(min(max(a, 0), 255) ** 2 * w for a, w in zip(sums[us], l1w[:n]))
    total += sum(min(max(a, 0), 255) ** 2 * w for a, w in zip(sums[1 - us], l1w[n:]))
    return truncate((truncate(total, 255) + l1b) * 400, 255 * 64)


if __name__ == "__main__":
    network = load(sys.argv[1])
    for line in sys.stdin:
        if line.strip():
            print(evaluate(network, line.strip()))
