#include "bisect/bisect_search.h"

namespace harness {

void BisectSearch::mark_good(int index) {
  if (index > good_ && index < bad_) good_ = index;
}

void BisectSearch::mark_bad(int index) {
  if (index > good_ && index < bad_) bad_ = index;
}

std::optional<int> BisectSearch::next() const {
  const int middle = good_ + (bad_ - good_) / 2;
  // The untested commit nearest the middle, earlier ones first on a tie.
  for (int distance = 0; distance < bad_ - good_; ++distance)
    for (int index : {middle - distance, middle + distance})
      if (index > good_ && index < bad_ && !skipped_.count(index)) return index;
  return std::nullopt;
}

std::vector<int> BisectSearch::candidates() const {
  std::vector<int> out;
  for (int index = good_ + 1; index < bad_; ++index)
    if (skipped_.count(index)) out.push_back(index);
  out.push_back(bad_);
  return out;
}

int BisectSearch::steps_left() const {
  int steps = 0;
  for (int open = bad_ - good_; open > 1; open = (open + 1) / 2) ++steps;
  return steps;
}

}  // namespace harness
