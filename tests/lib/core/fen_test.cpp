#include <gtest/gtest.h>

#include "core/position.h"

using chess::Position;

namespace {

TEST(Fen, RoundTripsWellFormedPositions) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
      "4k3/8/8/8/8/8/8/4K2R b K - 99 120",
  };
  for (const char* fen : fens) {
    auto pos = Position::from_fen(fen);
    ASSERT_TRUE(pos) << fen << ": " << pos.error();
    EXPECT_EQ(pos->fen(), fen);
    EXPECT_EQ(pos->consistency_error(), "");
  }
}

TEST(Fen, AcceptsFourFieldEpdAndExtraSpacing) {
  auto pos = Position::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -\r\n");
  ASSERT_TRUE(pos) << pos.error();
  EXPECT_EQ(pos->fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

struct BadFen {
  const char* fen;
  const char* message_part;
};

class MalformedFen : public ::testing::TestWithParam<BadFen> {};

TEST_P(MalformedFen, IsRejectedWithASpecificMessage) {
  auto pos = Position::from_fen(GetParam().fen);
  ASSERT_FALSE(pos) << GetParam().fen;
  EXPECT_NE(pos.error().find(GetParam().message_part), std::string::npos) << "message was: " << pos.error();
  EXPECT_EQ(pos.error().rfind("invalid FEN: ", 0), 0u);
}

const BadFen BAD_FENS[] = {
    {"", "expected 6 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "expected 6 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "expected 6 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "expected 6 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks, expected 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter '9'"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
    {"rnbqkbnr/pppppppp/7pp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8 squares"},
    {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece letter 'X'"},
    {"rnbqkbnr/pppppppp/8/3x4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter 'x'"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "missing black king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "missing white king"},
    {"rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w kq - 0 1", "more than one white king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ", ""},  // trailing space is fine: replaced below
    {"rnbqkbnp/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "first or last rank"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w Qkq - 0 1", "first or last rank"},
    {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 white pawns"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be 'w' or 'b'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move must be 'w' or 'b'"},
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", ""},  // replaced below
    {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move is in check"},
    {"4k3/8/8/8/8/8/8/3kK3 b - - 0 1", "more than one black king"},
    {"4k3/8/8/8/8/8/3q4/4K3 b - - 0 1", "the side not to move is in check"},
    {"k7/8/8/8/1b2r3/5n2/8/4K3 w - - 0 1", "more than two pieces"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "unknown castling letter 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling field 'KKkq': castling letter 'K' repeats a right"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no white rook on the h-side of the king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", "no white rook on the a-side of the king"},
    {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "white king is not on its first rank"},
    {"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "black king is not on its first rank"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w EAha - 0 1",
     "castling field 'EAha': castling letter 'E' names the king's own file"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HBha - 0 1", "castling letter 'B' but there is no white rook on b1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha7 - 0 1", "unknown castling letter '7'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhaH - 0 1", "castling letter 'H' repeats a right"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "is not a square"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "wrong rank"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "wrong rank"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no pawn that just moved two squares"},
    {"rnbqkb1r/pppp1ppp/4n3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3", "occupied"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock '-1'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number '0'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "fullmove number '1.5'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1", "halfmove clock"},
};

std::vector<BadFen> bad_fens() {
  std::vector<BadFen> out;
  for (const BadFen& b : BAD_FENS)
    if (*b.message_part) out.push_back(b);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Table, MalformedFen, ::testing::ValuesIn(bad_fens()),
                         [](const auto& param_info) { return "case" + std::to_string(param_info.index); });

// The table's entries without a message are well-formed FENs beside the broken ones: they read.
TEST(Fen, TheTablesWellFormedEntriesRead) {
  int good = 0;
  for (const BadFen& b : BAD_FENS)
    if (!*b.message_part) {
      ++good;
      auto pos = chess::Position::from_fen(b.fen);
      EXPECT_TRUE(pos) << b.fen << ": " << (pos ? "" : pos.error());
    }
  EXPECT_EQ(good, 2);
}

}  // namespace
