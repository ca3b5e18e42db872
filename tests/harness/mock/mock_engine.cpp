// A UCI (or xboard) engine for tests that misbehaves on purpose. Its first argument picks the
// behaviour: random (legal random moves), crash-on-go, stall-after-go, illegal, garbage,
// slow=MS (answers after MS milliseconds), no-uciok (never finishes the handshake),
// xboard (random legal moves over xboard), xboard-nosetboard (the same without setboard), xboard-san
// (the same, answering in SAN without declaring san=1, as Phalanx does), xboard-late=MS (its features
// only MS milliseconds after "protover 2"), xboard-done0=MS ("feature done=0" at once, the rest MS
// milliseconds later), xboard-deaf (ignores the first "protover 2" it reads, as GNU Chess 6
// sometimes does while it starts, and answers pings), first (always the alphabetically first
// legal move), perft-no-ep (answers "go perft" but never generates en-passant captures: a broken move generator for the bug
// locator), endless-line (answers go with a line that never ends), info-flood (a hundred thousand info lines
// before each move), ignore-quit (ignores quit, end of input and SIGTERM; prints its pid on standard error),
// stderr-flood (writes to standard error without pause, 64 MiB in all), bad-pv (a random move after an info line whose PV is
// illegal: e2e5), option-moves (declares a spin option "Move Index", a name with a space, default 0, and plays the legal move of
// that index in alphabetical order, so a test sees which value it holds), sticky-moves (the same, except that once given another
// value it ignores "Move Index" set back to its default, 0: an engine whose default is not where it started). Two load mocks,
// for many games at once on few cores:
// instant (answers go at once with an info line and a random legal move), and sleeper=PCT (sleeps PCT % of remaining/25 + 0.8 x
// increment of its clock, or of movetime, before a random legal move: wall time without CPU, as an engine using its clock).
// slow-start=MS answers "uci" after MS milliseconds. pgncomment (random moves, each after two lines
// "info string pgncomment ply N, of K" as OpenBench's engines write them; the last is the one kept). ponder-slow-stop=MS declares
// Ponder and ends a ponder search MS milliseconds after "stop". nul-bestmove (an info string of a
// control byte and bytes that are not UTF-8, then a random legal move, followed on its line from
// the game's fifth ply on by a NUL byte, "junk" and a byte that is not UTF-8). button (declares a button "Clear Hash" and a spin "Hash", and writes every
// setoption line it reads to standard error). chaos (random moves, except that at each "go" it may, by chance, crash (0.6 %),
// answer an illegal move (0.6 %), a move that is not UCI text (0.4 %), no move before its clock runs out (0.6 %) or an illegal
// PV (3 %): every fault a run's events and lines report, in one match; its randomness is seeded by its pid too, so that a process
// started again after a crash does not repeat it). A second argument "seed=N" fixes the randomness.
// An argument "log-stdin=PATH" after the first, in any mode, appends every line the engine reads to PATH
// (so a test sees exactly what the harness sent).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "core/game.h"
#include "core/movegen.h"
#include "core/san.h"
#include "core/uci_move.h"

