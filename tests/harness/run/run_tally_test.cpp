#include "run/run_tally.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "stats/elo.h"
#include "stats/results_block.h"

namespace {

harness::MatchConfig gauntlet_of_three(bool paired) {
  harness::MatchConfig c;
  c.kind = harness::TournamentKind::GAUNTLET;
  c.engines = {harness::EngineConfig::named("dev", "/bin/true"), harness::EngineConfig::named("b", "/bin/true"),
               harness::EngineConfig::named("c", "/bin/true")};
  c.rounds = 2;
  c.paired = paired;
  c.openings_path = "openings.epd";
  return c;
}

// The line of `table` that starts with `name` and a space.
std::string row_of(const std::string& table, const std::string& name) {
  const std::size_t at = table.find("\n" + name + " ");
  if (at == std::string::npos) return "";
  return table.substr(at + 1, table.find('\n', at + 1) - at - 1);
}

// A round is dev-b (dev White), b-dev, dev-c, c-dev: dev scores 3.5/4 against b (pairs W+D, W+W)
// and 1/4 against c (pairs L+L, D+D).
harness::RunTally played_gauntlet() {
  harness::RunTally tally(gauntlet_of_three(true));
  const std::array<const char*, 8> results = {"1-0", "1/2-1/2", "0-1", "1-0", "1-0", "0-1", "1/2-1/2", "1/2-1/2"};
  for (int g = 0; g < 8; ++g) tally.add(g, results[std::size_t(g)]);
  return tally;
}

TEST(RunTally, AGauntletCountsItsFirstEnginesGamesAgainstEachOpponentInPairs) {
  const harness::RunTally tally = played_gauntlet();
  const harness::Tally b = tally.opponent_tally(1), c = tally.opponent_tally(2);
  EXPECT_EQ(b.wins, 3);
  EXPECT_EQ(b.losses, 0);
  EXPECT_EQ(b.draws, 1);
  EXPECT_EQ(b.pentanomial, (std::array<int, 5>{0, 0, 0, 1, 1}));
  EXPECT_EQ(c.wins, 0);
  EXPECT_EQ(c.losses, 2);
  EXPECT_EQ(c.draws, 2);
  EXPECT_EQ(c.pentanomial, (std::array<int, 5>{1, 0, 1, 0, 0}));
}

TEST(RunTally, AGauntletsTableGivesEachOpponentAndAllOfThem) {
  const harness::RunTally tally = played_gauntlet();
  const std::string table = tally.gauntlet_table();
  EXPECT_EQ(table.rfind("Gauntlet of dev against each opponent (W-L-D from dev's side):\nOpponent", 0), 0u) << table;
  const std::string b = row_of(table, "b"), c = row_of(table, "c"), all = row_of(table, "all opponents");
  EXPECT_NE(b.find("  4  3-0-1"), std::string::npos) << table;
  EXPECT_NE(b.find("87.5%"), std::string::npos) << table;
  EXPECT_NE(c.find("  4  0-2-2"), std::string::npos) << table;
  EXPECT_NE(c.find("25.0%"), std::string::npos) << table;
  EXPECT_NE(all.find("  8  3-2-3"), std::string::npos) << table;
  // The Elo and its interval are a match's, from the same pairs.
  const harness::EloEstimate against_c = harness::estimate(tally.opponent_tally(2));
  EXPECT_NE(c.find(harness::elo_text(against_c.elo, against_c.elo_error)), std::string::npos) << table;
  const harness::EloEstimate overall = harness::estimate(tally.match_tally());
  EXPECT_NE(all.find(harness::elo_text(overall.elo, overall.elo_error)), std::string::npos) << table;
  // The summary that is printed and stored holds the ranking and then this table.
  const std::string summary = tally.summary();
  EXPECT_EQ(summary.rfind("Ranking of dev vs b vs c", 0), 0u) << summary;
  EXPECT_NE(summary.find("\n" + table), std::string::npos) << summary;
}

TEST(RunTally, AnOpponentWithoutGamesYetHasNoScoreOrElo) {
  harness::RunTally tally(gauntlet_of_three(true));
  tally.add(0, "1-0");
  const std::string c = row_of(tally.gauntlet_table(), "c");
  EXPECT_NE(c.find("  0  0-0-0"), std::string::npos) << c;
  EXPECT_EQ(c.find("Elo"), std::string::npos) << c;
}

// Unpaired games (each opening once) give W-L-D statistics, as an unpaired match does.
TEST(RunTally, AnUnpairedGauntletIsCountedGameByGame) {
  harness::RunTally tally(gauntlet_of_three(false));
  for (int g = 0; g < 4; ++g) tally.add(g, "1/2-1/2");
  const harness::Tally b = tally.opponent_tally(1);
  EXPECT_EQ(b.draws, 2);
  EXPECT_EQ(b.pairs(), 0);
  EXPECT_NE(row_of(tally.gauntlet_table(), "b").find("  2  0-0-2"), std::string::npos) << tally.gauntlet_table();
}

TEST(RunTally, ARoundRobinHasNoGauntletTable) {
  harness::MatchConfig c = gauntlet_of_three(true);
  c.kind = harness::TournamentKind::ROUND_ROBIN;
  harness::RunTally tally(c);
  tally.add(0, "1-0");
  EXPECT_EQ(tally.gauntlet_table(), "");
  EXPECT_EQ(tally.summary().find("Gauntlet of"), std::string::npos) << tally.summary();
}

}  // namespace
