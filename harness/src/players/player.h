// Player: what a game needs from an engine, whatever protocol it speaks.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <regex>
#include <string>

#include "core/game.h"
#include "core/variant.h"
#include "engines/engine_config.h"
#include "players/engine_deadlines.h"
#include "process/child_process.h"
#include "record/dialogue_log.h"
#include "record/pv_warning.h"
#include "time_control/time_control.h"

namespace harness {

// The engine's last search report before its move.
struct SearchReport {
  int depth = 0;
  bool has_score = false;
  int score_cp = 0;  // from the mover's view
  int mate_in = 0;   // moves to mate, negative when being mated; 0 when not a mate score
  std::uint64_t nodes = 0;
  int seldepth = 0, hashfull = -1;  // -1: not reported
  std::int64_t time_ms = -1;        // the engine's own time for the search, -1: not reported
  std::uint64_t nps = 0;
  std::uint64_t tbhits = 0;
  std::string pv_move;  // first move of the principal variation, when given
  std::string pv;       // the whole variation as the engine wrote it
};

struct ThinkRequest {
  const chess::Game* game = nullptr;
  TimeControl tc;
  std::int64_t clock_ms[2] = {0, 0};                     // remaining time per colour (clock time controls)
  std::int64_t increment_ms[2] = {0, 0};                 // each colour's own increment (they differ in time odds)
  int moves_to_go = 0;                                   // moves until the next time control, 0 when none
  std::chrono::steady_clock::time_point deadline;        // when to give up waiting
  chess::Variant variant = chess::Variant::STANDARD;     // how castling is written to the engine
  bool check_mate_pvs = false;                           // also check mating PVs (players/pv_checks.h)
  const std::vector<std::regex>* match_lines = nullptr;  // lines to keep with the move (players/line_matches.h)
};

// OVERLONG: the engine wrote a line longer than MAX_LINE (a fault); ABORTED: the harness was
// told to stop at once (a second Ctrl-C), and the game is not finished.
enum class ThinkStatus { MOVE, TIMEOUT, DISCONNECTED, OVERLONG, ABORTED };

struct ThinkResult {
  ThinkStatus status = ThinkStatus::DISCONNECTED;
  std::string move;  // as the engine wrote it
  SearchReport report;
  std::int64_t elapsed_ms = 0;             // measured by the harness from the go command to the move
  std::int64_t elapsed_us = 0;             // the same in microseconds (a node-limited search takes a few milliseconds)
  bool pv_mismatch = false;                // the move is not the first move of the engine's last reported PV
  std::string ponder_move;                 // the reply the engine expects ("bestmove e2e4 ponder e7e5"), if given
  std::vector<PvWarning> pv_warnings;      // what was wrong with the PVs of its info lines (players/pv_checks.h)
  std::vector<std::string> matched_lines;  // the request's match_lines: the last line each matched
};

// Reads the engine's lines until `on_line` returns true (it has read the move), the request's
// deadline passes, the engine exits or writes an endless line, or an immediate stop is
// requested; sets result.status and result.elapsed_ms from `start`.
void await_move(ChildProcess& process, const ThinkRequest& request, ChildProcess::Clock::time_point start, ThinkResult& result,
                const std::function<bool(const std::string&)>& on_line);

// Whether two configurations start the same program the same way (options and name aside).
bool same_program(const EngineConfig& a, const EngineConfig& b);

// An option a configuration sets that the started engine cannot take: it declared no option of
// that name (`declared` false), or the value is not one the option accepts; `why` says so in
// the harness's words (with the nearest declared name when there is none).
struct OptionProblem {
  std::string name, value;
  bool declared = false;
  std::string why;
};

class Player {
 public:
  explicit Player(EngineConfig config, std::string stderr_path)
      : config_(std::move(config)), stderr_path_(std::move(stderr_path)) {}
  virtual ~Player() = default;
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  // Starts the process and completes the handshake; the error names the engine.
  virtual chess::Result<bool> start() = 0;
  // Prepares for a game with this time control and variant; false if the engine does not answer.
  virtual bool new_game(const TimeControl& tc, chess::Variant variant) = 0;
  virtual ThinkResult think(const ThinkRequest& request) = 0;
  // Pondering, for engines that can (UCI engines declaring Ponder): asked for before new_game.
  virtual void want_ponder(bool) {}
  // Thinks on the opponent's time about `request`'s position, which ends with the reply the
  // engine expects; false if it does not ponder. The clocks are those before the reply.
  virtual bool start_ponder(const ThinkRequest&) { return false; }
  // The expected reply came: the ponder search goes on as this move's search, timed from now.
  virtual ThinkResult ponderhit(const ThinkRequest& request) { return think(request); }
  // Another reply came (or the game ended): ends the ponder search; false if the engine did not answer.
  virtual bool stop_ponder() { return true; }
  // Asks the engine to quit, waits a grace period, then kills it.
  virtual void stop() = 0;
  virtual bool alive() = 0;
  // Whether the engine can start a game from any FEN (xboard engines without setboard cannot).
  virtual bool supports_fen_start() const { return true; }
  // Why the started engine cannot play `variant` (it does not declare it), or empty if it can.
  virtual std::string cannot_play(chess::Variant variant) const = 0;
  // Whether the started engine declared every option `config` sets, with a value it accepts;
  // the error names the engine, the option and the nearest declared name.
  chess::Result<bool> check_options(const EngineConfig& config) const {
    const std::vector<OptionProblem> problems = option_problems(config);
    if (problems.empty()) return true;
    return chess::Error{problems.front().why};
  }
  // Every option of `config` the started engine cannot take.
  virtual std::vector<OptionProblem> option_problems(const EngineConfig&) const { return {}; }
  // Takes on `next` between games without a restart, when that cannot change what the engine
  // plays: the same program started the same way and given exactly the same options (the name
  // and the harness's own limits are never sent to it). False: a new process must play `next`.
  virtual bool reconfigure(const EngineConfig& next);

