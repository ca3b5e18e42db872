#!/usr/bin/env bash
# Configures and builds the workbench into build/ (Release, -O3 -march=native by default).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" > /dev/null
cmake --build "$root/build" -j "$(nproc)"
