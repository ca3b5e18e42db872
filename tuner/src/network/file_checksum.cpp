#include "network/file_checksum.h"

#include <nettle/sha2.h>

#include <fstream>
#include <vector>

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
  std::ifstream in(path, std::ios::binary);
  if (!in) return chess::Error{path + ": cannot open to take its checksum"};
  sha256_ctx ctx;
  sha256_init(&ctx);
  std::vector<char> block(1 << 20);
  while (in) {
    in.read(block.data(), std::streamsize(block.size()));
    sha256_update(&ctx, std::size_t(in.gcount()), reinterpret_cast<const std::uint8_t*>(block.data()));
  }
  if (in.bad()) return chess::Error{path + ": read error while taking its checksum"};
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
  return hex(digest);
}

}  // namespace tuner
