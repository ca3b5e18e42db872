#!/usr/bin/env bash
# The main job: install what is missing, build, then run the workbench's headline command.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
# Until the harness plays matches, the headline command is the engine's perft of the start position.
"$root/build/bin/engine" perft "${PERFT_DEPTH:-6}"
