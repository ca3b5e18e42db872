#include "trace.h"

#include <array>
#include <stdexcept>

#include "evaluate_terms.h"

namespace eval {

namespace {

constexpr int WEIGHT_COUNT = 0
#define SCALAR(name, lo, hi) +1
#define TABLE(name, size, lo, hi) +size
#include "params.def"
#undef SCALAR
#undef TABLE
    ;
static_assert(sizeof(EvalParams) == WEIGHT_COUNT * sizeof(int), "EvalParams must be its weights, in order, and nothing else");

// Counts by flat index: a weight's index is its place inside EvalParams.
struct CountingTrace {
  const EvalParams& params;
  std::array<int, WEIGHT_COUNT> counts{};
  void record(const int& weight, chess::Color color, int count) {
    const auto offset = reinterpret_cast<const char*>(&weight) - reinterpret_cast<const char*>(&params);
    // A term must name its weight inside `params`, not a copy or a computed value.
    if (offset < 0 || std::size_t(offset) >= sizeof(EvalParams))
      throw std::logic_error("an evaluation term's weight is not in EvalParams");
    counts[std::size_t(offset) / sizeof(int)] += color == chess::WHITE ? count : -count;
  }
};

}  // namespace

EvalTrace trace_evaluation(const chess::Position& pos, const EvalParams& params, EvalMode mode) {
  CountingTrace counting{params};
  EvalTrace out;
  const int score = terms::evaluate(pos, params, mode == EvalMode::FULL, counting);
  out.score = pos.side_to_move() == chess::WHITE ? score : -score;
  out.phase = terms::game_phase(pos);
  for (int i = 0; i < WEIGHT_COUNT; ++i)
    if (counting.counts[std::size_t(i)]) out.terms.push_back({std::uint16_t(i), std::int16_t(counting.counts[std::size_t(i)])});
  return out;
}

const std::vector<bool>& endgame_weights() {
  static const std::vector<bool> endgame = [] {
    std::vector<bool> out;
    for (const ParamInfo& info : param_list())
      out.insert(out.end(), std::size_t(info.size), info.name.size() > 3 && info.name.substr(info.name.size() - 3) == "_eg");
    return out;
  }();
  return endgame;
}

std::vector<int> flat_weights(const EvalParams& params) {
  std::vector<int> out;
  out.reserve(WEIGHT_COUNT);
  for (std::size_t i = 0; i < param_list().size(); ++i)
    out.insert(out.end(), param_data(params, i), param_data(params, i) + param_list()[i].size);
  return out;
}

}  // namespace eval
