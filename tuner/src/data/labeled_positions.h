// Positions labeled with the result of the game they came from, for texel fitness:
// 'FEN c9 "1-0";' (also "0-1", "1/2-1/2") and 'FEN [1.0]' (also [0.5], [0.0]), White's view,
// or the text NNUE trainers read (harness positions --format text): 'FEN | SCORE | RESULT', the
// search score in centipawns and the result (1.0, 0.5, 0.0), both White's; these text lines
// (formats/text_lines.h) or any format of the one table that has a reader (formats/format_table.h:
// the trainers' binary formats, trainer_files.h).
#pragma once

#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/epd.h"
#include "core/position.h"
#include "core/result.h"
#include "formats/format_table.h"

namespace tuner {

struct LabeledPosition {
  chess::Position position;
  double result = 0.5;       // 1 White won, 0.5 draw, 0 Black won
  std::optional<int> score;  // White's search score in centipawns, when the line gives one
  chess::Move move = chess::Move::none();  // the move played from it, where the format keeps it
};

// The label a position is tuned towards: its result, or with `score_weight` w > 0 the blend
// (1 - w) result + w / (1 + 10^(-score / 400)) of the result and the score's expectation, as
// NNUE trainers blend them (their lambda). A position without a score takes its result.
double blended_label(const LabeledPosition& position, double score_weight);

// The position of a text line with its result label (and its score, where the line gives one);
// `where` names it in the error.
chess::Result<LabeledPosition> parse_labeled_line(std::string_view line, const std::string& where);
// What a file of positions is called in the errors of opening one: "PATH: is a directory,
// not a regular file: not a plausible file of positions".
inline constexpr const char* POSITIONS_FILE = "file of positions";

// Reads a file of `format` (one with a reader: formats::has_reader) a position at a time, handing
// each to `take`; errors name the file and line (or record). With `score_weight` > 0 every line
// must give a score, and `take` gets the blended label as the result. Returns the number of
// positions read. The file must be a regular file: a FIFO, a directory or a device is refused by
// name, without blocking.
chess::Result<std::size_t> read_labeled_file(const std::string& path, const std::function<void(LabeledPosition&&)>& take,
                                             double score_weight = 0,
                                             formats::PositionFormat format = formats::PositionFormat::TEXT);
// The same from a stream its caller opened (and may hash as it is read); `path` names it.
chess::Result<std::size_t> read_labeled_stream(std::istream& in, const std::string& path,
                                               const std::function<void(LabeledPosition&&)>& take, double score_weight = 0,
                                               formats::PositionFormat format = formats::PositionFormat::TEXT);

}  // namespace tuner
