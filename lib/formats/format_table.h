// The position formats, one table: each format's name (the word `harness positions --format`,
// the tuner's `--format` and `--to` and the configurations' "format" take), its line of --help,
// what a record holds (one position, or a game's moves), whether it is binary, whether it needs
// a search score, the endings its files go by, and its codec's reader and writer (the format's
// own file beside this one: text_lines, marlinformat, bulletformat, viriformat, binpack). The
// harness writes every format; the tuner, its data tools and `tuner nnue` read the formats that
// have a reader (`has_reader`): epd's and bracket's lines are read as text.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "formats/position_io.h"
#include "formats/training_record.h"

namespace formats {

enum class PositionFormat { EPD, BRACKET, TEXT, MARLINFORMAT, BULLETFORMAT, VIRIFORMAT, BINPACK };

// A whole file of the format from `in` (`source` names it in errors), each position handed to
// `take`: the positions read.
using FormatReader = chess::Result<std::size_t> (*)(std::istream& in, const std::string& source, const PositionVisit& take);
// A writer of the format on `out`.
using FormatWriter = std::unique_ptr<PositionWriter> (*)(std::ostream& out);

struct PositionFormatRow {
  PositionFormat format;
  const char* name;         // as users type it
  const char* description;  // one line, for --help
  bool whole_games;         // a record holds a game's scored moves (viriformat's games, binpack's chains): the
                            // filters and duplicates of an export do not apply; else a record is one position
  bool binary;
  bool needs_score;        // a position without a search score is left out (epd and bracket label by the result alone)
  const char* extensions;  // the endings of its files' names beside ".NAME", space-separated, for the readers' guess
  FormatReader reader;     // null: none of its own
  FormatWriter writer;
};

// Every row, in the order names are listed.
std::span<const PositionFormatRow> position_formats();
const PositionFormatRow& position_format_row(PositionFormat format);
const char* position_format_name(PositionFormat format);

// Which rows a parser or a list takes; null takes every row.
using FormatPredicate = bool (*)(const PositionFormatRow& row);
// The formats the tuner, its data tools and `tuner nnue` read.
bool has_reader(const PositionFormatRow& row);

// The format `name` names among the rows `among` takes; else "must be one of epd, bracket, ...;
// got 'NAME'", with " (did you mean 'X'?)" when one is near, for the caller to put its option
// or key before.
chess::Result<PositionFormat> parse_position_format(std::string_view name, FormatPredicate among = nullptr);
// "epd, bracket, text, ...", for help texts and errors.
std::string position_format_names(FormatPredicate among = nullptr);
// "epd: EPD with ...; bracket: ...", every name with its description, for --help.
std::string position_format_help(FormatPredicate among = nullptr);
// The format a file's name gives by its extension: a format's name (".binpack") or one of the
// endings its files go by (".txt", ".epd", ".bf", ".viri", ...), the first row's that matches;
// none for any other.
std::optional<PositionFormat> position_format_of_path(std::string_view path, FormatPredicate among = nullptr);
// Every extension that names a format, for errors: ".text, .txt, .epd, ...".
std::string position_format_extensions(FormatPredicate among = nullptr);

}  // namespace formats
