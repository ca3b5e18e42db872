// harness perft and harness epd end to end, with a deliberately broken move generator.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/perft.h"
#include "process/child_process.h"
#include "storage/database.h"

using namespace std::chrono_literals;

namespace {

std::string dir() {
  std::string d = ::testing::TempDir() + "suites_e2e/";
  std::filesystem::create_directories(d);
  return d;
}

std::string write(const std::string& name, const std::string& text) {
  std::ofstream(dir() + name) << text;
  return dir() + name;
}

std::string registry() {
  std::string mock = MOCK_ENGINE_PATH;
  return write("engines.json", R"({"engines": [
    {"name": "broken", "command": ")" +
                                   mock + R"(", "args": ["perft-no-ep"]},
    {"name": "first", "command": ")" +
                                   mock + R"(", "args": ["first"]},
    {"name": "random", "command": ")" +
                                   mock + R"(", "args": ["random"]},
    {"name": "dev", "command": ")" +
                                   std::string(ENGINE_PATH) + R"("}]})");
}

struct Output {
  int exit_code;
  std::string text;
};

Output harness(std::vector<std::string> args) {
  auto p = harness::ChildProcess::start({HARNESS_PATH, args, "", dir() + "stderr.txt"}).value();
  Output o{-1, ""};
  std::string line;
  auto deadline = std::chrono::steady_clock::now() + 120s;
  while (p->read_line(line, deadline) == harness::ReadStatus::LINE) o.text += line + "\n";
  o.exit_code = p->stop(5000ms);
  std::ifstream err(dir() + "stderr.txt");
  o.text += std::string(std::istreambuf_iterator<char>(err), {});
  return o;
}

std::string suite_line(const std::string& fen, int max_depth) {
  std::string line = fen;
  for (int d = 1; d <= max_depth; ++d) {
    chess::Position pos = chess::Position::from_fen(fen).value();
    line += " ;D" + std::to_string(d) + " " + std::to_string(chess::perft(pos, d));
  }
  return line + "\n";
}

std::string fresh_db(const std::string& name) {
  std::string path = dir() + name;
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
  return path;
}

