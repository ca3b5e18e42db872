# find_fastchess WORKDIR: prints the fastchess binary to compare against, or nothing.
# $FASTCHESS (a binary), else `fastchess` on PATH, else built from $FASTCHESS_SRC (its source
# tree, `make`; the build's output goes to WORKDIR/fastchess-build.log).
find_fastchess() {
  if [ -n "${FASTCHESS:-}" ] && [ -x "$FASTCHESS" ]; then echo "$FASTCHESS"; return; fi
  if command -v fastchess > /dev/null; then command -v fastchess; return; fi
  if [ -n "${FASTCHESS_SRC:-}" ] && [ -f "$FASTCHESS_SRC/Makefile" ]; then
    make -C "$FASTCHESS_SRC" -j "$(nproc)" > "$1/fastchess-build.log" 2>&1 || { echo "fastchess did not build (see $1/fastchess-build.log)" >&2; return; }
    echo "$FASTCHESS_SRC/fastchess"
  fi
}
