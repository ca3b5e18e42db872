#!/usr/bin/env bash
# Sanitizer builds, run before each release (not in CI: together they take longer than CI's
# budget on 2 cores):
#   scripts/sanitize.sh address   ASan + UBSan build (clang) in build-asan/, runs the unit,
#                                 protocol and e2e tests; the harness, tuner and engine the e2e
#                                 tests start are sanitized too, and any report fails the test
#   scripts/sanitize.sh thread    ThreadSanitizer build (clang) in build-tsan/, runs the tests that drive
#                                 the match runner's threads (matches, tournaments, signals,
#                                 misbehaving engines, storage stress, game fitness)
#   scripts/sanitize.sh           both
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kinds=("${@:-address thread}")
read -r -a kinds <<< "${kinds[*]}"
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
    *) echo "usage: scripts/sanitize.sh [address] [thread]" >&2; exit 2 ;;
  esac
  echo "== $kind sanitizer: building $build"
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWORKBENCH_ARCH_FLAGS= \
    -DCMAKE_CXX_FLAGS="$flags -g -O1" -DCMAKE_EXE_LINKER_FLAGS="$flags" > /dev/null
  cmake --build "$build" -j "$(nproc)"
  (cd "$build" && ctest --output-on-failure -j "$(nproc)" --timeout 1800 "${tests[@]}")
done
