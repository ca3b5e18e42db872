#include "data/labeled_positions.h"

#include <cmath>

#include "core/epd.h"
#include "core/regular_file.h"
#include "data/trainer_files.h"
#include "formats/text_lines.h"

namespace tuner {

namespace {

// Text lines that must each give a score, a line without one named by its line: the score's
// weight blends it into the label.
chess::Result<std::size_t> read_scored_lines(std::istream& in, const std::string& path,
                                             const std::function<void(LabeledPosition&&)>& take, double score_weight) {
  std::size_t count = 0;
  auto read = chess::read_epd_stream(
      in, path, "labeled positions", [&](std::string_view line, const chess::EpdLocation& at) -> chess::Result<bool> {
        auto labeled = parse_labeled_line(line, at.text());
        CHESS_RETURN_IF_ERROR(labeled);
        LabeledPosition position = std::move(labeled).value();
        if (!position.score)
          return chess::Error{at.text() + ": no search score ('score_weight' needs 'FEN | score | result' lines)"};
        position.result = blended_label(position, score_weight);
        take(std::move(position));
        ++count;
        return true;
      });
  CHESS_RETURN_IF_ERROR(read);
  if (count == 0) return chess::Error{path + ": no labeled positions"};
  return count;
}

}  // namespace

double blended_label(const LabeledPosition& position, double score_weight) {
  if (!position.score || score_weight <= 0) return position.result;
  const double expected = 1.0 / (1.0 + std::pow(10.0, -double(*position.score) / 400.0));
  return (1 - score_weight) * position.result + score_weight * expected;
}

chess::Result<LabeledPosition> parse_labeled_line(std::string_view line, const std::string& where) {
  auto position = formats::decode_text_line(line, where);
  CHESS_RETURN_IF_ERROR(position);
  return labeled_position(*position);
}

chess::Result<std::size_t> read_labeled_file(const std::string& path, const std::function<void(LabeledPosition&&)>& take,
                                             double score_weight, formats::PositionFormat format) {
  auto in = chess::open_regular_stream(path, POSITIONS_FILE);
  CHESS_RETURN_IF_ERROR(in);
  return read_labeled_stream(*in.value(), path, take, score_weight, format);
}

chess::Result<std::size_t> read_labeled_stream(std::istream& in, const std::string& path,
                                               const std::function<void(LabeledPosition&&)>& take, double score_weight,
                                               formats::PositionFormat format) {
  if (format == formats::PositionFormat::TEXT && score_weight > 0) return read_scored_lines(in, path, take, score_weight);
  auto read = read_trainer_stream(in, path, format, [&](LabeledPosition&& p) {
    p.result = blended_label(p, score_weight);
    take(std::move(p));
  });
  CHESS_RETURN_IF_ERROR(read);
  if (*read == 0) return chess::Error{path + ": no labeled positions"};
  return read;
}

}  // namespace tuner
