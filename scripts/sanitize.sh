#!/usr/bin/env bash
# Sanitizer builds with clang (as the fuzz build):
#   scripts/sanitize.sh address   ASan + UBSan build in build-asan/, runs the unit, protocol and
#                                 e2e tests; the harness, tuner and engine the e2e tests start are
#                                 sanitized too, and any report fails the test
#   scripts/sanitize.sh thread    ThreadSanitizer build in build-tsan/, runs the tests that drive
#                                 the match runner's threads (matches, tournaments, signals,
#                                 misbehaving engines, storage stress, game fitness)
#   scripts/sanitize.sh           both (before a release: longer than CI's budget on 2 cores)
#   scripts/sanitize.sh --smoke [address] [thread]
#                                 what CI runs (scripts/test.sh): only the harness, the engine, the
#                                 mock engine and the e2e test binary are built, and only the faulty
#                                 engines, the signals and the storage stress are played
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
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
      build="$root/build-asan"
      flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
      tests=(-L "unit|protocol|e2e")
      export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86"
      export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
      ;;
    thread)
      build="$root/build-tsan"
      flags="-fsanitize=thread"
      tests=(-R "HarnessE2E|StopRequest|MisbehavingEngines|StorageStress|GameFitness|FaultsBecomeResults")
      export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1"
      ;;
    *) echo "usage: scripts/sanitize.sh [--smoke] [address] [thread]" >&2; exit 2 ;;
  esac
  targets=()
  if [ "$smoke" -eq 1 ]; then
    targets=(--target harness engine mock_engine harness_e2e_tests)
    tests=(-R "$smoke_tests")
  fi
  echo "== $kind sanitizer: building $build"
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWORKBENCH_ARCH_FLAGS= \
    -DCMAKE_CXX_FLAGS="$flags -g -O1" -DCMAKE_EXE_LINKER_FLAGS="$flags" > /dev/null
  cmake --build "$build" -j "$(nproc)" "${targets[@]}"
  (cd "$build" && ctest --output-on-failure -j "$(nproc)" --timeout 1800 "${tests[@]}")
done
