#include "core/perft.h"

#include <gtest/gtest.h>

using namespace chess;

namespace {

struct PerftCase {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t nodes;
};

// The well-known positions from the Chess Programming Wiki's perft results page.
const PerftCase CASES[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"position4_mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};

class KnownPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(KnownPerft, MatchesPublishedCount) {
  Position pos = Position::from_fen(GetParam().fen).value();
  EXPECT_EQ(perft(pos, GetParam().depth), GetParam().nodes);
  EXPECT_EQ(pos.fen(), Position::from_fen(GetParam().fen).value().fen());
}

INSTANTIATE_TEST_SUITE_P(Positions, KnownPerft, ::testing::ValuesIn(CASES),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(Perft, DivideSumsToPerft) {
  Position pos = Position::from_fen(CASES[1].fen).value();
  std::uint64_t sum = 0;
  auto entries = divide(pos, 3);
  for (const DivideEntry& e : entries) sum += e.nodes;
  EXPECT_EQ(entries.size(), 48u);
  EXPECT_EQ(sum, 97862u);
}

}  // namespace
