#include "settings/output_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace harness {

namespace {

namespace fs = std::filesystem;

bool is_sqlite_database(const std::string& path) {
  static constexpr char MAGIC[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;
  char head[16] = {};
  std::ifstream(path, std::ios::binary).read(head, sizeof head);
  return std::memcmp(head, MAGIC, sizeof MAGIC) == 0;
}

// The same file, whether or not they exist yet.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

}  // namespace

chess::Result<bool> check_output_file(const std::string& option, const std::string& path,
                                      const std::vector<std::string>& inputs) {
  const std::string where = option + " " + path + ": ";
  if (is_sqlite_database(path))
    return chess::Error{where + "is a SQLite database (a results database?), which is not overwritten"};
  for (const std::string& input : inputs)
    if (!input.empty() && same_file(path, input))
      return chess::Error{where + "is also read by this command (" + input + "), so it is not written"};
  std::error_code ec;
  const bool existed = fs::exists(path, ec);
  {
    std::ofstream file(path, std::ios::app);
    if (!file) return chess::Error{where + "cannot be written (" + std::strerror(errno) + ")"};
  }
  if (!existed) fs::remove(path, ec);  // writable: its writer makes it, and a run refused later leaves nothing
  return true;
}

}  // namespace harness
