// MatchRunner's side of the event stream (--events): what each stage of a run tells it, and
// the game_end lines owed. A game's game_end line is stored with the game, in its transaction,
// and forgotten once written: a session killed between the two, or whose reader was given up,
// leaves it owed, and the next session of the run writes it right after its run_start. So
// every stored game has its game_end in the run's stream once.
#include "run/match_runner.h"

#include "openings/opening_book.h"

namespace harness {

void MatchRunner::events_to(EventStream& stream) {
  run_events_ = std::make_unique<RunEvents>(stream, run_id_, config_.paired);
}

void MatchRunner::started(const GameSpec& spec, std::ostream& out) {
  if (output_->wants_starts()) output_->game_started(out, spec, total_games_);
  if (!run_events_) return;
  const Opening& opening = opening_for_pair(book_, opening_order_, spec.opening + config_.opening_offset);
  run_events_->game_started(spec.game_index, spec.pair_index, config_.engines[std::size_t(spec.white)].name,
                            config_.engines[std::size_t(spec.black)].name, opening);
}

void MatchRunner::end_events(const std::string& status) {
  if (!run_events_) return;
  RunEndInfo info;
  info.status = status;
  info.done = done_count_;
  info.total = total_games_;
  info.discarded = discarded_;
  info.left_out = after_decision_ + held_back_;
  info.stop_reason = stop_reason_;
  info.resume = status == "finished" ? "" : resume_;
  const Tally t = match_tally();
  run_events_->run_ended(info, config_.kind == TournamentKind::MATCH ? &t : nullptr);
}

chess::Result<bool> MatchRunner::write_owed_events() {
  if (!run_events_) return true;  // kept for a session that has a stream
  auto written = db_.write_owed_events(run_id_, [&](const std::string& line) { return run_events_->owed_game_end(line); });
  CHESS_RETURN_IF_ERROR(written);
  return true;
}

chess::Result<bool> MatchRunner::stored_game_events(const GameRecord& g, std::int64_t game_id, const std::string& end_line,
                                                    const Tally& match) {
  if (!run_events_) return true;
  const bool in_match = config_.kind == TournamentKind::MATCH;
  if (!run_events_->game_stored(g, end_line, in_match ? &match : nullptr, in_match ? config_.sprt : std::nullopt))
    return true;  // still owed: the stream was given up
  return db_.event_written(game_id);
}

}  // namespace harness
