#include "formats/position_io.h"

#include <vector>

namespace formats {

chess::Result<bool> for_each_block(std::istream& in, const std::string& path, const BlockReader& each) {
  std::vector<std::uint8_t> buffer;
  std::size_t offset = 0;
  for (;;) {
    const std::size_t kept = buffer.size();
    buffer.resize(kept + (1 << 20));
    in.read(reinterpret_cast<char*>(buffer.data() + kept), std::streamsize(1 << 20));
    buffer.resize(kept + std::size_t(in.gcount()));
    const bool end = in.gcount() == 0;
    std::size_t used = 0;
    while (used < buffer.size()) {
      auto took = each(buffer.data() + used, buffer.size() - used);
      CHESS_RETURN_IF_ERROR(took);
      if (*took == 0) break;
      used += *took;
    }
    offset += used;
    buffer.erase(buffer.begin(), buffer.begin() + std::ptrdiff_t(used));
    if (end) {
      if (!buffer.empty()) return chess::Error{path + ": byte " + std::to_string(offset) + ": the file ends inside a record"};
      return true;
    }
  }
}

chess::Result<std::size_t> read_boards(std::istream& in, const std::string& path, BoardDecoder decode,
                                       const PositionVisit& take) {
  std::size_t count = 0;
  auto read = for_each_block(in, path, [&](const std::uint8_t* b, std::size_t size) -> chess::Result<std::size_t> {
    if (size < sizeof(Record32)) return std::size_t(0);
    auto position = decode(b);
    if (!position) return chess::Error{path + ": record " + std::to_string(count + 1) + ": " + position.error()};
    take(*position);
    ++count;
    return sizeof(Record32);
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

namespace {

// A board a kept, scored position.
class BoardWriter : public PositionWriter {
 public:
  BoardWriter(BoardEncoder encode, std::ostream& out) : encode_(encode), out_(out) {}
  void begin_game(const chess::Position&, WhiteResult result) override { result_ = result; }
  bool move(const chess::Position& before, chess::Move, std::optional<int> score_white, bool kept) override {
    if (!kept || !score_white) return false;
    const Record32 b = encode_(before, *score_white, result_);
    out_.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    return true;
  }

 private:
  BoardEncoder encode_;
  std::ostream& out_;
  WhiteResult result_ = WhiteResult::DRAW;
};

}  // namespace

std::unique_ptr<PositionWriter> open_board_writer(BoardEncoder encode, std::ostream& out) {
  return std::make_unique<BoardWriter>(encode, out);
}

}  // namespace formats
