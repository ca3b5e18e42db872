// MatchRunner: plays a run's scheduled games on `concurrency` slots (one pair of engine
// processes each), hands every finished game to its GameRecorder as it arrives (stored, in
// order with a positions target), stops early on an SPRT decision or a reached target, and
// resumes a run from what the database holds. Constructed by the door (launch/run_door.h) only.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <semaphore>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engines/params_file.h"
#include "events/run_events.h"
#include "players/player.h"
#include "process/stop_request.h"
#include "run/game_recorder.h"
#include "run/live_output.h"
#include "run/match_status.h"
#include "run/positions_target.h"
#include "run/run_inputs.h"
#include "run/run_tally.h"
#include "run/schedule.h"
#include "stats/tally.h"
#include "storage/database.h"

namespace harness {

// A game's engines as it is played: White's and Black's configurations.
struct GameEngines {
  EngineConfig white, black;
  OptionValues white_params{}, black_params{};  // what a parameters file set in them
};

class MatchRunner {
 public:
  // `inputs` come from prepare_run, made once for the run by whichever door started it. The
  // output (the harness's own lines when null) must outlive the runner.
  MatchRunner(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, LiveOutput* output = nullptr);
  // Plays what is left of the run. A stop request (stop_request.h) ends it INTERRUPTED: the
  // first after the games in progress are stored, the second at once with them discarded.
  MatchStatus run(std::ostream& out);
  // The command its messages give to go on with the run: "harness resume N", or none when the
  // caller plays the run as one step of its own and says how to go on (a bisect).
  void resume_with(std::string command) { recorder_.resume_with(std::move(command)); }
  // Also tells `stream` (which must outlive the runner) what happens, as events.
  void events_to(EventStream& stream);

  Tally match_tally() const { return recorder_.match_tally(); }
  // Engine `i` against all the others (in a match, engine 0's tally mirrors engine 1's).
  Tally engine_tally(std::size_t i) const { return recorder_.engine_tally(i); }

 private:
  MatchStatus claim();  // FINISHED: claimed
  // The schedule, and what the database holds of it already.
  chess::Result<bool> plan(std::ostream& out);
  // Stores finished games as the slots hand them in, until every slot is done.
  void collect(std::ostream& out, int running_slots);
  void store(GameRecord& game, std::ostream& out);
  // What the runner knows of how the session ended, for the recorder's end record.
  SessionEnd session_end() const;
  // INCOMPLETE: which games were not played and why.
  std::string unplayed_text() const;
  // A game's start, told to the recorder with its opening.
  void started(const GameSpec& spec, std::ostream& out);
  std::string positions_line() const;  // --positions: what the kept games hold, for the summary
  void worker(int slot);
  // The shard's next game not stored yet (under mutex_, while handed_out_ < pending_count_).
  GameSpec next_pending();
  // The game's end in the dialogue log (with -show-latency, each move's latency first).
  void note_game(int number, const GameRecord& g) const;
  std::vector<int> slot_cpus(int slot) const;
  // A process from the slot's pool set up as engine `engine`, not `other` (the game's other
  // side); the error when a new one does not start.
  chess::Result<Player*> seat(std::vector<std::unique_ptr<Player>>& pool, int slot, int engine, const EngineConfig& wanted,
                              const Player* other, int game_number);
  // The game, or why its engines could not start for it.
  chess::Result<GameRecord> play_scheduled(std::vector<std::unique_ptr<Player>>& pool, int slot, const GameSpec& spec,
                                           const GameEngines& engines);
  // The game's two engines as they play it: with a parameters file, with the values of its
  // pair, read from the file when the pair's first game is handed out (under mutex_).
  chess::Result<GameEngines> game_engines(const GameSpec& spec);
  void hand_in(const GameSpec& spec, chess::Result<GameRecord> played);
  chess::Result<bool> record(GameRecord& game, std::ostream& out);
  // After a game is counted: the run stops when its SPRT decides (a match, not a shard).
  void decide_sprt();
  std::string stderr_path(int slot, int engine) const;
  void stop_on_request(std::ostream& out);
  // A shard never decides alone: its SPRT is taken on all shards' games (harness cluster).
  bool stops_on_sprt() const { return config_.kind == TournamentKind::MATCH && config_.sprt && !config_.shard.active(); }
  // The run has its result: an SPRT decided, or the positions target was reached. A game that
  // ends afterwards is not stored.
  bool decided() const { return sprt_decided_ != SprtDecision::CONTINUE || positions_.reached(); }
  // --positions: what the stored games hold, and whether they reach the target.
  chess::Result<bool> plan_positions();
  void count_positions(const GameRecord& game);
  // The games a slot may start at most past the first not stored, with a positions target.
  int games_ahead() const { return 2 * config_.concurrency + 8; }
  // The game next_pending() would hand out (under mutex_).
  int next_pending_index() const;

