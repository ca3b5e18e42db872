#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine for the tests: munged with a key generated
# here, slurmctld and slurmd as root, state and logs under DIR. Prints the SLURM_CONF path.
# Stop it with slurm_down.sh DIR. Needs root and Debian's slurm-wlm and munge.
#   usage: slurm_up.sh DIR
set -euo pipefail
dir="$(mkdir -p "$1" && cd "$1" && pwd)"
[ "$(id -u)" -eq 0 ] || { echo "slurm_up.sh: must run as root (slurmd runs jobs as their users)" >&2; exit 2; }
for tool in munged mungekey slurmctld slurmd sbatch; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "slurm_up.sh: $tool is missing (apt-get install slurm-wlm munge)" >&2; exit 2; }
done
export PATH="$PATH:/usr/sbin"
host="$(hostname -s)"
# A cluster left over in this folder (a test run that was killed) goes first, with its jobs.
bash "$(dirname "$0")/slurm_down.sh" "$dir"
rm -rf "$dir/state" "$dir/spool" "$dir/log"
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 0700 "$dir/munge"
# Free ports: two in the dynamic range, chosen from this directory's name so that two test
# clusters on one machine do not collide.
base=$(( 20000 + $(printf '%s' "$dir" | cksum | cut -d' ' -f1) % 20000 ))
ctld_port=$base; slurmd_port=$((base + 1))

rm -f "$dir/munge/munge.key"
mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null 2>&1 || dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"

cpus=$(nproc)
cat > "$dir/slurm.conf" <<CONF
ClusterName=workbench
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CryptoType=crypto/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SchedulerParameters=sched_interval=1
MinJobAge=300
KillWait=5
NodeName=$host CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
# Ready when the node is idle.
for _ in $(seq 1 120); do
  state="$(sinfo -h -N -o '%t' 2>/dev/null | head -1 || true)"
  case "$state" in idle*|mix*|alloc*) echo "$SLURM_CONF"; exit 0 ;; esac
  sleep 0.5
done
echo "slurm_up.sh: the node did not become idle within 60 s (state '${state:-none}'); logs in $dir/log" >&2
tail -5 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
exit 1
