#include "uci_compliance.h"

#include <chrono>
#include <functional>
#include <ostream>
#include <sstream>
#include <thread>

#include "core/game.h"
#include "process/child_process.h"
#include "uci_option.h"

namespace harness {

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// "30 s", or "1500 ms" when it is no whole number of seconds.
std::string duration_text(std::chrono::milliseconds d) {
  return d.count() % 1000 == 0 ? std::to_string(d.count() / 1000) + " s" : std::to_string(d.count()) + " ms";
}

class Session {
 public:
  Session(std::unique_ptr<ChildProcess> process, std::ostream& out) : process_(std::move(process)), out_(out) {}

  void send(const std::string& line) { process_->write_line(line); }

  // Reads lines until one starts with `prefix` (true) or `timeout` passes or the engine exits.
  bool expect(const std::string& prefix, std::chrono::milliseconds timeout, std::string* found = nullptr,
              const std::function<void(const std::string&)>& other = {}) {
    const auto deadline = Clock::now() + timeout;
    std::string line;
    while (true) {
      const ReadStatus s = last_status_ = process_->read_line(line, deadline);
      if (s != ReadStatus::LINE) return false;
      if (line.rfind(prefix, 0) == 0) {
        if (found) *found = line;
        return true;
      }
      if (other) other(line);
    }
  }

  // Why the last expect failed, when not for lack of time: "" when it timed out.
  std::string failed_read() const {
    if (last_status_ == ReadStatus::OVERLONG) return "a line of more than 1 MiB";
    if (last_status_ == ReadStatus::CLOSED) return "the engine exited";
    return "";
  }

  void record(const std::string& name, bool passed, const std::string& detail) {
    checks_.push_back({name, passed, detail});
    out_ << (passed ? "OK    " : "FAIL  ") << name << (detail.empty() ? "" : ": " + detail) << std::endl;
  }

