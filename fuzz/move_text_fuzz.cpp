// SAN and UCI move text: the first line picks one of a few positions, the rest is a move as
// an engine or a PGN file might write it. Whatever is read must be a legal move that writes
// back to text that reads as the same move.
#include <array>

#include "core/movegen.h"
#include "core/position.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "fuzz_input.h"

namespace {
const std::array<const char*, 4> FENS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
};
// The move list itself, not chess::is_legal: the oracle stays the generator.
bool in_move_list(const chess::Position& pos, chess::Move m) { return chess::legal_moves(pos).contains(m); }
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const chess::Position pos = chess::Position::from_fen(FENS[data[0] % FENS.size()]).value();
  const std::string move = fuzz::text(data + 1, size - 1);
  if (auto san = chess::parse_san(pos, move)) {
    FUZZ_CHECK(in_move_list(pos, *san));
    FUZZ_CHECK(chess::parse_san(pos, chess::to_san(pos, *san)).value() == *san);
  }
  chess::Move uci = chess::parse_uci(pos, move);
  if (!uci.is_none()) {
    FUZZ_CHECK(in_move_list(pos, uci));
    FUZZ_CHECK(chess::parse_uci(pos, chess::to_uci(uci)) == uci);
  }
  return 0;
}
