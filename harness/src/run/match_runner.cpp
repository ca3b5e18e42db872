#include "run/match_runner.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <thread>

#include "game/game_runner.h"
#include "pgn/pgn_writer.h"
#include "players/make_player.h"
#include "process/cpu_affinity.h"
#include "process/cpu_times.h"
#include "process/process_identity.h"
#include "text/words.h"

namespace harness {

namespace {

// Per engine of the game (0: white, 1: black): the moves that were not the engine's PV's first.
std::array<int, 2> pv_mismatches_by_colour(const GameRecord& g) {
  std::array<int, 2> counts{0, 0};
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    if (g.moves[i].pv_mismatch) ++counts[mover(g, i) == chess::WHITE ? 0 : 1];
  return counts;
}

}  // namespace

int exit_status(const MatchStatus& status) {
  switch (status.kind) {
    case MatchStatus::INTERRUPTED: return 130;
    case MatchStatus::INCOMPLETE: return 3;
    case MatchStatus::FAILED:
    case MatchStatus::HELD: return 2;
    default: return 0;
  }
}

MatchRunner::MatchRunner(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, LiveOutput* output)
    : config_(std::move(config)),
      db_(db),
      output_(output ? output : &harness_output_),
      run_id_(run_id),
      book_(std::move(inputs.book)),
      schedule_(config_),
      resume_(resume_command(run_id, db.path())),
      tally_(config_),
      positions_(config_.positions),
      pv_mismatches_(config_.engines.size(), 0),
      pv_faults_(config_.engines.size(), std::array<int, PV_FAULTS>{}),
      mate_sign_mismatches_(config_.engines.size(), 0) {
  config_.settings.tablebases = std::move(inputs.tablebases);
  dialogue_log_ = std::move(inputs.dialogue_log);
  params_check_ = params_check(std::move(inputs.declared_options));
}

std::string MatchRunner::stderr_path(int slot, int engine) const {
  std::filesystem::path dir = std::filesystem::path(db_.path()).parent_path() / "stderr";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  // Named by the database too: two databases in one folder have runs of the same numbers.
  const std::string database = std::filesystem::path(db_.path()).stem().string();
  return (dir / (database + "-run" + std::to_string(run_id_) + "-slot" + std::to_string(slot) + "-engine" +
                 std::to_string(engine) + ".log"))
      .string();
}

chess::Result<bool> MatchRunner::plan(std::ostream& out) {
  opening_order_ = opening_order(book_.openings.size(), config_.order, config_.seed);
  total_games_ = schedule_.shard_size(config_.shard);
  auto stored = db_.games(run_id_);
  CHESS_RETURN_IF_ERROR(stored);
  for (const StoredGame& g : *stored) {
    done_.insert(g.game_index);
    tally_.add(g.game_index, g.result);
  }
  done_count_ = int(done_.size());
  pending_count_ = total_games_;
  for (int g : done_)
    if (schedule_.next_in_shard(g, config_.shard) == g) --pending_count_;
  if (!done_.empty()) output_->resuming(out, run_id_, done_count_, total_games_);
  if (run_events_) {
    RunStartInfo info{run_id_, config_.run_kind(), db_.path(), {}, total_games_, done_count_, config_.concurrency,
                      config_.to_json()};
    for (const EngineConfig& e : config_.engines) info.engines.push_back(e.name);
    run_events_->run_started(info);
  }
  CHESS_RETURN_IF_ERROR(write_owed_events());
  if (stops_on_sprt() && sprt_decision(sprt_llr(match_tally(), *config_.sprt), *config_.sprt) != SprtDecision::CONTINUE)
    pending_count_ = 0;
  CHESS_RETURN_IF_ERROR(plan_positions());
  for (const EngineConfig& e : config_.engines) {
    auto id = db_.engine_id(e);
    CHESS_RETURN_IF_ERROR(id);
    engine_ids_.push_back(*id);
  }
  return true;
}

chess::Result<bool> MatchRunner::plan_positions() {
  if (!positions_.active() || done_.empty()) return true;
  std::string problem;
  auto read = db_.for_each_scored_game(run_id_, [&](const ScoredGame& g) {
    if (!g.problem.empty()) {
      problem = "game " + std::to_string(g.game_index + 1) + "'s moves cannot be read (" + g.problem + ")";
      return false;
    }
    std::int64_t scored = 0;
    for (const PackedMove& m : g.moves) scored += m.has_score;
    auto counted = positions_.stored_before(g.game_index, scored);
    if (!counted) problem = counted.error();
    return bool(counted);
  });
  CHESS_RETURN_IF_ERROR(read);
  if (!problem.empty()) return chess::Error{"run " + std::to_string(run_id_) + " in " + db_.path() + ": " + problem};
  if (positions_.reached()) pending_count_ = 0;  // killed between its last game and its end
  return true;
}

void MatchRunner::collect(std::ostream& out, int running_slots) {
  while (true) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait_for(lock, std::chrono::milliseconds(100), [&] { return !events_.empty() || workers_done_ == running_slots; });
    // In the order they happened: a game's start is told before its end.
    while (!events_.empty()) {
      Event event = std::move(events_.front());
      events_.pop_front();
      lock.unlock();
      const bool game = std::holds_alternative<GameRecord>(event);
      if (game)
        store(std::get<GameRecord>(event), out);
      else
        started(std::get<GameSpec>(event), out);
      lock.lock();
      if (game) {
        --unstored_;
        room_.notify_all();
      }
      if (stop_requested() != seen_stop_ && storage_error_.empty()) break;  // a stop is acted on between games
    }
    while (reported_unstarted_ < unstarted_.size()) {
      const Unstarted u = unstarted_[reported_unstarted_++];
      lock.unlock();
      output_->game_unplayed(out, resume_, u.game_index, u.why);
      if (run_events_) run_events_->game_unplayed(u.game_index, u.why);
      lock.lock();
    }
    if (stop_requested() != seen_stop_ && storage_error_.empty()) {
      lock.unlock();
      stop_on_request(out);
      lock.lock();
    }
    if (workers_done_ == running_slots && events_.empty()) break;
  }
}

