#include "xboard.h"

#include <charconv>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

#include "core/san.h"
#include "core/uci_move.h"
#include "output.h"

namespace engine {

namespace {

bool parse_int(const std::string& s, std::int64_t& out) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// A number read from the GUI within [0, max], so that scaling it to milliseconds cannot overflow.
bool parse_bounded(const std::string& s, std::int64_t max, std::int64_t& out) {
  return parse_int(s, out) && out >= 0 && out <= max;
}

constexpr std::int64_t MAX_SECONDS = 1000000000;  // 31 years: larger values are refused, not wrapped

// "5" (minutes) or "0:30" (minutes:seconds) to milliseconds; -1 if malformed or out of range.
std::int64_t parse_base_time(const std::string& s) {
  std::size_t colon = s.find(':');
  std::int64_t minutes = 0, seconds = 0;
  if (!parse_bounded(s.substr(0, colon), MAX_SECONDS / 60, minutes)) return -1;
  if (colon != std::string::npos && !parse_bounded(s.substr(colon + 1), MAX_SECONDS, seconds)) return -1;
  return (minutes * 60 + seconds) * 1000;
}

class XboardSession {
 public:
  XboardSession(EngineState& state, Output& out) : state_(state), out_(out) {}

  bool handle(const std::string& line) {
    if (state_.debug_log()) std::cerr << "<< " << line << std::endl;
    std::istringstream is(line);
    std::vector<std::string> w;
    for (std::string t; is >> t;) w.push_back(t);
    if (w.empty()) return true;
    const std::string& cmd = w[0];
    if (cmd == "quit") return false;
    if (cmd == "?") {
      state_.searcher().request_stop();
      return true;
    }
    if (cmd == "ping") return out_.line("pong " + (w.size() > 1 ? w[1] : std::string())), true;
    if (cmd == "time" || cmd == "otim") return clock(w), true;
    if (cmd == "post" || cmd == "nopost") return post_ = cmd == "post", true;
    if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected" || cmd == "hard" || cmd == "easy" || cmd == "random" ||
        cmd == "computer" || cmd == "name" || cmd == "rating" || cmd == "ics" || cmd == "bk" || cmd == "hint" || cmd == ".")
      return true;
    if (cmd == "protover") return features(), true;

    state_.stop_search();  // everything below changes the game or the mode
    if (cmd == "new") {
      state_.new_game();
      state_.set_variant(chess::Variant::STANDARD);  // a variant command follows new when wanted
      force_ = false;
      engine_color_ = chess::BLACK;
      depth_limit_ = 0;
      move_time_ms_ = -1;
    } else if (cmd == "force")
      force_ = true;
    else if (cmd == "go") {
      force_ = false;
      engine_color_ = state_.game().position().side_to_move();
      think();
    } else if (cmd == "playother") {
      force_ = false;
      engine_color_ = ~state_.game().position().side_to_move();
    } else if (cmd == "usermove")
      usermove(w.size() > 1 ? w[1] : "");
    else if (cmd == "variant")
      variant(w.size() > 1 ? w[1] : "");
    else if (cmd == "setboard")
      setboard(line.substr(line.find("setboard") + 8));
    else if (cmd == "level")
      level(w);
    else if (cmd == "st")
      fixed_limit(w, move_time_ms_, 1000);
    else if (cmd == "sd")
      fixed_limit(w, depth_limit_, 1);
    else if (cmd == "result")
      force_ = true;
    else if (cmd == "undo")
      state_.game().undo();
    else if (cmd == "remove") {
      state_.game().undo();
      state_.game().undo();
    } else if (chess::parse_uci(state_.game().position(), cmd, state_.variant()).raw() != 0)
      usermove(cmd);  // usermove=1 was rejected
    else
      out_.line("Error (unknown command): " + cmd);
    return true;
  }

 private:
  void features() {
    out_.line("feature myname=\"Workbench " + state_.version() +
              "\" variants=\"normal,fischerandom\" setboard=1 usermove=1 ping=1 playother=1 time=1 colors=0 sigint=0 sigterm=0 "
              "analyze=0 reuse=1 san=0 done=1");
  }

  void clock(const std::vector<std::string>& w) {
    std::int64_t cs = 0;
    if (w.size() < 2 || !parse_int(w[1], cs) || cs < -MAX_SECONDS * 100 || cs > MAX_SECONDS * 100)
      return out_.line("Error (needs centiseconds): " + w[0]);
    (w[0] == "time" ? own_time_ms_ : opponent_time_ms_) = cs * 10;
  }

