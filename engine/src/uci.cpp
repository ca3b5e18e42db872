#include "uci.h"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/uci_move.h"
#include "perft_command.h"

namespace engine {

namespace {

constexpr const char* ENGINE_NAME = "Workbench";

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> words;
  for (std::string w; is >> w;) words.push_back(w);
  return words;
}

class UciSession {
 public:
  explicit UciSession(std::ostream& out) : out_(out) {}

  // Returns false when the session should end.
  bool handle(const std::string& line) {
    std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    const std::string& cmd = words[0];
    if (cmd == "quit") return false;
    if (cmd == "uci") {
      out_ << "id name " << ENGINE_NAME << "\nid author the workbench developers\nuciok" << std::endl;
    } else if (cmd == "isready") {
      out_ << "readyok" << std::endl;
    } else if (cmd == "ucinewgame") {
      game_ = chess::Game();
    } else if (cmd == "position") {
      position(words);
    } else if (cmd == "go") {
      go(words);
    } else if (cmd == "d") {
      out_ << "Fen: " << game_.position().fen() << "\nKey: " << std::hex << game_.position().key() << std::dec << std::endl;
    } else {
      info("unknown command: " + line);
    }
    return true;
  }

 private:
  void info(const std::string& text) { out_ << "info string " << text << std::endl; }

  void position(const std::vector<std::string>& words) {
    std::size_t i = 1;
    std::string fen;
    if (i < words.size() && words[i] == "startpos") {
      fen = std::string(chess::START_FEN);
      ++i;
    } else if (i < words.size() && words[i] == "fen") {
      for (++i; i < words.size() && words[i] != "moves"; ++i) fen += words[i] + ' ';
    } else {
      info("malformed position command: expected 'startpos' or 'fen'");
      return;
    }
    chess::Result<chess::Position> pos = chess::Position::from_fen(fen);
    if (!pos) {
      info(pos.error());
      return;
    }
    chess::Game game(*pos);
    if (i < words.size() && words[i] == "moves") {
      for (++i; i < words.size(); ++i) {
        if (!game.play_uci(words[i])) {
          info("illegal move " + words[i] + " in position command; position left unchanged");
          return;
        }
      }
    } else if (i < words.size()) {
      info("malformed position command: unexpected '" + words[i] + "'");
      return;
    }
    game_ = game;
  }

  void go(const std::vector<std::string>& words) {
    if (words.size() >= 2 && words[1] == "perft") {
      int depth = words.size() >= 3 ? std::atoi(words[2].c_str()) : 0;
      if (depth < 1 || depth > 20) {
        info("go perft needs a depth from 1 to 20");
        return;
      }
      run_divide(game_.position(), depth, out_);
      return;
    }
    info("search is not available in this build; only 'go perft N' is");
  }

  std::ostream& out_;
  chess::Game game_;
};

}  // namespace

int run_uci(std::istream& in, std::ostream& out) {
  UciSession session(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!session.handle(line)) break;
  }
  return 0;
}

}  // namespace engine