TEST(HarnessPerft, LocatesTheExactMoveABrokenGeneratorMisses) {
  // En passant becomes possible only after Black's double push two plies down.
  std::string suite =
      write("ep.epd", "# made by the test with the rules library\n" + suite_line("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", 3) +
                          suite_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 3));
  std::string db = fresh_db("perft.sqlite");
  Output o = harness({"perft", suite, "--engine", "broken", "--registry", registry(), "--db", db});
  EXPECT_EQ(o.exit_code, 1) << o.text;
  EXPECT_NE(o.text.find("FAIL"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("missing moves (legal, not generated): e5d6"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("d7d5"), std::string::npos) << o.text;  // the path goes through Black's double push
  EXPECT_NE(o.text.find("position: 4k3/8/8/3pP3/8/8/8/"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("1 failed"), std::string::npos) << o.text;
  auto rows = harness::Database::open(db).value()->perft_results(1).value();
  ASSERT_GE(rows.size(), 4u);
  int failed = 0;
  for (const auto& r : rows)
    if (!r.passed) {
      ++failed;
      EXPECT_NE(r.bug.find("e5d6"), std::string::npos);
    }
  EXPECT_EQ(failed, 1);
  Output show = harness({"show", "1", "--db", db});
  EXPECT_NE(show.text.find("Run 1 (perft, broken vs builtin, finished"), std::string::npos) << show.text;
  EXPECT_NE(show.text.find("missing moves (legal, not generated): e5d6"), std::string::npos) << show.text;

  Output builtin = harness({"perft", suite, "--engine", "builtin", "--db", db, "--concurrency", "2"});
  EXPECT_EQ(builtin.exit_code, 0) << builtin.text;
  EXPECT_NE(builtin.text.find("6 passed, 0 failed"), std::string::npos) << builtin.text;
  Output dev = harness({"perft", suite, "--engine", "dev", "--registry", registry(), "--db", db, "--depth", "2"});
  EXPECT_EQ(dev.exit_code, 0) << dev.text;
  EXPECT_NE(dev.text.find("2 checks: 2 passed"), std::string::npos) << dev.text;
}

// A CI script that runs a suite of garbage must fail, not pass on zero checks.
TEST(HarnessPerft, MalformedLinesFailTheRunUnlessSkipped) {
  const std::string garbage = write("garbage.epd", "not a position ;D1 20\nrnbqkbnr/pppppppp/8 w ;D1 x\n");
  Output all = harness({"perft", garbage, "--db", fresh_db("garbage.sqlite")});
  EXPECT_EQ(all.exit_code, 2) << all.text;
  EXPECT_NE(all.text.find("garbage.epd: 2 malformed lines (give --skip-malformed to check the others):"), std::string::npos)
      << all.text;
  EXPECT_NE(all.text.find("garbage.epd:1:"), std::string::npos) << all.text;
  EXPECT_NE(all.text.find("garbage.epd:2:"), std::string::npos) << all.text;
  Output skipped = harness({"perft", garbage, "--skip-malformed", "--db", fresh_db("garbage2.sqlite")});
  EXPECT_EQ(skipped.exit_code, 2) << skipped.text;
  EXPECT_NE(skipped.text.find("every line is malformed: nothing to check"), std::string::npos) << skipped.text;

  const std::string mixed = write("mixed.epd", suite_line(std::string(chess::START_FEN), 2) + "garbage ;D1 3\n");
  Output refused = harness({"perft", mixed, "--db", fresh_db("mixed.sqlite")});
  EXPECT_EQ(refused.exit_code, 2) << refused.text;
  EXPECT_NE(refused.text.find("mixed.epd:2:"), std::string::npos) << refused.text;
  Output checked = harness({"perft", mixed, "--skip-malformed", "--db", fresh_db("mixed2.sqlite")});
  EXPECT_EQ(checked.exit_code, 0) << checked.text;
  EXPECT_NE(checked.text.find("2 checks: 2 passed, 0 failed, 0 errors, 1 malformed lines skipped"), std::string::npos)
      << checked.text;
}

TEST(HarnessPerft, AWrongCountInTheSuiteIsNamedAsTheSuites) {
  // 20 and 400 are right; 8903 is not the start position's count at depth 3 (8902 is).
  const std::string suite = write("wrong.epd", std::string(chess::START_FEN) + " ;D1 20 ;D2 400 ;D3 8903\n");
  Output o = harness({"perft", suite, "--db", fresh_db("wrong.sqlite"), "--failures-only"});
  EXPECT_EQ(o.exit_code, 1) << o.text;
  EXPECT_NE(o.text.find("the engine and the reference agree on 8902 at depth 3: the suite's count (line 1) is probably wrong"),
            std::string::npos)
      << o.text;
  EXPECT_EQ(o.text.find(" ok\n"), std::string::npos) << "--failures-only prints no passing check: " << o.text;
}

TEST(HarnessPerft, EnginesMayBeGivenAsSpecsAndRunsNameThem) {
  const std::string suite = write("spec.epd", suite_line(std::string(chess::START_FEN), 2));
  const std::string db = fresh_db("spec.sqlite");
  Output o = harness({"perft", suite, "--engine", std::string("name=mine cmd=") + ENGINE_PATH, "--db", db});
  EXPECT_EQ(o.exit_code, 0) << o.text;
  EXPECT_NE(o.text.find("with mine (reference builtin)"), std::string::npos) << o.text;
  Output runs = harness({"runs", "--db", db});
  EXPECT_NE(runs.text.find("mine vs builtin"), std::string::npos) << runs.text;
}

TEST(HarnessPerft, AnEngineWithoutPerftIsAClearError) {
  std::string suite = write("one.epd", suite_line(std::string(chess::START_FEN), 2));
  Output o = harness({"perft", suite, "--engine", "random", "--registry", registry(), "--db", fresh_db("noperft.sqlite")});
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.text.find("does not support 'go perft'"), std::string::npos) << o.text;
}

TEST(HarnessEpd, ScoresAMockEngineWithKnownAnswersAndComparesRuns) {
  // The mock plays the alphabetically first legal move: a1a2 in the first position (its bm),
  // a1a2 in the second too, which is not that position's bm.
  std::string suite = write("mock.epd",
                            "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra2; id \"first-is-best\";\n"
                            "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\"; c0 \"Ra8=10, Ra2=1\";\n");
  std::string db = fresh_db("epd.sqlite");
  Output o = harness({"epd", suite, "--engine", "first", "--registry", registry(), "--depth", "1", "--db", db});
  EXPECT_EQ(o.exit_code, 0) << o.text;
  EXPECT_NE(o.text.find("EPD: solved 1 of 2 (50.0 %), points 1 of 10"), std::string::npos) << o.text;
  // Moves are written as the suite writes them, in SAN: the move played, and the bm it missed.
  EXPECT_NE(o.text.find("first-is-best        Ra2     solved"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("mate                 Ra2     missed"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find(" bm Ra8#"), std::string::npos) << o.text;
  auto rows = harness::Database::open(db).value()->epd_results(1).value();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_TRUE(rows[0].solved);
  EXPECT_EQ(rows[0].move, "a1a2");
  EXPECT_FALSE(rows[1].solved);
  Output dev = harness({"epd", suite, "--engine", "dev", "--registry", registry(), "--depth", "3", "--db", db});
  EXPECT_NE(dev.text.find("EPD: solved 1 of 2"), std::string::npos) << dev.text;  // dev mates; it does not play Ra2
  Output cmp = harness({"epd-compare", "1", "2", "--db", db});
  EXPECT_NE(cmp.text.find("only run 1 solves: first-is-best"), std::string::npos) << cmp.text;
  EXPECT_NE(cmp.text.find("only run 2 solves: mate"), std::string::npos) << cmp.text;
  Output bad = harness({"epd", write("bad.epd", "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Qh5;\n"), "--engine", "first", "--registry",
                        registry(), "--db", db});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.text.find("bad.epd:1: bm move 'Qh5' is not legal"), std::string::npos) << bad.text;
}

}  // namespace
