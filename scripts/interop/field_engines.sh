#!/usr/bin/env bash
# The field check: harness test and harness bisect --bench on public engines that record bench
# signatures in their commit messages, built as OpenBench builds them (make -j EXE=<name> in
# src/). Not part of CI: it needs the engines' repositories, fetched beforehand (a clone or a
# bare mirror each). Prints per engine what was built, which bench lines were read and verified,
# the speed, the games played and the bisect's answer beside the one the messages give.
#   scripts/interop/field_engines.sh [OUT]     (default /tmp/field_engines; builds are kept there)
#   MIRRORS=DIR: where the repositories are, as DIR/<owner>+<name>/repo (default /work/.mirror)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
harness="$root/build/bin/harness"
out="${1:-/tmp/field_engines}"
mirrors="${MIRRORS:-/work/.mirror}"
mkdir -p "$out"
db="$out/field.sqlite"

# name | repository (owner/name) | makefile folder | the commit tested as HEAD
# Ethereal's commits since NNUE (b9b8463, May 2021) sign the build with its network, which is
# not in the repository (OpenBench passes it with EVALFILE=): its check ends at the commit
# before, whose makefile's default target (pgo) builds the engine the messages sign.
engines=(
  "Ethereal|AndyGrant/Ethereal|src|b9b8463~1"
  "Weiss|TerjeKir/weiss|src|HEAD"
  "Stash|mhouppin/stash-bot|src|HEAD"
  "Laser|jeffreyan11/laser-chess-engine|src|HEAD"
)

# The commit whose message's bench first differs from the good commit's, by OpenBench's rule:
# what bisect --bench should answer when every message is right.
expected_first_change() {
  python3 - "$1" "$2" "$3" <<'PY'
import re, subprocess, sys
repo, good, bad = sys.argv[1:]
def bench(sha):
    msg = subprocess.run(["git", "-C", repo, "log", "-1", "--format=%B", sha], capture_output=True, text=True).stdout
    found = re.findall(r"(?:BENCH|NODES)[ :=]+([0-9,]+)", msg, re.IGNORECASE)
    return int(found[-1].replace(",", "")) if found else None
shas = subprocess.run(["git", "-C", repo, "rev-list", "--first-parent", "--reverse", f"{good}..{bad}"],
                      capture_output=True, text=True).stdout.split()
reference = bench(good)
for sha in shas:
    b = bench(sha)
    if b is not None and b != reference:
        print(sha[:8]); break
else:
    print("none")
PY
}

summary=()
for entry in "${engines[@]}"; do
  IFS='|' read -r name repository make_path tip <<< "$entry"
  mirror="$mirrors/${repository/\//+}/repo"
  clone="$out/repos/$name"
  if [ ! -d "$clone" ]; then
    [ -d "$mirror" ] || { echo "field_engines: no repository for $name at $mirror (fetch $repository first)" >&2; continue; }
    git clone -q "$mirror" "$clone"
  fi
  git -C "$clone" checkout -q --detach "$(git -C "$clone" rev-parse "$tip")"
  head=$(git -C "$clone" rev-parse --short=8 HEAD)
  echo "== $name ($repository at $head)"
  log="$out/$name-test.log"
  status=0
  "$harness" test --repo "$clone" --dev HEAD --base HEAD~3 --make-path "$make_path" --tc 5+0.05 --games 4 \
    --concurrency 2 --db "$db" > "$log" 2>&1 || status=$?
  grep -E '^(dev|base) |^harness:|^Games:' "$log" | cut -c1-160 || true
  built=$(grep -cE '^(dev|base) .*: built (in [0-9]+ s|before)' "$log" || true)
  verified=$(grep -c "as the commit's message says" "$log" || true)
  speed=$(sed -nE 's/^dev  bench [0-9]+ at ([0-9]+) nps.*/\1/p' "$log" | head -1)
  games=$(sed -nE 's/^Games: ([0-9]+),.*/\1/p' "$log" | tail -1)
  blog="$out/$name-bisect.log"
  bstatus=0
  "$harness" bisect --repo "$clone" --good HEAD~4 --bad HEAD --bench --make-path "$make_path" --db "$db" \
    > "$blog" 2>&1 || bstatus=$?
  answer=$(sed -nE 's/^First bad commit: ([0-9a-f]{8}).*/\1/p' "$blog")
  [ -n "$answer" ] || answer=$(grep -m1 -E '^harness:|one of these' "$blog" | cut -c1-80 || true)
  expected=$(expected_first_change "$clone" HEAD~4 HEAD)
  grep -E '^(good|step|  (good|bad|skipped))' "$blog" | cut -c1-140 || true
  echo "test exit $status, bisect exit $bstatus: bisect answered ${answer:-nothing}, the messages say $expected"
  summary+=("| $name | $repository | \`$head\` | $built of 2 | $verified of 2 | ${speed:-?} | ${games:-0} | ${answer:-none} (messages: $expected) |")
done

echo
echo "| engine | repository | HEAD | built | bench lines verified | dev nps (median of 3) | games | bisect --bench HEAD~4..HEAD |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${summary[@]}"
