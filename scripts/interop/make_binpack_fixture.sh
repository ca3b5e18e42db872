#!/usr/bin/env bash
# Remakes tests/harness/datagen/fixtures/nnue-pytorch-chains.binpack with nnue-pytorch's own
# writer (scripts/lib/binpack_fixture.cpp built against data_loader/cpp/lib of a checkout or git
# mirror in NNUE_PYTORCH_SRC) from the games in fixtures/binpack_games.txt. Not part of CI: the
# fixture is kept in the repository, and CI compares this harness's writer with it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="${NNUE_PYTORCH_SRC:?NNUE_PYTORCH_SRC=a checkout or git mirror of official-stockfish/nnue-pytorch}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source "$root/scripts/lib/nnue_pytorch_build.sh"
nnue_pytorch_build "$src" "$work" binpack_fixture
fixtures="$root/tests/harness/datagen/fixtures"
"$work/binpack_fixture" "$fixtures/binpack_games.txt" "$fixtures/nnue-pytorch-chains.binpack"
echo "wrote $fixtures/nnue-pytorch-chains.binpack ($(stat -c %s "$fixtures/nnue-pytorch-chains.binpack") bytes)"
