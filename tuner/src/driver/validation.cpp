#include "driver/validation.h"

#include <cstdio>
#include <ostream>
#include <sstream>

#include "stats/elo.h"
#include "stats/results_block.h"
#include "text/words.h"

namespace tuner {

chess::Result<ValidationRow> validate(const TunedEngines& engines, const Values& tuned, const Values& start,
                                               const ValidationSettings& settings, int generation, const std::string& tuned_name,
                                               TunerDatabase& db, std::int64_t tuner_run, std::ostream& out) {
  harness::EngineConfig a = engines.with_values(tuned, tuned_name);
  harness::EngineConfig b = engines.with_values(start, "start");
  out << "Validation after " << harness::plural(generation, "generation") << ": " << a.name << " against " << b.name << ", "
      << harness::plural(settings.games, "game") << " at " << settings.tc << std::endl;
  // The same openings at every checkpoint, so that checkpoints compare like with like.
  MatchRequest request{
      {a, b}, harness::TournamentKind::MATCH, settings.games, settings.tc, settings.concurrency, 1, "Tuner validation"};
  std::ostringstream quiet;
  auto played = engines.play(request, quiet);
  CHESS_RETURN_IF_ERROR(played);
  harness::EloEstimate e = harness::estimate(played->first);
  ValidationRow row{generation, played->run_id, e.elo, e.elo_error};
  CHESS_RETURN_IF_ERROR(db.save_validation(tuner_run, row));
  out << harness::results_block(a.name + " vs " + b.name + " (harness run " + std::to_string(played->run_id) + ")", played->first,
                                std::nullopt);
  return row;
}

}  // namespace tuner
