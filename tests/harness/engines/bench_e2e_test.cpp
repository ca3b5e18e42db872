// harness bench: the project's engine versions give their own, repeatable signatures; Stockfish
// (Debian's) is read from its standard error; an engine without a bench command is an error
// that quotes it, not a hang.
#include <gtest/gtest.h>

#include <regex>

#include "support/harness_cli.h"

namespace {

// The "Bench" column of the row of `name`, or 0.
unsigned long long bench_of(const std::string& out, const std::string& name) {
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
  const unsigned long long a = bench_of(first.out, "v0.1"), b = bench_of(first.out, "v0.2");
  EXPECT_GT(a, 0u) << first.out;
  EXPECT_GT(b, 0u) << first.out;
  EXPECT_NE(a, b) << "two versions that search differently have different signatures: " << first.out;
  HarnessRun again = run_harness(args, std::chrono::seconds(300));
  EXPECT_EQ(bench_of(again.out, "v0.1"), a) << again.out;
}

TEST(Bench, StockfishsSignatureComesFromItsStandardError) {
  HarnessRun r =
      run_harness({"bench", "stockfish", "--bench-args", "bench 16 1 5"}, std::chrono::seconds(300));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_GT(bench_of(r.out, "stockfish"), 0u) << r.out;
}

TEST(Bench, AnEngineWithoutABenchIsAnErrorNotAHang) {
  HarnessRun r = run_harness({"bench", mock("nobench", "random"), "--timeout", "60"}, std::chrono::seconds(120));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("engine 'nobench' bench (exit status"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no node count in the bench output"), std::string::npos) << r.out;
}

}  // namespace
