#!/usr/bin/env bash
# Configures and builds the workbench into build/ (Release, -O3 -march=native by default),
# through ccache when it is installed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=lib/compiler_cache.sh
source "$root/scripts/lib/compiler_cache.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "${CCACHE_ARGS[@]}" > /dev/null
cmake --build "$root/build" -j "$(nproc)"
