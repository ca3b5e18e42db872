// Runs every position of suites/perftsuite.epd and suites/perft960.epd at every depth they give.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/perft.h"

using namespace chess;

namespace {

struct SuiteLine {
  int line_number;
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;
};

std::vector<SuiteLine> read_suite(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::vector<SuiteLine> lines;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    SuiteLine entry{number, line.substr(0, line.find(';')), {}};
    std::istringstream fields(line.substr(line.find(';')));
    for (std::string field; std::getline(fields, field, ';');) {
      std::istringstream f(field);
      std::string tag;
      std::uint64_t count = 0;
      if (!(f >> tag >> count) || tag.size() < 2 || tag[0] != 'D') continue;
      entry.depths.emplace_back(std::stoi(tag.substr(1)), count);
    }
    lines.push_back(entry);
  }
  return lines;
}

// Every count of a suite file; returns the leaf nodes counted.
std::uint64_t check_suite(const std::string& path, std::size_t min_positions) {
  std::vector<SuiteLine> suite = read_suite(path);
  EXPECT_GE(suite.size(), min_positions);
  std::uint64_t total = 0;
  for (const SuiteLine& entry : suite) {
    auto pos = Position::from_fen(entry.fen);
    EXPECT_TRUE(pos) << "line " << entry.line_number << ": " << pos.error();
    if (!pos) continue;
    EXPECT_FALSE(entry.depths.empty()) << "line " << entry.line_number;
    for (auto [depth, expected] : entry.depths) {
      Position p = *pos;
      std::uint64_t got = perft(p, depth);
      EXPECT_EQ(got, expected) << "line " << entry.line_number << " depth " << depth << ": " << entry.fen;
      total += got;
    }
  }
  std::cout << path << ": " << suite.size() << " positions, " << total << " leaf nodes\n";
  return total;
}

TEST(PerftSuite, EveryCountMatches) { check_suite(PERFT_SUITE_PATH, 150); }

// The 960 Chess960 start positions, castling corner cases and Chess960 and DFRC middlegames,
// counted by Stockfish (suites/make/make_perft960.sh).
TEST(PerftSuite, EveryChess960CountMatches) { check_suite(PERFT960_SUITE_PATH, 1000); }

}  // namespace
