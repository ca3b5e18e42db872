# Sourced by the build scripts: BUILD_ARGS holds the CMake arguments every build of the scripts
# shares. Needs $root.
# - Unity batches of 16 sources: each batch parses the standard library, JSON and GoogleTest
#   once instead of 16 times, which cuts a cold build's compile time by about half. Sources whose
#   file-local names collide by design are compiled alone (SKIP_UNITY_BUILD_INCLUSION in their
#   CMakeLists.txt).
# - ccache, when it is installed. Paths are hashed relative to the checkout and the working
#   directory is left out, so another clone of the project (CI's fresh clone) reuses the objects
#   this one cached.
BUILD_ARGS=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
if command -v ccache > /dev/null; then
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
  BUILD_ARGS+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
