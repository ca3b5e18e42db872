#!/usr/bin/env bash
# Configures and builds the workbench into build/ (Release, -O3 -march=native by default, in unity
# batches: scripts/lib/build_settings.sh),
# through ccache when it is installed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=lib/build_settings.sh
source "$root/scripts/lib/build_settings.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "${BUILD_ARGS[@]}" > /dev/null
cmake --build "$root/build" -j "$(nproc)"