  template <class T>
  void fixed_limit(const std::vector<std::string>& w, T& target, int scale) {
    std::int64_t v = 0;
    if (w.size() < 2 || !parse_bounded(w[1], std::min<std::int64_t>(MAX_SECONDS, std::numeric_limits<T>::max() / scale), v))
      return out_.line("Error (needs a number from 0 to " + std::to_string(MAX_SECONDS) + "): " + w[0]);
    target = T(v * scale);
  }

  void level(const std::vector<std::string>& w) {
    std::int64_t mps = 0;
    std::int64_t base = w.size() > 2 ? parse_base_time(w[2]) : -1;
    double inc = 0;
    std::istringstream inc_text(w.size() > 3 ? w[3] : "x");
    if (w.size() != 4 || !parse_bounded(w[1], 100000, mps) || base < 0 || !(inc_text >> inc) || !(inc >= 0) ||
        inc > double(MAX_SECONDS))
      return out_.line("Error (expected 'level MPS BASE INC'): " + (w.size() > 1 ? w[1] : std::string()));
    moves_per_session_ = int(mps);
    increment_ms_ = std::int64_t(inc * 1000);
    own_time_ms_ = opponent_time_ms_ = base;
    move_time_ms_ = -1;
  }

  // fischerandom: the GUI sends the start position with setboard; castling is O-O / O-O-O.
  void variant(const std::string& name) {
    std::optional<chess::Variant> v = chess::parse_variant(name);
    if (!v || name == "chess960" || name == "960") return out_.line("Error (unsupported variant): " + name);
    state_.set_variant(*v);
  }

  void setboard(const std::string& fen) {
    chess::Result<chess::Position> pos = chess::Position::from_fen(fen);
    if (!pos) return out_.line("Error (" + pos.error() + "): setboard" + fen);
    state_.game() = chess::Game(*pos);
  }

  void usermove(const std::string& text) {
    chess::Game& game = state_.game();
    chess::Move m = chess::parse_uci(game.position(), text, state_.variant());
    if (m.is_none()) {
      chess::Result<chess::Move> san = chess::parse_san(game.position(), text);
      if (!san) return out_.line("Illegal move: " + text);
      m = *san;
    }
    game.play(m);
    if (!force_ && game.position().side_to_move() == engine_color_) think();
  }

  void think() {
    chess::Game& game = state_.game();
    if (game.outcome().termination != chess::Termination::NONE) return;
    search::SearchLimits limits;
    chess::Color us = game.position().side_to_move();
    if (move_time_ms_ >= 0) {
      limits.move_time_ms = move_time_ms_;
    } else {
      limits.time_ms[us] = own_time_ms_;
      limits.time_ms[~us] = opponent_time_ms_;
      limits.increment_ms[us] = limits.increment_ms[~us] = increment_ms_;
      if (moves_per_session_ > 0) {
        int played = int(game.moves().size() + (us == chess::WHITE ? 0 : 1)) / 2;
        limits.moves_to_go = moves_per_session_ - played % moves_per_session_;
      }
    }
    limits.depth = depth_limit_;
    Output& out = out_;
    bool post = post_;
    const chess::Variant variant = state_.variant();
    EngineState& state = state_;
    state_.start_search(
        limits,
        [&out, post, variant](const search::SearchInfo& i) {
          if (!post) return;
          std::ostringstream line;
          line << i.depth << ' ' << i.score << ' ' << i.time_ms / 10 << ' ' << i.nodes;
          for (chess::Move m : i.pv) line << ' ' << chess::to_xboard(m, variant);
          out.line(line.str());
        },
        [&out, &state, variant](const search::SearchResult& r) {
          if (r.best.is_none()) return;
          state.game().play(r.best);
          out.line("move " + chess::to_xboard(r.best, variant));
        });
  }

  EngineState& state_;
  Output& out_;
  bool force_ = false;
  bool post_ = false;
  chess::Color engine_color_ = chess::BLACK;
  int moves_per_session_ = 0;
  std::int64_t increment_ms_ = 0;
  std::int64_t own_time_ms_ = 60000;
  std::int64_t opponent_time_ms_ = 60000;
  std::int64_t move_time_ms_ = -1;
  int depth_limit_ = 0;
};

}  // namespace

int run_xboard(EngineState& state, std::istream& in, std::ostream& out) {
  Output output(out);
  XboardSession session(state, output);
  bool running = true;
  for (std::string line; running && std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    running = session.handle(line);
  }
  // On quit the current search is abandoned; on end of input too.
  state.searcher().request_stop();
  state.wait_search();
  return 0;
}

}  // namespace engine
