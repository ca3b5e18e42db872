#include "regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ext/stdio_filebuf.h>

namespace chess {

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a regular file";
}

// An input stream that owns its file descriptor (through libstdc++'s stdio_filebuf).
class DescriptorStream : public std::istream {
 public:
  explicit DescriptorStream(int fd) : std::istream(nullptr), buffer_(fd, std::ios::in | std::ios::binary) { rdbuf(&buffer_); }

 private:
  __gnu_cxx::stdio_filebuf<char> buffer_;
};

}  // namespace

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.release();
  }
  return *this;
}

FileDescriptor::~FileDescriptor() {
  if (fd_ >= 0) ::close(fd_);
}

int FileDescriptor::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

std::string file_kind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "missing";
  return kind_of(st.st_mode);
}

Result<FileDescriptor> open_regular_file(const std::string& path, const std::string& what) {
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) return Error{path + ": cannot open " + what + " (" + std::strerror(errno) + ")"};
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return Error{path + ": cannot open " + what + " (" + std::strerror(errno) + ")"};
  if (!S_ISREG(st.st_mode)) return Error{path + ": is " + kind_of(st.st_mode) + ", not a regular file: not a plausible " + what};
  const int flags = ::fcntl(fd.get(), F_GETFL);
  if (flags < 0 || ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK) != 0)
    return Error{path + ": cannot open " + what + " (" + std::strerror(errno) + ")"};
  return fd;
}

Result<std::unique_ptr<std::istream>> open_regular_stream(const std::string& path, const std::string& what) {
  auto fd = open_regular_file(path, what);
  CHESS_RETURN_IF_ERROR(fd);
  std::unique_ptr<std::istream> stream = std::make_unique<DescriptorStream>(fd.value().release());
  return stream;
}

}  // namespace chess
