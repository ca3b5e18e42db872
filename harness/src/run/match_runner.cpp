#include "run/match_runner.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

#include "game/game_runner.h"
#include "game/pgn_writer.h"
#include "players/make_player.h"
#include "stats/elo.h"
#include "stats/report.h"

namespace harness {

namespace {

std::string clock_text(double seconds) {
  long s = long(seconds);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return buf;
}

// Per engine of the game (0: white, 1: black): the moves that were not the engine's PV's first.
std::array<int, 2> pv_mismatches_by_colour(const GameRecord& g) {
  auto start = chess::Position::from_fen(g.opening.fen);
  bool white_first = !start || start->side_to_move() == chess::WHITE;
  std::array<int, 2> counts{0, 0};
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    if (g.moves[i].pv_mismatch) ++counts[((g.opening.moves.size() + i) % 2 == 0) == white_first ? 0 : 1];
  return counts;
}

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

}  // namespace

int exit_status(const MatchStatus& status) {
  switch (status.kind) {
    case MatchStatus::INTERRUPTED: return 130;
    case MatchStatus::INCOMPLETE: return 3;
    default: return 0;
  }
}

MatchRunner::MatchRunner(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id)
    : config_(std::move(config)),
      db_(db),
      run_id_(run_id),
      book_(std::move(inputs.book)),
      tally_(config_),
      pv_mismatches_(config_.engines.size(), 0) {
  config_.settings.tablebases = std::move(inputs.tablebases);
}

std::string MatchRunner::stderr_path(int slot, int engine) const {
  std::filesystem::path dir = std::filesystem::path(db_.path()).parent_path() / "stderr";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return (dir / ("run" + std::to_string(run_id_) + "-slot" + std::to_string(slot) + "-engine" + std::to_string(engine) + ".log"))
      .string();
}

chess::Result<bool> MatchRunner::plan(std::ostream& out) {
  opening_order_ = opening_order(book_.openings.size(), config_.order, config_.seed);
  schedule_ = make_schedule(config_);
  const std::vector<GameSpec> schedule = shard_games(schedule_, config_.shard);
  total_games_ = int(schedule.size());
  auto stored = db_.games(run_id_);
  if (!stored) return chess::Error{stored.error()};
  std::set<int> done;
  for (const StoredGame& g : *stored) {
    done.insert(g.game_index);
    tally_.add(g.game_index, g.result);
  }
  done_count_ = int(done.size());
  for (const GameSpec& s : schedule)
    if (!done.count(s.game_index)) pending_.push_back(s);
  if (!done.empty())
    out << "Resuming run " << run_id_ << ": " << done.size() << " of " << total_games_ << " games already played\n";
  if (stops_on_sprt() && sprt_decision(sprt_llr(match_tally(), *config_.sprt), *config_.sprt) != SprtDecision::CONTINUE)
    pending_.clear();
  for (const EngineConfig& e : config_.engines) {
    auto id = db_.engine_id(e);
    if (!id) return chess::Error{id.error()};
    engine_ids_.push_back(*id);
  }
  return true;
}

void MatchRunner::collect(std::ostream& out, int running_slots) {
  while (true) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait_for(lock, std::chrono::milliseconds(100), [&] { return !finished_.empty() || workers_done_ == running_slots; });
    while (reported_unstarted_ < unstarted_.size()) {
      const Unstarted u = unstarted_[reported_unstarted_++];
      lock.unlock();
      out << "Game " << u.game_index + 1 << " was not played: " << u.why << " (harness resume " << run_id_ << " plays it)\n"
          << std::flush;
      lock.lock();
    }
    while (!finished_.empty()) {
      GameRecord g = std::move(finished_.front());
      finished_.pop_front();
      lock.unlock();
      store(g, out);
      lock.lock();
    }
    if (stop_requested() != seen_stop_ && storage_error_.empty()) {
      lock.unlock();
      stop_on_request(out);
      lock.lock();
    }
    if (workers_done_ == running_slots && finished_.empty()) break;
  }
}

void MatchRunner::store(GameRecord& g, std::ostream& out) {
  if (!storage_error_.empty()) return;
  if (auto stored = record(g, out); !stored) {
    // A full disk or a broken file: every game stored so far stays (one transaction per game);
    // the others are dropped and played again on resume.
    storage_error_ = stored.error() + " while recording game " + std::to_string(g.game_index + 1);
    request_stop(StopRequest::ABORT);
  }
}

