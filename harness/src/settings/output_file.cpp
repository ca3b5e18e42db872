#include "settings/output_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>

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

// The temporaries not committed yet: removed when the program exits on an error (fail() calls
// std::exit, which runs no destructor of a local OutputFile).
std::mutex g_parts_mutex;
std::set<std::string>& open_parts() {
  static std::set<std::string> parts;
  return parts;
}
void remove_open_parts() {
  std::lock_guard<std::mutex> lock(g_parts_mutex);
  std::error_code ec;
  for (const std::string& part : open_parts()) fs::remove(part, ec);
}
void track_part(const std::string& part, bool open) {
  // The set is made before the handler is registered, so that it is destroyed after it runs.
  static const bool registered = (open_parts(), std::atexit(remove_open_parts) == 0);
  (void)registered;
  std::lock_guard<std::mutex> lock(g_parts_mutex);
  if (open)
    open_parts().insert(part);
  else
    open_parts().erase(part);
}

// Where a path's symbolic links end (the path itself when it is none).
std::string link_target(const std::string& path) {
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
  const fs::path resolved = fs::weakly_canonical(path, ec);
  return ec ? path : resolved.string();
}

// The data on the disk, not in the kernel's cache: a crash after the rename keeps the file whole.
bool synced(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

}  // namespace

chess::Result<std::unique_ptr<OutputFile>> OutputFile::open(const std::string& option, const std::string& path,
                                                            const std::vector<std::string>& inputs) {
  CHESS_RETURN_IF_ERROR(check_output_file(option, path, inputs));
  const std::string target = link_target(path);
  std::error_code ec;
  const fs::file_status status = fs::status(target, ec);
  const bool in_place = fs::exists(status) && !fs::is_regular_file(status);  // a device or a FIFO
  std::unique_ptr<OutputFile> out(new OutputFile(path, target, in_place ? "" : target + ".part"));
  if (!out->buffer_.open(in_place ? target : out->part_, std::ios::out | std::ios::binary | std::ios::trunc))
    return chess::Error{option + " " + path + ": cannot be written (" + std::strerror(errno) + ")"};
  if (!in_place) track_part(out->part_, true);
  return out;
}

OutputFile::~OutputFile() {
  if (committed_ || part_.empty()) return;
  buffer_.close();
  discard();
}

void OutputFile::discard() {
  if (part_.empty()) return;
  std::error_code ec;
  fs::remove(part_, ec);
  track_part(part_, false);
}

OutputFile::CheckedBuffer::int_type OutputFile::CheckedBuffer::overflow(int_type c) {
  const int_type r = std::filebuf::overflow(c);
  if (traits_type::eq_int_type(r, traits_type::eof()) && !error) error = errno ? errno : EIO;
  return r;
}

std::streamsize OutputFile::CheckedBuffer::xsputn(const char* s, std::streamsize n) {
  const std::streamsize r = std::filebuf::xsputn(s, n);
  if (r < n && !error) error = errno ? errno : EIO;
  return r;
}

int OutputFile::CheckedBuffer::sync() {
  const int r = std::filebuf::sync();
  if (r != 0 && !error) error = errno ? errno : EIO;
  return r;
}

chess::Error OutputFile::failed(const std::string& writer_error) const {
  if (!buffer_.error) return chess::Error{writer_error};
  return chess::Error{path_ + ": cannot write (" + std::strerror(buffer_.error) + ")"};
}

chess::Result<bool> OutputFile::commit() {
  stream_.flush();
  errno = 0;
  const bool closed = buffer_.close() != nullptr;
  if (!buffer_.error && !closed) buffer_.error = errno ? errno : EIO;
  if (buffer_.error || !stream_) {
    discard();
    return chess::Error{path_ + ": cannot write (" + std::strerror(buffer_.error ? buffer_.error : EIO) + ")"};
  }
  if (part_.empty()) return committed_ = true;
  if (!synced(part_)) {
    const int why = errno;
    discard();
    return chess::Error{path_ + ": cannot write (" + std::strerror(why) + ")"};
  }
  std::error_code ec;
  fs::rename(part_, target_, ec);
  if (ec) {
    discard();
    return chess::Error{path_ + ": cannot write: " + ec.message()};
  }
  track_part(part_, false);
  return committed_ = true;
}

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
  // A device or a FIFO is tried when it is written: opening a FIFO here would end its reader's input.
  if (existed && !fs::is_regular_file(path, ec)) return true;
  {
    std::ofstream file(path, std::ios::app);
    if (!file) return chess::Error{where + "cannot be written (" + std::strerror(errno) + ")"};
  }
  if (!existed) fs::remove(path, ec);  // writable: its writer makes it, and a run refused later leaves nothing
  return true;
}

}  // namespace harness
