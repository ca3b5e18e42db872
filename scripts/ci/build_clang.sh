#!/usr/bin/env bash
# Builds what CI runs of the two clang builds (scripts/lib/clang_builds.sh): in build-asan/ the
# fuzz targets and the sanitizer smoke run's programs, in build-tsan/ the smoke run's programs.
# scripts/test.sh runs it beside the gcc build and its tests, at the lowest priority.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=lib/clang_builds.sh
source "$root/scripts/lib/clang_builds.sh"
configure_clang_build address
cmake --build "$CLANG_BUILD" -j "$(nproc)" --target fuzzers "${SMOKE_TARGETS[@]}"
configure_clang_build thread
cmake --build "$CLANG_BUILD" -j "$(nproc)" --target "${SMOKE_TARGETS[@]}"
