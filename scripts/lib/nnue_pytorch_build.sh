# Sourced by scripts/interop/check_binpack.sh, scripts/interop/make_binpack_fixture.sh and
# scripts/bench/sample_read.sh: builds PROGRAM.cpp (in scripts/lib) against nnue-pytorch's data
# loader sources (data_loader/cpp of a checkout or a git mirror in SRC: its lib/ headers, and its
# loader's own files for a program that includes them), copied into DIR, into DIR/PROGRAM, and says
# which nnue-pytorch it was.
# FLAGS (default -O2) are the compiler's optimisation flags.
#   nnue_pytorch_build SRC DIR PROGRAM [FLAGS...]
nnue_pytorch_build() {
  local src="$1" dir="$2" program="$3" lib
  shift 3
  local flags=("$@")
  [ ${#flags[@]} -gt 0 ] || flags=(-O2)
  lib="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  rm -rf "$dir/nnue-pytorch" && mkdir -p "$dir/nnue-pytorch"
  if [ -d "$src/data_loader/cpp/lib" ]; then
    cp -r "$src/data_loader" "$dir/nnue-pytorch/"
  else
    git --git-dir="$src" archive HEAD data_loader/cpp | tar -x -C "$dir/nnue-pytorch"
  fi
  echo "== nnue-pytorch: $(git --git-dir="$src" log -1 --format='%h %s' 2>/dev/null || echo "$src")"
  g++ -std=c++20 "${flags[@]}" -I"$dir/nnue-pytorch/data_loader/cpp/lib" -I"$dir/nnue-pytorch/data_loader/cpp" \
    "$lib/$program.cpp" -o "$dir/$program" -pthread
}
