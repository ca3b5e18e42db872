#include "perft_command.h"

#include <chrono>
#include <ostream>
#include <sstream>

#include "core/perft.h"
#include "core/uci_move.h"

namespace engine {

PerftReport run_divide(chess::Position pos, int depth, std::ostream& out, chess::Variant variant) {
  auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  std::ostringstream lines;
  for (const chess::DivideEntry& e : chess::divide(pos, depth)) {
    lines << chess::to_uci(e.move, variant) << ": " << e.nodes << '\n';
    total += e.nodes;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << lines.str() << "\nNodes searched: " << total << "\n" << std::flush;
  return {total, seconds};
}

}  // namespace engine