  // How long the engine may take to answer its start-up, new-game and other questions.
  void set_deadlines(const EngineDeadlines& deadlines) { deadlines_ = deadlines; }
  // Every line to and from the engine goes to `log`, tagged with the game it belongs to.
  void set_dialogue_log(std::shared_ptr<DialogueLog> log) { log_ = std::move(log); }
  void set_game_number(int game) { game_number_ = game; }
  // Keeps the last `count` lines to and from the engine ("> " and "< "), for a game's end to
  // quote when the engine is at fault; 0 (the default) keeps none.
  void keep_last_lines(std::size_t count) { keep_lines_ = count; }
  std::vector<std::string> last_lines() const { return {last_lines_.begin(), last_lines_.end()}; }
  // The CPUs its process may run on (fastchess's -use-affinity); empty: any.
  void set_cpus(std::vector<int> cpus) { cpus_ = std::move(cpus); }

  const EngineConfig& config() const { return config_; }
  const std::string& name() const { return config_.name; }
  // What the engine wrote to standard error since the last call.
  std::string take_stderr();

 protected:
  // Sends a line of the start-up (an option, an init string). A line the process refuses for a
  // control character is an error naming the engine, never a setting silently left out; one an
  // exited engine cannot take is not, as the next question reports the exit with its last line.
  chess::Result<bool> send_setup_line(ChildProcess& process, const std::string& line) const;
  // The dialogue log's hook on a started process.
  void watch(ChildProcess& process) {
    last_lines_.clear();
    if (!log_ && keep_lines_ == 0) return;
    process.observe_lines([this](LineDirection direction, const std::string& line) {
      const bool to_engine = direction == LineDirection::TO_CHILD;
      if (log_) log_->line(game_number_, config_.name, to_engine, line);
      if (keep_lines_ == 0) return;
      if (last_lines_.size() == keep_lines_) last_lines_.pop_front();
      last_lines_.push_back((to_engine ? "> " : "< ") + line);
    });
  }

  EngineConfig config_;
  std::string stderr_path_;
  std::size_t stderr_offset_ = 0;  // reset when a new process starts (the file is truncated)
  EngineDeadlines deadlines_;
  std::shared_ptr<DialogueLog> log_;
  int game_number_ = 0;
  std::size_t keep_lines_ = 0;
  std::deque<std::string> last_lines_;
  std::vector<int> cpus_;
};

}  // namespace harness
