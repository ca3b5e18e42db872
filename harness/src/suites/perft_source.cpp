#include "perft_source.h"

#include <chrono>

#include "core/game.h"
#include "core/perft.h"
#include "core/uci_move.h"

namespace harness {

chess::Result<PerftOutput> BuiltinPerft::divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  auto start_pos = chess::Position::from_fen(fen);
  CHESS_RETURN_IF_ERROR(start_pos);
  chess::Game game(*start_pos);
  for (const std::string& m : moves)
    if (!game.play_uci(m)) return chess::Error{"illegal move " + m + " in perft path"};
  chess::Position pos = game.position();
  // Chess960 castling is written king-takes-rook, as engines do with UCI_Chess960 on.
  const chess::Variant variant = start_pos->is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD;
  auto start = std::chrono::steady_clock::now();
  PerftOutput out;
  for (const chess::DivideEntry& e : chess::divide(pos, depth)) {
    out.moves[chess::to_uci(e.move, variant)] = e.nodes;
    out.total += e.nodes;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

chess::Result<PerftOutput> EnginePerft::divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  if (config_.protocol != Protocol::UCI)
    return chess::Error{"engine '" + config_.name + "' speaks xboard, which has no 'go perft'"};
  if (!player_ || !player_->alive()) {
    player_ = std::make_unique<UciPlayer>(config_, "");
    CHESS_RETURN_IF_ERROR(player_->start());
  }
  return player_->perft(fen, moves, depth, timeout_);
}

}  // namespace harness
