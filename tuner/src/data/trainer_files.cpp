#include "data/trainer_files.h"

#include "core/regular_file.h"

namespace tuner {

LabeledPosition labeled_position(const formats::TrainingPosition& p) {
  return {p.position, int(p.result) / 2.0, p.scored ? std::optional<int>(p.score_white) : std::nullopt, p.move};
}

chess::Result<std::size_t> read_trainer_file(const std::string& path, formats::PositionFormat format,
                                             const std::function<void(LabeledPosition&&)>& take) {
  auto in = chess::open_regular_stream(path, POSITIONS_FILE);
  CHESS_RETURN_IF_ERROR(in);
  return read_trainer_stream(*in.value(), path, format, take);
}

chess::Result<std::size_t> read_trainer_stream(std::istream& in, const std::string& path, formats::PositionFormat format,
                                               const std::function<void(LabeledPosition&&)>& take) {
  const formats::PositionFormatRow& row = formats::position_format_row(format);
  if (!row.reader)
    return chess::Error{path + ": " + row.name + " has no reader of its own (its lines are read as " +
                        formats::position_format_name(formats::PositionFormat::TEXT) + ")"};
  return row.reader(in, path, [&](const formats::TrainingPosition& p) { take(labeled_position(p)); });
}

}  // namespace tuner
