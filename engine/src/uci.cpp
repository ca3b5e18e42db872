#include "uci.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <sstream>
#include <vector>

#include "core/uci_move.h"
#include "options.h"
#include "output.h"
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

constexpr std::int64_t MAX_GO_VALUE = std::int64_t(1) << 50;

bool parse_int64(const std::string& s, std::int64_t& out) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

std::string score_text(int score) {
  int mate = search::mate_in_moves(score);
  return mate ? "mate " + std::to_string(mate) : "cp " + std::to_string(score);
}

// A setoption command's name (its words joined by one space) and value.
struct SetoptionFields {
  std::string name, value;
};

// The value is everything after the word "value" and the one blank that follows it, verbatim: a
// path may hold runs of spaces, and words would collapse them.
SetoptionFields setoption_fields(const std::string& line) {
  SetoptionFields f;
  bool in_name = false;
  for (std::size_t start = line.find_first_not_of(" \t"); start != std::string::npos;) {
    const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
    const std::string word = line.substr(start, end - start);
    if (in_name && word == "value") {
      f.value = end < line.size() ? line.substr(end + 1) : std::string();
      break;
    }
    if (in_name) f.name += (f.name.empty() ? "" : " ") + word;
    in_name = in_name || word == "name";
    start = line.find_first_not_of(" \t", end);
  }
  return f;
}

// A value without the blanks around it, for options that are not strings ("64 " is a number).
std::string without_blanks(const std::string& value) {
  const std::size_t first = value.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return value.substr(first, value.find_last_not_of(" \t") - first + 1);
}

std::string info_line(const search::SearchInfo& i, chess::Variant variant) {
  std::uint64_t nps = i.time_ms > 0 ? i.nodes * 1000 / std::uint64_t(i.time_ms) : i.nodes * 1000;
  std::ostringstream s;
  s << "info depth " << i.depth << " seldepth " << i.seldepth << " score " << score_text(i.score) << " nodes " << i.nodes
    << " nps " << nps << " time " << i.time_ms << " hashfull " << i.hashfull << " pv";
  for (chess::Move m : i.pv) s << ' ' << chess::to_uci(m, variant);
  return s.str();
}

class UciSession {
 public:
  UciSession(EngineState& state, Output& out) : state_(state), out_(out) {}

  // Returns false when the session should end.
  bool handle(const std::string& line) {
    if (state_.debug_log()) std::cerr << "<< " << line << std::endl;
    std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    const std::string& cmd = words[0];
    if (cmd == "quit") return false;
    if ((cmd == "isready" || cmd == "go") && !state_.weights_error().empty()) return stop_on_bad_weights();
    if (cmd == "uci")
      uci();
    else if (cmd == "isready")
      out_.line("readyok");
    else if (cmd == "ucinewgame")
      state_.new_game();
    else if (cmd == "setoption")
      setoption(line);
    else if (cmd == "position")
      position(words);
    else if (cmd == "go")
      go(words);
    else if (cmd == "stop")
      state_.stop_search();
    else if (cmd == "ponderhit")
      state_.searcher().ponderhit();
    else if (cmd == "d")
      out_.line("Fen: " + state_.game().position().fen());
    else
      info("unknown command: " + line);
    return true;
  }

  int exit_code() const { return exit_code_; }

 private:
  void info(const std::string& text) { out_.line("info string " + text); }

  // An EvalFile that could not be loaded ends the engine at the next isready or go, as
  // Stockfish ends on a network it cannot load: playing on with other weights than the ones it
  // was given would give results that are not of that file.
  bool stop_on_bad_weights() {
    info("ERROR: option EvalFile: " + state_.weights_error() + "; the engine stops rather than play other weights");
    exit_code_ = 1;
    return false;
  }

  void uci() {
    out_.line(std::string("id name ") + ENGINE_NAME + " " + state_.version());
    out_.line("id author the workbench developers");
    for (const UciOption& o : uci_options()) out_.line(describe(o));
    out_.line("uciok");
  }

  void setoption(const std::string& line) {
    const SetoptionFields f = setoption_fields(line);
    if (f.name.empty()) return info("malformed setoption: expected 'setoption name NAME [value VALUE]'");
    const UciOption* o = find_option(f.name);
    if (!o) return info("unknown option '" + f.name + "'");
    state_.stop_search();
    std::string err = o->apply(state_, o->type == "string" ? f.value : without_blanks(f.value));
    if (!err.empty()) info(err);
  }

