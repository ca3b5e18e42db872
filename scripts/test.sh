#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the labels unit, perft, protocol and
# e2e in build/; every fuzz target briefly (label fuzz, clang with ASan + UBSan) in build-fuzz/;
# then the sanitizer smoke runs (clang, ASan + UBSan in build-asan/ and ThreadSanitizer in
# build-tsan/: faulty engines, signals and storage stress).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
(cd "$root/build" && ctest --output-on-failure -j "$(nproc)" --timeout 900)
"$root/scripts/fuzz.sh"
"$root/scripts/sanitize.sh" --smoke address thread
