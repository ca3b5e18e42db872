// tuner extract-positions is harness positions' exporter with the tuner's quiet test: every
// position it writes is one `harness positions --format epd` writes from the same run_extract (from the
// ninth ply, not in check, duplicates kept), and exactly those whose quiescence score is their
// static evaluation.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/position.h"
#include "process/child_process.h"
#include "search/search.h"

using namespace std::chrono_literals;

namespace {

int run_extract(const std::string& program, const std::vector<std::string>& args, const std::string& dir, std::string& out) {
  auto p = harness::ChildProcess::start({program, args, dir, dir + "/stderr.txt"});
  if (!p) throw std::runtime_error(p.error());
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + 300s;
  while ((*p)->read_line(line, deadline) == harness::ReadStatus::LINE) out += line + "\n";
  return (*p)->stop(5000ms);
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(ExtractPositions, IsTheHarnesssExporterWithTheTunersQuietTest) {
  const std::string dir = ::testing::TempDir() + "tuner_extract";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string out;
  ASSERT_EQ(run_extract(HARNESS_PATH,
                        {"datagen", "--engine", std::string("name=dev cmd=") + ENGINE_PATH + " arg=--version arg=dev", "--nodes",
                         "1500", "--games", "6", "--random-plies", "6", "--concurrency", "2", "--db", "d.sqlite"},
                        dir, out),
            0)
      << out;
  ASSERT_EQ(run_extract(TUNER_PATH, {"extract-positions", "--run", "1", "--db", "d.sqlite", "--out", "quiet.epd"}, dir, out), 0)
      << out;
  ASSERT_EQ(run_extract(HARNESS_PATH,
                        {"positions", "1", "--db", "d.sqlite", "-o", "all.epd", "--keep", "tactical,mates", "--no-dedup",
                         "--min-ply", "8"},
                        dir, out),
            0)
      << out;
  search::Searcher searcher;
  searcher.set_hash_mb(1);
  std::vector<std::string> expected;
  for (const std::string& line : lines_of(dir + "/all.epd")) {
    const chess::Position pos = chess::Position::from_fen(line.substr(0, line.find(" c9 "))).value();
    if (searcher.quiescence_score(pos) == searcher.evaluate(pos)) expected.push_back(line);
  }
  const std::vector<std::string> quiet = lines_of(dir + "/quiet.epd");
  EXPECT_GT(quiet.size(), 50u);
  EXPECT_LT(quiet.size(), lines_of(dir + "/all.epd").size());
  EXPECT_EQ(quiet, expected);
}

}  // namespace