  void position(const std::vector<std::string>& words) {
    std::size_t i = 1;
    std::string fen;
    if (i < words.size() && words[i] == "startpos") {
      fen = std::string(chess::START_FEN);
      ++i;
    } else if (i < words.size() && words[i] == "fen") {
      for (++i; i < words.size() && words[i] != "moves"; ++i) fen += words[i] + ' ';
    } else {
      return info("malformed position command: expected 'startpos' or 'fen'");
    }
    chess::Result<chess::Position> pos = chess::Position::from_fen(fen);
    if (!pos) return info(pos.error());
    chess::Game game(*pos);
    if (i < words.size() && words[i] == "moves") {
      for (++i; i < words.size(); ++i)
        if (!game.play_uci(words[i], state_.variant()))
          return info("illegal move " + words[i] + " in position command; position left unchanged");
    } else if (i < words.size()) {
      return info("malformed position command: unexpected '" + words[i] + "'");
    }
    state_.stop_search();
    state_.game() = game;
  }

  void go(const std::vector<std::string>& words) {
    if (words.size() >= 2 && words[1] == "perft") {
      std::int64_t depth = 0;
      if (words.size() < 3 || !parse_int64(words[2], depth) || depth < 1 || depth > 20)
        return info("go perft needs a depth from 1 to 20");
      state_.stop_search();
      std::ostringstream text;
      run_divide(state_.game().position(), int(depth), text, state_.variant());
      out_.line(text.str().substr(0, text.str().size() - 1));
      return;
    }
    search::SearchLimits limits;
    for (std::size_t i = 1; i < words.size(); ++i) {
      const std::string& key = words[i];
      if (key == "infinite") {
        limits.infinite = true;
        continue;
      }
      if (key == "ponder") {
        limits.ponder = true;
        continue;
      }
      std::int64_t v = 0;
      const bool clock = key == "wtime" || key == "btime";
      if (i + 1 >= words.size() || !parse_int64(words[i + 1], v) || (v < 0 && !clock))
        return info("malformed go command: '" + key + "' needs a non-negative number");
      ++i;
      // A clock already past zero (GUIs send it negative) counts as empty; values are bounded so
      // that the time manager's sums cannot overflow.
      v = std::clamp<std::int64_t>(v, 0, MAX_GO_VALUE);
      if (key == "wtime")
        limits.time_ms[chess::WHITE] = v;
      else if (key == "btime")
        limits.time_ms[chess::BLACK] = v;
      else if (key == "winc")
        limits.increment_ms[chess::WHITE] = v;
      else if (key == "binc")
        limits.increment_ms[chess::BLACK] = v;
      else if (key == "movestogo")
        limits.moves_to_go = int(std::min<std::int64_t>(v, 10000));
      else if (key == "movetime")
        limits.move_time_ms = v;
      else if (key == "depth")
        limits.depth = int(std::min<std::int64_t>(v, 127));
      else if (key == "nodes")
        limits.nodes = std::uint64_t(v);
      else if (key == "mate")
        limits.depth = int(std::min<std::int64_t>(2 * v, 127));
      else
        return info("malformed go command: unknown parameter '" + key + "'");
    }
    Output& out = out_;
    const chess::Variant variant = state_.variant();
    state_.start_search(
        limits, [&out, variant](const search::SearchInfo& i) { out.line(info_line(i, variant)); },
        [&out, variant](const search::SearchResult& r) {
          std::string line = "bestmove " + (r.best.is_none() ? std::string("0000") : chess::to_uci(r.best, variant));
          if (!r.ponder.is_none()) line += " ponder " + chess::to_uci(r.ponder, variant);
          out.line(line);
        });
  }

  EngineState& state_;
  Output& out_;
  int exit_code_ = 0;
};

}  // namespace

int run_uci(EngineState& state, std::istream& in, std::ostream& out, const std::string& first_line) {
  Output output(out);
  UciSession session(state, output);
  bool running = first_line.empty() || session.handle(first_line);
  for (std::string line; running && std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    running = session.handle(line);
  }
  // End of input or quit: a search still running may finish its bestmove, then we exit.
  state.stop_search();
  return session.exit_code();
}

}  // namespace engine
