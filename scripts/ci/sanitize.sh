#!/usr/bin/env bash
# Sanitizer builds with clang (scripts/lib/clang_builds.sh):
#   scripts/ci/sanitize.sh address   ASan + UBSan build in build-asan/ (the fuzz targets' build),
#                                 runs the unit, protocol and e2e tests; the harness, tuner and
#                                 engine the e2e tests start are sanitized too, and any report
#                                 fails the test
#   scripts/ci/sanitize.sh thread    ThreadSanitizer build in build-tsan/, runs the tests that drive
#                                 the match runner's threads (matches, tournaments, signals,
#                                 misbehaving engines, storage stress, game fitness, the tuner's
#                                 worker pool and streaming training)
#   scripts/ci/sanitize.sh           both (before a release: longer than CI's budget on 2 cores)
#   scripts/ci/sanitize.sh --smoke [address] [thread]
#                                 what CI runs (scripts/test.sh): only the harness, the engine, the
#                                 mock engine and the threads' e2e test binary are built, and only the tests
#                                 that drive threads are played, at small sizes: the faulty
#                                 engines, the signals (3 interruptions) and the storage stress
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=lib/clang_builds.sh
source "$root/scripts/lib/clang_builds.sh"
smoke=0
if [ "${1:-}" = "--smoke" ]; then
  smoke=1
  shift
fi
kinds=("${@:-address thread}")
read -r -a kinds <<< "${kinds[*]}"
smoke_tests="FaultsBecomeResults|MisbehavingEngines|StopRequest|StorageStress"
for kind in "${kinds[@]}"; do
  case "$kind" in
    address)
      tests=(-L "unit|protocol|e2e")
      export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86"
      export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
      ;;
    thread)
      tests=(-R "HarnessE2E|StopRequest|MisbehavingEngines|StorageStress|GameFitness|FaultsBecomeResults|WorkerPool|StreamingTraining")
      export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1"
      ;;
    *) echo "usage: scripts/ci/sanitize.sh [--smoke] [address] [thread]" >&2; exit 2 ;;
  esac
  configure_clang_build "$kind"
  targets=()
  if [ "$smoke" -eq 1 ]; then
    targets=(--target "${SMOKE_TARGETS[@]}")
    tests=(-R "$smoke_tests")
    export STOP_REQUEST_ROUNDS=3
  fi
  echo "== $kind sanitizer: building $CLANG_BUILD"
  cmake --build "$CLANG_BUILD" -j "$(nproc)" "${targets[@]}"
  (cd "$CLANG_BUILD" && ctest --output-on-failure -j "$(nproc)" --timeout 1800 "${tests[@]}" -LE fuzz)
done
