// What engines write: UCI info lines and xboard thinking and move lines. Any line is read
// without undefined behaviour, and the numbers kept stay within what a game can mean.
#include "fuzz_input.h"
#include "players/uci_player.h"
#include "players/xboard_player.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string line = fuzz::text(data, size);
  harness::SearchReport uci;
  harness::parse_uci_info(line, uci);
  if (uci.has_score) FUZZ_CHECK(uci.score_cp >= -32000 && uci.score_cp <= 32000);
  harness::SearchReport xboard;
  harness::parse_xboard_thinking(line, xboard);
  std::string move;
  if (harness::move_in_line(line, move)) FUZZ_CHECK(move.find(' ') == std::string::npos);
  return 0;
}
