# Sourced by the build scripts: CCACHE_ARGS holds the CMake arguments that compile through ccache
# when it is installed, empty otherwise. Paths are hashed relative to the checkout and the
# working directory is left out, so another clone of the project (CI's fresh clone) reuses the
# objects this one cached. Needs $root.
CCACHE_ARGS=()
if command -v ccache > /dev/null; then
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
  CCACHE_ARGS=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
