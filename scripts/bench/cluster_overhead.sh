#!/usr/bin/env bash
# Slurm's cost per task on a one-node cluster started here (tests/harness/cluster/slurm_up.sh, as root):
# an array of TASKS tasks that each run a real shard of a node-limited match (GAMES games per
# shard, dev against v0.12) through `harness cluster match`, against the same shards run here
# one after another by `harness match --shard` with the same parallelism (2 at a time). Also an
# array of TASKS empty tasks, from sbatch to the last one's end: Slurm's own scheduling and
# launch cost per task. Medians of ROUNDS rounds.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
harness="$root/build/bin/harness"
tasks="${TASKS:-20}"; games="${GAMES:-4}"; rounds="${ROUNDS:-3}"
[ -x "$harness" ] || { echo "bench_cluster_overhead: build first ($harness missing)" >&2; exit 1; }
work="$(mktemp -d /tmp/bench-cluster.XXXXXX)"
trap 'bash "$root/tests/harness/cluster/slurm_down.sh" "$work/slurm"; rm -rf "$work"' EXIT
export SLURM_CONF="$(bash "$root/tests/harness/cluster/slurm_up.sh" "$work/slurm")"
now() { date +%s.%N; }
source "$root/scripts/lib/median.sh"
engine() { echo "name=$1 cmd=$root/build/bin/engine arg=--version arg=$1 option.Hash=4"; }
total_games=$((tasks * games))
run_local() {  # the shards here, two at a time, as the one-node cluster runs them
  local dir="$1"
  for k in $(seq 1 "$tasks"); do
    "$harness" match --engine "$(engine dev)" --engine "$(engine v0.12)" --nodes 4000 --games "$total_games" \
      --concurrency 1 --shard "$k/$tasks" --db "$dir/local-$k.sqlite" > /dev/null &
    if (( k % 2 == 0 )); then wait; fi
  done
  wait
}
run_cluster() {
  "$harness" cluster match --engine "$(engine dev)" --engine "$(engine v0.12)" --nodes 4000 --games "$total_games" \
    --shards "$tasks" --poll-ms 100 --db "$1/cluster.sqlite" > /dev/null
}
run_empty() {
  printf '#!/bin/bash\ntrue\n' > "$1/empty.sh"
  local id; id=$(sbatch --parsable --array=1-"$tasks" --output=/dev/null "$1/empty.sh")
  while [ -n "$(squeue -h -r -j "$id" 2>/dev/null)" ]; do sleep 0.05; done
}
for r in $(seq 1 "$rounds"); do
  for what in local cluster empty; do
    d="$work/$what-$r"; mkdir -p "$d"
    t0=$(now); "run_$what" "$d"; t1=$(now)
    awk -v w="$what" -v a="$t0" -v b="$t1" 'BEGIN {printf "%s %.3f\n", w, b - a}' >> "$work/times"
  done
done
l=$(awk '$1=="local" {print $2}' "$work/times" | median)
c=$(awk '$1=="cluster" {print $2}' "$work/times" | median)
e=$(awk '$1=="empty" {print $2}' "$work/times" | median)
printf '%d shards of %d games (dev vs v0.12, 4000 nodes), 2 at a time, median of %d rounds\n' "$tasks" "$games" "$rounds"
printf '  shards run here (reference):       %7.2f s\n' "$l"
awk -v c="$c" -v l="$l" -v n="$tasks" 'BEGIN {printf "  the same through Slurm (merged):   %7.2f s  ratio %.2f  overhead %.3f s per task\n", c, c / l, (c - l) / n}'
awk -v e="$e" -v n="$tasks" 'BEGIN {printf "  %d empty tasks, sbatch to last end: %7.2f s  %.3f s per task\n", n, e, e / n}'
