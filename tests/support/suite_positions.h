// The positions the network tests evaluate (their binary defines PROJECT_DIR): the roots of the perft suites and the opening book,
// and positions a few random plies after them (10,000 in all).
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/epd.h"
#include "core/movegen.h"

namespace testing_support {

inline std::vector<chess::Position> suite_positions() {
  std::vector<chess::Position> roots;
  for (const char* suite : {"suites/perftsuite.epd", "suites/perft960.epd", "suites/openings.epd"}) {
    auto read = chess::read_epd_lines(std::string(PROJECT_DIR) + "/" + suite, "suite",
                                      [&](std::string_view line, const chess::EpdLocation&) -> chess::Result<bool> {
                                        // The first four fields: the board, side, castling and en passant.
                                        std::size_t end = 0;
                                        for (int field = 0; field < 4 && end != std::string_view::npos; ++field)
                                          end = line.find(' ', end + (field > 0));
                                        auto pos = chess::Position::from_fen(line.substr(0, end));
                                        if (pos) roots.push_back(*pos);
                                        return true;
                                      });
    EXPECT_TRUE(read.ok()) << read.error();
  }
  EXPECT_GT(roots.size(), 1400u);
  std::vector<chess::Position> positions;
  std::mt19937 rng(3);
  for (std::size_t i = 0; positions.size() < 10000; ++i) {
    chess::Position pos = roots[i % roots.size()];
    const int plies = int(rng() % 12);
    for (int p = 0; p < plies; ++p) {
      chess::MoveList moves = chess::legal_moves(pos);
      if (moves.empty()) break;
      chess::Undo undo;
      pos.do_move(moves[int(rng() % unsigned(moves.size()))], undo);
    }
    positions.push_back(pos);
  }
  return positions;
}

}  // namespace testing_support
