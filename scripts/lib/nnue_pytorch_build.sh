# Sourced by scripts/interop/check_binpack.sh and scripts/interop/make_binpack_fixture.sh: builds PROGRAM.cpp (in
# scripts/lib) against nnue-pytorch's data loader headers (data_loader/cpp/lib of a checkout or a
# git mirror in SRC), copied into DIR, into DIR/PROGRAM, and says which nnue-pytorch it was.
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
    git --git-dir="$src" archive HEAD data_loader/cpp/lib | tar -x -C "$dir/nnue-pytorch"
  fi
  echo "== nnue-pytorch: $(git --git-dir="$src" log -1 --format='%h %s' 2>/dev/null || echo "$src")"
  g++ -std=c++20 "${flags[@]}" -I"$dir/nnue-pytorch/data_loader/cpp/lib" "$lib/$program.cpp" -o "$dir/$program"
}
