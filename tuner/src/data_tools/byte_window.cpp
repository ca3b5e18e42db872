#include "data_tools/byte_window.h"

#include <algorithm>

namespace tuner {

std::size_t ByteWindow::fill(std::size_t n) {
  while (held() < n && !ended_) {
    buffer_.erase(buffer_.begin(), buffer_.begin() + std::ptrdiff_t(start_));
    start_ = 0;
    const std::size_t kept = buffer_.size(), wanted = std::max(n - kept, BLOCK);
    buffer_.resize(kept + wanted);
    in_.read(reinterpret_cast<char*>(buffer_.data() + kept), std::streamsize(wanted));
    const auto got = std::size_t(in_.gcount());
    buffer_.resize(kept + got);
    ended_ = got < wanted;
  }
  return held();
}

bool ByteWindow::seek(std::uint64_t offset) {
  in_.clear();
  in_.seekg(std::streamoff(offset));
  buffer_.clear();
  start_ = 0;
  offset_ = offset;
  ended_ = false;
  return bool(in_);
}

}  // namespace tuner
