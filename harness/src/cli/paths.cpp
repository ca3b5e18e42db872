#include "paths.h"

#include <filesystem>

namespace harness {

std::string project_file(const std::string& relative) {
  namespace fs = std::filesystem;
  if (fs::exists(relative)) return fs::absolute(relative).lexically_normal().string();
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path candidate = exe.parent_path() / ".." / ".." / relative;
    if (fs::exists(candidate)) return candidate.lexically_normal().string();
  }
  return relative;
}

}  // namespace harness