MatchStatus MatchRunner::run(std::ostream& out) {
  if (auto planned = plan(out); !planned) return {MatchStatus::FAILED, planned.error()};
  started_ = std::chrono::steady_clock::now();
  const int slots = pending_.empty() ? 0 : std::max(1, std::min<int>(config_.concurrency, int(pending_.size())));
  std::vector<std::thread> workers;
  for (int s = 0; s < slots; ++s) workers.emplace_back([this, s] { worker(s); });
  collect(out, slots);
  for (std::thread& t : workers) t.join();
  if (!storage_error_.empty())
    return {MatchStatus::FAILED, storage_error_ + "; the " + std::to_string(done_count_) +
                                     " games stored before are intact: make room and continue with 'harness resume " +
                                     std::to_string(run_id_) + "'"};
  return finish(out);
}

MatchStatus MatchRunner::finish(std::ostream& out) {
  if (isatty(STDOUT_FILENO)) out << "\n";
  std::string summary = tally_.summary();
  if (!stop_reason_.empty()) summary += stop_reason_ + "\n";
  summary += pv_mismatch_lines();
  if (config_.settings.ponder)
    summary += "Ponder: " + std::to_string(ponder_hits_) + " of " + std::to_string(moves_this_session_) +
               " moves this session came from a ponder hit\n";
  if (seen_stop_ == StopRequest::NONE && !unstarted_.empty()) {
    const std::string unplayed = std::to_string(total_games_ - done_count_) + " of " + std::to_string(total_games_) +
                                 " games were not played: an engine did not start for " + std::to_string(unstarted_.size()) +
                                 " of them (" + unstarted_.back().why + ")";
    if (auto updated = db_.update_run(run_id_, "stopped", summary + unplayed + "\n"); !updated)
      return {MatchStatus::FAILED, updated.error()};
    out << summary << unplayed << ". Resume with: harness resume " << run_id_ << std::endl;
    return {MatchStatus::INCOMPLETE, unplayed};
  }
  if (seen_stop_ != StopRequest::NONE) {
    if (auto updated = db_.update_run(run_id_, "stopped", summary); !updated) return {MatchStatus::FAILED, updated.error()};
    out << summary << "Interrupted: run " << run_id_ << " stopped with " << done_count_ << " of " << total_games_
        << " games stored";
    if (discarded_) out << " (" << discarded_ << " unfinished discarded)";
    out << ". Resume with: harness resume " << run_id_ << std::endl;
    return {MatchStatus::INTERRUPTED, ""};
  }
  if (auto updated = db_.update_run(run_id_, "finished", summary); !updated) return {MatchStatus::FAILED, updated.error()};
  out << summary << cpu_line() << std::flush;
  return {};
}

std::string MatchRunner::cpu_line() const {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  double cpu =
      double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
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
  if (isatty(STDOUT_FILENO)) out << "\n";
  if (seen_stop_ == StopRequest::FINISH_GAMES)
    out << "Stopping: finishing the games in progress (interrupt again to stop at once and discard them)" << std::endl;
  else
    out << "Stopping at once: the games in progress are discarded" << std::endl;
}

std::string MatchRunner::pv_mismatch_lines() const {
  std::string lines;
  for (std::size_t i = 0; i < config_.engines.size(); ++i)
    if (pv_mismatches_[i] > 0)
      lines += "Warning: " + config_.engines[i].name + " played a move other than its PV's first " +
               std::to_string(pv_mismatches_[i]) + " times (its reported score and depth belong to another move)\n";
  return lines;
}

std::chrono::milliseconds MatchRunner::patience() const {
  // Engines start slower when hundreds start at once on a few cores: the wait grows with the load.
  return std::chrono::milliseconds(10000 + 50 * std::int64_t(config_.concurrency));
}

chess::Result<Player*> MatchRunner::seat(std::vector<std::unique_ptr<Player>>& pool, int slot, int engine, const Player* other) {
  const EngineConfig& wanted = config_.engines[std::size_t(engine)];
  pool.erase(std::remove_if(pool.begin(), pool.end(), [&](const auto& p) { return p.get() != other && !p->alive(); }),
             pool.end());
  auto usable = [&](const auto& p) { return p.get() != other && same_program(p->config(), wanted); };
  // Prefer a process already set up exactly so, then one of the same program to reconfigure.
  for (auto& p : pool)
    if (usable(p) && p->config().options == wanted.options && p->reconfigure(wanted)) return p.get();
  for (auto& p : pool)
    if (usable(p) && p->reconfigure(wanted)) return p.get();
  auto player = make_player(wanted, stderr_path(slot, engine));
  player->set_patience(patience());
  if (auto started = player->start(); !started) {
    player->stop();
    return chess::Error{started.error()};
  }
  pool.push_back(std::move(player));
  return pool.back().get();
}

