#include "weights_match.h"

#include <filesystem>
#include <fstream>
#include <ostream>

#include "match/match_runner.h"

namespace tuner {

namespace fs = std::filesystem;

chess::Result<WeightsMatcher> WeightsMatcher::create(const FitnessSettings& fitness, const std::string& source,
                                                     harness::Database& db) {
  auto registry = harness::EngineRegistry::load(fitness.registry);
  if (!registry) return chess::Error{registry.error()};
  WeightsMatcher m(fitness, db);
  auto engine = registry->find(fitness.engine);
  if (!engine) return chess::Error{source + ": fitness: 'engine': " + engine.error()};
  if (engine->protocol != harness::Protocol::UCI)
    return chess::Error{source + ": fitness: 'engine': '" + fitness.engine + "' must speak UCI to take an EvalFile option"};
  m.engine_ = *engine;
  if (fitness.opponent != "start") {
    auto opponent = registry->find(fitness.opponent);
    if (!opponent) return chess::Error{source + ": fitness: 'opponent' (\"start\" or a registry engine): " + opponent.error()};
    m.registry_opponent_ = *opponent;
  }
  auto book = harness::read_opening_book(fitness.openings, 0);
  if (!book) return chess::Error{source + ": fitness: 'openings': " + book.error()};
  return m;
}

chess::Result<bool> WeightsMatcher::set_run(std::int64_t tuner_run) {
  weights_dir_ = (fs::absolute(db_->path()).parent_path() / "tuner-weights" / ("run" + std::to_string(tuner_run))).string();
  std::error_code ec;
  fs::create_directories(weights_dir_, ec);
  if (ec) return chess::Error{"cannot create " + weights_dir_ + ": " + ec.message()};
  return true;
}

harness::EngineConfig WeightsMatcher::with_weights(const eval::EvalParams& weights, const std::string& label) const {
  std::string path = (fs::path(weights_dir_) / (label + ".json")).string();
  std::ofstream(path) << eval::params_to_json(weights);
  harness::EngineConfig e = engine_;
  e.name = label;
  e.options.emplace_back("EvalFile", path);
  return e;
}

harness::EngineConfig WeightsMatcher::opponent(const eval::EvalParams& start) const {
  return fitness_.opponent == "start" ? with_weights(start, "start") : registry_opponent_;
}

void WeightsMatcher::forget(const harness::EngineConfig& engine) const {
  for (const auto& [name, value] : engine.options)
    if (name == "EvalFile" && fs::path(value).parent_path() == fs::path(weights_dir_)) {
      std::error_code ec;
      fs::remove(value, ec);
    }
}

chess::Result<MatchOutcome> WeightsMatcher::play(const MatchRequest& request, std::ostream& out) const {
  harness::MatchConfig c;
  c.kind = request.kind;
  c.engines = request.engines;
  if (request.kind == harness::TournamentKind::MATCH)
    c.games = request.games;
  else
    c.rounds = request.games;
  auto tc = harness::parse_time_control(request.tc);
  if (!tc) return chess::Error{"time control '" + request.tc + "': " + tc.error()};
  c.settings.tc = *tc;
  c.openings_path = fitness_.openings;
  c.order = harness::OpeningOrder::RANDOM;
  c.seed = request.seed;
  c.concurrency = request.concurrency;
  c.event = request.event;
  std::int64_t run_id = db_->create_run(request.kind == harness::TournamentKind::MATCH ? "match" : "tournament", c.to_json());
  harness::MatchRunner runner(c, *db_, run_id);
  harness::MatchStatus status = runner.run(out);
  if (status.kind == harness::MatchStatus::FAILED) {
    db_->update_run(run_id, "failed", status.error + "\n");
    return chess::Error{status.error};
  }
  if (status.kind == harness::MatchStatus::INTERRUPTED) return chess::Error{"interrupted"};
  MatchOutcome outcome;
  outcome.run_id = run_id;
  for (std::size_t i = 0; i < c.engines.size(); ++i) outcome.tallies.push_back(runner.engine_tally(i));
  outcome.first = runner.match_tally();
  return outcome;
}

}  // namespace tuner
