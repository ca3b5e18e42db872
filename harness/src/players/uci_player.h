// UciPlayer: the Player interface over the UCI protocol.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "player.h"
#include "players/position_command.h"
#include "process/child_process.h"
#include "uci_option.h"

namespace harness {

// An engine's answer to "go perft N": the divide lines and the total.
struct PerftOutput {
  std::map<std::string, std::uint64_t> moves;  // "e2e4" -> leaf count
  std::uint64_t total = 0;
  double seconds = 0;  // measured by the harness from "go perft" to "Nodes searched"
};

// What an engine said while analysing one position: each report with the harness's time.
struct AnalysisLine {
  std::int64_t time_ms = 0;
  SearchReport report;
};
struct Analysis {
  std::string best;  // the bestmove, as the engine wrote it
  std::vector<AnalysisLine> lines;
  std::int64_t elapsed_ms = 0;
};

class UciPlayer : public Player {
 public:
  using Player::Player;
  ~UciPlayer() override { stop(); }
  chess::Result<bool> start() override;
  bool new_game(const TimeControl& tc, chess::Variant variant) override;
  std::string cannot_play(chess::Variant variant) const override;
  std::vector<OptionProblem> option_problems(const EngineConfig& config) const override;
  ThinkResult think(const ThinkRequest& request) override;
  void want_ponder(bool on) override { ponder_wanted_ = on; }
  bool start_ponder(const ThinkRequest& request) override;
  ThinkResult ponderhit(const ThinkRequest& request) override;
  bool stop_ponder() override;
  void stop() override;
  bool alive() override { return process_ && process_->running(); }
  // Also takes `next` when it gives the same options in the same order with other values (a
  // parameters file's, a tuner's individual's): it is sent every option and init string again,
  // the lines a new process gets, so nothing rests on the engine's own defaults. False (a
  // restart) when an option would be left out, added or moved, or `next` is another program.
  bool reconfigure(const EngineConfig& next) override;
  // The options the engine declared in its answer to "uci".
  const std::vector<UciOption>& declared_options() const { return declared_; }
  // Divide of the position after `moves` from `fen`, the way Stockfish prints it.
  // Searches `fen` under a fixed limit (move time, depth or nodes), keeping every report.
  chess::Result<Analysis> analyse(const std::string& fen, const TimeControl& limit, std::chrono::milliseconds timeout);
  chess::Result<PerftOutput> perft(const std::string& fen, const std::vector<std::string>& moves, int depth,
                                   std::chrono::milliseconds timeout);

 private:
  // Why the start-up question went unanswered: the engine exited, or the deadline passed; with
  // the last line it wrote, which says why when it gave up.
  std::string no_answer(const std::string& question, const std::string& last_line);
  // " (did you mean 'option.Skill Level=3'?)" for an option the engine does not declare.
  std::string spec_suggestion(const std::string& name, const std::string& value) const;
  // Sends `command` and reads until a line starting with `reply`, passing the lines before it
  // to `on_other_line`; false on timeout or exit.
  bool ask(const std::string& command, const std::string& reply, std::chrono::milliseconds timeout,
           const std::function<void(const std::string&)>& on_other_line = {});
  // Sends `config`'s options and init strings, in their order, as a start does.
  chess::Result<bool> send_setup(const EngineConfig& config);
  // Sets UCI_Chess960 when it changes and the engine declares it; false if the engine is gone.
  bool set_chess960(bool on);
  // Reads the engine's lines until its bestmove (and ponder move), timing from `start`.
  ThinkResult collect_move(const ThinkRequest& request, ChildProcess::Clock::time_point start);
  std::unique_ptr<ChildProcess> process_;
  std::vector<UciOption> declared_;
  bool chess960_on_ = false;                 // what UCI_Chess960 was last set to (false is UCI's default)
  PositionCommand position_;                 // the last "position" line, grown move by move
  bool ponder_wanted_ = false;               // the run ponders (--ponder)
  bool ponder_on_ = false;                   // Ponder was set to true (the engine declares it)
  ReadStatus last_read_ = ReadStatus::LINE;  // how ask's last read ended
};

// Reads an "info ..." line into `report` (fields it lacks are left alone).
void parse_uci_info(const std::string& line, SearchReport& report);

}  // namespace harness
