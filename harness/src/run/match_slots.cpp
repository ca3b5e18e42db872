// MatchRunner's game slots: each a thread that takes the next pending game, seats its two
// engines (a process of the slot reused when that cannot change what it plays, one started
// through the start gate when not), plays the game and hands it to the storing thread; a game
// whose engines cannot start is left unplayed, never lost.
#include <algorithm>
#include <chrono>
#include <thread>

#include "game/game_runner.h"
#include "players/make_player.h"
#include "process/cpu_affinity.h"
#include "process/stop_request.h"
#include "run/match_runner.h"

namespace harness {

namespace {

// An engine that disconnects while the run is being stopped was most likely ended by the same
// signal (a scheduler such as Slurm signals every process of a job, a terminal's group kill):
// that game was not lost on the board, so it is not stored. The signal may reach the harness a
// moment after the engine's end is seen; give it that moment.
bool lost_to_the_stop_signal(const GameRecord& g) {
  if (g.end != GameEnd::CRASH) return false;
  for (int i = 0; i < 10 && stop_requested() == StopRequest::NONE; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return stop_requested() != StopRequest::NONE;
}

// A process of the slot that can play as `wanted` (Player::reconfigure says when it may): first
// one given exactly these options, then the engine's own, then any; nullptr when none can.
Player* reusable_slot_process(std::vector<std::unique_ptr<Player>>& pool, const EngineConfig& wanted, const Player* other,
                              int game_number) {
  if (wanted.restart_each_game) return nullptr;  // restart=on: a new process for every game
  auto fits = [&](const Player& p, int pass) {
    if (pass == 0) return p.config().options == wanted.options;
    return pass == 2 || p.name() == wanted.name;
  };
  for (int pass = 0; pass < 3; ++pass)
    for (auto& p : pool) {
      if (p.get() == other || !fits(*p, pass)) continue;
      p->set_game_number(game_number);  // what reconfigure sends is logged with the game
      if (p->reconfigure(wanted)) return p.get();
    }
  return nullptr;
}

// Quits the slot's processes of engine `name` that could not play it as it is now (its options
// changed): a slot keeps at most one process per engine, however often their options change.
void retire_slot_processes(std::vector<std::unique_ptr<Player>>& pool, const std::string& name, const Player* other) {
  std::erase_if(pool, [&](const std::unique_ptr<Player>& p) {
    if (p.get() == other || p->name() != name) return false;
    p->stop();
    return true;
  });
}

}  // namespace

chess::Result<Player*> MatchRunner::seat(std::vector<std::unique_ptr<Player>>& pool, int slot, int engine,
                                         const EngineConfig& wanted, const Player* other, int game_number) {
  pool.erase(std::remove_if(pool.begin(), pool.end(), [&](const auto& p) { return p.get() != other && !p->alive(); }),
             pool.end());
  if (Player* reused = reusable_slot_process(pool, wanted, other, game_number)) return reused;
  retire_slot_processes(pool, wanted.name, other);
  auto player = make_player(wanted, stderr_path(slot, engine));
  player->set_deadlines(config_.settings.deadlines);
  player->set_dialogue_log(dialogue_log_);
  player->set_cpus(slot_cpus(slot));
  player->set_game_number(game_number);
  if (recorder_.quotes_faults()) player->keep_last_lines(FAULT_LINES);
  // A few engines start at a time: hundreds starting at once would share the cores so thinly
  // that none answers in time. A start's deadline runs from when its turn comes.
  start_gate_.acquire();
  auto started = player->start();
  start_gate_.release();
  if (!started) {
    player->stop();
    return chess::Error{started.error()};
  }
  pool.push_back(std::move(player));
  return pool.back().get();
}

chess::Result<GameRecord> MatchRunner::play_scheduled(std::vector<std::unique_ptr<Player>>& pool, int slot, const GameSpec& spec,
                                                      const GameEngines& engines) {
  // An engine that does not start or get ready is not a loss: the game is tried again with
  // fresh processes, and left unplayed (for resume) if it still cannot start.
  constexpr int START_ATTEMPTS = 3;
  std::string why;
  // restart=on: the engine's process ends with the game (or the failed start); the next starts a new one.
  auto end_restarted = [&] {
    std::erase_if(pool, [](const std::unique_ptr<Player>& p) {
      if (p->config().restart_each_game) p->stop();
      return p->config().restart_each_game;
    });
  };
  for (int attempt = 0; attempt < START_ATTEMPTS && stop_requested() != StopRequest::ABORT; ++attempt) {
    auto white = seat(pool, slot, spec.white, engines.white, nullptr, spec.game_index + 1);
    auto black = white ? seat(pool, slot, spec.black, engines.black, *white, spec.game_index + 1)
                       : chess::Result<Player*>(chess::Error{white.error()});
    if (!white || !black) {
      why = white ? black.error() : white.error();
      end_restarted();
      continue;
    }
    const Opening& opening = opening_for_pair(book_, opening_order_, spec.opening + config_.opening_offset);
    auto game = play_game(**white, **black, opening, config_.settings);
    if (game && game->result != chess::GameResult::ONGOING && dialogue_log_) note_game(spec.game_index + 1, *game);
    if (game && !config_.params_file.empty()) {
      game.value().white_params = engines.white_params;
      game.value().black_params = engines.black_params;
    }
    end_restarted();
    if (game) return game;
    why = game.error();
  }
  return chess::Error{why.empty() ? "stopped" : why};
}

// -use-affinity, as fastchess: each game slot has a CPU of its own (the list taken in turn; by
// default the CPUs this process may use), which its two engines share as they take turns.
// Engines set to more than one thread are not pinned (fastchess's AffinityManager turns it off).
std::vector<int> MatchRunner::slot_cpus(int slot) const {
  if (!config_.use_affinity) return {};
  for (const EngineConfig& e : config_.engines)
    if (const std::string* threads = e.option("Threads"); threads && *threads != "1") return {};
  const std::vector<int> cpus = config_.affinity_cpus.empty() ? usable_cpus() : config_.affinity_cpus;
  if (cpus.empty()) return {};
  return {cpus[std::size_t(slot) % cpus.size()]};
}

// The game's end in the dialogue log, after each move's latency with -show-latency (fastchess's words).
void MatchRunner::note_game(int number, const GameRecord& g) const {
  if (config_.show_latency)
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
      const MoveRecord& m = g.moves[i];
      if (m.engine_time_ms < 0) continue;
      dialogue_log_->note(number, "Engine " + (mover(g, i) == chess::WHITE ? g.white : g.black) + " latency: " +
                                      std::to_string(m.time_ms - m.engine_time_ms) + "ms (elapsed: " + std::to_string(m.time_ms) +
                                      ", reported: " + std::to_string(m.engine_time_ms) + ")");
    }
  dialogue_log_->note(number, "game ends " + std::string(chess::result_string(g.result)) + " {" + g.reason + "}");
}

chess::Result<GameEngines> MatchRunner::game_engines(const GameSpec& spec) {
  GameEngines engines{config_.engines[std::size_t(spec.white)], config_.engines[std::size_t(spec.black)]};
  if (config_.params_file.empty()) return engines;
  auto pair = pair_params_.find(spec.pair_index);
  if (pair == pair_params_.end()) {
    // A writer that replaces the file as it should never shows half of it; one that writes it
    // in place may, for a moment: a bad read (a value the engines would refuse among them) is
    // tried again before it stops the run.
    chess::Result<std::vector<ParamsSection>> sections = chess::Error{""};
    for (int attempt = 0; attempt < PARAMS_READ_ATTEMPTS; ++attempt) {
      if (attempt) std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if ((sections = read_params_file(config_.params_file, config_.engine_names(), params_check_))) break;
    }
    CHESS_RETURN_IF_ERROR(sections);
    PairParams read;
    for (const EngineConfig& e : config_.engines) read.by_engine.push_back(harness::params_for(*sections, e.name));
    pair = pair_params_.emplace(spec.pair_index, std::move(read)).first;
  }
  engines.white_params = pair->second.by_engine[std::size_t(spec.white)];
  engines.black_params = pair->second.by_engine[std::size_t(spec.black)];
  engines.white = with_params(engines.white, engines.white_params);
  engines.black = with_params(engines.black, engines.black_params);
  if (++pair->second.handed_out == (config_.paired ? 2 : 1)) pair_params_.erase(pair);  // its games have their values
  return engines;
}

int MatchRunner::next_pending_index() const {
  int g = next_game_;
  while (done_.count(g = schedule_.next_in_shard(g, config_.shard))) ++g;
  return g;
}

GameSpec MatchRunner::next_pending() {
  while (true) {
    const int g = schedule_.next_in_shard(next_game_, config_.shard);
    next_game_ = g + 1;
    if (!done_.count(g)) {
      ++handed_out_;
      return schedule_.at(g);
    }
  }
}

void MatchRunner::worker(int slot) {
  // The slot's engine processes: an engine that differs from another only in its options'
  // values (a tuner's individuals, a parameters file's pairs) takes them by "setoption" between
  // games instead of a restart; any other difference in what it is sent starts a new process.
  std::vector<std::unique_ptr<Player>> pool;
  while (true) {
    GameSpec spec;
    chess::Result<GameEngines> engines = chess::Error{""};
    {
      std::unique_lock<std::mutex> lock(mutex_);
      // A positions target holds back the games that finish ahead of the order: a slot does not
      // run too far ahead of the first game not stored.
      while (!stopping_ && handed_out_ < pending_count_ && !positions_.within_reach(next_pending_index(), games_ahead()))
        changed_.wait_for(lock, std::chrono::milliseconds(100));
      if (stopping_ || handed_out_ >= pending_count_) break;
      spec = next_pending();
      engines = game_engines(spec);
      if (!engines) {  // the game stays unplayed: resume plays it once the file reads
        if (params_error_.empty()) params_error_ = engines.error();
        stopping_ = true;
        break;
      }
      if (recorder_.wants_starts()) events_.emplace_back(spec);
    }
    if (recorder_.wants_starts()) changed_.notify_all();
    auto played = play_scheduled(pool, slot, spec, *engines);
    hand_in(spec, std::move(played));
    if (config_.wait_ms > 0) {  // -wait: a pause before the slot's next game, that a stop ends
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(config_.wait_ms);
      std::unique_lock<std::mutex> lock(mutex_);
      while (std::chrono::steady_clock::now() < until && !stopping_ && handed_out_ < pending_count_ &&
             stop_requested() == StopRequest::NONE)
        changed_.wait_for(lock, std::min<std::chrono::steady_clock::duration>(std::chrono::milliseconds(100),
                                                                              until - std::chrono::steady_clock::now()));
    }
  }
  for (auto& p : pool) p->stop();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++workers_done_;
  }
  changed_.notify_all();
}

