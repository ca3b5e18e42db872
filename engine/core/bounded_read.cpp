#include "bounded_read.h"

#include <fstream>

namespace chess {

LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  char chunk[65536];
  while (true) {
    in.getline(chunk, sizeof chunk);
    auto got = std::size_t(in.gcount());
    const bool end = in.eof(), full = in.fail() && !end;  // full: the chunk filled before the line ended
    const bool ended = !end && !full;                     // the '\n' was read (and counted)
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
  std::string data;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    data.append(chunk, std::size_t(in.gcount()));
    if (data.size() > max_bytes) return Error{path + ": " + more_than(max_bytes) + ": not a plausible " + what};
  }
  return data;
}

}  // namespace chess
