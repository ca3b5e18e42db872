#include "search/search_params.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/position.h"
#include "eval/params.h"
#include "search/search.h"

namespace {

std::uint64_t nodes_at_depth(search::Searcher& s, const std::string& fen, int depth) {
  s.new_game();
  s.clear_stop();
  search::SearchLimits limits;
  limits.depth = depth;
  return s.run(chess::Position::from_fen(fen).value(), {}, limits, [](const search::SearchInfo&) {}).nodes;
}

TEST(SearchParams, EveryConstantIsDeclaredOnceWithItsDefaultInsideItsRange) {
  const search::SearchParams defaults;
  std::set<std::string> names;
  for (const search::SearchParamInfo& p : search::search_param_list()) {
    EXPECT_TRUE(names.insert(std::string(p.name)).second) << p.name;
    EXPECT_LT(eval::find_param(p.name), 0) << p.name << " is also an evaluation weight";
    EXPECT_GE(defaults.*p.field, p.min) << p.name;
    EXPECT_LE(defaults.*p.field, p.max) << p.name;
    EXPECT_LT(p.min, p.max) << p.name;
  }
  EXPECT_EQ(names.size() * sizeof(int), sizeof(search::SearchParams));  // every field is listed
}

TEST(SearchParams, EachOneChangesTheSearchOfDevAndTheDefaultsRestoreIt) {
  const std::string fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
  search::Searcher s;
  s.set_hash_mb(8);
  const std::uint64_t base = nodes_at_depth(s, fen, 9);
  for (const char* name : {"lmr_base", "futility_margin", "null_move_base", "aspiration_window", "late_move_pruning_base"}) {
    const search::SearchParamInfo* info = nullptr;
    for (const auto& p : search::search_param_list())
      if (p.name == name) info = &p;
    ASSERT_NE(info, nullptr) << name;
    search::SearchParams changed;
    changed.*info->field = info->max;
    s.set_search_params(changed);
    EXPECT_NE(nodes_at_depth(s, fen, 9), base) << name << " at its maximum searched the same tree";
    s.set_search_params(search::SearchParams{});
    EXPECT_EQ(nodes_at_depth(s, fen, 9), base) << name;
  }
}

}  // namespace
