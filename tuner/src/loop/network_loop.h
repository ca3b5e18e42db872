// The network loop: generation after generation, self-play with the current best network,
// the positions exported, the next network trained on them, and a gate match of the candidate
// against the current best that promotes it only when it passes (optionally a measure match
// against the first network beside it). Every step is a stored run, or a row of the loop's
// own; the loop resumes in the step it was in, with that step's run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "driver/network_training.h"
#include "events/event_stream.h"
#include "loop/loop_config.h"
#include "loop/loop_step.h"
#include "loop/step_detail.h"
#include "run/match_config.h"
#include "launch/run_door.h"
#include "run/run_inputs.h"
#include "storage/tuner_database.h"

namespace tuner {

struct LoopOutcome {
  bool interrupted = false;  // stopped on a request (or --stop-after-steps) after its last stored step
  std::string summary;       // the lineage, generation by generation
};

// Where the loop runs its games and its training: here (no shards), or on a Slurm cluster, each
// self-play and match as a job array of `shards` tasks and each training as one job.
struct LoopCluster {
  int shards = 0;
  std::string partition;
  std::string dir;  // the jobs' shared folder; "" for cluster/ beside the database
};

class NetworkLoop {
 public:
  NetworkLoop(const LoopConfig& config, TunerDatabase& db, std::int64_t loop_run, std::filesystem::path dir,
              std::ostream& out);
  // Steps done before the loop stops as if interrupted (-1: none); tests stop it at each step so.
  void stop_after_steps(int steps) { stop_after_steps_ = steps; }
  // Each finished step as a tuner_step event, and its games as events (null: none).
  void events_to(harness::EventStream* stream) { events_ = stream; }
  void on_cluster(LoopCluster cluster) { cluster_ = std::move(cluster); }
  chess::Result<LoopOutcome> run();

 private:
  // What a step's body reports: its detail (a struct of loop/step_detail.h as JSON), or nothing
  // when it was interrupted.
  using StepDetail = std::optional<nlohmann::json>;
  // A step's body: given the run the step started before (0: none), it calls `started` with the
  // run it creates, before it plays or trains it.
  using Started = std::function<chess::Result<bool>(std::int64_t)>;
  using StepBody = std::function<chess::Result<StepDetail>(std::int64_t resume_run, const Started& started)>;

  chess::Result<StepDetail> step(int generation, LoopStep name, const StepBody& body);
  chess::Result<bool> save(int generation, LoopStep name, std::int64_t run_id, StepState state, const nlohmann::json& detail);
  const StoredStep* stored(int generation, LoopStep name) const { return find_step(steps_, generation, name); }
  chess::Result<bool> generation(int g);
  chess::Result<StepDetail> run_step(int g, LoopStep name, std::int64_t resume_run, const Started& started);
  bool stopping() const;

  chess::Result<StepDetail> datagen(int g, std::int64_t resume_run, const Started& started);
  chess::Result<StepDetail> export_positions(int g);
  chess::Result<StepDetail> train(int g, std::int64_t resume_run, const Started& started);
  chess::Result<std::vector<std::string>> window_data(int g) const;
  // The training run, trained here or by a Slurm job; 0 when a stop was requested first.
  chess::Result<std::int64_t> train_here(const TrainingConfig& training, const NetworkFiles& files, std::int64_t resume_run,
                                         const Started& started);
  chess::Result<std::int64_t> train_on_cluster(int g, const std::string& text, const NetworkFiles& files,
                                               std::int64_t resume_run, const Started& started);
  chess::Result<std::optional<harness::RunRow>> training_run(const std::string& text) const;
  // The stored run a resumed step goes on with, of `kind` (none: any); an error names it when
  // the database lacks it.
  chess::Result<harness::RunRow> resumed_run(std::int64_t run_id, std::optional<harness::RunKind> kind) const;
  chess::Result<StepDetail> gate(int g, std::int64_t resume_run, const Started& started);
  chess::Result<StepDetail> measure(int g, std::int64_t resume_run, const Started& started);
  // A match run of the loop (self-play, gate or measure): created, or continued when it was
  // started before; nothing when interrupted, else its run and its games' tally.
  struct Played {
    std::int64_t run = 0;
    harness::Tally tally;
  };
  chess::Result<std::optional<Played>> play(harness::MatchConfig match, std::int64_t resume_run, const Started& started);
  // How a run of the loop is played: here, or as a Slurm job array.
  harness::RunPlay how_to_play(const harness::MatchConfig& match, std::int64_t run_id) const;

  // The best network when generation g starts: "" for the first network's generation 0.
  struct Best {
    std::string network, raw;
    int generation = 0;
  };
  chess::Result<Best> best_before(int g) const;
  std::string engine_label(int generation) const;
  std::filesystem::path generation_dir(int g) const;
  harness::MatchConfig match_of(const LoopMatch& m, harness::EngineConfig first, harness::EngineConfig second,
                                const std::string& event) const;

  const LoopConfig& config_;
  TunerDatabase& db_;
  std::int64_t loop_run_;
  std::filesystem::path dir_;
  std::ostream& out_;
  std::vector<StoredStep> steps_;
  LoopCluster cluster_;
  int stop_after_steps_ = -1;
  int steps_this_session_ = 0;
  harness::EventStream* events_ = nullptr;
};

}  // namespace tuner
