// FEN: any text is read or refused without a crash; a position read is written back to the
// same FEN, its legal moves are generated, and each move makes, unmakes, gets its SAN and
// coordinate text, and both are read back to the same move.
#include "core/movegen.h"
#include "core/position.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto pos = chess::Position::from_fen(fuzz::text(data, size));
  if (!pos) return 0;
  const std::string fen = pos->fen();
  auto again = chess::Position::from_fen(fen);
  FUZZ_CHECK(again && again->fen() == fen);
  chess::Position p = *pos;
  chess::Undo undo;
  for (chess::Move m : chess::legal_moves(p)) {
    const std::string san = chess::to_san(p, m);
    auto back = chess::parse_san(p, san);
    FUZZ_CHECK(back && *back == m);
    // Castling's two-square form is ambiguous in some Chess960 positions (king f1, rook h1:
    // f1g1), so a position with Chess960 castling is written king-takes-rook, as UCI_Chess960 does.
    const chess::Variant natural = p.is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD;
    FUZZ_CHECK(chess::parse_uci(p, chess::to_uci(m, natural), natural) == m);
    FUZZ_CHECK(chess::parse_uci(p, chess::to_uci(m, chess::Variant::FISCHERANDOM), chess::Variant::FISCHERANDOM) == m);
    const chess::Key key = p.key();
    p.do_move(m, undo);
    chess::legal_moves(p);
    p.undo_move(m, undo);
    FUZZ_CHECK(p.key() == key && p.fen() == fen);
  }
  return 0;
}