void MatchRunner::store(GameRecord& game, std::ostream& out) {
  if (!storage_error_.empty()) return;
  // With a positions target, the games in order: a game is stored once those before it are
  // (once it is reached, record() leaves every game out).
  std::vector<GameRecord> ready;
  if (positions_.active() && !positions_.reached()) {
    std::lock_guard<std::mutex> lock(mutex_);
    ready = positions_.arrived(std::move(game));
  } else {
    ready.push_back(std::move(game));
  }
  for (GameRecord& g : ready)
    if (auto stored = record(g, out); !stored) {
      // A full disk or a broken file: every game stored so far stays (one transaction per game);
      // the others are dropped and played again on resume.
      storage_error_ = stored.error() + " while recording game " + std::to_string(g.game_index + 1);
      request_stop(StopRequest::ABORT);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;  // slots waiting for the order to move on (a positions target) stop waiting
      }
      changed_.notify_all();
      return;
    }
}

// Each stored game moves the order on: the slots waiting to start a game further on may.
void MatchRunner::count_positions(const GameRecord& g) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    positions_.stored(scored_positions(g));
    if (positions_.reached()) {
      if (!stopping_) stop_reason_ = "Positions: the target of " + std::to_string(positions_.target()) + " was reached";
      stopping_ = true;
      after_decision_ += positions_.give_up_held();  // finished past the target: left out like the games to come
    }
  }
  changed_.notify_all();
}

// Two processes playing one run would play its games twice: the run is claimed first, and a
// run that a running process holds is refused (HELD), naming it; a database that cannot be
// asked is a failure like any other.
MatchStatus MatchRunner::claim() {
  auto holder = db_.claim_run(run_id_, this_process(), is_running);
  if (!holder) return {MatchStatus::FAILED, holder.error()};
  if (!*holder) return {};
  const ProcessIdentity& p = (*holder)->process;
  return {MatchStatus::HELD, "run " + std::to_string(run_id_) + " is being played by process " + std::to_string(p.pid) + " on " +
                                 p.host + " (since " + (*holder)->since +
                                 "): a second process would play its games twice. Wait for it to end, or stop it and resume"};
}

MatchStatus MatchRunner::run(std::ostream& out) {
  if (const MatchStatus claimed = claim(); claimed.kind != MatchStatus::FINISHED) return claimed;
  struct Release {
    MatchRunner& runner;
    ~Release() { (void)runner.db_.release_run(runner.run_id_, this_process()); }
  } release{*this};
  if (auto planned = plan(out); !planned) return {MatchStatus::FAILED, planned.error()};
  started_ = std::chrono::steady_clock::now();
  const int slots = pending_count_ == 0 ? 0 : std::max(1, std::min<int>(config_.concurrency, pending_count_));
  std::vector<std::thread> workers;
  for (int s = 0; s < slots; ++s) workers.emplace_back([this, s] { worker(s); });
  collect(out, slots);
  for (std::thread& t : workers) t.join();
  held_back_ = positions_.give_up_held();
  if (!params_error_.empty()) {
    end_events("failed");
    return {MatchStatus::FAILED, params_error_ + "; the " + std::to_string(done_count_) + " games stored are intact" +
                                     (resume_.empty() ? std::string() : ": mend the file and continue with '" + resume_ + "'")};
  }
  if (!storage_error_.empty()) {
    end_events("failed");
    return {MatchStatus::FAILED, storage_error_ + "; the " + std::to_string(done_count_) +
                                     " games stored before are intact: make room" +
                                     (resume_.empty() ? std::string() : " and continue with '" + resume_ + "'")};
  }
  const MatchStatus status = finish(out);
  if (!pgn_error_.empty())
    return {MatchStatus::FAILED, pgn_error_ + "; the " + std::to_string(done_count_) +
                                     " games played are in the database ('harness pgn " + std::to_string(run_id_) +
                                     "' writes them)" + (resume_.empty() ? std::string() : ": continue with '" + resume_ + "'")};
  return status;
}