  MatchConfig config_;  // declared before recorder_, which keeps a reference to it
  Database& db_;
  std::int64_t run_id_;
  GameRecorder recorder_;
  OpeningBook book_;
  std::vector<std::size_t> opening_order_;
  Schedule schedule_;
  std::set<int> done_;     // the games stored before this session
  int pending_count_ = 0;  // the shard's games not stored yet, or 0 once an SPRT has decided
  int handed_out_ = 0;     // of those, the games given to a slot
  int next_game_ = 0;      // where the search for the next one starts
  int total_games_ = 0;

  struct PairParams {
    std::vector<OptionValues> by_engine;  // per engine of the run
    int handed_out = 0;                   // of the pair's games
  };
  std::map<int, PairParams> pair_params_;  // --params-file: the pairs being played, by pair index
  std::string params_error_;               // the parameters file could not be read: the run stops
  ParamsCheck params_check_;               // its values against what the engines declared (run/params_checks.h)
  static constexpr int PARAMS_READ_ATTEMPTS = 10;  // reads of a bad file, 50 ms apart, before the run stops
  static constexpr std::size_t FAULT_LINES = 12;  // lines of dialogue a fault's event quotes
  std::shared_ptr<DialogueLog> dialogue_log_;  // null unless the run keeps one (MatchConfig::log_path)
  std::mutex mutex_;
  std::condition_variable changed_;
  static constexpr int STARTS_AT_ONCE = 8;  // engine processes starting up at the same time
  std::counting_semaphore<STARTS_AT_ONCE> start_gate_{STARTS_AT_ONCE};

  bool stopping_ = false;
  int workers_done_ = 0;
  // What the games tell the collecting thread: a game started (for the output's "Started
  // game" lines, when it wants them) or a game finished, to store.
  using Event = std::variant<GameSpec, GameRecord>;
  std::deque<Event> events_;
  int unstored_ = 0;              // finished games in events_: the slots wait while there are too many
  std::condition_variable room_;  // told when one of them is stored
  struct Unstarted {
    int game_index;
    std::string why;
  };
  std::vector<Unstarted> unstarted_;  // games whose engines could not start: left for resume
  std::size_t reported_unstarted_ = 0;
  int unstarted_in_a_row_ = 0;
  static constexpr int UNSTARTED_BEFORE_STOP = 8;

  std::string stop_reason_;
  SprtDecision sprt_decided_ = SprtDecision::CONTINUE;
  StopRequest seen_stop_ = StopRequest::NONE;
  int discarded_ = 0;                                  // unfinished games dropped by an immediate stop
  int after_decision_ = 0;                             // games that ended after the run decided: not counted
  PositionsTarget positions_;                          // --positions (the collecting thread's, next_ under mutex_)
  int held_back_ = 0;  // games finished ahead of one that was not played: given up, resume plays them
  std::string storage_error_;                          // the database could not store a game: the run stops
};

}  // namespace harness
