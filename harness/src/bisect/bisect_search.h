// The search of a bisect over the commits from a good one (excluded) to a bad one (included),
// oldest first: each step tests the middle of what is still open, a commit that cannot be
// tested (it does not build, its bench does not answer) is skipped and a neighbour is tested
// instead, as `git bisect skip` does. The search knows indices only; what a step is lives in
// the bisector.
#pragma once

#include <optional>
#include <set>
#include <vector>

namespace harness {

class BisectSearch {
 public:
  // `commits` after the good one; the last is the bad one.
  explicit BisectSearch(int commits) : good_(-1), bad_(commits - 1) {}
  // What a step found of the commit at `index`; an index outside the open range changes nothing.
  void mark_good(int index);
  void mark_bad(int index);
  void mark_skipped(int index) { skipped_.insert(index); }
  // The commit to test next, or nullopt when the search is over.
  std::optional<int> next() const;
  // The first bad commit when exactly one is left; otherwise every commit it may be (skipped
  // ones that could not be tested, then the first known bad).
  std::vector<int> candidates() const;
  int first_bad() const { return bad_; }
  // The steps a search of what is open still needs at most (skips aside).
  int steps_left() const;

 private:
  int good_, bad_;
  std::set<int> skipped_;
};

}  // namespace harness
