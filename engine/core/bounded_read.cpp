#include "bounded_read.h"

#include <filesystem>
#include <fstream>

namespace chess {

LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  char chunk[65536];
  while (true) {
    in.getline(chunk, sizeof chunk);
    auto got = std::size_t(in.gcount());
    const bool end = in.eof();
    const bool full = !end && in.fail() && !in.bad() && got == sizeof chunk - 1;           // the chunk filled first
    if (!end && in.fail() && !full) return line.empty() ? LineRead::END : LineRead::LINE;  // a read error (a folder)
    const bool ended = !end && !full;                                                      // the '\n' was read (and counted)
    if (ended) --got;
    line.append(chunk, got);
    if (line.size() > max_bytes) return LineRead::TOO_LONG;
    if (ended) return LineRead::LINE;
    if (end) return line.empty() && got == 0 && in.fail() ? LineRead::END : LineRead::LINE;
    in.clear();
  }
}

std::string more_than(std::size_t max_bytes) {
  return max_bytes % MIB == 0 ? "more than " + std::to_string(max_bytes / MIB) + " MiB"
                              : "more than " + std::to_string(max_bytes) + " bytes";
}

Result<std::string> read_whole_file(const std::string& path, const std::string& what, std::size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot open " + what};
  const Error too_large{path + ": " + more_than(max_bytes) + ": not a plausible " + what};
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) > max_bytes) return too_large;
  std::string data;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    if (data.size() + std::size_t(in.gcount()) > max_bytes) return too_large;  // before the string grows past it
    data.append(chunk, std::size_t(in.gcount()));
  }
  return data;
}

}  // namespace chess
