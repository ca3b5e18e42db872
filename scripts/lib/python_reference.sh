# Installs the reference tools the comparison scripts use (not the build): Debian's PyTorch and
# numpy, for Debian's own Python (PYTHON, /usr/bin/python3: not a python3 earlier on the PATH).
# Sourced by scripts that need them.
PYTHON=/usr/bin/python3
ensure_python_reference() {
  "$PYTHON" -c 'import torch, numpy' 2> /dev/null && return 0
  local sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends python3-torch python3-numpy > /dev/null
}

# Positions for the trainers in the text format: DATA if given, else a small self-play run of
# dev made here (GAMES games at NODES nodes) exported with `harness positions --format text`.
reference_positions() {
  local out="$1" bin="$2" games="${3:-200}" nodes="${4:-2000}"
  if [ -n "${DATA:-}" ]; then cp "$DATA" "$out"; return; fi
  "$bin/harness" datagen dev --games "$games" --nodes "$nodes" --random-plies 8 --seed 77 --concurrency 2 \
    --db "$(dirname "$out")/datagen.sqlite" > /dev/null
  "$bin/harness" positions 1 --db "$(dirname "$out")/datagen.sqlite" --format text -o "$out" > /dev/null
}
