#include "process/executable_path.h"

#include <filesystem>

namespace harness {

namespace fs = std::filesystem;

namespace {

bool is_project(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / "configs" / "engines.json", ec);
}

}  // namespace

std::string own_executable() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "" : self.string();
}

std::string sibling_program(const std::string& name) {
  const std::string self = own_executable();
  return self.empty() ? name : (fs::path(self).parent_path() / name).string();
}

std::string project_root() {
  std::error_code ec;
  const fs::path here = fs::current_path(ec);
  if (!ec && is_project(here)) return here.string();
  const std::string self = own_executable();
  if (!self.empty()) {
    const fs::path built_in = (fs::path(self).parent_path() / ".." / "..").lexically_normal();
    if (is_project(built_in)) return built_in.string();
  }
  return ec ? "." : here.string();
}

std::string project_file(const std::string& relative) {
  return (fs::path(project_root()) / relative).lexically_normal().string();
}

std::string default_database() { return project_file("results/harness.sqlite"); }

}  // namespace harness
