#!/usr/bin/env bash
# The bulletformat and marlinformat this harness writes, against bullet's own data crate
# (jw1912/bulletformat, a checkout or a git mirror in BULLETFORMAT_SRC, built offline: it has
# no dependencies). bullet's documented way in for text data is its converter from
# `FEN | score | result` lines: fed this harness's `--format text` of a run it must give, byte for
# byte, the harness's `--format bulletformat` of the same run. And its converter from
# marlinformat, fed the harness's `--format marlinformat`, must give the same boards: the
# script counts those that differ and shows the first. Not part of CI; needs cargo.
# Settings (environment): BULLETFORMAT_SRC; DB and RUN (default: a datagen run of GAMES=40 games
# made here), OUT=results/bulletformat-check.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$root/build/bin"
src="${BULLETFORMAT_SRC:?BULLETFORMAT_SRC=a checkout or git mirror of jw1912/bulletformat}"
out="${OUT:-$root/results/bulletformat-check}"
[ -x "$bin/harness" ] || { echo "check_bulletformat: build first (scripts/ci/build.sh)" >&2; exit 1; }
command -v cargo > /dev/null || { echo "check_bulletformat: needs cargo (Debian: apt install cargo)" >&2; exit 1; }
mkdir -p "$out"
rm -rf "$out/bulletformat" "$out/reader" && mkdir -p "$out/bulletformat" "$out/reader/src"
if [ -f "$src/Cargo.toml" ]; then cp -r "$src/." "$out/bulletformat/"; else git --git-dir="$src" archive HEAD | tar -x -C "$out/bulletformat"; fi
echo "== bulletformat $(grep -m1 '^version' "$out/bulletformat/Cargo.toml"): $(git --git-dir="$src" log -1 --format='%h %s' 2>/dev/null || echo "$src")"
cat > "$out/reader/Cargo.toml" <<'TOML'
[package]
name = "reader"
version = "0.1.0"
edition = "2021"
[dependencies]
bulletformat = { path = "../bulletformat" }
TOML
cat > "$out/reader/src/main.rs" <<'RUST'
// bullet's own conversions: from text lines, and from marlinformat, to its ChessBoard.
use bulletformat::{chess::MarlinFormat, convert_from_bin, convert_from_text, ChessBoard};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args[1].as_str() {
        "text" => convert_from_text::<ChessBoard>(&args[2], &args[3]).unwrap(),
        "marlin" => convert_from_bin::<MarlinFormat, ChessBoard>(&args[2], &args[3], 1).unwrap(),
        other => panic!("unknown conversion {other}"),
    }
}
RUST
(cd "$out/reader" && cargo build --offline --release -q)

db="${DB:-$out/datagen.sqlite}"
run="${RUN:-1}"
if [ -z "${DB:-}" ] && [ ! -f "$db" ]; then
  "$bin/harness" datagen --engine "name=dev cmd=$bin/engine arg=--version arg=dev option.Hash=16" --games "${GAMES:-40}" \
    --nodes 2000 --random-plies 8 --seed 39 --concurrency 2 --db "$db" > "$out/datagen.log"
fi
for format in text bulletformat marlinformat; do
  "$bin/harness" positions "$run" --db "$db" -o "$out/positions.$format" --format "$format" > /dev/null
done
"$out/reader/target/release/reader" text "$out/positions.text" "$out/from-text.bullet" > /dev/null
"$out/reader/target/release/reader" marlin "$out/positions.marlinformat" "$out/from-marlin.bullet" > /dev/null
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
ours = open(out + "/positions.bulletformat", "rb").read()
failed = False
for name, what in (("from-text.bullet", "from the text"), ("from-marlin.bullet", "from the marlinformat")):
    theirs = open(out + "/" + name, "rb").read()
    records = [(i, ours[i:i + 32], theirs[i:i + 32]) for i in range(0, max(len(ours), len(theirs)), 32)]
    differ = [r for r in records if r[1] != r[2]]
    print("bullet's boards %s: %d of %d equal to this harness's bulletformat" % (what, len(records) - len(differ), len(records)))
    for i, a, b in differ[:1]:
        print("  first that differs, board %d:\n    ours:   %s\n    bullet: %s" % (i // 32 + 1, a.hex(), b.hex()))
    # Which pieces differ: a nibble of ours against bullet's, in each differing board.
    kinds = set()
    for i, a, b in differ:
        for k in range(32):
            x, y = (a[8 + k // 2] >> (4 * (k % 2))) & 15, (b[8 + k // 2] >> (4 * (k % 2))) & 15
            if x != y:
                kinds.add((x, y))
    if differ and kinds <= {(3, 2), (11, 10)}:
        print("  every difference is a rook (ours) that bullet reads as a bishop: its From<MarlinFormat> turns a rook"
              " that can castle (code 6) into code 6 ^ 4 = 2")
    elif differ:
        print("  pieces that differ (ours, bullet): %s" % sorted(kinds))
    failed |= name == "from-text.bullet" and bool(differ)
sys.exit("FAILED: bullet's own reading of the text differs from this harness's bulletformat" if failed else 0)
PY
