#!/usr/bin/env bash
# What rounding every floating-point operation alike costs (CMake option WORKBENCH_SAME_FLOATS,
# -ffp-contract=off, the default): the tuner's texel gradient descent, configs/tuner/gradient.json
# over suites/labeled.epd (127,637 positions) for EPOCHS epochs on one thread, from two builds of
# the tuner with -march=native, one with the option and one without (GCC's default: a*b+c fused
# where the CPU has FMA). ROUNDS runs of each, interleaved; the script prints each time, the
# medians and the ratio of the default build's time to the contracted build's.
#   bash scripts/bench/fp_contract.sh        (ROUNDS=5, EPOCHS=30)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${ROUNDS:-5}"
epochs="${EPOCHS:-30}"
# shellcheck source=lib/build_settings.sh
source "$root/scripts/lib/build_settings.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for same in ON OFF; do
  cmake -S "$root" -B "$root/build-floats-$same" -DCMAKE_BUILD_TYPE=Release -DWORKBENCH_TESTS=OFF \
    -DWORKBENCH_SAME_FLOATS="$same" "${BUILD_ARGS[@]}" > /dev/null
  cmake --build "$root/build-floats-$same" -j "$(nproc)" --target tuner > /dev/null
done
python3 - "$root/configs/tuner/gradient.json" "$root/suites/labeled.epd" "$epochs" > "$work/config.json" << 'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["gradient"]["epochs"] = int(sys.argv[3])
c["gradient"]["record_every"] = int(sys.argv[3])
c["fitness"].update({"positions": sys.argv[2], "threads": 1})
c["fitness"].pop("holdout", None)
c["validation"] = {"games": 0}
print(json.dumps(c))
PY
seconds() {
  local start
  start=$(date +%s%N)
  "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log" >&2; exit 1; }
  echo "scale=3; ($(date +%s%N) - start) / 1000000000" | sed "s/start/$start/" | bc
}
declare -a same_times fused_times
for r in $(seq 1 "$rounds"); do
  for same in ON OFF; do
    rm -f "$work/t.sqlite"*
    t=$(seconds "$root/build-floats-$same/bin/tuner" gradient --config "$work/config.json" --db "$work/t.sqlite" --out "$work/out.json")
    if [ "$same" = ON ]; then same_times+=("$t"); else fused_times+=("$t"); fi
    echo "round $r, WORKBENCH_SAME_FLOATS=$same: $t s"
  done
done
source "$root/scripts/lib/median.sh"
m_same=$(median_of "${same_times[@]}")
m_fused=$(median_of "${fused_times[@]}")
echo "median: ${m_same} s with -ffp-contract=off, ${m_fused} s fused; ratio $(echo "scale=3; $m_same / $m_fused" | bc)"
