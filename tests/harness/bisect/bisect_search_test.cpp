#include "bisect/bisect_search.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

// Runs a search whose first bad commit is `first_bad` of `commits`, with `skipped` untestable;
// returns the candidates and counts the steps.
std::vector<int> search(int commits, int first_bad, const std::set<int>& skipped, int& steps) {
  harness::BisectSearch s(commits);
  steps = 0;
  while (auto next = s.next()) {
    ++steps;
    if (skipped.count(*next))
      s.mark_skipped(*next);
    else if (*next >= first_bad)
      s.mark_bad(*next);
    else
      s.mark_good(*next);
    if (steps > commits) break;
  }
  return s.candidates();
}

TEST(BisectSearch, FindsEveryFirstBadCommitInLogarithmicSteps) {
  for (int commits = 1; commits <= 40; ++commits)
    for (int first_bad = 0; first_bad < commits; ++first_bad) {
      int steps = 0;
      EXPECT_EQ(search(commits, first_bad, {}, steps), std::vector<int>{first_bad}) << commits << " " << first_bad;
      EXPECT_LE(steps, int(std::ceil(std::log2(double(commits)))));
    }
}

TEST(BisectSearch, ASkippedCommitIsStepppedAroundAndNamedWhenItMayBeTheOne) {
  int steps = 0;
  EXPECT_EQ(search(9, 6, {4}, steps), std::vector<int>{6});
  // The commit just before the first bad cannot be tested: either may be the one.
  EXPECT_EQ(search(9, 6, {5}, steps), (std::vector<int>{5, 6}));
}

TEST(BisectSearch, NothingToTestBetweenGoodAndBad) {
  harness::BisectSearch s(1);
  EXPECT_FALSE(s.next());
  EXPECT_EQ(s.candidates(), std::vector<int>{0});
  EXPECT_EQ(s.steps_left(), 0);
}

TEST(BisectSearch, MarksOutsideTheOpenRangeChangeNothing) {
  harness::BisectSearch s(8);
  s.mark_bad(3);
  s.mark_good(5);  // after the known bad: ignored
  EXPECT_EQ(s.first_bad(), 3);
  s.mark_good(1);
  EXPECT_EQ(s.next(), 2);
}

}  // namespace
