// harness bench: the project's engine versions give their own, repeatable signatures; Stockfish
// (Debian's) is read from its standard error; an engine that ends with "NODES: N" / "NPS: N"
// after UCI info lines gets its own figures, its speed the median of the runs; a count that
// changes between runs and an engine without a bench command are errors, not a hang.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "support/harness_cli.h"

namespace {

// The "Bench" column of the row of `name`, or 0.
unsigned long long engine_bench_of(const std::string& out, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex("(^|\\n)" + name + " +([0-9]+) +([0-9]+) +[0-9.]+\\n"))) return 0;
  return std::stoull(m[2].str());
}

TEST(Bench, EngineVersionsHaveRepeatableSignaturesOfTheirOwn) {
  const std::string engine = std::string("cmd=") + ENGINE_PATH;
  const std::vector<std::string> args = {"bench", "name=v0.1 " + engine + " arg=--version arg=v0.1",
                                         "name=v0.2 " + engine + " arg=--version arg=v0.2", "--bench-args", "bench 6"};
  HarnessRun first = run_harness(args, std::chrono::seconds(300));
  ASSERT_EQ(first.exit_code, 0) << first.out;
  const unsigned long long a = engine_bench_of(first.out, "v0.1"), b = engine_bench_of(first.out, "v0.2");
  EXPECT_GT(a, 0u) << first.out;
  EXPECT_GT(b, 0u) << first.out;
  EXPECT_NE(a, b) << "two versions that search differently have different signatures: " << first.out;
  HarnessRun again = run_harness(args, std::chrono::seconds(300));
  EXPECT_EQ(engine_bench_of(again.out, "v0.1"), a) << again.out;
}

TEST(Bench, StockfishsSignatureComesFromItsStandardError) {
  HarnessRun r =
      run_harness({"bench", "stockfish", "--bench-args", "bench 16 1 5"}, std::chrono::seconds(300));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_GT(engine_bench_of(r.out, "stockfish"), 0u) << r.out;
}

TEST(Bench, AnEngineWithoutABenchIsAnErrorNotAHang) {
  HarnessRun r = run_harness({"bench", mock("nobench", "random"), "--timeout", "60"}, std::chrono::seconds(120));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("engine 'nobench' bench (exit status"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no node count in the bench output"), std::string::npos) << r.out;
}

// A script bench that prints UCI info lines (whose nodes, nps, time and score are one search's)
// and then its totals as some engines of the field do; each run's speed is the next of
// `speeds`, and its count `counts`' when given.
std::string scripted_bench(const std::string& name, const std::string& speeds, const std::string& counts = "4252962") {
  const std::string dir = ::testing::TempDir() + "scripted_bench/" + name;
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir + "/runs");
  std::ofstream(dir + "/engine") << "#!/bin/sh\n"
                                 << "echo . >> " << dir << "/runs\n"
                                 << "run=$(wc -l < " << dir << "/runs)\n"
                                 << "speed=$(echo " << speeds << " | cut -d' ' -f$run)\n"
                                 << "count=$(echo " << counts << " | cut -d' ' -f$run)\n"
                                 << "[ -n \"$count\" ] || count=$(echo " << counts << " | cut -d' ' -f1)\n"
                                 << "echo 'info depth 12 seldepth 18 multipv 1 score cp 138 nodes 54683 nps 911383 time 60 pv e2e4'\n"
                                 << "echo \"NODES: $count\"\necho \"NPS: $speed\"\n";
  std::filesystem::permissions(dir + "/engine", std::filesystem::perms::owner_all);
  return "name=" + name + " cmd=" + dir + "/engine";
}

TEST(Bench, TotalsAfterInfoLinesAreTheEnginesOwnAndTheSpeedIsTheMedianOfTheRuns) {
  HarnessRun r = run_harness({"bench", scripted_bench("stashlike", "600000 700000 650000"), "--bench-runs", "3"}, 120s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(engine_bench_of(r.out, "stashlike"), 4252962u) << r.out;
  EXPECT_NE(r.out.find(" 4252962       650000 "), std::string::npos) << "the median of three speeds\n" << r.out;
}

TEST(Bench, ACountThatChangesBetweenRunsSignsNothing) {
  HarnessRun r =
      run_harness({"bench", scripted_bench("random", "1 1 1", "4252962 4252962 4252999"), "--bench-runs", "3"}, 120s);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("engine 'random' bench: run 3 counted 4252999 nodes, run 1 4252962: its bench is not deterministic"),
            std::string::npos)
      << r.out;
}

}  // namespace
