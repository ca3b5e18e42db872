#!/usr/bin/env bash
# Installs the Debian 12 packages the workbench needs, only those that are missing.
set -euo pipefail
packages=(
  g++ cmake make ccache  # ccache: every build of scripts/ci/build.sh, fuzz.sh and sanitize.sh goes through it
  libgtest-dev libgmock-dev
  libboost-dev libboost-filesystem-dev
  nlohmann-json3-dev libsqlite3-dev libcli11-dev
  nettle-dev pkgconf  # SHA-256 of networks, their checkpoints and their data (tuner nnue); pkgconf finds it
  libnlopt-cxx-dev  # NLopt's optimisers (L-BFGS, BOBYQA, Nelder-Mead, CRS, ESCH, ...) behind the tuner's nlopt method
  stockfish  # independent perft reference and benchmark opponent
  glaurung toga2 fairymax phalanx  # opponents for strength measurements (configs/engines.json)
  gnuchess sjeng hoichess  # with fairymax and phalanx: every Debian xboard engine, played in the e2e tests
  chromium curl  # the report pages and the dashboard checked in a headless browser (tests/harness/views/)
  slurm-wlm munge  # a one-node Slurm for the cluster tests (tests/harness/cluster/slurm_up.sh)
  polyglot  # makes Polyglot .bin opening books in the tests (polyglot make-book)
  libgaviotatb-dev gaviotatb libfathom-dev  # tablebase adjudication: Gaviota's library and its real 3-piece tables, Syzygy via Fathom
  clang libclang-rt-14-dev lld  # libFuzzer, the sanitizers' runtimes and the linker of the clang builds (scripts/lib/clang_builds.sh)
  universal-ctags  # measures function lengths for the unit test tests/structure/check_function_length.sh
  git  # harness test and bisect build engines from commits; their tests make repositories
  python3 python3-jsonschema  # the event stream's test: every event against docs/events.schema.json, the frameworks' parsers
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The charting library the report pages inline (web/package.json, pinned by its lock file).
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ ! -f "$root/web/node_modules/uplot/dist/uPlot.iife.min.js" ]; then
  if ! command -v npm > /dev/null; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends nodejs npm
  fi
  (cd "$root/web" && npm ci --no-audit --no-fund --loglevel=error)
fi
