#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the labels unit, perft, protocol and
# e2e in build/, then every fuzz target briefly (label fuzz, clang with ASan + UBSan) in build-fuzz/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
(cd "$root/build" && ctest --output-on-failure -j "$(nproc)" --timeout 900)
"$root/scripts/fuzz.sh"
