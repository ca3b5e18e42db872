#!/usr/bin/env bash
# Stops the cluster slurm_up.sh started in DIR, by pid: slurmd, slurmctld, munged.
#   usage: slurm_down.sh DIR
set -uo pipefail
dir="$1"
for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
  [ -f "$pidfile" ] || continue
  pid="$(cat "$pidfile")"
  kill "$pid" 2>/dev/null || continue
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
done
exit 0
