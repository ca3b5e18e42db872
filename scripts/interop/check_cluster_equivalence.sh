#!/usr/bin/env bash
# The same node-limited match (dev against v0.12) played unsharded on this machine and through
# a one-node Slurm started here (as root) in 2 and 4 shards: prints each run's counts and a
# checksum of every game's PGN without its clock readings (moves, results, scores and depths).
# Equal lines mean equal games.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
harness="$root/build/bin/harness"
games="${GAMES:-100}"
[ -x "$harness" ] || { echo "check_cluster_equivalence: build first ($harness missing)" >&2; exit 1; }
work="$(mktemp -d /tmp/cluster-equivalence.XXXXXX)"
trap 'bash "$root/tests/harness/cluster/slurm_down.sh" "$work/slurm"; rm -rf "$work"' EXIT
export SLURM_CONF="$(bash "$root/tests/harness/cluster/slurm_up.sh" "$work/slurm")"
engine() { echo "name=$1 cmd=$root/build/bin/engine arg=--version arg=$1 option.Hash=4"; }
args=(--engine "$(engine dev)" --engine "$(engine v0.12)" --nodes 4000 --games "$games")
games_checksum() {
  "$harness" pgn 1 --db "$1" | grep -v '^\[\(Date\|Time\|Round\|Site\)' | sed -E 's/ [0-9.]+s\}/}/g' | md5sum | cut -c1-12
}
report() {
  local name="$1" db="$2" out="$3"
  printf '%-24s %s  pgn md5 %s\n' "$name" "$(grep -E '^Games:' "$out" | tail -1)" "$(games_checksum "$db")"
  grep -E '^Ptnml' "$out" | tail -1 | sed 's/^/                         /'
}
"$harness" match "${args[@]}" --concurrency 2 --db "$work/local.sqlite" > "$work/local.out"
report "unsharded, this machine" "$work/local.sqlite" "$work/local.out"
for shards in 2 4; do
  "$harness" cluster match "${args[@]}" --shards "$shards" --db "$work/c$shards.sqlite" > "$work/c$shards.out"
  report "$shards shards through Slurm" "$work/c$shards.sqlite" "$work/c$shards.out"
done
