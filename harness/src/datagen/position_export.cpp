#include "datagen/position_export.h"

#include <cstdio>

#include "core/game.h"
#include "record/packed_moves.h"
#include "run/match_config.h"

namespace harness {

namespace {

// The result from White's view: 1, 0.5 or 0.
double white_score(const std::string& result) { return result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5; }

std::string line_of(const chess::Position& pos, int score_white, const std::string& result, PositionFormat format) {
  const std::string fen = pos.fen();
  char tail[64];
  switch (format) {
    case PositionFormat::EPD: {
      const std::string epd = fen.substr(0, fen.find(' ', fen.find(' ', fen.find(' ', fen.find(' ') + 1) + 1) + 1));
      return epd + " c9 \"" + result + "\";\n";
    }
    case PositionFormat::BRACKET: std::snprintf(tail, sizeof tail, " [%.1f]\n", white_score(result)); return fen + tail;
    case PositionFormat::TEXT:
      std::snprintf(tail, sizeof tail, " | %d | %.1f\n", score_white, white_score(result));
      return fen + tail;
  }
  return fen + "\n";
}

// Which filter drops the position before `move` scored so, if any (counted in `counts`).
bool dropped(const chess::Position& pos, chess::Move move, const PackedMove& packed, int ply, const PositionFilters& f,
             ExportCounts& counts) {
  if (f.skip_checks && pos.in_check()) return ++counts.in_check, true;
  if (f.skip_tactical && (pos.is_capture(move) || move.is_promotion())) return ++counts.tactical, true;
  if (f.skip_mates && packed.mate_in != 0) return ++counts.mates, true;
  if (ply < f.min_ply) return ++counts.early, true;
  return false;
}

struct Replay {
  const PositionFilters& filters;
  PositionFormat format;
  chess::Variant variant;
  std::ostream& out;
  std::unordered_set<std::uint64_t>& seen;
  ExportCounts counts;
  std::string error;

  bool game(const PackedGame& g) {
    auto start = chess::Position::from_fen(g.opening_fen);
    auto moves = unpack_moves(g.packed);
    const std::string where = "game " + std::to_string(g.game_index + 1) + ": ";
    if (!start || !moves) return error = where + (start ? moves.error() : start.error()), false;
    if (g.result != "1-0" && g.result != "0-1" && g.result != "1/2-1/2") return ++counts.unfinished, true;
    chess::Game game(*start);
    for (const std::string& m : g.opening_moves)
      if (auto played = game.play_uci(m, variant); !played)
        return error = where + "opening move " + m + ": " + played.error(), false;
    ++counts.games;
    for (const PackedMove& m : *moves) {
      const int ply = int(game.moves().size());
      const chess::Position before = game.position();
      auto played = game.play_uci(m.uci, variant);
      if (!played) return error = where + "move " + m.uci + ": " + played.error(), false;
      if (!m.has_score) continue;
      ++counts.scored;
      if (dropped(before, *played, m, ply, filters, counts)) continue;
      if (filters.dedup && !seen.insert(before.key()).second) {
        ++counts.duplicates;
        continue;
      }
      const int white = before.side_to_move() == chess::WHITE ? m.score_cp : -m.score_cp;
      out << line_of(before, white, g.result, format);
      ++counts.written;
    }
    return true;
  }
};

}  // namespace

chess::Result<PositionFormat> parse_position_format(const std::string& name) {
  if (name == "epd") return PositionFormat::EPD;
  if (name == "bracket") return PositionFormat::BRACKET;
  if (name == "text") return PositionFormat::TEXT;
  return chess::Error{"--format must be epd (c9 \"1-0\";), bracket ([1.0]) or text (FEN | score | result), got '" + name + "'"};
}

chess::Result<ExportCounts> export_positions(Database& db, std::int64_t run_id, const PositionFilters& filters,
                                             PositionFormat format, std::ostream& out, std::unordered_set<std::uint64_t>& seen) {
  auto run = db.run(run_id);
  CHESS_RETURN_IF_ERROR(run);
  if (!*run) return chess::Error{"no run " + std::to_string(run_id) + " in " + db.path()};
  auto config = MatchConfig::from_json((*run)->config);
  if (!config || !config->datagen)
    return chess::Error{"run " + std::to_string(run_id) + " is not a datagen run (see 'harness runs'): its moves are not packed"};
  Replay replay{filters, format, config->settings.variant, out, seen, {}, ""};
  auto read = db.for_each_packed_game(run_id, [&](const PackedGame& g) { return replay.game(g); });
  CHESS_RETURN_IF_ERROR(read);
  if (!replay.error.empty()) return chess::Error{"run " + std::to_string(run_id) + ", " + replay.error};
  if (!out) return chess::Error{"the output could not be written"};
  return replay.counts;
}

}  // namespace harness
