// The network loop's training step: the window of generations' data, the network trained here
// or as one Slurm job, and the figures the lineage keeps of it (losses, time).
#include "loop/network_loop.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <thread>
#include <unordered_set>

#include "datagen/position_export.h"
#include "driver/network_training.h"
#include "driver/pinned_data.h"
#include "driver/run_lookup.h"
#include "json/json_input.h"
#include "loop/cluster_training.h"
#include "loop/loop_lineage.h"
#include "loop/step_detail.h"
#include "network_training/file_checksum.h"
#include "builds/git_engines.h"
#include "cluster/cluster_runner.h"
#include "cluster/slurm.h"
#include "core/bounded_read.h"
#include "process/cpu_times.h"
#include "process/executable_path.h"
#include "process/stop_request.h"
#include "run/datagen_live_output.h"
#include "run/match_runner.h"
#include "run/run_inputs.h"
#include "run/run_tally.h"
#include "settings/output_file.h"
#include "stats/elo.h"

namespace tuner {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The training run's figures in the train step's detail: how many superbatches it stored, the
// time all of them took and the last one's losses (a loss that is not a number is stored as 0).
chess::Result<bool> training_figures(TunerDatabase& db, std::int64_t run_id, TrainDetail& detail) {
  auto generations = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(generations);
  detail.superbatches = std::int64_t(generations->size());
  for (const GenerationRow& g : *generations) {
    DetailReader state("run " + std::to_string(run_id) + "'s stored step " + std::to_string(g.generation), g.state);
    detail.seconds += state.number("seconds");
    detail.train_loss = state.number_or_null("train_loss").value_or(0.0);
    detail.validation_loss = state.number_or_null("validation_loss").value_or(0.0);
    CHESS_RETURN_IF_ERROR(state.result(true));
  }
  return true;
}

}  // namespace

