#include "formats/format_table.h"

#include <filesystem>
#include <iterator>
#include <sstream>
#include <vector>

#include "core/nearest_names.h"
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/text_lines.h"
#include "formats/viriformat.h"

namespace formats {

namespace {

// clang-format off
constexpr PositionFormatRow FORMAT_ROWS[] = {
    // format, name, description,
    //   whole games, binary, needs a score, extensions, reader, writer
    {PositionFormat::EPD, "epd", "EPD with c9 \"1-0\"; (texel)",
     false, false, false, "", nullptr, open_epd_writer},
    {PositionFormat::BRACKET, "bracket", "EPD with [1.0]",
     false, false, false, "", nullptr, open_bracket_writer},
    {PositionFormat::TEXT, "text", "FEN | score | result, White's view",
     false, false, true, "txt epd", read_text_lines, open_text_writer},
    {PositionFormat::MARLINFORMAT, "marlinformat", "32-byte PackedBoard a position (bullet, marlinflow)",
     false, true, true, "marlin", read_marlinformat, open_marlinformat_writer},
    {PositionFormat::BULLETFORMAT, "bulletformat", "32-byte ChessBoard a position, side to move's view (bullet)",
     false, true, true, "bf", read_bulletformat, open_bulletformat_writer},
    {PositionFormat::VIRIFORMAT, "viriformat", "whole games: a PackedBoard, then each move and score (bullet)",
     true, true, true, "viri vf", read_viriformat, open_viriformat_writer},
    {PositionFormat::BINPACK, "binpack",
     "whole games: Stockfish's chains of an entry, then each move and score (nnue-pytorch); no Chess960 castling rights",
     true, true, true, "", read_binpack, open_binpack_writer},
};
// clang-format on

static_assert(
    [] {
      for (std::size_t i = 0; i < std::size(FORMAT_ROWS); ++i)
        if (FORMAT_ROWS[i].format != PositionFormat(i)) return false;
      return true;
    }(),
    "a row a format, in the enum's order");

// The rows `among` takes.
std::vector<const PositionFormatRow*> rows_among(FormatPredicate among) {
  std::vector<const PositionFormatRow*> rows;
  for (const PositionFormatRow& row : FORMAT_ROWS)
    if (!among || among(row)) rows.push_back(&row);
  return rows;
}

// Every ending of a format's files, its name's first, without the dot.
std::vector<std::string> format_endings(const PositionFormatRow& row) {
  std::vector<std::string> endings{row.name};
  std::istringstream words(row.extensions);
  for (std::string word; words >> word;) endings.push_back(word);
  return endings;
}

}  // namespace

std::span<const PositionFormatRow> position_formats() { return FORMAT_ROWS; }

const PositionFormatRow& position_format_row(PositionFormat format) { return FORMAT_ROWS[std::size_t(format)]; }

const char* position_format_name(PositionFormat format) { return position_format_row(format).name; }

bool has_reader(const PositionFormatRow& row) { return row.reader != nullptr; }

chess::Result<PositionFormat> parse_position_format(std::string_view name, FormatPredicate among) {
  std::vector<std::string> names;
  for (const PositionFormatRow* row : rows_among(among)) {
    if (name == row->name) return row->format;
    names.push_back(row->name);
  }
  const std::vector<std::string> near = chess::nearest_names(name, names, 1);
  return chess::Error{"must be one of " + position_format_names(among) + "; got '" + std::string(name) + "'" +
                      (near.empty() ? "" : " (did you mean '" + near.front() + "'?)")};
}

std::string position_format_names(FormatPredicate among) {
  std::string names;
  for (const PositionFormatRow* row : rows_among(among)) names += std::string(names.empty() ? "" : ", ") + row->name;
  return names;
}

std::string position_format_help(FormatPredicate among) {
  std::string help;
  for (const PositionFormatRow* row : rows_among(among))
    help += std::string(help.empty() ? "" : "; ") + row->name + ": " + row->description;
  return help;
}

std::optional<PositionFormat> position_format_of_path(std::string_view path, FormatPredicate among) {
  const std::string extension = std::filesystem::path(path).extension().string();
  for (const PositionFormatRow* row : rows_among(among))
    for (const std::string& ending : format_endings(*row))
      if (extension == "." + ending) return row->format;
  return std::nullopt;
}

std::string position_format_extensions(FormatPredicate among) {
  std::string all;
  for (const PositionFormatRow* row : rows_among(among))
    for (const std::string& ending : format_endings(*row)) all += (all.empty() ? "." : ", .") + ending;
  return all;
}

}  // namespace formats
