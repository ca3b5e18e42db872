#include "settings/argument_files.h"

#include <sstream>

#include "core/bounded_read.h"

namespace harness {

namespace {

chess::Result<bool> append_lines(const std::string& path, const std::string& what, std::vector<std::string>& out) {
  auto text = chess::read_whole_file(path, "argument file", MAX_ARGUMENT_FILE);
  if (!text) return chess::Error{what + ": @" + path + ": " + text.error()};
  std::istringstream in(*text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find('\0') != std::string::npos)
      return chess::Error{what + ": @" + path + ":" + std::to_string(number) + ": a NUL byte; an argument file is text"};
    if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    out.push_back(line);
  }
  return true;
}

}  // namespace

chess::Result<std::vector<std::string>> expand_argument_files(const std::vector<std::string>& words, const std::string& what) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    if (word.size() < 2 || word[0] != '@') {
      out.push_back(word);
      continue;
    }
    CHESS_RETURN_IF_ERROR(append_lines(word.substr(1), what, out));
  }
  return out;
}

}  // namespace harness
