#include "network_training/file_checksum.h"

#include <nettle/sha2.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <streambuf>
#include <utility>
#include <vector>

#include "core/regular_file.h"

namespace tuner {

namespace {

std::string hex(const std::uint8_t* digest) {
  static constexpr char DIGITS[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < SHA256_DIGEST_SIZE; ++i) {
    out.push_back(DIGITS[digest[i] >> 4]);
    out.push_back(DIGITS[digest[i] & 15]);
  }
  return out;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
  return hex(digest);
}

chess::Result<std::string> sha256_file(const std::string& path) {
  auto opened = HashedFile::open(path, "file to take the checksum of");
  CHESS_RETURN_IF_ERROR(opened);
  auto digest = opened.value().finish();  // finish() reads the whole file
  CHESS_RETURN_IF_ERROR(digest);
  return digest.value().sha256;
}

// A stream buffer over the file's descriptor that hashes each block as it reads it.
struct HashedFile::Reader : std::streambuf {
  Reader(const std::string& file_path, chess::FileDescriptor file) : path(file_path), fd(std::move(file)), in(this) {
    sha256_init(&ctx);
  }

  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    ssize_t got = 0;
    do {
      got = ::read(fd.get(), block.data(), block.size());
    } while (got < 0 && errno == EINTR);
    if (got <= 0) {
      if (got < 0) error = errno;
      return traits_type::eof();
    }
    sha256_update(&ctx, std::size_t(got), reinterpret_cast<const std::uint8_t*>(block.data()));
    bytes += std::uint64_t(got);
    setg(block.data(), block.data(), block.data() + got);
    return traits_type::to_int_type(*gptr());
  }

  std::string path;
  chess::FileDescriptor fd;
  sha256_ctx ctx{};
  std::vector<char> block = std::vector<char>(std::size_t(1) << 20);
  std::uint64_t bytes = 0;
  int error = 0;  // the errno of a read that failed
  std::istream in;
};

HashedFile::HashedFile(std::unique_ptr<Reader> reader) : reader_(std::move(reader)) {}
HashedFile::HashedFile(HashedFile&& other) noexcept = default;
HashedFile& HashedFile::operator=(HashedFile&& other) noexcept = default;
HashedFile::~HashedFile() = default;

chess::Result<HashedFile> HashedFile::open(const std::string& path, const std::string& what) {
  auto fd = chess::open_regular_file(path, what);
  CHESS_RETURN_IF_ERROR(fd);
  return HashedFile(std::make_unique<Reader>(path, std::move(fd).value()));
}

std::istream& HashedFile::stream() { return reader_->in; }

chess::Result<FileDigest> HashedFile::finish() {
  Reader& r = *reader_;
  r.in.clear();
  r.in.ignore(std::numeric_limits<std::streamsize>::max());  // the digest is of the whole file
  if (r.error != 0) return chess::Error{r.path + ": read error (" + std::strerror(r.error) + ")"};
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&r.ctx, SHA256_DIGEST_SIZE, digest);
  return FileDigest{r.path, r.bytes, hex(digest)};
}

}  // namespace tuner
