// Files that must be regular files (networks, training data, parameters files, books, suites):
// opened without blocking, so that a FIFO with no writer cannot hang the reader in open(), then
// checked with fstat on the descriptor that is read, so that a name swapped in between cannot
// slip a FIFO, a directory or a device past the check.
#pragma once

#include <istream>
#include <memory>
#include <string>

#include "result.h"

namespace chess {

// An open file descriptor, closed when it goes.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd = -1) : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(other.release()) {}
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor();

  int get() const { return fd_; }
  int release();

 private:
  int fd_;
};

// What a file that is not a regular file is, for messages: "a directory", "a FIFO", ...
std::string file_kind(const std::string& path);

// PATH opened for reading, blocking again once it is known to be a regular file; or
// "PATH: cannot open WHAT" / "PATH: is a directory|a FIFO|...: not a plausible WHAT".
Result<FileDescriptor> open_regular_file(const std::string& path, const std::string& what);

// The same file as an input stream (binary).
Result<std::unique_ptr<std::istream>> open_regular_stream(const std::string& path, const std::string& what);

}  // namespace chess
