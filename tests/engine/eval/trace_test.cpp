#include "eval/trace.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"

using namespace chess;

namespace {

// The score the trace describes, for weights in flat order: the evaluation without its rounding.
double traced_score(const eval::EvalTrace& t, const eval::EvalParams& p) {
  const std::vector<int> w = eval::flat_weights(p);
  double sums[2] = {0, 0};
  for (const eval::TraceTerm& term : t.terms) sums[eval::endgame_weights()[term.weight]] += double(w[term.weight]) * term.count;
  return (sums[0] * t.phase + sums[1] * (24 - t.phase)) / 24.0;
}

// Positions of random games from the start, every ply of them.
std::vector<Position> random_positions(int games, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      Undo undo;
      pos.do_move(moves[int(random() % std::uint64_t(moves.size()))], undo);
      out.push_back(pos);
    }
  }
  return out;
}

// Weights far from any tuned ones: every weight drawn within its range.
eval::EvalParams random_weights(std::uint64_t seed) {
  std::mt19937_64 random(seed);
  eval::EvalParams p;
  for (std::size_t i = 0; i < eval::param_list().size(); ++i) {
    const eval::ParamInfo& info = eval::param_list()[i];
    for (int e = 0; e < info.size; ++e)
      eval::param_data(p, i)[e] = info.min + int(random() % std::uint64_t(info.max - info.min + 1));
  }
  return p;
}

TEST(EvalTrace, DescribesTheEvaluationOfAnyWeightsToWithinItsRounding) {
  const std::vector<Position> positions = random_positions(40, 11);
  ASSERT_GT(positions.size(), 3000u);
  std::size_t terms = 0;
  for (const eval::EvalParams& p : {eval::dev_params(), eval::default_params(), random_weights(3), random_weights(4)})
    for (const Position& pos : positions) {
      const eval::EvalTrace t = eval::trace_evaluation(pos, p, eval::EvalMode::FULL);
      const int engine = eval::evaluate(pos, p, eval::EvalMode::FULL);
      ASSERT_EQ(t.score, pos.side_to_move() == WHITE ? engine : -engine) << pos.fen();
      ASSERT_LT(std::abs(traced_score(t, p) - t.score), 1.0) << pos.fen();
      ASSERT_EQ(t.phase, eval::game_phase(pos));
      terms += t.terms.size();
    }
  EXPECT_GT(terms, positions.size() * 4 * 20);  // material, squares and the rest fire
}

TEST(EvalTrace, WhichWeightsFireDoesNotDependOnTheirValues) {
  for (const Position& pos : random_positions(5, 12)) {
    const auto a = eval::trace_evaluation(pos, eval::dev_params(), eval::EvalMode::FULL).terms;
    const auto b = eval::trace_evaluation(pos, random_weights(5), eval::EvalMode::FULL).terms;
    ASSERT_EQ(a.size(), b.size()) << pos.fen();
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].weight, b[i].weight);
      EXPECT_EQ(a[i].count, b[i].count);
    }
  }
}

TEST(EvalTrace, CountsWhiteMinusBlackAndTheTempoOfTheSideToMove) {
  const Position pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R b - - 0 1").value();
  const eval::EvalTrace t = eval::trace_evaluation(pos, eval::dev_params(), eval::EvalMode::FULL);
  auto count_of = [&](std::string_view name, int element) {
    int flat = 0;
    for (const eval::ParamInfo& info : eval::param_list()) {
      if (info.name == name) break;
      flat += info.size;
    }
    for (const eval::TraceTerm& term : t.terms)
      if (term.weight == flat + element) return int(term.count);
    return 0;
  };
  EXPECT_EQ(count_of("piece_value_mg", 3), 2);   // two white rooks, no black ones
  EXPECT_EQ(count_of("tempo_mg", 0), -1);        // Black to move
  EXPECT_EQ(count_of("pst_king_mg", 4), 1 - 1);  // both kings on their e-file home square, mirrored
}

TEST(EvalTrace, MaterialOnlyVersionsTraceOnlyMaterialAndSquares) {
  for (const Position& pos : random_positions(3, 13)) {
    const eval::EvalTrace t = eval::trace_evaluation(pos, eval::default_params(), eval::EvalMode::MATERIAL_PST);
    const int engine = eval::evaluate(pos, eval::default_params(), eval::EvalMode::MATERIAL_PST);
    EXPECT_EQ(t.score, pos.side_to_move() == WHITE ? engine : -engine);
    const int squares_end = 5 * 2 + 64 * 12;  // piece values and piece-square tables come first
    for (const eval::TraceTerm& term : t.terms) EXPECT_LT(term.weight, squares_end);
  }
}

}  // namespace
