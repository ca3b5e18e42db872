#include "datagen/position_export.h"

#include <memory>
#include <optional>

#include "core/game.h"
#include "record/packed_moves.h"
#include "record/termination.h"
#include "run/match_config.h"
#include "text/words.h"

namespace harness {

namespace {

formats::WhiteResult white_result(const std::string& result) {
  using formats::WhiteResult;
  return result == "1-0" ? WhiteResult::WHITE_WIN : result == "0-1" ? WhiteResult::BLACK_WIN : WhiteResult::DRAW;
}

// Which filter drops the position before `move` scored so, if any (counted in `counts`).
bool dropped(const chess::Position& pos, chess::Move move, const PackedMove& packed, int ply, const PositionFilters& f,
             ExportCounts& counts) {
  if (f.skip_checks && pos.in_check()) return ++counts.in_check, true;
  if (f.skip_tactical && (pos.is_capture(move) || move.is_promotion())) return ++counts.tactical, true;
  if (f.skip_mates && packed.mate_in != 0) return ++counts.mates, true;
  if (ply < f.min_ply) return ++counts.early, true;
  if (f.position_test && !f.position_test(pos)) return ++counts.failed_test, true;
  return false;
}

struct Replay {
  const PositionFilters& filters;
  const formats::PositionFormatRow& format;
  chess::Variant variant;
  formats::PositionWriter& writer;
  std::unordered_set<std::uint64_t>& seen;
  ExportCounts counts;
  std::string error;

  bool game(const ScoredGame& g) {
    if (filters.first_games > 0 && g.game_index >= filters.first_games) return false;  // the games come in their order
    auto start = chess::Position::from_fen(g.opening_fen);
    const std::string where = "game " + std::to_string(g.game_index + 1) + ": ";
    if (!start || !g.problem.empty()) return error = where + (start ? g.problem : start.error()), false;
    if (g.result != "1-0" && g.result != "0-1" && g.result != "1/2-1/2") return ++counts.unfinished, true;
    // A fault decided the result, not the board: it would label every position of the game wrongly.
    if (*fault_class(g.end, g.reason)) return ++counts.forfeits, true;
    chess::Game game(*start);
    for (const std::string& m : g.opening_moves)
      if (auto played = game.play_uci(m, variant); !played)
        return error = where + "opening move " + m + ": " + played.error(), false;
    ++counts.games;
    writer.begin_game(game.position(), white_result(g.result));
    for (const PackedMove& m : g.moves) {
      const int ply = int(game.moves().size());
      const chess::Position before = game.position();
      auto played = game.play_uci(m.uci, variant);
      if (!played) return error = where + "move " + m.uci + ": " + played.error(), false;
      std::optional<int> white;
      if (m.has_score) white = before.side_to_move() == chess::WHITE ? m.score_cp : -m.score_cp;
      counts.scored += m.has_score;
      counts.unscored += !m.has_score;
      // A position without a score is left out by a format that needs one (`unscored` counts it
      // for every format).
      const bool kept = (m.has_score || !format.needs_score) && (format.whole_games || kept_position(before, *played, m, ply));
      const bool wrote = writer.move(before, *played, white, kept);
      counts.written += wrote;
      counts.unholdable += kept && !wrote;
    }
    writer.end_game();
    return true;
  }

  // Whether the filters and the duplicate check keep a position of a per-position format.
  bool kept_position(const chess::Position& before, chess::Move move, const PackedMove& m, int ply) {
    if (dropped(before, move, m, ply, filters, counts)) return false;
    if (filters.dedup && !seen.insert(before.key()).second) return ++counts.duplicates, false;
    return true;
  }
};

}  // namespace

chess::Result<ExportCounts> export_positions(Database& db, std::int64_t run_id, const PositionFilters& filters,
                                             formats::PositionFormat format, std::ostream& out,
                                             std::unordered_set<std::uint64_t>& seen) {
  auto run = db.run(run_id);
  CHESS_RETURN_IF_ERROR(run);
  if (!*run) return chess::Error{"no run " + std::to_string(run_id) + " in " + db.path()};
  if (!plays_games((*run)->kind))
    return chess::Error{"run " + std::to_string(run_id) + " is " + a_run_of_kind((*run)->kind_text()) +
                        ": positions come from games (datagen, match, tournament, test and imported runs; see 'harness runs')"};
  auto config = MatchConfig::from_json((*run)->config);
  if (!config) return chess::Error{"run " + std::to_string(run_id) + ": " + config.error()};
  const formats::PositionFormatRow& row = formats::position_format_row(format);
  const std::unique_ptr<formats::PositionWriter> writer = row.writer(out);
  Replay replay{filters, row, config->settings.variant, *writer, seen, {}, ""};
  auto read = db.for_each_scored_game(run_id, [&](const ScoredGame& g) { return replay.game(g); });
  CHESS_RETURN_IF_ERROR(read);
  writer->finish();
  if (!replay.error.empty()) return chess::Error{"run " + std::to_string(run_id) + ", " + replay.error};
  // Each game read is counted finished, unfinished or lost by a fault once it reaches here.
  const auto stored = std::int64_t(replay.counts.games + replay.counts.unfinished + replay.counts.forfeits);
  if (filters.first_games > 0 && stored < filters.first_games)
    return chess::Error{"run " + std::to_string(run_id) + " holds " + std::to_string(stored) + " of its first " +
                        std::to_string(filters.first_games) + " games (--first-games)"};
  if (!out) return chess::Error{"the output could not be written"};
  return replay.counts;
}

}  // namespace harness
