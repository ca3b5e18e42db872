#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) into build-asan/, the build the ASan
# smoke run shares (scripts/lib/clang_builds.sh), and runs them.
#   scripts/ci/fuzz.sh            each target for 15 s through CTest (label "fuzz"), as CI does
#   scripts/ci/fuzz.sh 600        each target for 600 s, one after another
#   scripts/ci/fuzz.sh 600 fen_fuzz   one target
# Findings land in build-asan/ as crash-*, leak-* or timeout-* files; a regression test for
# each goes into the tests, and the input into fuzz/corpus/TARGET.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=lib/clang_builds.sh
source "$root/scripts/lib/clang_builds.sh"
configure_clang_build address
build="$CLANG_BUILD"
cmake --build "$build" -j "$(nproc)" --target fuzzers
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ $# -eq 0 ]; then
  cd "$build" && ctest -L fuzz --output-on-failure -j "$(nproc)"
  exit
fi
seconds="$1"
targets=("${@:2}")
[ ${#targets[@]} -eq 0 ] && targets=(fen_fuzz move_text_fuzz epd_line_fuzz book_fuzz command_line_fuzz json_config_fuzz engine_output_fuzz pgn_import_fuzz
  foreign_command_line_fuzz http_request_fuzz training_record_fuzz network_file_fuzz params_file_fuzz)
cd "$build"
for t in "${targets[@]}"; do
  mkdir -p "fuzz-corpus/$t"
  echo "== $t for $seconds s"
  "bin/$t" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 "fuzz-corpus/$t" "$root/fuzz/corpus/$t" 2>&1 |
    grep -E "stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Test unit written" || true
done
