#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test:
#   the labels unit, perft, protocol, e2e, slow and cluster in build/ (Release, gcc);
#   every fuzz target briefly (label fuzz) and the ASan + UBSan smoke run, in one clang build
#   (build-asan/: the libraries are instrumented for both);
#   the ThreadSanitizer smoke run in build-tsan/.
# The two clang builds (scripts/ci/build_clang.sh) start beside the gcc build at the lowest
# priority: they take only the CPU the gcc build and its tests leave idle (the tests wait on
# engines and deadlines for much of their time). When the tests are done they go on at normal
# priority, and the fuzz and smoke stages wait for them.
# Builds go through ccache when it is installed (scripts/ci/install-deps.sh installs it). At the end
# the time of each stage, the test time by label and the ten slowest tests are printed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/stages.sh
source "$root/scripts/lib/stages.sh"
log="$(mktemp)"
clang_log="$(mktemp)"
clang_pid=""
trap 'status=$?; set +e; [ -n "$clang_pid" ] && kill -- -"$clang_pid" 2> /dev/null; print_stages;
      [ -s "$log" ] && print_test_times "$log"; rm -f "$log" "$clang_log"; exit "$status"' EXIT

run_tests() {
  (cd "$root/build" && ctest --output-on-failure -j "$(nproc)" --timeout 900) 2>&1 | tee "$log"
}

start_clang_builds() {
  set -m  # its own process group, so that the trap stops every compiler it started
  nice -n 19 "$root/scripts/ci/build_clang.sh" > "$clang_log" 2>&1 &
  clang_pid=$!
  set +m
}

# Once the tests are done nothing is left to yield to: the rest of the clang builds, when there
# is a rest, goes on at normal priority. Raising a priority needs root (as
# scripts/ci/install-deps.sh does) or a nice limit that allows it; otherwise renice says why and
# the builds go on at the lowest one.
finish_clang_builds() {
  local status=0
  if kill -0 -- -"$clang_pid" 2> /dev/null; then
    renice 0 -g "$clang_pid" > /dev/null || echo "the clang builds go on at the lowest priority"
  fi
  wait "$clang_pid" || status=$?
  clang_pid=""
  [ "$status" -eq 0 ] || tail -n 60 "$clang_log"
  return "$status"
}

stage install "$root/scripts/ci/install-deps.sh"
start_clang_builds
stage build "$root/scripts/ci/build.sh"
stage tests run_tests
stage "clang builds (the rest)" finish_clang_builds
stage fuzz "$root/scripts/ci/fuzz.sh"
stage "asan+ubsan smoke" "$root/scripts/ci/sanitize.sh" --smoke address
stage "tsan smoke" "$root/scripts/ci/sanitize.sh" --smoke thread
