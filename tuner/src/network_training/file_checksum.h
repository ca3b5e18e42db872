// SHA-256 checksums (Nettle's) of the files a network is made from and of the files it is saved
// as, for its manifest and its lineage: lower-case hexadecimal, as sha256sum prints them.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"

namespace tuner {

std::string sha256_hex(std::string_view bytes);
// The checksum of a file read in blocks; the error names the file.
chess::Result<std::string> sha256_file(const std::string& path);

// A file as it was read: its path as given, the bytes read and their checksum.
struct FileDigest {
  std::string path;
  std::uint64_t bytes = 0;
  std::string sha256;
};

// A data file hashed as it is read, so that its checksum is of exactly the bytes its reader
// decoded: a file that changes after it was read (or while) is never named as the data read.
// It is opened as a regular file (core/regular_file.h): a FIFO, a directory or a device is
// refused by name, without blocking.
class HashedFile {
 public:
  // `what` names the file in errors ("training data").
  static chess::Result<HashedFile> open(const std::string& path, const std::string& what);
  HashedFile(HashedFile&& other) noexcept;
  HashedFile& operator=(HashedFile&& other) noexcept;
  ~HashedFile();

  // The file's bytes, each hashed as the stream takes it.
  std::istream& stream();
  // Reads (and hashes) what the reader left, then the digest of the whole file; an error
  // names a read that failed. Called once, after the reading.
  chess::Result<FileDigest> finish();

 private:
  struct Reader;
  explicit HashedFile(std::unique_ptr<Reader> reader);
  std::unique_ptr<Reader> reader_;
};

}  // namespace tuner
