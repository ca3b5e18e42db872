// Prints balanced opening positions for suites/openings.epd: each is 8 plies from the start
// position, every ply chosen at random among the moves a depth-3 search of this project's
// engine (dev) scores within 30 cp of the best, kept only if a depth-9 search scores it
// within 60 cp of equality. Seeded, so the file can be made again.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>

#include "core/movegen.h"
#include "core/uci_move.h"
#include "search/search.h"

using namespace chess;

namespace {

int score_after(search::Searcher& s, const Position& pos, Move m, int depth) {
  Position child = pos;
  Undo undo;
  child.do_move(m, undo);
  if (legal_moves(child).empty()) return child.in_check() ? search::MATE : 0;
  search::SearchLimits limits;
  limits.depth = depth;
  s.clear_stop();
  return -s.run(child, {}, limits, nullptr).score;
}

}  // namespace

int main(int argc, char** argv) {
  int wanted = 250;
  std::uint64_t seed = 20261122;
  CLI::App app{"make_openings: prints balanced opening positions (EPD) on standard output"};
  app.add_option("COUNT", wanted, "How many positions")->capture_default_str()->check(CLI::Range(1, 1000000));
  app.add_option("SEED", seed, "Random seed")->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code() == 0 ? app.exit(e) : (app.exit(e), 2);
  }
  std::mt19937_64 rng(seed);
  search::Searcher searcher;
  std::set<std::string> seen;
  // No header line: fastchess and cutechess-cli read the book as it is (suites/README.md says what it is).
  int made = 0;
  while (made < wanted) {
    Position pos = Position::startpos();
    std::string line;
    bool ok = true;
    for (int ply = 0; ply < 8 && ok; ++ply) {
      MoveList moves = legal_moves(pos);
      std::vector<std::pair<int, Move>> scored;
      int best = -search::INF;
      for (Move m : moves) {
        int s = score_after(searcher, pos, m, 3);
        scored.emplace_back(s, m);
        best = std::max(best, s);
      }
      std::vector<Move> good;
      for (auto [s, m] : scored)
        if (s >= best - 30) good.push_back(m);
      Move pick = good[rng() % good.size()];
      line += (line.empty() ? "" : " ") + to_uci(pick);
      Undo undo;
      pos.do_move(pick, undo);
      ok = !legal_moves(pos).empty();
    }
    if (!ok) continue;
    search::SearchLimits limits;
    limits.depth = 9;
    searcher.clear_stop();
    int eval = searcher.run(pos, {}, limits, nullptr).score;
    std::string fen = pos.fen();
    std::string epd = fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
    if (std::abs(eval) > 60 || !seen.insert(epd).second) continue;
    ++made;
    std::cout << epd << " id \"opening " << made << "\"; c0 \"" << line << "\";\n";
  }
  return 0;
}
