// Prints a tactical EPD suite from games stored by the harness: positions where a deep search
// of this project's engine (dev, depth 8) finds a winning move (+150 cp or more) that a
// shallow search (depth 2) does not play, and after the shallow move a depth-7 search sees at
// most +50 cp; each kept only when Debian's Stockfish (depth 16) plays the same move.
// usage: make_tactical DB RUN [COUNT] [STOCKFISH]
#include <cstdlib>
#include <iostream>
#include <set>

#include "core/game.h"
#include "core/san.h"
#include "core/uci_move.h"
#include "process/child_process.h"
#include "search/search.h"
#include "storage/database.h"

using namespace chess;

namespace {

search::SearchResult search_to(search::Searcher& s, const Position& pos, int depth) {
  search::SearchLimits limits;
  limits.depth = depth;
  s.new_game();
  s.clear_stop();
  return s.run(pos, {}, limits, nullptr);
}

std::string stockfish_move(harness::ChildProcess& sf, const std::string& fen) {
  sf.write_line("ucinewgame");
  sf.write_line("position fen " + fen);
  sf.write_line("go depth 16");
  std::string line;
  while (sf.read_line(line, std::chrono::seconds(60)) == harness::ReadStatus::LINE)
    if (line.rfind("bestmove ", 0) == 0) return line.substr(9, line.find(' ', 9) - 9);
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: make_tactical DB RUN [COUNT] [STOCKFISH]\n";
    return 2;
  }
  auto db = harness::Database::open(argv[1]);
  if (!db) {
    std::cerr << db.error() << "\n";
    return 2;
  }
  int wanted = 40;
  if (argc > 3 && (std::sscanf(argv[3], "%d", &wanted) != 1 || wanted < 1)) {
    std::cerr << "make_tactical: COUNT must be a positive number, got '" << argv[3] << "'\n";
    return 2;
  }
  auto sf = harness::ChildProcess::start({argc > 4 ? argv[4] : "/usr/games/stockfish", {}, "", ""});
  if (!sf) {
    std::cerr << sf.error() << "\n";
    return 2;
  }
  (*sf)->write_line("uci");
  (*sf)->write_line("setoption name Threads value 1");
  search::Searcher searcher;
  std::set<std::string> seen;
  int made = 0;
  // No header line: EPD readers of the field take none (suites/README.md says what the suite is).
  for (const harness::StoredGame& g : (*db)->games(std::atoll(argv[2])).value()) {
    Game game(Position::from_fen(g.opening_fen).value());
    bool readable = true;
    for (const std::string& m : g.opening_moves) readable = readable && bool(game.play_uci(m));
    if (!readable) continue;  // a stored game the rules cannot replay has no positions to offer
    std::vector<std::string> moves = (*db)->game_moves(g.id).value();
    for (std::size_t i = 0; i < moves.size() && made < wanted; ++i) {
      const Position pos = game.position();
      if (!game.play_uci(moves[i])) break;
      if (i < 6 || i % 2 || legal_moves(pos).size() < 2) continue;
      std::string fen = pos.fen();
      std::string epd = fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
      if (!seen.insert(epd).second) continue;
      search::SearchResult deep = search_to(searcher, pos, 8);
      if (deep.score < 150 || deep.score > search::MATE_BOUND) continue;
      search::SearchResult shallow = search_to(searcher, pos, 2);
      if (shallow.best == deep.best) continue;
      Position after = pos;
      Undo undo;
      after.do_move(shallow.best, undo);
      if (-search_to(searcher, after, 7).score > 50) continue;
      if (stockfish_move(**sf, fen) != to_uci(deep.best)) continue;
      ++made;
      std::cout << epd << " bm " << to_san(pos, deep.best) << "; id \"tactic." << made << "\"; c0 \"dev depth 8: " << deep.score
                << " cp, depth 2 plays " << to_san(pos, shallow.best) << "\";\n"
                << std::flush;
    }
    if (made >= wanted) break;
  }
  (*sf)->write_line("quit");
  return made > 0 ? 0 : 1;
}
