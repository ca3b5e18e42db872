// Labeled positions as the tuner holds them by the million: each one's evaluation trace
// (eval/trace.h: the weights that fired and their counts), its game phase and its result,
// stored sparsely. Any weights' score of a position is then one pass over its few terms, and
// so is the score's derivative by every weight: the texel error and its exact gradient need
// neither the board nor the engine.
//
// Most terms come in pairs: a middle-game weight and its end-game twin ("pst_knight_mg[27]"
// and "pst_knight_eg[27]") fire together with one count, so such a pair is stored as one term
// of a "slot" that stands for both; a weight without its twin's count is a slot of its own.
// A term is 4 bytes (slot and count).
#pragma once

#include <cstdint>
#include <vector>

#include "eval/trace.h"

namespace tuner {

class TracedPositions {
 public:
  void add(const eval::EvalTrace& trace, double result);
  void append(const TracedPositions& other);
  // Gives back the memory the arrays hold beyond their contents (after the last append).
  void shrink_to_fit();
  // The same positions in an order drawn by `seed`.
  TracedPositions shuffled(std::uint64_t seed) const;
  std::size_t size() const { return result_.size(); }
  // The memory the set holds, in bytes (its arrays' capacities).
  std::size_t bytes() const;
  double result(std::size_t p) const { return double(result_[p]); }

  // Weights in flat order (eval::flat_weights) as the slots' middle-game and end-game values,
  // interleaved: what score() and add_gradient() read.
  static std::vector<double> slot_values(const std::vector<double>& weights);
  // A gradient by slot values back to one by flat weights (added to `weights_gradient`).
  static void add_flat_gradient(const std::vector<double>& slot_gradient, std::vector<double>& weights_gradient);
  static std::size_t slot_count();

  // White's score of position p, as a real (the evaluation without its rounding).
  double score(std::size_t p, const double* slot_values) const {
    double mg = 0, eg = 0;
    for (std::uint64_t j = start_[p]; j < start_[p + 1]; ++j) {
      mg += slot_values[2 * terms_[j].slot] * terms_[j].count;
      eg += slot_values[2 * terms_[j].slot + 1] * terms_[j].count;
    }
    return (mg * phase_[p] + eg * (24 - phase_[p])) / 24.0;
  }
  // Adds `factor` times the score's derivative by each slot value to `slot_gradient`.
  void add_gradient(std::size_t p, double factor, double* slot_gradient) const {
    const double mg = factor * phase_[p] / 24.0, eg = factor * (24 - phase_[p]) / 24.0;
    for (std::uint64_t j = start_[p]; j < start_[p + 1]; ++j) {
      slot_gradient[2 * terms_[j].slot] += mg * terms_[j].count;
      slot_gradient[2 * terms_[j].slot + 1] += eg * terms_[j].count;
    }
  }

 private:
  struct Term {
    std::uint16_t slot;
    std::int16_t count;
  };
  std::vector<std::uint64_t> start_{0};  // position p's terms: [start_[p], start_[p + 1])
  std::vector<Term> terms_;
  std::vector<std::uint8_t> phase_;
  std::vector<float> result_;
};

}  // namespace tuner
