# Stage timing for scripts/test.sh: `stage NAME COMMAND...` runs a stage and keeps its wall
# time; at exit (pass or fail) the stages that ran are printed with their seconds.
STAGE_NAMES=()
STAGE_SECONDS=()

stage() {
  local name="$1" start=$SECONDS
  shift
  echo "== stage: $name"
  "$@"
  STAGE_NAMES+=("$name")
  STAGE_SECONDS+=("$((SECONDS - start))")
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

# The label summary and the ten slowest tests of a ctest log.
print_test_times() {
  local log="$1"
  echo "== tests by label (seconds of test time, summed over the tests of each label)"
  sed -n '/^Label Time Summary:/,/^$/p' "$log" | sed '1d;/^$/d;s/^/  /'
  echo "== the ten slowest tests (seconds)"
  grep -E 'Test +#[0-9]+: ' "$log" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* +([0-9.]+) sec.*/\2 \1/' |
    grep -E '^[0-9.]+ ' | sort -rn | head -10 | awk '{printf "  %8.1f  %s\n", $1, $2}'
}
