// TunedEngines: the tuned engine set up with tuned values (evaluation weights through a weights
// file it loads with EvalFile, or UCI options through "setoption"), its fitness opponent, and
// the matches between them played through the harness's one door into a run (launch/run_door.h),
// the same code as `harness match`, so every game is stored in the harness's run, game and move
// tables.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cluster/cluster_runner.h"
#include "engines/engine_config.h"
#include "eval/params.h"
#include "events/event_stream.h"
#include "run/match_config.h"
#include "space/tuned_weights.h"
#include "space/tuner_config.h"
#include "stats/tally.h"
#include "storage/tuner_database.h"

namespace tuner {

struct MatchRequest {
  std::vector<harness::EngineConfig> engines;
  harness::TournamentKind kind = harness::TournamentKind::MATCH;
  int games = 2;  // matches: games; tournaments: rounds
  std::string tc;
  int concurrency = 1;
  std::uint64_t seed = 1;  // the opening order
  std::string event;
  bool opening_per_round = false;
  std::optional<harness::SprtConfig> sprt{};  // matches: stop on its decision
};

struct MatchOutcome {
  std::int64_t run_id = 0;
  std::vector<harness::Tally> tallies;  // each engine against the others
  harness::Tally first;                 // matches: the first engine's tally with pentanomial pairs
};

// Finds an engine by registry name or reads an engine specification ("name=X cmd=...").
chess::Result<harness::EngineConfig> find_engine(const std::string& name_or_spec, const std::string& registry_path);

class TunedEngines {
 public:
  // Finds the tuned engine (and an opponent other than "start"); errors name the key. The
  // config must outlive this object.
  static chess::Result<TunedEngines> create(const TunerConfig& config, const eval::EvalParams& start_weights,
                                            const std::string& source, TunerDatabase& db);
  // Weight files go to a folder of the tuner run's own next to the database.
  chess::Result<bool> set_run(std::int64_t tuner_run);
  // Each match also tells `stream` (which must outlive this object) its events.
  void events_to(harness::EventStream* stream) { events_ = stream; }

  // The tuned engine set up with `values`, named `label`.
  harness::EngineConfig with_values(const Values& values, const std::string& label) const;
  // The fitness opponent: the engine with the start values, or the configured engine.
  harness::EngineConfig opponent(const Values& start) const;
  // Plays the match or tournament as a harness run; `out` gets the harness's result block.
  chess::Result<MatchOutcome> play(const MatchRequest& request, std::ostream& out) const;
  // Removes the weight files written for engines that are no longer needed.
  void forget(const harness::EngineConfig& engine) const;

  const FitnessSettings& settings() const { return config_->fitness; }
  const harness::EngineConfig& engine() const { return engine_; }

 private:
  TunedEngines(const TunerConfig& config, const eval::EvalParams& start_weights, TunerDatabase& db)
      : config_(&config), start_weights_(start_weights), db_(&db) {}
  chess::Result<std::int64_t> unfinished_cluster_run(const harness::MatchConfig& c) const;
  harness::ClusterSettings cluster_settings(const harness::MatchConfig& c, std::int64_t run_id) const;
  const TunerConfig* config_;
  eval::EvalParams start_weights_;
  TunerDatabase* db_;
  harness::EventStream* events_ = nullptr;
  harness::EngineConfig engine_;
  std::shared_ptr<const harness::OpeningBook> book_;   // fitness.openings, read once
  chess::Variant variant_ = chess::Variant::STANDARD;  // fischerandom when the book has Chess960 castling
  harness::EngineConfig registry_opponent_;
  std::string weights_dir_;
};

}  // namespace tuner
