// The dialogue log's lines: written whole by concurrent games, read back field by field.
#include "record/dialogue_log.h"

#include <gtest/gtest.h>

#include <fstream>
#include <thread>
#include <vector>

namespace {

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(DialogueLog, LinesReadBackWithTheirGameEngineDirectionAndMicroseconds) {
  const std::string path = ::testing::TempDir() + "dialogue_log_test.log";
  {
    auto log = harness::DialogueLog::open(path, false).value();
    log->line(3, "Stock fish", true, "go wtime 1000 btime 1000");
    log->line(3, "Stock fish", false, "info depth 1\tscore cp 5");  // a tab in the text stays in the text
    log->line(0, "x", false, "uciok");
    log->note(3, "game ends 0-1 {White loses on time}");
  }
  const auto lines = lines_of(path);
  ASSERT_EQ(lines.size(), 4u);
  auto go = harness::parse_dialogue_line(lines[0]);
  ASSERT_TRUE(go);
  EXPECT_EQ(go->game, 3);
  EXPECT_EQ(go->engine, "Stock fish");
  EXPECT_TRUE(go->to_engine);
  EXPECT_EQ(go->text, "go wtime 1000 btime 1000");
  EXPECT_EQ(harness::utc_micros_text(go->micros), lines[0].substr(0, 27));  // the time survives to the microsecond
  EXPECT_EQ(harness::parse_dialogue_line(lines[1])->text, "info depth 1\tscore cp 5");
  EXPECT_EQ(harness::parse_dialogue_line(lines[2])->game, 0);
  EXPECT_TRUE(harness::parse_dialogue_line(lines[3])->note);
  EXPECT_FALSE(harness::parse_dialogue_line("not a log line"));
  EXPECT_FALSE(harness::parse_dialogue_line("2026-11-25T22:33:19.123456Z\t0\tx\t>\tgo"));  // game 0 is written "-"
}

TEST(DialogueLog, ConcurrentGamesWriteWholeLines) {
  const std::string path = ::testing::TempDir() + "dialogue_log_threads.log";
  {
    auto log = harness::DialogueLog::open(path, false).value();
    std::vector<std::thread> games;
    for (int g = 1; g <= 4; ++g)
      games.emplace_back([&, g] {
        for (int i = 0; i < 2000; ++i) log->line(g, "e" + std::to_string(g), i % 2 == 0, std::string(100, char('a' + g)));
      });
    for (auto& t : games) t.join();
  }
  const auto lines = lines_of(path);
  ASSERT_EQ(lines.size(), 8000u);
  for (const std::string& l : lines) {
    auto parsed = harness::parse_dialogue_line(l);
    ASSERT_TRUE(parsed) << l;
    EXPECT_EQ(parsed->text, std::string(100, char('a' + parsed->game)));
  }
}

TEST(DialogueLog, AFileThatCannotBeWrittenIsNamed) {
  auto log = harness::DialogueLog::open("/nonexistent-dir/x.log", false);
  ASSERT_FALSE(log);
  EXPECT_NE(log.error().find("/nonexistent-dir/x.log: cannot write"), std::string::npos) << log.error();
}

}  // namespace