chess::Result<GameRecord> MatchRunner::play_scheduled(std::vector<std::unique_ptr<Player>>& pool, int slot,
                                                      const GameSpec& spec) {
  // An engine that does not start or get ready is not a loss: the game is tried again with
  // fresh processes, and left unplayed (for resume) if it still cannot start.
  constexpr int START_ATTEMPTS = 3;
  std::string why;
  for (int attempt = 0; attempt < START_ATTEMPTS && stop_requested() != StopRequest::ABORT; ++attempt) {
    auto white = seat(pool, slot, spec.white, nullptr);
    auto black = white ? seat(pool, slot, spec.black, *white) : chess::Result<Player*>(chess::Error{white.error()});
    if (!white || !black) {
      why = white ? black.error() : white.error();
      continue;
    }
    const Opening& opening = opening_for_pair(book_, opening_order_, spec.opening);
    auto game = play_game(**white, **black, opening, config_.settings);
    if (game) return game;
    why = game.error();
  }
  return chess::Error{why.empty() ? "stopped" : why};
}

void MatchRunner::worker(int slot) {
  // The slot's engine processes: an engine that differs from another only in its options (a
  // tuner's individuals) takes them by "setoption" between games instead of a restart.
  std::vector<std::unique_ptr<Player>> pool;
  while (true) {
    GameSpec spec;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_ || next_ >= pending_.size()) break;
      spec = pending_[next_++];
    }
    auto played = play_scheduled(pool, slot, spec);
    hand_in(spec, std::move(played));
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
    std::lock_guard<std::mutex> lock(mutex_);
    if (!played) {
      if (stop_requested() == StopRequest::ABORT)
        ++discarded_;
      else
        unstarted_.push_back({spec.game_index, played.error()});
      // Engines that keep failing to start will not start for the rest either: stop trying.
      if (++unstarted_in_a_row_ >= UNSTARTED_BEFORE_STOP) stopping_ = true;
    } else {
      unstarted_in_a_row_ = 0;
      GameRecord& g = played.value();
      g.game_index = spec.game_index;
      g.pair_index = spec.pair_index;
      if (g.result == chess::GameResult::ONGOING || lost_to_the_stop_signal(g))
        ++discarded_;  // stopped at once, or the stop's signal ended an engine: resume plays it again
      else
        finished_.push_back(std::move(g));
    }
  }
  changed_.notify_all();
}

chess::Result<bool> MatchRunner::record(GameRecord& g, std::ostream& out) {
  const GameSpec spec = schedule_.at(std::size_t(g.game_index));
  g.pgn = to_pgn(g, {config_.event, "?", std::to_string(g.game_index + 1), config_.pgn_comments, config_.settings.variant});
  if (auto saved = db_.save_game(run_id_, g, engine_ids_[std::size_t(spec.white)], engine_ids_[std::size_t(spec.black)]); !saved)
    return chess::Error{saved.error()};
  if (!config_.pgn_path.empty()) std::ofstream(config_.pgn_path, std::ios::app) << g.pgn;
  const std::string result(chess::result_string(g.result));
  tally_.add(g.game_index, result);
  ++played_this_session_;
  const std::array<int, 2> mismatches = pv_mismatches_by_colour(g);
  pv_mismatches_[std::size_t(spec.white)] += mismatches[0];
  pv_mismatches_[std::size_t(spec.black)] += mismatches[1];
  ponder_hits_ += g.ponder_hits;
  moves_this_session_ += int(g.moves.size());

  const Tally t = match_tally();
  const int done = ++done_count_;
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  double remaining = elapsed / played_this_session_ * double(total_games_ - done);
  std::string progress = tally_.progress(total_games_);
  progress += "  elapsed " + clock_text(elapsed) + " remaining " + clock_text(remaining);
  std::string line =
      "Game " + std::to_string(g.game_index + 1) + " " + g.white + " vs " + g.black + ": " + result + " (" + g.reason + ")";
  if (isatty(STDOUT_FILENO))
    out << "\r\033[K" << progress << std::flush;
  else
    out << line << " | " << progress << "\n" << std::flush;
  if (!out) request_stop(StopRequest::FINISH_GAMES);  // the output is gone (a closed pipe): stop, resumable

  if (auto updated = db_.update_run(run_id_, "running", tally_.summary()); !updated) return updated;
  if (stops_on_sprt()) {
    SprtDecision d = sprt_decision(sprt_llr(t, *config_.sprt), *config_.sprt);
    if (d != SprtDecision::CONTINUE) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!stopping_) stop_reason_ = d == SprtDecision::ACCEPT_H1 ? "SPRT: H1 was accepted" : "SPRT: H0 was accepted";
      stopping_ = true;
    }
  }
  return true;
}

}  // namespace harness
