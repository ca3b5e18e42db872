#include "data_tools/format_conversion.h"

#include <memory>
#include <string>

#include "formats/format_table.h"

namespace tuner {

namespace {

// A label of 1, 0.5 or 0 as the formats store a result.
formats::WhiteResult stored_result(double result) {
  if (result > 0.75) return formats::WhiteResult::WHITE_WIN;
  return result < 0.25 ? formats::WhiteResult::BLACK_WIN : formats::WhiteResult::DRAW;
}

}  // namespace

chess::Result<ConversionSummary> convert_positions(PositionStream& in, formats::PositionFormat to, std::ostream& out) {
  const std::string target = formats::position_format_name(to);
  if (holds_games(to) && !holds_games(in.format()))
    return chess::Error{"--to " + target + ": a game format needs the moves of whole games, and " + in.path() + " (" +
                        formats::position_format_name(in.format()) + ") holds single positions"};
  const std::unique_ptr<formats::PositionWriter> writer = formats::position_format_row(to).writer(out);
  ConversionSummary summary;
  bool game_begun = false, unscored = false;
  const PositionStream::Take take = [&](LabeledPosition&& p) {
    ++summary.positions;
    unscored |= !p.score;
    if (unscored) return;
    if (!game_begun) writer->begin_game(p.position, stored_result(p.result));
    game_begun = true;
    summary.written += writer->move(p.position, p.move, p.score, true);
  };
  for (;;) {
    game_begun = false;
    auto record = in.next(take);
    CHESS_RETURN_IF_ERROR(record);
    if (!*record) break;
    if (unscored)
      return chess::Error{in.where(**record) + ": no search score, which --to " + target + " needs ('FEN | score | result')"};
    writer->end_game();
  }
  writer->finish();
  return summary;
}

}  // namespace tuner
