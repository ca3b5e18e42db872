// The Searcher's setup: its version, weights, network and search parameters, a new game, the
// static evaluation; and mate scores in moves.
#include "search.h"

#include <algorithm>
#include <cmath>

#include "search_path.h"

namespace search {

using namespace chess;

int mate_in_moves(int score) {
  if (score >= MATE_BOUND) return (MATE - score + 1) / 2;
  if (score <= -MATE_BOUND) return -(MATE + score) / 2;
  return 0;
}

Searcher::Searcher() : features_(find_version("dev")->features), params_(find_version("dev")->weights()) {
  set_search_params(sp_);
}

// The usual logarithmic reduction: deeper and later moves are reduced more.
void Searcher::set_search_params(const SearchParams& p) {
  sp_ = p;
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m)
      lmr_table_[std::size_t(d)][std::size_t(m)] = std::uint8_t(
          std::clamp(int(sp_.lmr_base / 100.0 + std::log(double(d)) * std::log(double(m)) / (sp_.lmr_divisor / 100.0)), 0, 63));
}

void Searcher::new_game() {
  tt_.clear();
  ordering_ = OrderingTables{};
}

int Searcher::evaluate(const Position& pos) const {
  return evaluation_within_bounds(network_ ? nnue::evaluate_position(*network_, pos)
                                           : eval::evaluate(pos, params_, features_.eval));
}

void Searcher::set_network(std::shared_ptr<const nnue::Network> net) {
  if (net != network_) {
    network_ = std::move(net);
    accumulators_ = network_ ? std::make_unique<nnue::AccumulatorStack>(*network_, MAX_PLY + 2) : nullptr;
  }
  tt_.clear();
}

void Searcher::set_evaluation(const eval::EvalParams& p, std::shared_ptr<const nnue::Network> net) {
  params_ = p;
  set_network(std::move(net));
}

}  // namespace search