chess::Result<std::vector<std::string>> NetworkLoop::window_data(int g) const {
  std::vector<std::string> data;
  for (int k = std::max(1, g - config_.data_window + 1); k <= g; ++k) {
    const StoredStep* exported = stored(k, LoopStep::EXPORT);
    if (!exported || exported->state != StepState::DONE) continue;
    auto detail = read_detail<ExportDetail>(*exported);
    CHESS_RETURN_IF_ERROR(detail);
    data.push_back(detail->file);
  }
  return data;
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::train(int g, std::int64_t resume_run, const Started& started) {
  auto best_so_far = best_before(g);
  CHESS_RETURN_IF_ERROR(best_so_far);
  const Best best = *best_so_far;
  auto window = window_data(g);
  CHESS_RETURN_IF_ERROR(window);
  const std::vector<std::string>& data = *window;
  const std::string start_from = config_.train_from_parent ? best.raw : "";
  const std::string text = config_.training_text(engine_label(g), data, start_from);
  auto training = parse_training_config(text, "generation " + std::to_string(g) + "'s training");
  CHESS_RETURN_IF_ERROR(training);
  const NetworkFiles files(generation_dir(g) / (engine_label(g) + ".nnue"));
  auto run_id = cluster_.shards > 0 ? train_on_cluster(g, text, files, resume_run, started)
                                    : train_here(*training, files, resume_run, started);
  CHESS_RETURN_IF_ERROR(run_id);
  if (!*run_id) return StepDetail();  // interrupted
  // What the network's manifest and the run's superbatches say: the same on a cluster or here.
  auto manifest = chess::read_whole_file(files.manifest.string(), "network manifest", 64 * chess::MIB);
  CHESS_RETURN_IF_ERROR(manifest);
  const json m = json_input::parse_or_discarded(*manifest);
  TrainDetail detail;
  CHESS_RETURN_IF_ERROR(training_figures(db_, *run_id, detail));
  detail.run = *run_id;
  detail.network = files.quantised.string();
  detail.raw = files.raw.string();
  detail.sha256 = m.value("/quantised/sha256"_json_pointer, "");
  detail.data = data;
  detail.positions = m.value("/positions/train"_json_pointer, 0);
  detail.parent_generation = best.generation;
  detail.started_from = start_from;
  return StepDetail(detail);
}

chess::Result<std::int64_t> NetworkLoop::train_here(const TrainingConfig& training, const NetworkFiles& files,
                                                    std::int64_t resume_run, const Started& started) {
  if (resume_run) {  // checked and claimed before the data is read
    CHESS_RETURN_IF_ERROR(resumed_run(resume_run, harness::RunKind::TUNER_NNUE));
    CHESS_RETURN_IF_ERROR(claim_tuner_run(db_, resume_run));
  }
  auto run = TrainingRun::prepare(training, out_);
  CHESS_RETURN_IF_ERROR(run);
  auto begun = begin_training_run(db_, resume_run, training, run.value(), out_);  // the data pinned, or checked
  CHESS_RETURN_IF_ERROR(begun);
  const std::int64_t run_id = *begun;
  if (!resume_run) CHESS_RETURN_IF_ERROR(started(run_id));
  const std::vector<std::string> inputs = training_inputs(db_.path(), "", training);
  auto trained = train_network(run.value(), training, files, inputs, db_, run_id, {-1, nullptr, events_}, out_);
  CHESS_RETURN_IF_ERROR(trained);
  return trained->interrupted ? 0 : run_id;
}

// The newest tuner nnue run stored with this configuration text, or none.
chess::Result<std::optional<harness::RunRow>> NetworkLoop::training_run(const std::string& text) const {
  auto runs = db_.runs();
  CHESS_RETURN_IF_ERROR(runs);
  for (auto it = runs->rbegin(); it != runs->rend(); ++it)
    if (it->kind == harness::RunKind::TUNER_NNUE && it->config == text) return std::optional<harness::RunRow>(*it);
  return std::optional<harness::RunRow>();
}

chess::Result<std::int64_t> NetworkLoop::train_on_cluster(int g, const std::string& text, const NetworkFiles& files,
                                                          std::int64_t resume_run, const Started& started) {
  const std::string config_path = (generation_dir(g) / "train.json").string();
  auto file = harness::OutputFile::open("the generation's training configuration", config_path, {db_.path()});
  CHESS_RETURN_IF_ERROR(file);
  (*file)->stream() << text;
  CHESS_RETURN_IF_ERROR((*file)->commit());
  // A job the loop started before and left running is watched again; otherwise one is submitted,
  // going on with the run when the last one stopped before the end.
  const fs::path slurm_dir = generation_dir(g) / "slurm";
  std::string job;
  if (const StoredStep* row = stored(g, LoopStep::TRAIN)) {
    auto progress = read_detail<TrainProgress>(*row);
    CHESS_RETURN_IF_ERROR(progress);
    job = progress->job.value_or("");
  }
  auto run = training_run(text);
  CHESS_RETURN_IF_ERROR(run);
  const bool finished = *run && (*run)->status == harness::RunStatus::FINISHED;
  if (!finished) {
    auto active = job.empty() ? chess::Result<std::vector<int>>(std::vector<int>{}) : harness::active_tasks({job});
    CHESS_RETURN_IF_ERROR(active);
    // A job submitted by a loop killed before it recorded the job: watched, not submitted again
    // (two jobs would train the same run at once).
    auto unrecorded = active->empty()
                          ? harness::active_jobs_named(harness::job_name(loop_step_name(LoopStep::TRAIN), slurm_dir.string()))
                          : chess::Result<std::vector<std::string>>(std::vector<std::string>{});
    CHESS_RETURN_IF_ERROR(unrecorded);
    if (!unrecorded->empty()) {
      job = unrecorded->front();
      CHESS_RETURN_IF_ERROR(save(g, LoopStep::TRAIN, resume_run, StepState::RUNNING, TrainProgress{job}));
    } else if (active->empty()) {
      auto submitted = submit_training({harness::sibling_program("tuner"), config_path, db_.path(), files.quantised.string(),
                                        slurm_dir.string(), cluster_.partition, run->has_value()});
      CHESS_RETURN_IF_ERROR(submitted);
      job = *submitted;
      CHESS_RETURN_IF_ERROR(save(g, LoopStep::TRAIN, resume_run, StepState::RUNNING, TrainProgress{job}));
    }
    auto ended = wait_for_job(job, out_);
    CHESS_RETURN_IF_ERROR(ended);
    if (!*ended) return 0;
    run = training_run(text);
    CHESS_RETURN_IF_ERROR(run);
  }
  if (!*run || (*run)->status != harness::RunStatus::FINISHED)
    return chess::Error{"generation " + std::to_string(g) + ": Slurm job " + job + " ended without finishing its training; see " +
                        (generation_dir(g) / "slurm").string()};
  if (!resume_run) CHESS_RETURN_IF_ERROR(started((*run)->id));
  return (*run)->id;
}

}  // namespace tuner
