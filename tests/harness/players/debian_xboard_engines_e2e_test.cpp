// Every xboard engine Debian packages plays clean games against the project's engine: GNU
// Chess (features only after further input, "My move is : e7e5"), Fairy-Max (no setboard: a
// PGN book), Phalanx (SAN moves), Sjeng and HoiChess. No game may end by a protocol failure.
// What is tested is the protocol, not whether an engine makes its clock on a busy machine: the
// engines that honour "sd" play at a fixed depth; GNU Chess and Phalanx, which search on past
// it, play on a clock with a margin of 2 s that a busy machine's scheduling does not use up.
#include <gtest/gtest.h>

#include "support/harness_cli.h"

namespace {

struct XboardEngine {
  const char* name;
  const char* spec;
  bool pgn_book;
  bool honours_depth;
};

class DebianXboardEngine : public ::testing::TestWithParam<XboardEngine> {};

TEST_P(DebianXboardEngine, PlaysTwoCleanGames) {
  const XboardEngine& x = GetParam();
  std::string db = temp_db(std::string("xboard_") + x.name);
  std::vector<std::string> args = {"match",
                                   "--engine",
                                   std::string("name=dev cmd=") + ENGINE_PATH + " arg=--version arg=dev",
                                   "--engine",
                                   x.spec,
                                   "--games",
                                   "2",
                                   "--maxmoves",
                                   "25",
                                   "--db",
                                   db};
  if (x.honours_depth)
    args.insert(args.end(), {"--depth", "3"});
  else
    args.insert(args.end(), {"--tc", "5+0.05", "--timemargin", "2000"});
  if (x.pgn_book) args.insert(args.end(), {"--openings", std::string(PROJECT_DIR) + "/suites/openings.pgn"});
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u) << r.out;
  for (const auto& g : games) {
    EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << x.name << ": " << g.reason;
    EXPECT_GT(g.plies, 8) << x.name << ": " << g.reason;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Harness, DebianXboardEngine,
    ::testing::Values(XboardEngine{"gnuchess", "name=gnuchess cmd=/usr/games/gnuchess arg=--xboard proto=xboard", false, false},
                      XboardEngine{"fairymax", "name=fairymax cmd=/usr/games/fairymax proto=xboard", true, true},
                      XboardEngine{"phalanx", "name=phalanx cmd=/usr/games/phalanx proto=xboard", false, false},
                      XboardEngine{"sjeng", "name=sjeng cmd=/usr/games/sjeng proto=xboard", false, true},
                      XboardEngine{"hoichess", "name=hoichess cmd=/usr/games/hoichess proto=xboard", false, true}),
    [](const ::testing::TestParamInfo<XboardEngine>& param) { return std::string(param.param.name); });

}  // namespace
