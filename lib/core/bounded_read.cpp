#include "bounded_read.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "regular_file.h"

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

// A file read whole must be a regular file (a FIFO with no writer would block the open, a
// directory reads as nothing); its size, from the descriptor read, is checked before reading.
Result<std::string> read_whole_file(const std::string& path, const std::string& what, std::size_t max_bytes) {
  auto fd = open_regular_file(path, what);
  CHESS_RETURN_IF_ERROR(fd);
  const Error too_large{path + ": " + more_than(max_bytes) + ": not a plausible " + what};
  struct stat st {};
  if (::fstat(fd->get(), &st) == 0 && std::uintmax_t(st.st_size) > max_bytes) return too_large;
  std::string data;
  char chunk[65536];
  while (true) {
    const ssize_t n = ::read(fd->get(), chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Error{path + ": cannot read " + what + " (" + std::strerror(errno) + ")"};
    if (n == 0) return data;
    if (data.size() + std::size_t(n) > max_bytes) return too_large;  // before the string grows past it (a file growing)
    data.append(chunk, std::size_t(n));
  }
}

}  // namespace chess