  // "go ..." from a position; the bestmove must be legal there, and come no sooner than
  // `least_ms` (a movetime search that stops at once has not searched the time it was given).
  // A search that misses its deadline is stopped before the next check: the next "go" would
  // otherwise take the late answer for its own.
  void go(const std::string& name, const std::string& position, const std::string& go, std::chrono::milliseconds timeout,
          std::int64_t least_ms = 0) {
    if (!unresponsive_.empty()) return record(name, false, "not checked: " + unresponsive_);
    send(position);
    send(go);
    std::string line;
    const auto start = Clock::now();
    if (!expect("bestmove", timeout, &line)) {
      const std::string missed = "no bestmove within " + duration_text(timeout) + " of '" + go + "'";
      if (!alive()) {
        unresponsive_ = "the engine exited during '" + go + "'";
        return record(name, false, missed + "; the engine exited");
      }
      send("stop");
      if (expect("bestmove", STOP_ANSWER, &line)) return record(name, false, missed + " (it answered 'stop')");
      unresponsive_ = "the engine did not answer 'stop' after '" + go + "'";
      return record(name, false, missed + ", nor within " + duration_text(STOP_ANSWER) + " of 'stop'");
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    std::istringstream words(line);
    std::string word, move;
    words >> word >> move;
    const bool legal = legal_after(position, move);
    record(name, legal && ms >= least_ms,
           "'" + line + "' after " + std::to_string(ms) + " ms" + (legal ? "" : " (not a legal move there)") +
               (ms >= least_ms ? "" : " (sooner than the " + std::to_string(least_ms) + " ms it should have searched at least)"));
  }

  bool alive() { return process_->running(); }
  int stop(std::chrono::milliseconds grace) { return process_->stop(grace); }
  std::vector<ComplianceCheck>& checks() { return checks_; }

 private:
  static bool legal_after(const std::string& position, const std::string& move) {
    std::istringstream in(position);
    std::string word, fen;
    in >> word >> word;
    if (word == "fen")
      while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    else
      in >> word;  // "moves" after startpos, or nothing
    auto start = fen.empty() ? chess::Position::from_fen(chess::START_FEN) : chess::Position::from_fen(fen);
    if (!start) return false;
    chess::Game game(*start);
    while (in >> word)
      if (!game.play_uci(word)) return false;
    return bool(game.play_uci(move));
  }

  static constexpr std::chrono::milliseconds STOP_ANSWER{5000};  // for a bestmove after 'stop'

  std::unique_ptr<ChildProcess> process_;
  std::ostream& out_;
  std::vector<ComplianceCheck> checks_;
  std::string unresponsive_;  // why the searches left are not checked, once the engine stops answering
  ReadStatus last_status_ = ReadStatus::LINE;
};

}  // namespace

namespace {

// uci, id name, the options' lines, isready and ucinewgame; false when the handshake failed.
bool check_handshake(Session& s, const EngineConfig& engine, const EngineDeadlines& deadlines) {
  std::string id_name;
  int options = 0;
  std::vector<std::string> bad_options;
  std::vector<UciOption> declared;
  s.send("uci");
  const bool uciok = s.expect("uciok", deadlines.startup(), nullptr, [&](const std::string& line) {
    if (line.rfind("id name ", 0) == 0) id_name = line.substr(8);
    if (line.rfind("option ", 0) == 0) {
      ++options;
      if (auto o = parse_uci_option(line))
        declared.push_back(std::move(*o));
      else
        bad_options.push_back(line);
    }
  });
  const std::string failed = s.failed_read();
  s.record("handshake", uciok,
           uciok             ? "uciok"
           : failed.empty() ? "no uciok within " + std::to_string(deadlines.startup_ms) + " ms of 'uci' (--startup-ms)"
                            : "no uciok after 'uci': " + failed);
  if (!uciok) return false;
  s.record("id name", !id_name.empty(), id_name.empty() ? "no 'id name' line before uciok" : id_name);
  s.record("options", bad_options.empty(),
           std::to_string(options) + " declared" + (bad_options.empty() ? "" : ", unreadable: " + bad_options.front()));
  for (const auto& [name, value] : engine.options) s.send(setoption_command(declared, name, value));
  s.send("isready");
  s.record("isready", s.expect("readyok", deadlines.startup()), "readyok after 'isready'");
  s.send("ucinewgame");
  s.send("isready");
  s.record("ucinewgame", s.expect("readyok", deadlines.ucinewgame()), "readyok after 'ucinewgame' and 'isready'");
  return true;
}

// Every form of position and go.
void check_searches(Session& s, std::chrono::milliseconds search) {
  s.go("go depth", "position startpos", "go depth 2", search);
  // An engine may stop a movetime search early when its next iteration cannot finish, rarely
  // before half of it; one that answers within a quarter has not searched the time it was given.
  s.go("go movetime", "position startpos moves e2e4 e7e5 g1f3", "go movetime 200", 10s, 50);
  s.go("go nodes", "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go nodes 5000", search);
  s.go("go wtime/btime", "position startpos moves d2d4", "go wtime 10000 btime 10000 winc 100 binc 100", 15s);
  s.go("go movestogo", "position startpos moves d2d4 d7d5", "go wtime 5000 btime 5000 movestogo 20", 15s);
  s.go("position fen ... moves", "position fen 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 moves e2e4 e5e6", "go depth 3", search);
}

// A search without limit: isready must be answered during it, bestmove only after stop.
void check_infinite_search(Session& s) {
  s.send("position startpos");
  s.send("go infinite");
  std::this_thread::sleep_for(300ms);
  bool early = false;
  s.send("isready");
  const bool ready = s.expect("readyok", 5s, nullptr, [&](const std::string& l) { early |= l.rfind("bestmove", 0) == 0; });
  s.record("isready while searching", ready, ready ? "readyok during 'go infinite'" : "no readyok within 5 s while searching");
  s.send("stop");
  std::string best;
  const bool stopped = early || s.expect("bestmove", 5s, &best);
  s.record("stop", stopped && !early,
           early     ? "bestmove before 'stop' in an infinite search"
           : stopped ? best
                     : "no bestmove within 5 s of 'stop'");
}

// Bad input: an unknown command must be ignored; a malformed FEN (which no GUI should send)
// should not bring the engine down either.
void check_bad_input(Session& s, std::chrono::milliseconds search) {
  s.send("this-is-not-a-uci-command");
  s.send("isready");
  s.record("unknown command", s.expect("readyok", 5s), "answers isready after an unknown command");
  s.go("play after an unknown command", "position startpos moves g1f3", "go depth 1", search);
  s.send("position fen not/a/fen w - - 0 1");
  s.send("isready");
  s.record("malformed FEN", s.expect("readyok", 5s), "answers isready after 'position fen not/a/fen w - - 0 1'");
}

// quit, with the engine's input still open: it must leave by itself.
void check_quit(Session& s) {
  if (!s.alive()) {
    s.record("quit", false, "the engine had already exited");
    return;
  }
  s.send("quit");
  const auto quit_start = Clock::now();
  while (s.alive() && Clock::now() - quit_start < 3s) std::this_thread::sleep_for(10ms);
  const bool quit = !s.alive();
  const auto quit_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - quit_start).count();
  s.stop(0ms);
  s.record("quit", quit, quit ? "exited after " + std::to_string(quit_ms) + " ms" : "still running 3 s after 'quit' (killed)");
}

}  // namespace

std::vector<ComplianceCheck> check_uci_compliance(const EngineConfig& engine, const ComplianceDeadlines& deadlines,
                                                  std::ostream& out) {
  auto started = ChildProcess::start({engine.command, engine.args, engine.working_dir, ""});
  if (!started) {
    out << "FAIL  start: " << started.error() << std::endl;
    return {{"start", false, started.error()}};
  }
  Session s(std::move(started).value(), out);
  if (!check_handshake(s, engine, deadlines.engine)) {
    s.stop(1000ms);
    return s.checks();
  }
  check_searches(s, deadlines.search());
  check_infinite_search(s);
  check_bad_input(s, deadlines.search());
  check_quit(s);
  return s.checks();
}

int print_uci_compliance(const EngineConfig& engine, const ComplianceDeadlines& deadlines, std::ostream& out) {
  out << "UCI compliance of " << engine.name << " (" << engine.command << ")" << std::endl;
  const auto checks = check_uci_compliance(engine, deadlines, out);
  int failed = 0;
  for (const ComplianceCheck& c : checks) failed += !c.passed;
  out << checks.size() - std::size_t(failed) << " passed, " << failed << " failed" << std::endl;
  return failed ? 1 : 0;
}

}  // namespace harness
