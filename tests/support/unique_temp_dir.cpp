// Linked into every test program: gives each test process a temporary folder of its own
// (GoogleTest's TempDir() reads TEST_TMPDIR), so tests that CTest runs in parallel never share
// a file, and removes it when the process ends.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

struct UniqueTempDir {
  std::string path;
  UniqueTempDir() {
    path = (std::filesystem::temp_directory_path() / ("workbench-test-" + std::to_string(::getpid()))).string();
    std::filesystem::create_directories(path);
    ::setenv("TEST_TMPDIR", path.c_str(), 1);
  }
  ~UniqueTempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

const UniqueTempDir unique_temp_dir;

}  // namespace