MatchStatus MatchRunner::finish(std::ostream& out) {
  RunEnding ending;
  ending.run_id = run_id_;
  ending.resume = resume_;
  ending.summary = tally_.summary();
  ending.stop_reason = stop_reason_;
  ending.sprt = sprt_decided_;
  if (!stop_reason_.empty()) ending.summary += stop_reason_ + "\n";
  ending.summary += positions_line();
  if (after_decision_ > 0)
    ending.summary +=
        plural(after_decision_, "game") + (positions_.reached() ? " played past the positions target: not kept\n"
                                                                : " in progress at the decision ended after it: not counted\n");
  if (held_back_ > 0)
    ending.summary += plural(held_back_, "game") + " finished ahead of a game that was not: not kept, resume plays them\n";
  ending.summary += engine_output_lines();
  if (config_.settings.ponder)
    ending.summary += "Ponder: " + std::to_string(ponder_hits_) + " of " + std::to_string(moves_this_session_) +
                      " moves this session came from a ponder hit\n";
  ending.done = done_count_;
  ending.total = total_games_;
  ending.discarded = discarded_;
  ending.left_out = after_decision_ + held_back_;
  std::string stored = ending.summary, status = "finished";
  MatchStatus result;
  if (seen_stop_ == StopRequest::NONE && !unstarted_.empty()) {
    ending.kind = RunEnding::INCOMPLETE;
    const std::string why =
        " could not be (their engines did not start, or the runner failed them; the last: " + unstarted_.back().why + ")";
    ending.unplayed = positions_.active()
                          // The games are kept in order: the run stopped at the first that could not be played.
                          ? "game " + std::to_string(unstarted_.front().game_index + 1) +
                                (unstarted_.size() > 1 ? " and " + plural(int(unstarted_.size()) - 1, "other") : "") + why +
                                "; a run sized by positions keeps its games in order, so it stopped there"
                          : std::to_string(total_games_ - done_count_) + " of " + std::to_string(total_games_) +
                                " games were not played: " + std::to_string(unstarted_.size()) + why;
    stored += ending.unplayed + "\n";
    status = "stopped";
    result = {MatchStatus::INCOMPLETE, ending.unplayed};
  } else if (seen_stop_ != StopRequest::NONE) {
    ending.kind = RunEnding::INTERRUPTED;
    status = "stopped";
    result = {MatchStatus::INTERRUPTED, ""};
  } else {
    ending.cpu_line = cpu_line();
  }
  if (auto updated = db_.update_run(run_id_, status, stored); !updated) {
    end_events("failed");
    return {MatchStatus::FAILED, updated.error()};
  }
  output_->ended(out, tally_, ending);
  end_events(ending.kind == RunEnding::FINISHED ? "finished" : ending.kind == RunEnding::INTERRUPTED ? "interrupted" : "incomplete");
  return result;
}

std::string MatchRunner::positions_line() const {
  if (!positions_.active()) return "";
  std::string line = "Positions: " + std::to_string(positions_.positions()) + " scored positions in the first " +
                     plural(positions_.kept_games(), "game");
  if (!positions_.reached() && done_count_ == total_games_)
    line += "; the target of " + std::to_string(positions_.target()) + " was not reached in the most games, " +
            std::to_string(total_games_);
  return line + "\n";
}

std::string MatchRunner::cpu_line() const {
  const double cpu = cpu_times().self;
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  char line[160];
  std::snprintf(line, sizeof line, "Harness: %d games in %.1f s (%.1f games/min), harness CPU %.2f s\n", played_this_session_,
                wall, wall > 0 ? played_this_session_ * 60.0 / wall : 0.0, cpu);
  return line;
}

void MatchRunner::stop_on_request(std::ostream& out) {
  seen_stop_ = stop_requested();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  output_->stopping(out, seen_stop_);
}

