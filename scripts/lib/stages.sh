# Stage timing for scripts/test.sh: `stage NAME COMMAND...` runs a stage and keeps its wall
# time, failed or not (a failed stage ends the script with its status); at exit the stages that
# ran are printed with their seconds.
STAGE_NAMES=()
STAGE_SECONDS=()

stage() {
  local name="$1" start=$SECONDS status=0
  shift
  echo "== stage: $name"
  "$@" || status=$?
  STAGE_NAMES+=("$name$([ "$status" -eq 0 ] || echo " (failed: $status)")")
  STAGE_SECONDS+=("$((SECONDS - start))")
  return "$status"
}

print_stages() {
  local i total=0
  echo "== stage times (wall seconds)"
  for i in "${!STAGE_NAMES[@]}"; do
    printf '  %-28s %5d\n' "${STAGE_NAMES[$i]}" "${STAGE_SECONDS[$i]}"
    total=$((total + STAGE_SECONDS[i]))
  done
  printf '  %-28s %5d\n' "total" "$total"
}

# The label summary and the ten slowest tests of a ctest log (each command reads all its input,
# so that no pipe closes early under pipefail).
print_test_times() {
  local log="$1"
  echo "== tests by label (seconds of test time, summed over the tests of each label)"
  sed -n '/^Label Time Summary:/,/^$/p' "$log" | sed '1d;/^$/d;s/^/  /'
  echo "== the ten slowest tests (seconds)"
  grep -E 'Test +#[0-9]+: ' "$log" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* +([0-9.]+) sec.*/\2 \1/' |
    grep -E '^[0-9.]+ ' | sort -rn | awk 'NR <= 10 {printf "  %8.1f  %s\n", $1, $2}'
}
