// A file of positions read a record at a time in bounded memory, for the data tools and for a
// trainer that streams. A record is what a format writes as one piece and what the tools move
// whole: a 32-byte board (marlinformat, bulletformat), a text line, a viriformat game, a binpack
// chain (a chunk only carries chains: a chain's bytes hold all it needs). Each comes with its
// byte offset and its number, and its positions are decoded on request by the formats' own
// decoders (lib/formats/), an error naming the file, the record and its byte. The stream
// holds one record at a time (a binpack: the chunk it is in, at most 100 MiB by the format's
// bound), never the file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "data/labeled_positions.h"
#include "data_tools/byte_window.h"

namespace tuner {

// What a format's records are called: "record" (a board), "line", "game", "chain".
const char* record_unit(formats::PositionFormat format);
// Whether a record holds a game's moves (viriformat's games, binpack's chains): the table's
// whole_games (formats/format_table.h).
bool holds_games(formats::PositionFormat format);
// The size of a record of a format of fixed-size records (marlinformat, bulletformat), else 0.
std::size_t fixed_record_bytes(formats::PositionFormat format);
// The format of a file, among those with a reader (formats/format_table.h: has_reader): the one
// `given` names (--format), else the one its extension gives; an error names the option or the
// file and what is known.
chess::Result<formats::PositionFormat> format_of_file(const std::string& path, const std::string& given);

struct StreamRecord {
  std::uint64_t offset = 0;  // its first byte in the file
  std::uint64_t number = 0;  // 1 for the file's first record
  std::uint64_t line = 0;    // text: its line in the file; else 0
  std::string_view bytes;    // as the file holds it (a line without its end); valid until the next read
};

// Where a stream is: its next record, as point() gives it; seek() goes back there.
struct StreamPoint {
  std::uint64_t offset = 0;  // the next record's first byte
  std::uint64_t number = 0;  // the records before it
  std::uint64_t line = 0;    // text: the lines before it
  std::uint64_t chunk = 0;   // binpack: the chunk it is in (its offset itself when a chunk starts there)
};

class PositionStream {
 public:
  using Take = std::function<void(LabeledPosition&&)>;

  // The file opened (a regular file, or an error naming what it is) and checked as far as its
  // size tells: a file of 32-byte records that ends inside one is refused, naming that byte.
  static chess::Result<std::unique_ptr<PositionStream>> open(const std::string& path, formats::PositionFormat format);

  // The next record, or nullopt at the end of the file. With `take`, each of its positions is
  // decoded and handed to it too; without, the record is only framed (a binpack chain is decoded
  // all the same: its length is known only from its moves).
  chess::Result<std::optional<StreamRecord>> next(const Take& take = {});
  // "PATH: record 7 (byte 192)", "PATH: game 3 (byte 1040)", "PATH: record 5 (line 6, byte 300)".
  std::string where(const StreamRecord& record) const;
  StreamPoint point() const;
  // Reading goes on from a point this stream's point() gave.
  chess::Result<bool> seek(const StreamPoint& point);

  const std::string& path() const { return path_; }
  formats::PositionFormat format() const { return format_; }
  std::uint64_t file_bytes() const { return file_bytes_; }

 private:
  PositionStream(std::unique_ptr<std::istream> in, std::string path, formats::PositionFormat format, std::uint64_t bytes)
      : in_(std::move(in)), window_(*in_), path_(std::move(path)), format_(format), file_bytes_(bytes) {}
  chess::Result<std::optional<StreamRecord>> next_board(const Take& take);
  chess::Result<std::optional<StreamRecord>> next_line(const Take& take);
  chess::Result<std::optional<StreamRecord>> next_game(const Take& take);
  chess::Result<std::optional<StreamRecord>> next_chain(const Take& take);
  // Reads the binpack chunk header at the window's offset and holds the whole chunk; false at
  // the end of the file.
  chess::Result<bool> enter_chunk();
  // The next record, `size` bytes from the window's offset.
  StreamRecord upcoming(std::size_t size) const;
  chess::Error ends_inside(const std::string& what) const;

  std::unique_ptr<std::istream> in_;
  ByteWindow window_;
  std::string path_;
  formats::PositionFormat format_;
  std::uint64_t file_bytes_;
  std::uint64_t number_ = 0, line_ = 0;
  std::uint64_t chunk_ = 0, chunk_end_ = 0;  // binpack: the chunk being read (at its end: a header next)
};

}  // namespace tuner
