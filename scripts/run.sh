#!/usr/bin/env bash
# The main job: install what is missing, build, then run the workbench's headline command.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/ci/install-deps.sh"
"$root/scripts/ci/build.sh"
cd "$root"
build/bin/harness match v0.2 v0.12 --games "${GAMES:-100}"