namespace {

std::mt19937 rng(1);

std::ofstream stdin_log;  // log-stdin=PATH

// One line of standard input, appended to the log of log-stdin=PATH when there is one.
bool next_line(std::string& line) {
  if (!std::getline(std::cin, line)) return false;
  if (stdin_log.is_open()) stdin_log << line << std::endl;
  return true;
}

chess::Move random_move(const chess::Game& game) {
  chess::MoveList moves = chess::legal_moves(game.position());
  return moves.empty() ? chess::Move::none() : moves[int(rng() % unsigned(moves.size()))];
}

// Leaf count without en-passant captures: the deliberate bug of "perft-no-ep".
std::uint64_t perft_without_ep(chess::Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  chess::Undo undo;
  for (chess::Move m : chess::legal_moves(pos)) {
    if (m.kind() == chess::MoveKind::EN_PASSANT) continue;
    pos.do_move(m, undo);
    n += perft_without_ep(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return n;
}

void divide_without_ep(chess::Position pos, int depth) {
  std::uint64_t total = 0;
  chess::Undo undo;
  for (chess::Move m : chess::legal_moves(pos)) {
    if (m.kind() == chess::MoveKind::EN_PASSANT) continue;
    pos.do_move(m, undo);
    std::uint64_t n = perft_without_ep(pos, depth - 1);
    pos.undo_move(m, undo);
    std::cout << chess::to_uci(m) << ": " << n << "\n";
    total += n;
  }
  std::cout << "\nNodes searched: " << total << std::endl;
}

chess::Move first_move(const chess::Game& game) {
  chess::Move best = chess::Move::none();
  for (chess::Move m : chess::legal_moves(game.position()))
    if (best.is_none() || chess::to_uci(m) < chess::to_uci(best)) best = m;
  return best;
}

// The legal move of index `index` (modulo their number) in alphabetical order of UCI text.
chess::Move indexed_move(const chess::Game& game, int index) {
  std::vector<std::string> moves;
  for (chess::Move m : chess::legal_moves(game.position())) moves.push_back(chess::to_uci(m));
  if (moves.empty()) return chess::Move::none();
  std::sort(moves.begin(), moves.end());
  return chess::parse_uci(game.position(), moves[std::size_t(index) % moves.size()]);
}

// How long "sleeper=PCT" thinks about a "go" line: PCT % of what a simple engine would use.
std::chrono::milliseconds sleeper_time(const std::string& go, chess::Color us, int percent) {
  std::istringstream is(go);
  std::string word;
  long long time[2] = {0, 0}, inc[2] = {0, 0}, movetime = -1;
  while (is >> word) {
    if (word == "wtime") is >> time[0];
    if (word == "btime") is >> time[1];
    if (word == "winc") is >> inc[0];
    if (word == "binc") is >> inc[1];
    if (word == "movetime") is >> movetime;
  }
  const int side = us == chess::WHITE ? 0 : 1;
  const double budget = movetime >= 0 ? double(movetime) : double(time[side]) / 25 + 0.8 * double(inc[side]);
  return std::chrono::milliseconds(static_cast<long long>(budget * percent / 100));
}

// chaos: one "go" answered with a fault by chance, or a random legal move.
void chaos_go(const std::string& go, const chess::Game& game) {
  const unsigned roll = unsigned(rng() % 1000);
  if (roll < 6) std::abort();
  if (roll < 12) {
    std::cout << "info depth 1 score cp 0\nbestmove e1e8" << std::endl;
    return;
  }
  if (roll < 16) {
    std::cout << "info depth 1 score cp 0\nbestmove E2E4" << std::endl;
    return;
  }
  if (roll < 22) std::this_thread::sleep_for(sleeper_time(go, game.position().side_to_move(), 2500) + std::chrono::milliseconds(300));
  const std::string m = chess::to_uci(random_move(game));
  std::cout << "info depth 1 score cp " << int(rng() % 41) - 20 << " pv " << (roll < 50 ? std::string("e2e5") : m) << "\nbestmove "
            << m << std::endl;
}

chess::Game parse_position(const std::string& line) {
  std::istringstream is(line);
  std::string word, fen;
  is >> word >> word;
  if (word == "fen") {
    for (int i = 0; i < 6 && is >> word; ++i) fen += word + " ";
  }
  auto parsed = chess::Position::from_fen(fen);  // a malformed FEN is ignored, as a robust engine does
  chess::Game game(fen.empty() || !parsed ? chess::Position::startpos() : *parsed);
  while (is >> word)
    if (word != "moves") (void)game.play_uci(word);
  return game;
}

// ponder-slow-stop=MS: "go" answers at once with a move and the reply it expects; "go ponder"
// searches until "ponderhit" (a move at once) or "stop" (a move MS milliseconds later). True if
// the line was one of those.
bool ponder_line(const std::string& line, const chess::Game& game, bool& pondering, int stop_ms) {
  if (line.rfind("go", 0) == 0) {
    pondering = line.find(" ponder") != std::string::npos;
    if (pondering) return true;
    chess::Game after = game;
    const chess::Move m = random_move(after);
    after.play(m);
    const chess::Move reply = random_move(after);
    std::cout << "bestmove " << chess::to_uci(m) << (reply.is_none() ? "" : " ponder " + chess::to_uci(reply)) << std::endl;
    return true;
  }
  if ((line == "ponderhit" || line == "stop") && pondering) {
    if (line == "stop") std::this_thread::sleep_for(std::chrono::milliseconds(stop_ms));
    pondering = false;
    std::cout << "bestmove " << chess::to_uci(random_move(game)) << std::endl;
    return true;
  }
  return false;
}

int run_uci(const std::string& mode) {
  chess::Game game;
  int move_index = 0;
  bool pondering = false;
  for (std::string line; next_line(line);) {
    if (line == "uci") {
      if (mode.rfind("slow-start=", 0) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(mode.c_str() + 11)));
      std::cout << "id name mock-" << mode << "\n";
      // Every mode declares Threads, as the frameworks always set it (fishtest stops on its absence).
      std::cout << "option name Threads type spin default 1 min 1 max 1\n";
      if (mode == "option-moves" || mode == "sticky-moves")
        std::cout << "option name Move Index type spin default 0 min 0 max 100\n";
      if (mode == "button") std::cout << "option name Clear Hash type button\noption name Hash type spin default 1 min 1 max 64\n";
      if (mode.rfind("ponder-slow-stop=", 0) == 0) std::cout << "option name Ponder type check default false\n";
      if (mode != "no-uciok") std::cout << "uciok" << std::endl;
    } else if (line == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (line.rfind("setoption", 0) == 0 && mode == "button") {
      std::cerr << line << std::endl;
    } else if (line.rfind("setoption name Move Index value ", 0) == 0) {
      if (const int value = std::atoi(line.c_str() + 32); value != 0 || mode != "sticky-moves") move_index = value;
    } else if (line.rfind("position", 0) == 0) {
      game = parse_position(line);
    } else if (mode.rfind("ponder-slow-stop=", 0) == 0 && ponder_line(line, game, pondering, std::atoi(mode.c_str() + 17))) {
      continue;
    } else if (line.rfind("go perft ", 0) == 0 && mode == "perft-no-ep") {
      divide_without_ep(game.position(), std::atoi(line.c_str() + 9));
    } else if (line.rfind("go", 0) == 0) {
      if (mode == "crash-on-go") std::abort();
      if (mode == "chaos") {
        chaos_go(line, game);
        continue;
      }
      if (mode == "first" || mode == "option-moves" || mode == "sticky-moves") {
        std::string m = chess::to_uci(mode == "first" ? first_move(game) : indexed_move(game, move_index));
        std::cout << "info depth 1 score cp 0 pv " << m << "\nbestmove " << m << std::endl;
        continue;
      }
      if (mode == "stall-after-go") continue;
      if (mode == "instant" || mode.rfind("sleeper=", 0) == 0) {
        if (mode != "instant")
          std::this_thread::sleep_for(sleeper_time(line, game.position().side_to_move(), std::atoi(mode.c_str() + 8)));
        const std::string m = chess::to_uci(random_move(game));
        std::cout << "info depth 1 seldepth 1 score cp " << int(rng() % 41) - 20 << " nodes 1 nps 1000 time 1 pv " << m
                  << "\nbestmove " << m << std::endl;
        continue;
      }
      if (mode == "endless-line") {
        std::cout << "info string ";
        const std::string chunk(65536, 'x');
        while (std::cout.write(chunk.data(), std::streamsize(chunk.size()))) {
        }
        return 1;  // the harness closed the pipe
      }
      if (mode == "info-flood") {
        for (int i = 0; i < 100000; ++i)
          std::cout << "info depth " << 1 + i % 30 << " seldepth 40 score cp " << i % 50 << " nodes " << i * 1000
                    << " nps 1000000 pv e2e4 e7e5 g1f3\n";
      }
      if (mode.rfind("slow=", 0) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(mode.c_str() + 5)));
      if (mode == "garbage") {
        std::cout << "info depth banana score cp\n\x01\x02 nonsense\nbestmove zz99" << std::endl;
        continue;
      }
      if (mode == "illegal") {
        std::cout << "info depth 1 score cp 0\nbestmove e1e8" << std::endl;
        continue;
      }
      if (mode == "bad-pv") std::cout << "info depth 1 score cp 0 pv e2e5\n";  // a pawn never moves three squares
      if (mode == "nul-bestmove") {
        std::cout << "info string a\x01" "b\xff\xfe\nbestmove " << chess::to_uci(random_move(game));
        if (game.moves().size() >= 4) std::cout << '\0' << "junk\xff";
        std::cout << std::endl;
        continue;
      }
      if (mode == "pgncomment")
        std::cout << "info string pgncomment early\ninfo string pgncomment ply " << game.moves().size() << ", of "
                  << game.position().fullmove_number() << "\n";
      std::cout << "info depth 1 score cp " << int(rng() % 41) - 20 << " nodes 1\nbestmove " << chess::to_uci(random_move(game))
                << std::endl;
    } else if (line == "quit" && mode != "ignore-quit") {
      return 0;
    }
  }
  if (mode == "ignore-quit")
    while (true) std::this_thread::sleep_for(std::chrono::seconds(1));
  return 0;
}

void flood_stderr() {
  const std::string line(1023, 'e');
  for (int i = 0; i < 64 * 1024; ++i) std::fprintf(stderr, "%s\n", line.c_str());
}

// How the xboard mock declares its features after "protover 2": at once, after a delay, or
// with "feature done=0" at once and the rest after the delay.
struct XboardFeatures {
  bool setboard = true;
  int delay_ms = 0;
  bool done0_first = false;
  bool ignores_first_protover = false;
};

int run_xboard(const XboardFeatures& features, bool answer_san) {
  chess::Game game;
  bool force = false;
  bool deaf = features.ignores_first_protover;
  for (std::string line; next_line(line);) {
    std::istringstream is(line);
    std::string cmd;
    is >> cmd;
    if (cmd == "protover" && deaf) {
      deaf = false;
    } else if (cmd == "protover") {
      if (features.done0_first) std::cout << "feature done=0" << std::endl;
      std::this_thread::sleep_for(std::chrono::milliseconds(features.delay_ms));
      std::cout << "feature usermove=1 setboard=" << (features.setboard ? 1 : 0) << " ping=1 sigint=0 sigterm=0 done=1"
                << std::endl;
    } else if (cmd == "ping") {
      std::string n;
      is >> n;
      std::cout << "pong " << n << std::endl;
    } else if (cmd == "new") {
      game = chess::Game();
      force = false;
    } else if (cmd == "force")
      force = true;
    else if (cmd == "setboard") {
      std::string fen = line.substr(9);
      game = chess::Game(chess::Position::from_fen(fen).value());
    } else if (cmd == "usermove") {
      std::string m;
      is >> m;
      if (!game.play_uci(m)) std::cout << "Illegal move: " << m << std::endl;
    } else if (cmd == "go") {
      force = false;
      chess::Move m = random_move(game);
      const std::string text = answer_san ? chess::to_san(game.position(), m) : chess::to_uci(m);
      game.play(m);
      std::cout << "1 5 0 1 " << text << "\nmove " << text << std::endl;
    } else if (cmd == "quit") {
      return 0;
    }
    (void)force;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "random";
  if (argc > 2 && std::string(argv[2]).rfind("seed=", 0) == 0) rng.seed(unsigned(std::atoi(argv[2] + 5)));
  if (mode == "chaos") rng.seed(unsigned(rng() ^ unsigned(::getpid())));
  for (int i = 2; i < argc; ++i)
    if (std::string(argv[i]).rfind("log-stdin=", 0) == 0) stdin_log.open(argv[i] + 10, std::ios::app);
  if (mode == "ignore-quit") {
    ::signal(SIGTERM, SIG_IGN);
    std::fprintf(stderr, "pid %d\n", int(::getpid()));
    std::fflush(stderr);
  }
  if (mode == "stderr-flood") std::thread(flood_stderr).detach();
  if (mode.rfind("xboard", 0) == 0) {
    XboardFeatures features;
    features.setboard = mode != "xboard-nosetboard";
    features.done0_first = mode.rfind("xboard-done0=", 0) == 0;
    features.ignores_first_protover = mode == "xboard-deaf";
    if (features.done0_first || mode.rfind("xboard-late=", 0) == 0)
      features.delay_ms = std::atoi(mode.c_str() + mode.find('=') + 1);
    return run_xboard(features, mode == "xboard-san");
  }
  return run_uci(mode);
}