std::string MatchRunner::engine_output_lines() const {
  std::string lines;
  for (std::size_t i = 0; i < config_.engines.size(); ++i) {
    if (pv_mismatches_[i] > 0)
      lines += "Warning: " + config_.engines[i].name + " played a move other than its PV's first " +
               std::to_string(pv_mismatches_[i]) + " times (its reported score and depth belong to another move)\n";
    std::string faults;
    for (int f = 0; f < PV_FAULTS; ++f)
      if (const int n = pv_faults_[i][std::size_t(f)]; n > 0)
        faults += (faults.empty() ? "" : ", ") + std::to_string(n) + " with " + pv_fault_name(PvFault(f));
    if (!faults.empty()) lines += "Warning: " + config_.engines[i].name + "'s info lines: " + faults + "\n";
    if (mate_sign_mismatches_[i] > 0)
      lines += "Warning: " + config_.engines[i].name + " gave a mate score of its opponent's sign, right after it, " +
               plural(mate_sign_mismatches_[i], "time") + "\n";
  }
  return lines;
}

chess::Result<bool> MatchRunner::record(GameRecord& g, std::ostream& out) {
  // The run's result is the tally its SPRT decided on, as fastchess's and the cluster's merge
  // are: a game still being played at the decision is not stored when it ends.
  if (decided()) {
    ++after_decision_;
    return true;
  }
  const GameSpec spec = schedule_.at(g.game_index);
  if (!config_.datagen || !config_.pgn_path.empty())  // a datagen game keeps no PGN unless a file asks for it
    g.pgn = to_pgn(g, {config_.event, "?", std::to_string(g.game_index + 1), config_.pgn_comments, config_.settings.variant});
  const auto moves = config_.datagen ? RunStore::MovesStored::PACKED : RunStore::MovesStored::ROWS;
  const std::string end_line = run_events_ ? run_events_->game_end_line(g) : std::string();  // owed until written
  const auto game_id =
      db_.save_game(run_id_, g, engine_ids_[std::size_t(spec.white)], engine_ids_[std::size_t(spec.black)], moves, end_line);
  CHESS_RETURN_IF_ERROR(game_id);
  if (!config_.pgn_path.empty() && !(std::ofstream(config_.pgn_path, std::ios::app) << g.pgn << std::flush) &&
      pgn_error_.empty()) {
    // The game is stored; the file is not what was asked for: the games in progress end, and the run stops.
    pgn_error_ = "--pgn " + config_.pgn_path + ": cannot write the game's PGN (" + std::strerror(errno) + ")";
    request_stop(StopRequest::FINISH_GAMES);
  }
  if (positions_.active()) count_positions(g);
  const std::string result(chess::result_string(g.result));
  tally_.add(g.game_index, result);
  ++played_this_session_;
  const std::array<int, 2> mismatches = pv_mismatches_by_colour(g);
  pv_mismatches_[std::size_t(spec.white)] += mismatches[0];
  pv_mismatches_[std::size_t(spec.black)] += mismatches[1];
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    for (const PvWarning& w : g.moves[i].pv_warnings)
      ++pv_faults_[std::size_t(mover(g, i) == chess::WHITE ? spec.white : spec.black)][std::size_t(w.fault)];
  for (const MateSignMismatch& m : mate_sign_mismatches(g))
    ++mate_sign_mismatches_[std::size_t(mover(g, m.move) == chess::WHITE ? spec.white : spec.black)];
  ponder_hits_ += g.ponder_hits;
  moves_this_session_ += int(g.moves.size());

  const Tally t = match_tally();
  RunProgress progress;
  progress.done = ++done_count_;
  progress.total = total_games_;
  progress.played_this_session = played_this_session_;
  progress.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  progress.positions = positions_.positions();
  progress.positions_target = positions_.target();
  output_->game_stored(out, g, tally_, progress);
  CHESS_RETURN_IF_ERROR(stored_game_events(g, *game_id, end_line, t));
  if (!out) request_stop(StopRequest::FINISH_GAMES);  // the output is gone (a closed pipe): stop, resumable

  if (auto updated = db_.update_run(run_id_, "running", tally_.summary()); !updated) return updated;
  if (stops_on_sprt()) {
    SprtDecision d = sprt_decision(sprt_llr(t, *config_.sprt), *config_.sprt);
    if (d != SprtDecision::CONTINUE) {
      std::lock_guard<std::mutex> lock(mutex_);
      // Recorded even when the run was already stopping (an interrupt that finishes the games
      // in progress): the games after the decision are left out all the same.
      if (sprt_decided_ == SprtDecision::CONTINUE) {
        sprt_decided_ = d;
        if (!stopping_) stop_reason_ = d == SprtDecision::ACCEPT_H1 ? "SPRT: H1 was accepted" : "SPRT: H0 was accepted";
      }
      stopping_ = true;
    }
  }
  return true;
}

}  // namespace harness
