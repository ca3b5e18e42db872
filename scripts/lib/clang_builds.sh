# Sourced by scripts/ci/fuzz.sh and scripts/ci/sanitize.sh: the project's two clang builds, configured
# the same way whoever asks, so that one build serves both callers.
#   configure_clang_build address   build-asan/: ASan + UBSan with libFuzzer's coverage, for the
#                                   fuzz targets (label fuzz) and the sanitized tests alike
#   configure_clang_build thread    build-tsan/: ThreadSanitizer
# Sets CLANG_BUILD to the build directory. Needs $root.
# shellcheck source=compiler_cache.sh
source "$root/scripts/lib/compiler_cache.sh"

configure_clang_build() {
  local kind="$1" flags
  case "$kind" in
    address)
      CLANG_BUILD="$root/build-asan"
      # WORKBENCH_FUZZ adds -fsanitize=fuzzer-no-link,address,undefined to every target.
      flags="-fno-omit-frame-pointer"
      CC=clang CXX=clang++ cmake -S "$root" -B "$CLANG_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWORKBENCH_ARCH_FLAGS= \
        -DWORKBENCH_FUZZ=ON -DCMAKE_CXX_FLAGS="$flags" "${CCACHE_ARGS[@]}" > /dev/null
      ;;
    thread)
      CLANG_BUILD="$root/build-tsan"
      flags="-fsanitize=thread"
      CC=clang CXX=clang++ cmake -S "$root" -B "$CLANG_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWORKBENCH_ARCH_FLAGS= \
        -DCMAKE_CXX_FLAGS="$flags -g -O1" -DCMAKE_EXE_LINKER_FLAGS="$flags" "${CCACHE_ARGS[@]}" > /dev/null
      ;;
    *) echo "configure_clang_build: address or thread, got '$kind'" >&2; return 2 ;;
  esac
}
