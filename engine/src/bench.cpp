#include "bench.h"

#include <algorithm>
#include <chrono>
#include <ostream>

#include "core/uci_move.h"

namespace engine {

namespace {

constexpr const char* BENCH_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/3R4 w - - 0 40",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
};

// With king buckets: how many king moves needed a refresh, and the rows the cache added or
// subtracted for them beside the rows of refreshes from scratch.
void print_refreshes(const nnue::RefreshStats& s, std::ostream& out) {
  if (s.king_moves == 0) return;
  const auto percent = [](std::uint64_t part, std::uint64_t whole) { return 100.0 * double(part) / double(std::max<std::uint64_t>(whole, 1)); };
  out << "King moves refreshing: " << s.refreshes << " of " << s.king_moves << " (" << percent(s.refreshes, s.king_moves) << "%)\n"
      << "Refresh rows: " << s.rows << " through the cache, " << s.rows_from_scratch << " from scratch ("
      << percent(s.rows, s.rows_from_scratch) << "%)\n";
}

}  // namespace

void run_bench(EngineState& state, int depth, std::ostream& out) {
  std::uint64_t total = 0;
  state.searcher().reset_refresh_stats();  // the figures are this bench's, not the session's
  auto start = std::chrono::steady_clock::now();
  for (const char* fen : BENCH_FENS) {
    state.new_game();
    state.game() = chess::Game(chess::Position::from_fen(fen).value());
    search::SearchLimits limits;
    limits.depth = depth;
    state.searcher().clear_stop();
    search::SearchResult r = state.searcher().run(state.game().position(), {}, limits, nullptr);
    out << fen << ": " << r.nodes << " nodes, bestmove " << chess::to_uci(r.best) << '\n';
    total += r.nodes;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "\nEvaluation: " << state.evaluation_name() << "\n";
  if (const nnue::RefreshStats* refreshes = state.searcher().refresh_stats()) print_refreshes(*refreshes, out);
  out << "Nodes searched: " << total << "\nNodes/second: " << std::uint64_t(double(total) / std::max(seconds, 1e-9)) << std::endl;
}

}  // namespace engine
