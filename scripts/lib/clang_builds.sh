# Sourced by scripts/ci/fuzz.sh, scripts/ci/sanitize.sh and scripts/ci/build_clang.sh: the
# project's two clang builds, configured the same way whoever asks, so that one build serves
# every caller.
#   configure_clang_build address   build-asan/: ASan + UBSan with libFuzzer's coverage, for the
#                                   fuzz targets (label fuzz) and the sanitized tests alike
#   configure_clang_build thread    build-tsan/: ThreadSanitizer
# Sets CLANG_BUILD to the build directory. Needs $root.
# Both compile at -O1 with line tables only (the sanitizers' reports name files and lines; full
# debug information only made the builds slower) and link with lld.
# shellcheck source=build_settings.sh
source "$root/scripts/lib/build_settings.sh"

# What the sanitizer smoke runs play: the programs the threads' e2e tests start, and that test
# program.
SMOKE_TARGETS=(harness engine mock_engine harness_threads_e2e_tests)

configure_clang_build() {
  local kind="$1" flags
  case "$kind" in
    address)
      CLANG_BUILD="$root/build-asan"
      # WORKBENCH_FUZZ adds -fsanitize=fuzzer-no-link,address,undefined to every target.
      flags="-fno-omit-frame-pointer"
      ;;
    thread)
      CLANG_BUILD="$root/build-tsan"
      flags="-fsanitize=thread"
      ;;
    *) echo "configure_clang_build: address or thread, got '$kind'" >&2; return 2 ;;
  esac
  local fuzz=OFF
  [ "$kind" = address ] && fuzz=ON
  CC=clang CXX=clang++ cmake -S "$root" -B "$CLANG_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWORKBENCH_ARCH_FLAGS= \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" -DWORKBENCH_FUZZ="$fuzz" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags -fuse-ld=lld" "${BUILD_ARGS[@]}" > /dev/null
}
