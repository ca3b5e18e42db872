#include "data/traced_positions.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tuner {

namespace {

constexpr int NONE = -1;

// Slot s stands for a middle-game weight mg[s] and an end-game weight eg[s] (either may be
// NONE). Slots 0 to W - 1 are the W weights alone, in flat order; then one slot per twin pair.
struct Slots {
  std::vector<int> mg, eg;
  std::vector<int> pair_of;  // by flat index of a middle-game weight: its pair's slot, or NONE

  Slots() {
    const std::vector<bool>& endgame = eval::endgame_weights();
    const int weights = int(endgame.size());
    for (int i = 0; i < weights; ++i) {
      mg.push_back(endgame[std::size_t(i)] ? NONE : i);
      eg.push_back(endgame[std::size_t(i)] ? i : NONE);
    }
    pair_of.assign(std::size_t(weights), NONE);
    int first = 0;
    for (const eval::ParamInfo& info : eval::param_list()) {
      if (const int twin = twin_of(info); twin >= 0)
        for (int e = 0; e < info.size; ++e) {
          pair_of[std::size_t(first + e)] = int(mg.size());
          mg.push_back(first + e);
          eg.push_back(twin + e);
        }
      first += info.size;
    }
    if (mg.size() > 65536) throw std::logic_error("more evaluation weights than a term's 16-bit slot can name");
  }

  // The flat index of the first element of a middle-game parameter's end-game twin (the same
  // name ending in "_eg", of the same size), or NONE.
  static int twin_of(const eval::ParamInfo& info) {
    const std::string_view name = info.name;
    if (!name.ends_with("_mg")) return NONE;
    const std::string twin = std::string(name.substr(0, name.size() - 3)) + "_eg";
    int first = 0;
    for (const eval::ParamInfo& other : eval::param_list()) {
      if (other.name == twin && other.size == info.size) return first;
      first += other.size;
    }
    return NONE;
  }
};

const Slots& slots() {
  static const Slots table;
  return table;
}

}  // namespace

void TracedPositions::add(const eval::EvalTrace& trace, double result) {
  const Slots& table = slots();
  thread_local std::vector<char> taken;
  taken.assign(trace.terms.size(), 0);
  for (std::size_t i = 0; i < trace.terms.size(); ++i) {
    if (taken[i]) continue;
    const eval::TraceTerm& t = trace.terms[i];
    const int pair = table.pair_of[t.weight];
    if (pair != NONE) {
      // The twin comes later in flat order (terms are sorted by weight).
      const auto twin = std::lower_bound(trace.terms.begin() + std::ptrdiff_t(i), trace.terms.end(), table.eg[std::size_t(pair)],
                                         [](const eval::TraceTerm& term, int weight) { return term.weight < weight; });
      if (twin != trace.terms.end() && twin->weight == table.eg[std::size_t(pair)] && twin->count == t.count) {
        taken[std::size_t(twin - trace.terms.begin())] = 1;
        terms_.push_back({std::uint16_t(pair), t.count});
        continue;
      }
    }
    terms_.push_back({t.weight, t.count});
  }
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

void TracedPositions::shrink_to_fit() {
  start_.shrink_to_fit();
  terms_.shrink_to_fit();
  phase_.shrink_to_fit();
  result_.shrink_to_fit();
}

TracedPositions TracedPositions::shuffled(std::uint64_t seed) const {
  std::vector<std::size_t> order(size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::mt19937_64 random(seed);
  std::shuffle(order.begin(), order.end(), random);
  TracedPositions out;
  out.start_.reserve(start_.size());
  out.terms_.reserve(terms_.size());
  out.phase_.reserve(phase_.size());
  out.result_.reserve(result_.size());
  for (std::size_t p : order) {
    out.terms_.insert(out.terms_.end(), terms_.begin() + std::ptrdiff_t(start_[p]),
                      terms_.begin() + std::ptrdiff_t(start_[p + 1]));
    out.start_.push_back(out.terms_.size());
    out.phase_.push_back(phase_[p]);
    out.result_.push_back(result_[p]);
  }
  return out;
}

std::size_t TracedPositions::bytes() const {
  return start_.capacity() * sizeof(std::uint64_t) + terms_.capacity() * sizeof(Term) + phase_.capacity() +
         result_.capacity() * sizeof(float);
}

std::size_t TracedPositions::slot_count() { return slots().mg.size(); }

std::vector<double> TracedPositions::slot_values(const std::vector<double>& weights) {
  const Slots& table = slots();
  std::vector<double> values(2 * table.mg.size(), 0.0);
  for (std::size_t s = 0; s < table.mg.size(); ++s) {
    if (table.mg[s] != NONE) values[2 * s] = weights[std::size_t(table.mg[s])];
    if (table.eg[s] != NONE) values[2 * s + 1] = weights[std::size_t(table.eg[s])];
  }
  return values;
}

void TracedPositions::add_flat_gradient(const std::vector<double>& slot_gradient, std::vector<double>& weights_gradient) {
  const Slots& table = slots();
  for (std::size_t s = 0; s < table.mg.size(); ++s) {
    if (table.mg[s] != NONE) weights_gradient[std::size_t(table.mg[s])] += slot_gradient[2 * s];
    if (table.eg[s] != NONE) weights_gradient[std::size_t(table.eg[s])] += slot_gradient[2 * s + 1];
  }
}

}  // namespace tuner
