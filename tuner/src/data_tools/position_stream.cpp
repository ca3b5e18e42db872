#include "data_tools/position_stream.h"

#include <cstring>

#include "core/bounded_read.h"
#include "core/regular_file.h"
#include "data/trainer_files.h"
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"

namespace tuner {

namespace {

// A line without the spaces, tabs and CR around it.
std::string_view stream_line_trimmed(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

// The decoders' positions as the tuner labels them, handed on.
formats::PositionVisit labeled_to(const PositionStream::Take& take) {
  if (!take) return [](const formats::TrainingPosition&) {};
  return [&take](const formats::TrainingPosition& p) { take(labeled_position(p)); };
}

// The size of the file `in` reads, which is left at its start.
std::uint64_t stream_size(std::istream& in) {
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  in.seekg(0);
  return end > 0 ? std::uint64_t(end) : 0;
}

}  // namespace

const char* record_unit(formats::PositionFormat format) {
  switch (format) {
    case formats::PositionFormat::EPD:
    case formats::PositionFormat::BRACKET:
    case formats::PositionFormat::TEXT: return "line";
    case formats::PositionFormat::VIRIFORMAT: return "game";
    case formats::PositionFormat::BINPACK: return "chain";
    case formats::PositionFormat::MARLINFORMAT:
    case formats::PositionFormat::BULLETFORMAT: break;
  }
  return "record";
}

bool holds_games(formats::PositionFormat format) { return formats::position_format_row(format).whole_games; }

std::size_t fixed_record_bytes(formats::PositionFormat format) {
  const bool board = format == formats::PositionFormat::MARLINFORMAT || format == formats::PositionFormat::BULLETFORMAT;
  return board ? sizeof(formats::Record32) : 0;
}

chess::Result<formats::PositionFormat> format_of_file(const std::string& path, const std::string& given) {
  if (!given.empty()) {
    auto named = formats::parse_position_format(given, formats::has_reader);
    if (!named) return chess::Error{"--format " + named.error()};
    return named;
  }
  if (auto format = formats::position_format_of_path(path, formats::has_reader)) return *format;
  return chess::Error{path + ": no format known by its name's extension (" +
                      formats::position_format_extensions(formats::has_reader) + "): give --format (" +
                      formats::position_format_names(formats::has_reader) + ")"};
}

chess::Result<std::unique_ptr<PositionStream>> PositionStream::open(const std::string& path, formats::PositionFormat format) {
  auto in = chess::open_regular_stream(path, POSITIONS_FILE);
  CHESS_RETURN_IF_ERROR(in);
  const std::uint64_t bytes = stream_size(*in.value());
  if (const std::size_t record = fixed_record_bytes(format); record > 0 && bytes % record != 0) {
    const std::uint64_t partial = bytes % record;
    return chess::Error{path + ": byte " + std::to_string(bytes - partial) + ": the file ends inside a record (" +
                        std::to_string(partial) + " of its " + std::to_string(record) + " bytes; " + std::to_string(bytes) +
                        " bytes are not a whole number of " + std::to_string(record) + "-byte records)"};
  }
  return std::unique_ptr<PositionStream>(new PositionStream(std::move(in).value(), path, format, bytes));
}

chess::Result<std::optional<StreamRecord>> PositionStream::next(const Take& take) {
  switch (format_) {
    case formats::PositionFormat::EPD:
    case formats::PositionFormat::BRACKET:
    case formats::PositionFormat::TEXT: return next_line(take);
    case formats::PositionFormat::VIRIFORMAT: return next_game(take);
    case formats::PositionFormat::BINPACK: return next_chain(take);
    case formats::PositionFormat::MARLINFORMAT:
    case formats::PositionFormat::BULLETFORMAT: break;
  }
  return next_board(take);
}

std::string PositionStream::where(const StreamRecord& record) const {
  const std::string byte = "byte " + std::to_string(record.offset);
  if (!formats::position_format_row(format_).binary)  // a line
    return path_ + ": record " + std::to_string(record.number) + " (line " + std::to_string(record.line) + ", " + byte + ")";
  return path_ + ": " + record_unit(format_) + " " + std::to_string(record.number) + " (" + byte + ")";
}

StreamPoint PositionStream::point() const {
  const std::uint64_t at = window_.offset();
  return {at, number_, line_, format_ != formats::PositionFormat::BINPACK || at == chunk_end_ ? at : chunk_};
}

chess::Result<bool> PositionStream::seek(const StreamPoint& point) {
  const bool inside_chunk = format_ == formats::PositionFormat::BINPACK && point.chunk != point.offset;
  if (!window_.seek(inside_chunk ? point.chunk : point.offset))
    return chess::Error{path_ + ": byte " + std::to_string(point.offset) + ": cannot be read from"};
  number_ = point.number;
  line_ = point.line;
  chunk_ = chunk_end_ = window_.offset();
  if (!inside_chunk) return true;
  auto entered = enter_chunk();
  CHESS_RETURN_IF_ERROR(entered);
  if (!*entered || point.offset < window_.offset() || point.offset > chunk_end_)
    return chess::Error{path_ + ": byte " + std::to_string(point.offset) + " is not in the chunk at byte " +
                        std::to_string(point.chunk)};
  window_.consume(std::size_t(point.offset - window_.offset()));
  return true;
}

StreamRecord PositionStream::upcoming(std::size_t size) const {
  return {window_.offset(), number_ + 1, line_, {reinterpret_cast<const char*>(window_.data()), size}};
}

chess::Error PositionStream::ends_inside(const std::string& what) const {
  if (window_.failed()) return {path_ + ": byte " + std::to_string(window_.offset()) + ": cannot be read"};
  return {path_ + ": byte " + std::to_string(window_.offset()) + ": the file ends inside " + what};
}

chess::Result<std::optional<StreamRecord>> PositionStream::next_board(const Take& take) {
  const std::size_t size = fixed_record_bytes(format_);
  const std::size_t held = window_.fill(size);
  if (held == 0 && !window_.failed()) return std::optional<StreamRecord>();
  if (held < size) return ends_inside("a record");
  const StreamRecord record = upcoming(size);
  if (take) {
    auto position = format_ == formats::PositionFormat::BULLETFORMAT ? formats::decode_bulletformat(window_.data())
                                                                     : formats::decode_marlinformat(window_.data());
    if (!position) return chess::Error{where(record) + ": " + position.error()};
    take(labeled_position(std::move(position).value()));
  }
  window_.consume(size);
  number_ = record.number;
  return std::optional<StreamRecord>(record);
}

chess::Result<std::optional<StreamRecord>> PositionStream::next_line(const Take& take) {
  for (;;) {
    const void* end = nullptr;
    for (std::size_t scanned = 0;;) {
      const std::size_t held = window_.held();
      end = held > scanned ? std::memchr(window_.data() + scanned, '\n', held - scanned) : nullptr;
      if (end || window_.ended() || held > chess::MAX_EPD_LINE) break;
      scanned = window_.held();
      window_.fill(scanned + 1);
    }
    if (window_.failed()) return ends_inside("a line");
    if (!end && window_.held() == 0) return std::optional<StreamRecord>();
    const std::size_t length = end ? std::size_t(static_cast<const std::uint8_t*>(end) - window_.data()) : window_.held();
    ++line_;
    if (length > chess::MAX_EPD_LINE)
      return chess::Error{path_ + ":" + std::to_string(line_) + ": a line of " + chess::more_than(chess::MAX_EPD_LINE) +
                          " (byte " + std::to_string(window_.offset()) + ")"};
    StreamRecord record = upcoming(0);
    record.line = line_;
    record.bytes = stream_line_trimmed({reinterpret_cast<const char*>(window_.data()), length});
    window_.consume(end ? length + 1 : length);
    if (record.bytes.empty() || record.bytes.front() == '#') continue;  // blank lines and comments are no records
    if (take) {
      auto position = parse_labeled_line(record.bytes, where(record));
      CHESS_RETURN_IF_ERROR(position);
      take(std::move(position).value());
    }
    number_ = record.number;
    return std::optional<StreamRecord>(record);
  }
}

chess::Result<std::optional<StreamRecord>> PositionStream::next_game(const Take& take) {
  std::optional<std::size_t> size;
  for (std::size_t wanted = sizeof(formats::Record32) + 4;;) {
    if (window_.fill(wanted) == 0 && !window_.failed()) return std::optional<StreamRecord>();
    size = formats::viriformat_game_bytes(window_.data(), window_.held());
    if (!size) return chess::Error{where(upcoming(0)) + ": no end (four zero bytes) within 16,384 moves"};
    if (*size > 0 || window_.ended() || window_.failed()) break;
    wanted = window_.held() + 1;
  }
  if (*size == 0) return ends_inside("a game");
  const StreamRecord record = upcoming(*size);
  if (take) {
    auto decoded = formats::decode_viriformat_game(window_.data(), *size, where(record), labeled_to(take));
    CHESS_RETURN_IF_ERROR(decoded);
  }
  window_.consume(*size);
  number_ = record.number;
  return std::optional<StreamRecord>(record);
}

chess::Result<bool> PositionStream::enter_chunk() {
  constexpr std::size_t HEADER = formats::BINPACK_CHUNK_HEADER;
  const std::size_t held = window_.fill(HEADER);
  if (held == 0 && !window_.failed()) return false;
  if (held < HEADER) return ends_inside("a chunk's header");
  auto size = formats::decode_binpack_chunk_header(window_.data(), path_ + ": byte " + std::to_string(window_.offset()));
  CHESS_RETURN_IF_ERROR(size);
  if (window_.fill(HEADER + *size) < HEADER + *size) return ends_inside("a chunk of " + std::to_string(*size) + " bytes");
  chunk_ = window_.offset();
  window_.consume(HEADER);
  chunk_end_ = window_.offset() + *size;
  return true;
}

chess::Result<std::optional<StreamRecord>> PositionStream::next_chain(const Take& take) {
  while (window_.offset() == chunk_end_) {  // a chunk's header, or the end of the file
    auto entered = enter_chunk();
    CHESS_RETURN_IF_ERROR(entered);
    if (!*entered) return std::optional<StreamRecord>();
  }
  StreamRecord record = upcoming(0);
  auto size = formats::decode_binpack_chain(window_.data(), std::size_t(chunk_end_ - window_.offset()), where(record),
                                            labeled_to(take));
  CHESS_RETURN_IF_ERROR(size);
  record.bytes = {reinterpret_cast<const char*>(window_.data()), *size};
  window_.consume(*size);
  number_ = record.number;
  return std::optional<StreamRecord>(record);
}

}  // namespace tuner
