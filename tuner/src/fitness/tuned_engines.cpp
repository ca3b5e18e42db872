#include "fitness/tuned_engines.h"

#include <filesystem>
#include <fstream>
#include <ostream>

#include "process/executable_path.h"
#include "launch/run_door.h"

namespace tuner {

namespace fs = std::filesystem;

chess::Result<harness::EngineConfig> find_engine(const std::string& name_or_spec, const std::string& registry_path) {
  if (name_or_spec.find('=') != std::string::npos) return harness::parse_engine_spec(name_or_spec);
  auto registry = harness::EngineRegistry::load(registry_path);
  CHESS_RETURN_IF_ERROR(registry);
  return registry->find(name_or_spec);
}

chess::Result<TunedEngines> TunedEngines::create(const TunerConfig& config, const eval::EvalParams& start_weights,
                                                 const std::string& source, TunerDatabase& db) {
  const FitnessSettings& fitness = config.fitness;
  TunedEngines m(config, start_weights, db);
  auto engine = find_engine(fitness.engine, fitness.registry);
  if (!engine) return chess::Error{source + ": fitness: 'engine': " + engine.error()};
  if (engine->protocol != harness::Protocol::UCI)
    return chess::Error{source + ": fitness: 'engine': '" + fitness.engine +
                        "' must speak UCI to take tuned values by setoption"};
  m.engine_ = *engine;
  if (fitness.opponent != "start") {
    auto opponent = find_engine(fitness.opponent, fitness.registry);
    if (!opponent) return chess::Error{source + ": fitness: 'opponent' (\"start\" or an engine): " + opponent.error()};
    m.registry_opponent_ = *opponent;
  }
  auto book = harness::read_opening_book(fitness.openings, 0);
  if (!book) return chess::Error{source + ": fitness: 'openings': " + book.error()};
  // A book with Chess960 castling is played as Chess960, as harness match does.
  if (harness::first_chess960_opening(*book)) m.variant_ = chess::Variant::FISCHERANDOM;
  m.book_ = std::make_shared<const harness::OpeningBook>(std::move(book).value());
  return m;
}

chess::Result<bool> TunedEngines::set_run(std::int64_t tuner_run) {
  weights_dir_ = (fs::absolute(db_->path()).parent_path() / "tuner-weights" / ("run" + std::to_string(tuner_run))).string();
  std::error_code ec;
  fs::create_directories(weights_dir_, ec);
  if (ec) return chess::Error{"cannot create " + weights_dir_ + ": " + ec.message()};
  return true;
}

harness::EngineConfig TunedEngines::with_values(const Values& values, const std::string& label) const {
  harness::EngineConfig e = engine_;
  e.name = label;
  if (config_->tunes_options()) {
    for (const auto& [name, value] : option_settings(*config_, values)) e.set_option(name, value);
    return e;
  }
  std::string path = (fs::path(weights_dir_) / (label + ".json")).string();
  std::ofstream(path) << eval::params_to_json(tuner::with_values(*config_, start_weights_, values));
  e.set_option("EvalFile", path);
  return e;
}

harness::EngineConfig TunedEngines::opponent(const Values& start) const {
  return settings().opponent == "start" ? with_values(start, "start") : registry_opponent_;
}

void TunedEngines::forget(const harness::EngineConfig& engine) const {
  const std::string* file = engine.option("EvalFile");
  if (file && fs::path(*file).parent_path() == fs::path(weights_dir_)) {
    std::error_code ec;
    fs::remove(*file, ec);
  }
}

chess::Result<std::int64_t> TunedEngines::unfinished_cluster_run(const harness::MatchConfig& c) const {
  // A tuner killed while a generation's array ran finds that generation's run again (the same
  // individuals, openings and shards) and goes on with it instead of playing it anew.
  // Only a run that went to the cluster: one played here (a resume without the cluster) is not it.
  return harness::find_run(*db_, c, harness::StoredRuns::UNFINISHED, [&](const harness::RunRow& run) {
    auto job = db_->cluster_job(run.id);
    return job && *job;
  });
}

harness::ClusterSettings TunedEngines::cluster_settings(const harness::MatchConfig& c, std::int64_t run_id) const {
  const FitnessSettings::Cluster& k = settings().cluster;
  const fs::path base = k.dir.empty() ? fs::absolute(db_->path()).parent_path() / "cluster" : fs::absolute(k.dir);
  const int pairs = harness::Schedule(c).size() / 2;
  return {(base / ("run-" + std::to_string(run_id))).string(),
          std::max(1, std::min(k.shards, pairs)),
          k.partition,
          k.sbatch_args,
          harness::sibling_program("harness"),
          1000};
}

chess::Result<MatchOutcome> TunedEngines::play(const MatchRequest& request, std::ostream& out) const {
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
  c.settings.variant = variant_;
  c.sprt = request.sprt;
  c.openings_path = settings().openings;
  c.order = harness::OpeningOrder::RANDOM;
  c.opening_per_round = request.opening_per_round;
  c.seed = request.seed;
  c.concurrency = request.concurrency;
  c.event = request.event;
  if (harness::SettingProblems problems = c.validate(); !problems.empty())
    return chess::Error{"tuner match: " + problems.describe(harness::json_key_spelling)};
  const bool on_cluster = settings().cluster.shards > 0;
  // An EPD or PGN book was read once, when the tuner started; a Polyglot book's lines are drawn
  // with each match's seed, as the runner of a stored match draws them. Locally the engines are
  // probed for each match (a generation's options are checked against what the engine
  // declares); on a cluster the tasks start them where they run.
  harness::PrepareOptions prepare;
  if (!harness::is_polyglot_book(c.openings_path)) prepare.book = book_;
  prepare.probe_engines = !on_cluster;
  auto inputs = harness::prepare_run(c, prepare);
  CHESS_RETURN_IF_ERROR(inputs);
  auto found = on_cluster ? unfinished_cluster_run(c) : chess::Result<std::int64_t>(0);
  CHESS_RETURN_IF_ERROR(found);
  std::int64_t run_id = *found;
  if (!run_id) {
    auto created = harness::create_run(*db_, c);
    CHESS_RETURN_IF_ERROR(created);
    run_id = *created;
  }
  harness::RunPlay how;
  if (on_cluster) how.cluster = cluster_settings(c, run_id);
  how.events = events_;
  harness::PlayedRun played = harness::play_run(c, std::move(*inputs), *db_, run_id, how, out);
  const harness::MatchStatus& status = played.status;
  if (status.kind == harness::MatchStatus::INTERRUPTED) return chess::Error{"interrupted"};
  if (status.kind != harness::MatchStatus::FINISHED) return chess::Error{status.error};
  MatchOutcome outcome;
  outcome.run_id = run_id;
  outcome.tallies = std::move(played.engines);
  outcome.first = played.match;
  return outcome;
}

}  // namespace tuner
