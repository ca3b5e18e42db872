# The CPU, peak memory and wall time of one process, read from /proc while it runs: what the
# benchmarks of the match runner report, the same way for every runner they compare.
# The caller sets $work (the folder of the logs); messages name $bench_name when set.
clk_tck=$(getconf CLK_TCK)

# measure NAME CMD...: runs CMD, sampling its own CPU ticks and peak memory from /proc until it
# ends (a zombie's stat still holds its final times); sets cpu_s, peak_kib, wall_s.
measure() {
  local name="$1"
  shift
  local start end pid ticks=0 peak=0 stat key value unit
  start=$(date +%s%N)
  "$@" > "$work/$name.log" 2>&1 &
  pid=$!
  while [ -r "/proc/$pid/stat" ]; do
    read -r stat < "/proc/$pid/stat" || break
    stat="${stat##*) }"
    set -- $stat
    [ "$1" = Z ] && { ticks=$(( ${12} + ${13} )); break; }
    ticks=$(( ${12} + ${13} ))
    while read -r key value unit; do
      [ "$key" = "VmHWM:" ] && [ "$value" -gt "$peak" ] && peak=$value
    done < "/proc/$pid/status"
    sleep 0.2
  done
  wait "$pid" || echo "${bench_name:-bench}: $name exited with status $?" >&2
  end=$(date +%s%N)
  cpu_s=$(awk -v t="$ticks" -v k="$clk_tck" 'BEGIN { printf "%.2f", t / k }')
  peak_kib=$peak
  wall_s=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", (e - s) / 1e9 }')
}

