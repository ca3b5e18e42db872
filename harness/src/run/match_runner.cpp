#include "run/match_runner.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <set>
#include <thread>

#include "game/game_runner.h"
#include "players/make_player.h"
#include "process/cpu_affinity.h"
#include "process/process_identity.h"
#include "text/words.h"

namespace harness {

MatchRunner::MatchRunner(MatchConfig config, RunInputs inputs, Database& db, std::int64_t run_id, LiveOutput* output)
    : config_(std::move(config)),
      db_(db),
      run_id_(run_id),
      recorder_(config_, db, run_id, output),
      book_(std::move(inputs.book)),
      schedule_(config_),
      positions_(config_.positions) {
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
    if (done_.insert(g.game_index).second) recorder_.count_stored(g.game_index, g.result);
  }
  pending_count_ = total_games_;
  for (int g : done_)
    if (schedule_.next_in_shard(g, config_.shard) == g) --pending_count_;
  CHESS_RETURN_IF_ERROR(recorder_.start(out, total_games_));
  if (stops_on_sprt() && sprt_decision(sprt_llr(match_tally(), *config_.sprt), *config_.sprt) != SprtDecision::CONTINUE)
    pending_count_ = 0;
  return plan_positions();
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
      recorder_.unplayed(out, u.game_index, u.why);
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
  recorder_.begin_games();
  const int slots = pending_count_ == 0 ? 0 : std::max(1, std::min<int>(config_.concurrency, pending_count_));
  std::vector<std::thread> workers;
  for (int s = 0; s < slots; ++s) workers.emplace_back([this, s] { worker(s); });
  collect(out, slots);
  for (std::thread& t : workers) t.join();
  held_back_ = positions_.give_up_held();
  const std::string& resume = recorder_.resume();
  const int done = recorder_.done();
  if (!params_error_.empty()) {
    recorder_.failed(session_end());
    return {MatchStatus::FAILED, params_error_ + "; the " + std::to_string(done) + " games stored are intact" +
                                     (resume.empty() ? std::string() : ": mend the file and continue with '" + resume + "'")};
  }
  if (!storage_error_.empty()) {
    recorder_.failed(session_end());
    return {MatchStatus::FAILED, storage_error_ + "; the " + std::to_string(done) +
                                     " games stored before are intact: make room" +
                                     (resume.empty() ? std::string() : " and continue with '" + resume + "'")};
  }
  const MatchStatus status = recorder_.end(out, session_end());
  if (!recorder_.pgn_error().empty())
    return {MatchStatus::FAILED, recorder_.pgn_error() + "; the " + std::to_string(done) +
                                     " games played are in the database ('harness pgn " + std::to_string(run_id_) +
                                     "' writes them)" + (resume.empty() ? std::string() : ": continue with '" + resume + "'")};
  return status;
}

SessionEnd MatchRunner::session_end() const {
  SessionEnd session;
  session.stop_reason = stop_reason_;
  session.sprt = sprt_decided_;
  session.notes = positions_line();
  if (after_decision_ > 0)
    session.notes +=
        plural(after_decision_, "game") + (positions_.reached() ? " played past the positions target: not kept\n"
                                                                : " in progress at the decision ended after it: not counted\n");
  if (held_back_ > 0)
    session.notes += plural(held_back_, "game") + " finished ahead of a game that was not: not kept, resume plays them\n";
  session.discarded = discarded_;
  session.left_out = after_decision_ + held_back_;
  if (seen_stop_ == StopRequest::NONE && !unstarted_.empty()) {
    session.kind = RunEnding::INCOMPLETE;
    session.unplayed = unplayed_text();
  } else if (seen_stop_ != StopRequest::NONE) {
    session.kind = RunEnding::INTERRUPTED;
  }
  return session;
}

std::string MatchRunner::unplayed_text() const {
  const std::string why =
      " could not be (their engines did not start, or the runner failed them; the last: " + unstarted_.back().why + ")";
  if (positions_.active())  // the games are kept in order: the run stopped at the first that could not be played
    return "game " + std::to_string(unstarted_.front().game_index + 1) +
           (unstarted_.size() > 1 ? " and " + plural(int(unstarted_.size()) - 1, "other") : "") + why +
           "; a run sized by positions keeps its games in order, so it stopped there";
  return std::to_string(total_games_ - recorder_.done()) + " of " + std::to_string(total_games_) +
         " games were not played: " + std::to_string(unstarted_.size()) + why;
}

std::string MatchRunner::positions_line() const {
  if (!positions_.active()) return "";
  std::string line = "Positions: " + std::to_string(positions_.positions()) + " scored positions in the first " +
                     plural(positions_.kept_games(), "game");
  if (!positions_.reached() && recorder_.done() == total_games_)
    line += "; the target of " + std::to_string(positions_.target()) + " was not reached in the most games, " +
            std::to_string(total_games_);
  return line + "\n";
}

void MatchRunner::stop_on_request(std::ostream& out) {
  seen_stop_ = stop_requested();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  recorder_.stopping(out, seen_stop_);
}

chess::Result<bool> MatchRunner::record(GameRecord& g, std::ostream& out) {
  // The run's result is the tally its SPRT decided on, as fastchess's and the cluster's merge
  // are: a game still being played at the decision is not stored when it ends.
  if (decided()) {
    ++after_decision_;
    return true;
  }
  const GameSpec spec = schedule_.at(g.game_index);
  auto kept = recorder_.keep(g, spec);
  CHESS_RETURN_IF_ERROR(kept);
  if (positions_.active()) count_positions(g);
  CHESS_RETURN_IF_ERROR(recorder_.count(g, spec, *kept, positions_, out));
  decide_sprt();
  return true;
}

void MatchRunner::decide_sprt() {
  if (stops_on_sprt()) {
    SprtDecision d = sprt_decision(sprt_llr(match_tally(), *config_.sprt), *config_.sprt);
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
}

void MatchRunner::events_to(EventStream& stream) { recorder_.events_to(stream); }

void MatchRunner::started(const GameSpec& spec, std::ostream& out) {
  recorder_.started(out, spec, opening_for_pair(book_, opening_order_, spec.opening + config_.opening_offset));
}

}  // namespace harness
