#include "traced_positions.h"

namespace tuner {

void TracedPositions::add(const eval::EvalTrace& trace, double result) {
  terms_.insert(terms_.end(), trace.terms.begin(), trace.terms.end());
  start_.push_back(terms_.size());
  phase_.push_back(std::uint8_t(trace.phase));
  result_.push_back(float(result));
}

void TracedPositions::append(const TracedPositions& other) {
  const std::uint64_t offset = terms_.size();
  terms_.insert(terms_.end(), other.terms_.begin(), other.terms_.end());
  for (std::size_t p = 1; p < other.start_.size(); ++p) start_.push_back(offset + other.start_[p]);
  phase_.insert(phase_.end(), other.phase_.begin(), other.phase_.end());
  result_.insert(result_.end(), other.result_.begin(), other.result_.end());
}

std::size_t TracedPositions::bytes() const {
  return start_.capacity() * sizeof(std::uint64_t) + terms_.capacity() * sizeof(eval::TraceTerm) + phase_.capacity() +
         result_.capacity() * sizeof(float) + endgame_.capacity();
}

std::vector<std::uint8_t> TracedPositions::endgame_table() {
  const std::vector<bool>& endgame = eval::endgame_weights();
  return std::vector<std::uint8_t>(endgame.begin(), endgame.end());
}

}  // namespace tuner
