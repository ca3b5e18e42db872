#!/usr/bin/env bash
# Fails when the harness or the tuner writes a file or folder beside the database (a path made
# from the database's folder: `parent_path() / "NAME"`) that the robustness chapter's "Files beside
# the database" table (docs/12-robustness.md) does not name.
#   check_files_beside_database.sh [ROOT]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
table=$(sed -n '/^\*\*Files beside the database\.\*\*/,/^\*\*Snapshots/p' "$root/docs/12-robustness.md")
[ -n "$table" ] || { echo "docs/12-robustness.md has no 'Files beside the database' paragraph"; exit 1; }
status=0
found=0
while IFS= read -r name; do
  found=$((found + 1))
  # "report-" is written as report-RUNS.html, "tuner-report-" as tuner-report-N.html.
  if ! grep -qF "\`$name" <<< "$table"; then
    echo "docs/12-robustness.md: the files beside the database do not name '$name' (written in the code)"
    status=1
  fi
# (".." is the executable's folder, not the database's.)
done < <(grep -rhoE 'parent_path\(\) / \(?"[A-Za-z_.-]+' "$root/harness/src" "$root/tuner/src" | sed -E 's/.*"//' | grep -v '^\.' | sort -u)
[ "$found" -ge 5 ] || { echo "found only $found names written beside the database: the pattern no longer matches the code"; exit 1; }
exit $status
