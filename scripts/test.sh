#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test:
#   the labels unit, perft, protocol, e2e, slow and cluster in build/ (Release, gcc);
#   every fuzz target briefly (label fuzz) and the ASan + UBSan smoke run, in one clang build
#   (build-asan/: the libraries are instrumented for both);
#   the ThreadSanitizer smoke run in build-tsan/.
# Builds go through ccache when it is installed (scripts/ci/install-deps.sh installs it). At the end
# the time of each stage, the test time by label and the ten slowest tests are printed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/stages.sh
source "$root/scripts/lib/stages.sh"
log="$(mktemp)"
trap 'status=$?; set +e; print_stages; [ -s "$log" ] && print_test_times "$log"; rm -f "$log"; exit "$status"' EXIT

run_tests() {
  (cd "$root/build" && ctest --output-on-failure -j "$(nproc)" --timeout 900) 2>&1 | tee "$log"
}

stage install "$root/scripts/ci/install-deps.sh"
stage build "$root/scripts/ci/build.sh"
stage tests run_tests
stage fuzz "$root/scripts/ci/fuzz.sh"
stage "asan+ubsan smoke" "$root/scripts/ci/sanitize.sh" --smoke address
stage "tsan smoke" "$root/scripts/ci/sanitize.sh" --smoke thread
