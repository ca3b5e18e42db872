#!/usr/bin/env bash
# The command reference (docs/reference/) is made from the --help snapshots
# (tests/snapshots/expected/*--help.txt): one page per command and an index. Compares the pages
# with what the snapshots give, naming each page that drifted, or rewrites them with --update
# (scripts/ci/update_snapshots.sh does both: the snapshots from the build, then the pages).
#   reference_pages.sh [--update]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
expected="$here/expected"
pages="$root/docs/reference"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "harness-cluster-match--help.txt" is the command "harness cluster match".
command_of() { basename "$1" --help.txt | tr '-' ' '; }

page() {
  local snapshot="$1" command
  command=$(command_of "$snapshot")
  printf '# %s\n\n' "$command"
  printf 'Made from `tests/snapshots/expected/%s` by `tests/snapshots/reference_pages.sh --update`;\n' "$(basename "$snapshot")"
  printf 'the snapshot test keeps it equal to the program'"'"'s own `--help`.\n\n'
  printf '```text\n'
  cat "$snapshot"
  printf '```\n'
}

index() {
  printf '# Command reference\n\n'
  printf 'Every command'"'"'s `--help`, one page each, made from the help snapshots the tests keep\n'
  printf 'equal to the programs (`tests/snapshots/reference_pages.sh`).\n\n'
  printf '| command | what it does |\n|---|---|\n'
  local snapshot command
  for snapshot in "$expected"/*--help.txt; do
    command=$(command_of "$snapshot")
    printf '| [`%s`](%s) | %s |\n' "$command" "$(basename "$snapshot" --help.txt).md" "$(head -n 1 "$snapshot")"
  done
}

for snapshot in "$expected"/*--help.txt; do page "$snapshot" > "$work/$(basename "$snapshot" --help.txt).md"; done
index > "$work/README.md"

if [ "${1:-}" = "--update" ]; then
  rm -rf "$pages"
  mkdir -p "$pages"
  cp "$work"/*.md "$pages/"
  exit 0
fi
status=0
for made in "$work"/*.md; do
  name=docs/reference/$(basename "$made")
  if [ ! -f "$root/$name" ]; then
    echo "$name is missing: run tests/snapshots/reference_pages.sh --update"
    status=1
  elif ! diff -u "$root/$name" "$made" > "$work/diff"; then
    echo "$name differs from its help snapshot: run tests/snapshots/reference_pages.sh --update"
    head -n 20 "$work/diff"
    status=1
  fi
done
for page in "$pages"/*.md; do
  [ -e "$page" ] || continue
  [ -f "$work/$(basename "$page")" ] || { echo "docs/reference/$(basename "$page") has no help snapshot: remove it"; status=1; }
done
[ "$status" -eq 0 ] && echo "docs/reference: $(ls "$work" | wc -l) pages equal to the help snapshots"
exit "$status"
