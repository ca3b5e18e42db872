// A network file of any bytes, as the engine loads it: refused by name, or loaded and then
// evaluated through the search's path along a game, where the accumulators brought up to date
// move by move must equal a refresh from scratch, and the search's evaluation must stay below
// the mate range however large the file's weights.
#include <memory>

#include "core/game.h"
#include "core/movegen.h"
#include "fuzz_input.h"
#include "inference/accumulator.h"
#include "nnue/network.h"
#include "search/search.h"

namespace {

// The moves of a short game: at each ply the legal move the next input byte picks.
void walk_game(const nnue::Network& net, const search::Searcher& searcher, const std::uint8_t* picks, std::size_t count) {
  chess::Position pos = chess::Position::startpos();
  nnue::AccumulatorStack stack(net, 64);
  stack.reset(pos);
  for (std::size_t ply = 0; ply < count && ply < 40; ++ply) {
    const auto moves = chess::legal_moves(pos);
    if (moves.empty()) return;
    const chess::Move m = moves[int(picks[ply] % unsigned(moves.size()))];
    stack.push(pos, m);
    chess::Undo undo;
    pos.do_move(m, undo);
    FUZZ_CHECK(stack.evaluate(pos.side_to_move()) == nnue::evaluate_position(net, pos));
    const int cp = searcher.evaluate(pos);
    FUZZ_CHECK(cp >= -search::MAX_EVAL && cp <= search::MAX_EVAL);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The first 40 bytes choose the game's moves; the rest is the file.
  const std::size_t picks = size < 40 ? size : 40;
  auto net = nnue::parse_network(std::string_view(reinterpret_cast<const char*>(data + picks), size - picks), "fuzz.nnue");
  if (!net) return 0;
  auto shared = std::make_shared<const nnue::Network>(std::move(net).value());
  search::Searcher searcher;
  searcher.set_network(shared);
  walk_game(*shared, searcher, data, picks);
  return 0;
}
