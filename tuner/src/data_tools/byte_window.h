// A window onto a file's bytes, read a block at a time: the bytes from the reader's offset on, as
// many as its next record needs, and never the whole file. The positions' streams frame their
// records in it (position_stream.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <vector>

namespace tuner {

class ByteWindow {
 public:
  explicit ByteWindow(std::istream& in) : in_(in) {}

  // Reads on until at least `n` bytes from the offset are held, or the file ends: how many are.
  std::size_t fill(std::size_t n);
  const std::uint8_t* data() const { return buffer_.data() + start_; }
  std::size_t held() const { return buffer_.size() - start_; }
  // The file's end has been read: what is held is all there is.
  bool ended() const { return ended_; }
  // A read failed (not the end of the file: an error of the disk or the file system).
  bool failed() const { return in_.bad(); }
  // Where the held bytes start in the file.
  std::uint64_t offset() const { return offset_; }
  void consume(std::size_t n) {
    start_ += n;
    offset_ += n;
  }
  // Reading goes on from `offset`; false when the file cannot go there.
  bool seek(std::uint64_t offset);

 private:
  static constexpr std::size_t BLOCK = std::size_t(1) << 20;
  std::istream& in_;
  std::vector<std::uint8_t> buffer_;
  std::size_t start_ = 0;  // the first byte of buffer_ not consumed
  std::uint64_t offset_ = 0;
  bool ended_ = false;
};

}  // namespace tuner
