// Opening books as files: PGN (tags, comments, variations, SAN moves, results) and EPD. Every
// opening read must be playable: a legal start position and legal moves from it.
#include "core/game.h"
#include "fuzz_input.h"
#include "openings/opening_book.h"

namespace {
void check_playable(const harness::OpeningBook& book) {
  for (const harness::Opening& o : book.openings) {
    auto start = chess::Position::from_fen(o.fen);
    FUZZ_CHECK(bool(start));
    chess::Game game(*start);
    for (const std::string& m : o.moves) FUZZ_CHECK(game.play_uci(m));
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string content = fuzz::text(data, size);
  if (auto pgn = harness::read_pgn_book(fuzz::as_file(content, ".pgn"), int(size % 5) * 4)) check_playable(*pgn);
  if (auto epd = harness::read_epd_book(fuzz::as_file(content, ".epd"))) check_playable(*epd);
  return 0;
}
