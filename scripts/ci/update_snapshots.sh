#!/usr/bin/env bash
# Rewrites the snapshot files (tests/snapshots/expected/) from the current build, for a change
# of the command-line output that is intended, and the command reference (docs/reference/) from them. Review `git diff tests/snapshots` before committing.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
for part in help match foreign errors; do bash "$root/tests/snapshots/snapshots.sh" "$root/build/bin" "$part" --update; done
bash "$root/tests/snapshots/reference_pages.sh" --update
git -C "$root" status --short tests/snapshots docs/reference
