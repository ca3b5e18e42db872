#include "game.h"

#include <algorithm>

#include "movegen.h"
#include "san.h"
#include "uci_move.h"

namespace chess {

std::string_view result_string(GameResult r) {
  switch (r) {
    case GameResult::WHITE_WINS: return "1-0";
    case GameResult::BLACK_WINS: return "0-1";
    case GameResult::DRAW: return "1/2-1/2";
    default: return "*";
  }
}

std::string_view termination_string(Termination t) {
  switch (t) {
    case Termination::CHECKMATE: return "checkmate";
    case Termination::STALEMATE: return "stalemate";
    case Termination::THREEFOLD_REPETITION: return "threefold repetition";
    case Termination::FIFTY_MOVE_RULE: return "fifty-move rule";
    case Termination::INSUFFICIENT_MATERIAL: return "insufficient material";
    default: return "none";
  }
}

bool insufficient_material(const Position& pos) {
  if (pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) return false;
  Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
  if (popcount(minors) <= 1) return true;
  if (pos.pieces(KNIGHT)) return false;
  Bitboard bishops = pos.pieces(BISHOP);
  return (bishops & DARK_SQUARES) == 0 || (bishops & ~DARK_SQUARES) == 0;
}

Game::Game(const Position& start) : start_(start), pos_(start), keys_{start.key()} {}

bool Game::play(Move m) {
  if (!legal_moves(pos_).contains(m)) return false;
  undos_.emplace_back();
  pos_.do_move(m, undos_.back());
  moves_.push_back(m);
  keys_.push_back(pos_.key());
  return true;
}

Result<Move> Game::play_uci(std::string_view text, Variant variant) {
  Move m = parse_uci(pos_, text, variant);
  if (m.is_none()) return Error{"illegal or malformed move '" + std::string(text) + "'"};
  play(m);
  return m;
}

Result<Move> Game::play_san(std::string_view text) {
  Result<Move> m = parse_san(pos_, text);
  if (m) play(*m);
  return m;
}

void Game::undo() {
  if (moves_.empty()) return;
  pos_.undo_move(moves_.back(), undos_.back());
  moves_.pop_back();
  undos_.pop_back();
  keys_.pop_back();
}

int Game::repetition_count() const {
  int count = 1;
  const int n = int(keys_.size()) - 1;
  const int reach = std::min(pos_.rule50(), n);
  for (int back = 2; back <= reach; back += 2)
    if (keys_[n - back] == keys_[n]) ++count;
  return count;
}

Outcome Game::outcome() const {
  if (count_legal(pos_) == 0) {
    if (!pos_.in_check()) return {GameResult::DRAW, Termination::STALEMATE};
    return {pos_.side_to_move() == WHITE ? GameResult::BLACK_WINS : GameResult::WHITE_WINS, Termination::CHECKMATE};
  }
  if (insufficient_material(pos_)) return {GameResult::DRAW, Termination::INSUFFICIENT_MATERIAL};
  if (pos_.rule50() >= 100) return {GameResult::DRAW, Termination::FIFTY_MOVE_RULE};
  if (repetition_count() >= 3) return {GameResult::DRAW, Termination::THREEFOLD_REPETITION};
  return {};
}

}  // namespace chess
