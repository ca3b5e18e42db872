#!/usr/bin/env bash
# The binpack this harness writes, read back by nnue-pytorch's own C++ reader: the
# reader's headers (data_loader/cpp/lib of official-stockfish/nnue-pytorch, a checkout or a git
# mirror in NNUE_PYTORCH_SRC) are built into scripts/lib/binpack_read.cpp, which prints every
# entry; each must equal the same run's `--format text` line: the board, side to move,
# castling, en-passant square and halfmove clock of the FEN (nnue-pytorch writes its own
# fullmove number from the ply), the score and the result, in the same order. Not part of CI.
# Settings (environment): NNUE_PYTORCH_SRC; DB and RUN (default: a datagen run of GAMES=40 games
# made here), OUT=results/binpack-check.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
src="${NNUE_PYTORCH_SRC:?NNUE_PYTORCH_SRC=a checkout or git mirror of official-stockfish/nnue-pytorch}"
out="${OUT:-$root/results/binpack-check}"
[ -x "$bin/harness" ] || { echo "check_binpack: build first (scripts/ci/build.sh)" >&2; exit 1; }
mkdir -p "$out"
source "$root/scripts/lib/nnue_pytorch_build.sh"
nnue_pytorch_build "$src" "$out" binpack_read

db="${DB:-$out/datagen.sqlite}"
run="${RUN:-1}"
if [ -z "${DB:-}" ] && [ ! -f "$db" ]; then
  "$bin/harness" datagen --engine "name=dev cmd=$bin/engine arg=--version arg=dev option.Hash=16" --games "${GAMES:-40}" \
    --nodes 2000 --random-plies 8 --seed 39 --concurrency 2 --db "$db" > "$out/datagen.log"
fi
"$bin/harness" positions "$run" --db "$db" -o "$out/positions.binpack" --format binpack
# binpack keeps whole games (every scored position, as chains): the text to compare is unfiltered.
"$bin/harness" positions "$run" --db "$db" -o "$out/positions.txt" --format text --keep checks,tactical,mates --no-dedup
"$out/binpack_read" "$out/positions.binpack" "$out/rewritten.binpack" > "$out/read.txt"
python3 - "$out/positions.txt" "$out/read.txt" <<'PY'
import sys
ours, theirs = open(sys.argv[1]).read().splitlines(), open(sys.argv[2]).read().splitlines()
def key(line):
    fen, score, result = [part.strip() for part in line.split("|")[:3]]
    board, side, castling, ep, halfmove = fen.split()[:5]
    return (board, side, castling, ep, halfmove, int(score), result)
def can_take(board, side, ep):
    # Whether a pawn of the side to move can take on the en-passant square without leaving its
    # king to a rook, bishop or queen (this harness's FEN names the square whenever a pawn
    # attacks it; a binpack, as Stockfish, only when the capture is legal).
    rows = [list(r.replace("8", "........").replace("7", ".......").replace("6", "......").replace("5", ".....")
                 .replace("4", "....").replace("3", "...").replace("2", "..").replace("1", ".")) for r in board.split("/")]
    at = lambda f, r: rows[8 - r][f]
    file, rank = ord(ep[0]) - ord("a"), int(ep[1])
    pawn_rank, pawn = (rank - 1, "P") if side == "w" else (rank + 1, "p")
    king, straight, diagonal = ("K", "rq", "bq") if side == "w" else ("k", "RQ", "BQ")
    for f in (file - 1, file + 1):
        if not (0 <= f < 8 and at(f, pawn_rank) == pawn):
            continue
        after = [row[:] for row in rows]
        after[8 - pawn_rank][f] = "."
        after[8 - pawn_rank][file] = "."
        after[8 - rank][file] = pawn
        kf, kr = next((x, 8 - y) for y in range(8) for x in range(8) if after[y][x] == king)
        attacked = False
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            x, y = kf + df, kr + dr
            while 0 <= x < 8 and 1 <= y <= 8 and after[8 - y][x] == ".":
                x, y = x + df, y + dr
            if 0 <= x < 8 and 1 <= y <= 8 and after[8 - y][x] in (diagonal if df and dr else straight):
                attacked = True
        if not attacked:
            return True
    return False
def same(a, b):
    ka, kb = key(a), key(b)
    if ka[3] != "-" and kb[3] == "-" and not can_take(ka[0], ka[1], ka[3]):
        ka = ka[:3] + ("-",) + ka[4:]
    return ka == kb
bad = [(i, a, b) for i, (a, b) in enumerate(zip(ours, theirs)) if not same(a, b)]
print("positions: %d written as text, %d read from the binpack by nnue-pytorch's reader" % (len(ours), len(theirs)))
for i, a, b in bad[:5]:
    print("position %d differs:\n  ours:   %s\n  theirs: %s" % (i + 1, a, b))
illegal = [line for line in theirs if line.endswith("(not a legal move)")]
for line in illegal[:5]:
    print("a move nnue-pytorch's reader finds illegal: " + line)
if bad or illegal or len(ours) != len(theirs):
    sys.exit("FAILED: %d of %d positions differ" % (len(bad) + abs(len(ours) - len(theirs)), max(len(ours), len(theirs))))
print("every position, score and result read back as written, every move legal")
PY
ls -l "$out/positions.binpack" "$out/positions.txt" | awk '{print $5, $9}'
# nnue-pytorch's writer, given every entry its reader read, chains and chunks them as this
# harness did: the two files are the same bytes.
if cmp -s "$out/positions.binpack" "$out/rewritten.binpack"; then
  echo "nnue-pytorch's writer, given what its reader read, writes the same $(stat -c %s "$out/positions.binpack") bytes"
else
  cmp "$out/positions.binpack" "$out/rewritten.binpack" || true
  echo "FAILED: nnue-pytorch's writer writes other bytes" >&2
  exit 1
fi
