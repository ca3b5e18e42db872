// The event stream's side (--events): a game's game_end line is stored with the game, in its
// transaction, and forgotten once written: a session killed between the two, or whose reader
// was given up, leaves it owed, and the next session of the run writes it right after its
// run_start. So every stored game has its game_end in the run's stream once.
#include "run/game_recorder.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>

#include "pgn/pgn_writer.h"
#include "process/cpu_times.h"
#include "process/stop_request.h"

namespace harness {

GameRecorder::GameRecorder(const MatchConfig& config, Database& db, std::int64_t run_id, LiveOutput* output)
    : config_(config),
      db_(db),
      run_id_(run_id),
      output_(output ? output : &harness_output_),
      resume_(resume_command(run_id, db.path())),
      tally_(config),
      engine_counts_(config.engines.size()) {}

void GameRecorder::events_to(EventStream& stream) { run_events_ = std::make_unique<RunEvents>(stream, run_id_, config_.paired); }

void GameRecorder::count_stored(int game_index, const std::string& result) {
  tally_.add(game_index, result);
  ++done_count_;
}

chess::Result<bool> GameRecorder::start(std::ostream& out, int total) {
  total_games_ = total;
  if (done_count_ > 0) output_->resuming(out, run_id_, done_count_, total_games_);
  if (run_events_) {
    RunStartInfo info{run_id_, config_.run_kind(), db_.path(), {}, total_games_, done_count_, config_.concurrency,
                      config_.to_json()};
    for (const EngineConfig& e : config_.engines) info.engines.push_back(e.name);
    run_events_->run_started(info);
  }
  CHESS_RETURN_IF_ERROR(write_owed_events());
  for (const EngineConfig& e : config_.engines) {
    auto id = db_.engine_id(e);
    CHESS_RETURN_IF_ERROR(id);
    engine_ids_.push_back(*id);
  }
  return true;
}

void GameRecorder::started(std::ostream& out, const GameSpec& spec, const Opening& opening) {
  if (output_->wants_starts()) output_->game_started(out, spec, total_games_);
  if (!run_events_) return;
  run_events_->game_started(spec.game_index, spec.pair_index, config_.engines[std::size_t(spec.white)].name,
                            config_.engines[std::size_t(spec.black)].name, opening);
}

void GameRecorder::unplayed(std::ostream& out, int game_index, const std::string& why) {
  output_->game_unplayed(out, resume_, game_index, why);
  if (run_events_) run_events_->game_unplayed(game_index, why);
}

chess::Result<GameRecorder::Kept> GameRecorder::keep(GameRecord& g, const GameSpec& spec) {
  if (!config_.datagen || !config_.pgn_path.empty())  // a datagen game keeps no PGN unless a file asks for it
    g.pgn = to_pgn(g, {config_.event, "?", std::to_string(g.game_index + 1), config_.pgn_comments, config_.settings.variant});
  const auto moves = config_.datagen ? RunStore::MovesStored::PACKED : RunStore::MovesStored::ROWS;
  Kept kept;
  kept.end_line = run_events_ ? run_events_->game_end_line(g) : std::string();
  auto game_id =
      db_.save_game(run_id_, g, engine_ids_[std::size_t(spec.white)], engine_ids_[std::size_t(spec.black)], moves, kept.end_line);
  CHESS_RETURN_IF_ERROR(game_id);
  kept.game_id = *game_id;
  if (!config_.pgn_path.empty() && !(std::ofstream(config_.pgn_path, std::ios::app) << g.pgn << std::flush) &&
      pgn_error_.empty()) {
    // The game is stored; the file is not what was asked for: the games in progress end, and the run stops.
    pgn_error_ = "--pgn " + config_.pgn_path + ": cannot write the game's PGN (" + std::strerror(errno) + ")";
    request_stop(StopRequest::FINISH_GAMES);
  }
  return kept;
}

chess::Result<bool> GameRecorder::count(const GameRecord& g, const GameSpec& spec, const Kept& kept,
                                        const PositionsTarget& positions, std::ostream& out) {
  tally_.add(g.game_index, std::string(chess::result_string(g.result)));
  ++played_this_session_;
  engine_counts_.add(g, spec);
  const Tally t = match_tally();
  RunProgress progress;
  progress.done = ++done_count_;
  progress.total = total_games_;
  progress.played_this_session = played_this_session_;
  progress.elapsed_seconds = elapsed_seconds();
  progress.positions = positions.positions();
  progress.positions_target = positions.target();
  output_->game_stored(out, g, tally_, progress);
  CHESS_RETURN_IF_ERROR(stored_game_events(g, kept, t));
  if (!out) request_stop(StopRequest::FINISH_GAMES);  // the output is gone (a closed pipe): stop, resumable
  return db_.update_run(run_id_, RunStatus::RUNNING, tally_.summary());
}

MatchStatus GameRecorder::end(std::ostream& out, const SessionEnd& session) {
  RunEnding ending;
  ending.kind = session.kind;
  ending.run_id = run_id_;
  ending.resume = resume_;
  ending.summary = tally_.summary();
  ending.stop_reason = session.stop_reason;
  ending.sprt = session.sprt;
  if (!session.stop_reason.empty()) ending.summary += session.stop_reason + "\n";
  ending.summary += session.notes + engine_counts_.warning_lines(config_.engines);
  if (config_.settings.ponder) ending.summary += engine_counts_.ponder_line();
  ending.done = done_count_;
  ending.total = total_games_;
  ending.discarded = session.discarded;
  ending.left_out = session.left_out;
  std::string stored = ending.summary;
  MatchStatus result;
  if (session.kind == RunEnding::INCOMPLETE) {
    ending.unplayed = session.unplayed;
    stored += ending.unplayed + "\n";
    result = {MatchStatus::INCOMPLETE, ending.unplayed};
  } else if (session.kind == RunEnding::INTERRUPTED) {
    result = {MatchStatus::INTERRUPTED, ""};
  } else {
    ending.cpu_line = cpu_line();
  }
  if (auto updated = db_.update_run(run_id_, stored_status(session.kind), stored); !updated) {
    failed(session);
    return {MatchStatus::FAILED, updated.error()};
  }
  output_->ended(out, tally_, ending);
  end_event(end_status(session.kind), session);
  return result;
}

void GameRecorder::end_event(RunEndStatus status, const SessionEnd& session) {
  if (!run_events_) return;
  RunEndInfo info;
  info.status = status;
  info.done = done_count_;
  info.total = total_games_;
  info.discarded = session.discarded;
  info.left_out = session.left_out;
  info.stop_reason = session.stop_reason;
  info.resume = status == RunEndStatus::FINISHED ? "" : resume_;
  const Tally t = match_tally();
  run_events_->run_ended(info, config_.kind == TournamentKind::MATCH ? &t : nullptr);
}

chess::Result<bool> GameRecorder::write_owed_events() {
  if (!run_events_) return true;  // kept for a session that has a stream
  auto written = db_.write_owed_events(run_id_, [&](const std::string& line) { return run_events_->owed_game_end(line); });
  CHESS_RETURN_IF_ERROR(written);
  return true;
}

chess::Result<bool> GameRecorder::stored_game_events(const GameRecord& g, const Kept& kept, const Tally& match) {
  if (!run_events_) return true;
  const bool in_match = config_.kind == TournamentKind::MATCH;
  if (!run_events_->game_stored(g, kept.end_line, in_match ? &match : nullptr, in_match ? config_.sprt : std::nullopt))
    return true;  // still owed: the stream was given up
  return db_.event_written(kept.game_id);
}

double GameRecorder::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

std::string GameRecorder::cpu_line() const {
  const double cpu = cpu_times().self;
  const double wall = elapsed_seconds();
  char line[160];
  std::snprintf(line, sizeof line, "Harness: %d games in %.1f s (%.1f games/min), harness CPU %.2f s\n", played_this_session_,
                wall, wall > 0 ? played_this_session_ * 60.0 / wall : 0.0, cpu);
  return line;
}

}  // namespace harness
