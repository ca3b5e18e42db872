#include "data/trainer_files.h"

#include <array>
#include <bit>
#include <cstdint>
#include <istream>
#include <vector>

#include "core/regular_file.h"
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"

namespace tuner {

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

namespace {

using Bytes = const std::uint8_t*;

// A board a record: marlinformat or bulletformat.
chess::Result<std::size_t> read_boards(std::istream& in, const std::string& path, bool bullet,
                                       const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0;
  auto read = for_each_block(in, path, [&](Bytes b, std::size_t size) -> chess::Result<std::size_t> {
    if (size < 32) return std::size_t(0);
    auto position = bullet ? formats::decode_bulletformat(b) : formats::decode_marlinformat(b);
    if (!position) return chess::Error{path + ": record " + std::to_string(count + 1) + ": " + position.error()};
    take(labeled_position(std::move(position).value()));
    ++count;
    return std::size_t(32);
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

// Whole games: a board, each move with its score, four zero bytes.
chess::Result<std::size_t> read_viriformat(std::istream& in, const std::string& path,
                                           const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0, games = 0;
  auto read = for_each_block(in, path, [&](Bytes b, std::size_t size) -> chess::Result<std::size_t> {
    auto took = formats::decode_viriformat_game(b, size, path + ": game " + std::to_string(games + 1),
                                                [&](const formats::TrainingPosition& p) {
                                                  take(labeled_position(p));
                                                  ++count;
                                                });
    CHESS_RETURN_IF_ERROR(took);
    games += *took > 0;
    return took;
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

// Chunks of "BINP", their size and chains.
chess::Result<std::size_t> read_binpack(std::istream& in, const std::string& path,
                                        const std::function<void(LabeledPosition&&)>& take) {
  std::size_t count = 0, chains = 0;
  auto read = for_each_block(in, path, [&](Bytes b, std::size_t size) -> chess::Result<std::size_t> {
    return formats::decode_binpack_chunk(
        b, size, path,
        [&](const formats::TrainingPosition& p) {
          take(labeled_position(p));
          ++count;
        },
        chains);
  });
  CHESS_RETURN_IF_ERROR(read);
  return count;
}

}  // namespace

LabeledPosition labeled_position(const formats::TrainingPosition& p) {
  return {p.position, int(p.result) / 2.0, p.score_white, p.move};
}

chess::Result<std::size_t> read_trainer_file(const std::string& path, PositionsFormat format,
                                             const std::function<void(LabeledPosition&&)>& take) {
  auto in = chess::open_regular_stream(path, POSITIONS_FILE);
  CHESS_RETURN_IF_ERROR(in);
  return read_trainer_stream(*in.value(), path, format, take);
}

chess::Result<std::size_t> read_trainer_stream(std::istream& in, const std::string& path, PositionsFormat format,
                                               const std::function<void(LabeledPosition&&)>& take) {
  switch (format) {
    case PositionsFormat::MARLINFORMAT: return read_boards(in, path, false, take);
    case PositionsFormat::BULLETFORMAT: return read_boards(in, path, true, take);
    case PositionsFormat::VIRIFORMAT: return read_viriformat(in, path, take);
    case PositionsFormat::BINPACK: return read_binpack(in, path, take);
    case PositionsFormat::TEXT: break;
  }
  return chess::Error{path + ": text is read line by line (read_labeled_file)"};
}

}  // namespace tuner