void MatchRunner::hand_in(const GameSpec& spec, chess::Result<GameRecord> played) {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    // The slots wait while the storing thread is a round of games behind: on a machine too
    // busy for it to keep up, finished games would otherwise pile up in memory without end.
    room_.wait(lock, [&] { return unstored_ < std::max(8, config_.concurrency); });
    if (!played) {
      if (stop_requested() == StopRequest::ABORT)
        ++discarded_;
      else
        unstarted_.push_back({spec.game_index, played.error()});
      // The games past it cannot be kept before it is: with a positions target the run stops.
      if (positions_.active()) stopping_ = true;
      // Engines that keep failing to start will not start for the rest either: stop trying.
      if (++unstarted_in_a_row_ >= UNSTARTED_BEFORE_STOP) stopping_ = true;
    } else {
      unstarted_in_a_row_ = 0;
      GameRecord& g = played.value();
      g.game_index = spec.game_index;
      g.pair_index = spec.pair_index;
      if (g.result == chess::GameResult::ONGOING || lost_to_the_stop_signal(g))
        ++discarded_;  // stopped at once, or the stop's signal ended an engine: resume plays it again
      else {
        events_.emplace_back(std::move(g));
        ++unstored_;
      }
    }
  }
  changed_.notify_all();
}

}  // namespace harness
