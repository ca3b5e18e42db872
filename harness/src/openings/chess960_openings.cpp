#include "openings/chess960_openings.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "core/chess960.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/uci_move.h"

namespace harness {

chess::Result<std::vector<Chess960Start>> draw_chess960_starts(int count, bool dfrc, std::uint64_t seed) {
  constexpr int N = chess::CHESS960_POSITIONS;
  const long long possible = dfrc ? 1LL * N * N : N;
  if (count < 1 || count > possible)
    return chess::Error{std::string(dfrc ? "--dfrc" : "--chess960") + " must be from 1 to " + std::to_string(possible) +
                        " positions, got " + std::to_string(count)};
  std::vector<Chess960Start> starts;
  if (!dfrc) {
    std::vector<int> order(N);
    std::iota(order.begin(), order.end(), 0);
    if (count < N) std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
    for (int i = 0; i < count; ++i) starts.emplace_back(order[std::size_t(i)], order[std::size_t(i)]);
    if (count < N) std::sort(starts.begin(), starts.end());
    return starts;
  }
  std::mt19937_64 rng(seed);
  std::set<Chess960Start> seen;
  while (int(starts.size()) < count) {
    Chess960Start s{int(rng() % N), int(rng() % N)};
    if (seen.insert(s).second) starts.push_back(s);
  }
  return starts;
}

std::vector<chess::Move> random_plies(const chess::Position& start, int plies, std::mt19937_64& rng) {
  chess::Game game(start);
  for (int ply = 0; ply < plies; ++ply) {
    const chess::MoveList moves = chess::legal_moves(game.position());
    if (moves.empty()) return {};
    game.play(moves[int(rng() % unsigned(moves.size()))]);
    if (game.outcome().result != chess::GameResult::ONGOING) return {};
  }
  return game.moves();
}

chess::Game chess960_game(const Chess960Start& start, const std::vector<chess::Move>& moves) {
  chess::Game game(chess::Position::from_fen(chess::chess960_fen(start.first, start.second)).value());
  for (chess::Move m : moves) game.play(m);
  return game;
}

std::string chess960_book_line(const Chess960Start& start, const std::vector<chess::Move>& moves, bool dfrc) {
  const chess::Game game = chess960_game(start, moves);
  std::string played;
  for (chess::Move m : moves) played += (played.empty() ? "" : " ") + chess::to_uci(m, chess::Variant::FISCHERANDOM);
  std::string fen = game.position().fen(chess::FenCastling::SHREDDER);
  fen = fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));  // EPD: the first four fields
  std::string id = dfrc ? "dfrc " + std::to_string(start.first) + "/" + std::to_string(start.second)
                        : "chess960 " + std::to_string(start.first);
  std::string line = fen + " id \"" + id + "\";";
  if (!played.empty()) line += " c0 \"" + played + "\";";
  return line;
}

}  // namespace harness
