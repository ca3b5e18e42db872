#include "driver/network_training.h"

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/bounded_read.h"
#include "driver/tuning_driver.h"
#include "json/json_input.h"
#include "methods/tuning_method.h"
#include "network_training/file_checksum.h"
#include "nnue/file_layout.h"
#include "process/stop_request.h"
#include "settings/output_file.h"

namespace tuner {

namespace fs = std::filesystem;

NetworkFiles::NetworkFiles(const fs::path& quantised_path)
    : quantised(fs::absolute(quantised_path)),
      raw(fs::path(quantised).replace_extension(".raw.bin")),
      manifest(fs::path(quantised).replace_extension(".json")),
      checkpoints(fs::path(quantised).replace_extension(".checkpoints")) {}

fs::path NetworkFiles::checkpoint(int superbatch) const {
  return checkpoints / ("superbatch-" + std::to_string(superbatch) + ".bin");
}

namespace {

// Writes one of the network's files; `inputs` (the database, the configuration, the data) are
// never written over.
chess::Result<bool> write_file(const fs::path& path, std::string_view bytes, const std::vector<std::string>& inputs) {
  auto file = harness::OutputFile::open("--out", path.string(), inputs);
  CHESS_RETURN_IF_ERROR(file);
  (*file)->stream().write(bytes.data(), std::streamsize(bytes.size()));
  return (*file)->commit();
}

std::string progress_line(const SuperbatchResult& r, int planned, bool validation) {
  char line[256];
  std::snprintf(line, sizeof line, "superbatch %d/%d  loss %.6f", r.superbatch, planned, r.train_loss);
  std::string text = line;
  if (validation) {
    std::snprintf(line, sizeof line, "  validation %.6f", r.validation_loss);
    text += line;
  }
  std::snprintf(line, sizeof line, "  lr %.3g  %.0f positions/s", r.lr, double(r.positions) / std::max(r.seconds, 1e-9));
  return text + line;
}

// The trainer as a run of the driver's loop: a step is a superbatch, its state the checkpoint.
class NetworkTrainingRun : public MethodRun {
 public:
  NetworkTrainingRun(TrainingRun& run, const TrainingConfig& config, const NetworkFiles& files,
                     const std::vector<std::string>& inputs, std::ostream* batch_losses)
      : run_(run), config_(config), files_(files), inputs_(inputs), batch_losses_(batch_losses) {}

  bool restore(const nlohmann::json& state) override {
    auto restored = restore_checkpoint(state);
    if (!restored) std::cerr << "tuner nnue: " << restored.error() << "\n";
    return bool(restored);
  }

  chess::Result<MethodSteps> step(int, int) override {
    const SuperbatchResult r = run_.run_superbatch([&](int batch, double loss) {
      if (batch_losses_) *batch_losses_ << run_.superbatches_done() + 1 << ',' << batch << ',' << json_number(loss) << '\n';
    });
    if (!r.error.empty()) return chess::Error{r.error};
    const std::string bytes = run_.checkpoint().bytes();
    std::error_code ec;
    fs::create_directories(files_.checkpoints, ec);
    const fs::path path = files_.checkpoint(r.superbatch);
    CHESS_RETURN_IF_ERROR(write_file(path, bytes, inputs_));
    MethodStep step;
    step.mean_fitness = r.train_loss;
    step.best_fitness = run_.validation_size() > 0 ? r.validation_loss : r.train_loss;
    step.state = {{"superbatch", r.superbatch},       {"train_loss", r.train_loss},
                  {"validation_loss", r.validation_loss}, {"lr", r.lr},
                  {"seconds", r.seconds},               {"positions", r.positions},
                  {"checkpoint", path.string()},        {"checkpoint_sha256", sha256_hex(bytes)}};
    step.progress = progress_line(r, config_.superbatches, run_.validation_size() > 0);
    last_loss_ = step.best_fitness;
    last_ = r;
    MethodSteps steps;
    steps.steps.push_back(std::move(step));
    return steps;
  }

  chess::Result<MethodResult> result() override { return MethodResult{{}, last_loss_, ""}; }

  // The superbatch step() trained last, as a tuner_step event's fitness and detail.
  nlohmann::ordered_json last_step_event(std::int64_t run_id, int done) const {
    const bool validation = run_.validation_size() > 0;
    return {{"run", run_id},
            {"method", "nnue"},
            {"step", done},
            {"of", config_.superbatches},
            {"fitness", validation ? last_.validation_loss : last_.train_loss},
            {"detail",
             {{"train_loss", last_.train_loss},
              {"validation_loss", validation ? nlohmann::ordered_json(last_.validation_loss) : nlohmann::ordered_json()},
              {"lr", last_.lr},
              {"seconds", last_.seconds},
              {"positions", last_.positions}}}};
  }

 private:
  static std::string json_number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
  }

  chess::Result<bool> restore_checkpoint(const nlohmann::json& state) {
    if (!state.is_object() || !state.contains("checkpoint") || !state["checkpoint"].is_string())
      return chess::Error{"the stored step names no checkpoint"};
    const std::string path = state["checkpoint"].get<std::string>();
    // The weights and both moments, with room for the header.
    const std::size_t most = 3 * run_.network().size() * sizeof(float) + chess::MIB;
    auto bytes = chess::read_whole_file(path, "training checkpoint", most);
    CHESS_RETURN_IF_ERROR(bytes);
    if (state.value("checkpoint_sha256", "") != sha256_hex(*bytes))
      return chess::Error{path + ": the checkpoint's checksum is not the one stored with its superbatch"};
    auto checkpoint = Checkpoint::from_bytes(*bytes, path, config_.arch);
    CHESS_RETURN_IF_ERROR(checkpoint);
    last_loss_ = state.value("validation_loss", 0.0);
    return run_.restore(std::move(checkpoint).value(), path);
  }

  TrainingRun& run_;
  const TrainingConfig& config_;
  const NetworkFiles& files_;
  const std::vector<std::string>& inputs_;
  std::ostream* batch_losses_;
  SuperbatchResult last_{};
  double last_loss_ = 0;
};

nlohmann::json file_entry(const fs::path& path, const std::string& bytes) {
  return {{"path", path.string()}, {"bytes", bytes.size()}, {"sha256", sha256_hex(bytes)}};
}

// The data as it was read, each file hashed as it was read (the data the network was trained
// on, which a resume checked against the run's pinned data), not as the files are now.
nlohmann::json data_entries(const TrainingRun& run) {
  nlohmann::json list = nlohmann::json::array();
  for (const FileDigest& f : run.data_read())
    list.push_back({{"path", fs::absolute(f.path).string()}, {"bytes", f.bytes}, {"sha256", f.sha256}});
  return list;
}

// The positions trained on and validated; a streaming run's training data are not counted, so
// it gives its window (the shuffle buffer) instead.
nlohmann::json positions_entry(const TrainingRun& run) {
  if (run.streaming()) return {{"streamed", true}, {"window", run.training_size()}, {"validation", run.validation_size()}};
  return {{"train", run.training_size()}, {"validation", run.validation_size()}};
}

// Every stored superbatch's losses, without its checkpoint.
chess::Result<nlohmann::json> stored_losses(TunerDatabase& db, std::int64_t run_id) {
  auto generations = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(generations);
  nlohmann::json losses = nlohmann::json::array();
  for (const GenerationRow& g : *generations) {
    nlohmann::json state = json_input::parse_or_discarded(g.state);
    if (state.is_object()) state.erase("checkpoint"), state.erase("checkpoint_sha256");
    losses.push_back(state);
  }
  return losses;
}

// The file's tensors as the manifest describes them: name, type and factor, in order.
std::string layout_text(const nnue::Architecture& arch) {
  static constexpr const char* TYPES[] = {"i8", "i16", "f32"};
  std::string text = "bullet's SavedFormat for " + arch.spec() + ", little-endian, no header, padded to 64 bytes:";
  for (const nnue::TensorLayout& t : nnue::file_tensors(arch)) {
    text += " " + t.name + " " + TYPES[int(t.type)];
    if (t.scale != 1) text += " x" + std::to_string(t.scale);
    text += ",";
  }
  text.back() = ';';
  return text + (arch.inputs == nnue::InputSet::KING_BUCKETS_MIRRORED ? " l0w with the factoriser added" : " Chess768 inputs");
}

// The quantised network, the float weights and the manifest, written from the run's state.
chess::Result<std::string> write_network(const TrainingRun& run, const TrainingConfig& config, const NetworkFiles& files,
                                         TunerDatabase& db, std::int64_t run_id, const std::vector<std::string>& inputs) {
  std::error_code ec;
  fs::create_directories(files.quantised.parent_path(), ec);
  auto quantised_network = run.network().quantised();
  CHESS_RETURN_IF_ERROR(quantised_network);
  const std::string quantised = nnue::serialize_network(*quantised_network);
  const std::string raw = run.network().raw_bytes();
  CHESS_RETURN_IF_ERROR(write_file(files.quantised, quantised, inputs));
  CHESS_RETURN_IF_ERROR(write_file(files.raw, raw, inputs));
  auto losses = stored_losses(db, run_id);
  CHESS_RETURN_IF_ERROR(losses);
  nlohmann::json manifest = {
      {"arch", config.arch.spec()},
      {"layout", layout_text(config.arch)},
      {"hidden", config.arch.hidden}, {"qa", nnue::QA}, {"qb", nnue::QB}, {"scale", nnue::SCALE},
      {"data", data_entries(run)},
      {"positions", positions_entry(run)},
      {"settings", json_input::parse_or_discarded(config.source_text)},
      {"superbatches_done", run.superbatches_done()},
      {"losses", *losses},
      {"quantised", file_entry(files.quantised, quantised)},
      {"raw", file_entry(files.raw, raw)},
      {"tuner_run", run_id},
      {"database", fs::absolute(inputs.front()).string()}};
  if (config.arch.inputs == nnue::InputSet::KING_BUCKETS_MIRRORED)
    manifest["buckets"] = std::vector<int>(config.arch.king_buckets.begin(), config.arch.king_buckets.end());
  CHESS_RETURN_IF_ERROR(write_file(files.manifest, manifest.dump(2) + "\n", inputs));
  return "network written to " + files.quantised.string() + " (sha256 " + sha256_hex(quantised) + "), float weights to " +
         files.raw.string() + ", manifest to " + files.manifest.string() + "\n";
}

// The run's summary when --stop-after ended it before its last superbatch. No network is written
// then: --out is never an unfinished network, and a good one there stays as it was.
std::string unfinished_summary(const TrainingRun& run, const TrainingConfig& config, const NetworkFiles& files) {
  const int done = run.superbatches_done();
  std::string text = "stopped after superbatch " + std::to_string(done) + " of " + std::to_string(config.superbatches);
  if (done > 0) text += " (its checkpoint: " + files.checkpoint(done).string() + ")";
  return text + "; a network is written when the last superbatch is, so " + files.quantised.string() +
         " is left as it was; continue with --resume\n";
}

// After each stored superbatch: its event; the checkpoint before it is no longer needed; a stop
// request ends the run.
RunHooks make_training_hooks(const TrainingOptions& o, const NetworkFiles& files, const NetworkTrainingRun& method,
                             std::int64_t run_id) {
  RunHooks hooks;
  hooks.stop_after = o.stop_after;
  hooks.after_generation = [&files, &method, events = o.events, run_id](int done, const Values&) -> chess::Result<bool> {
    if (events) events->write(harness::EventKind::TUNER_STEP, method.last_step_event(run_id, done));
    std::error_code ec;
    if (done > 1) fs::remove(files.checkpoint(done - 1), ec);
    if (harness::stop_requested() != harness::StopRequest::NONE) return chess::Error{"interrupted"};
    return true;
  };
  return hooks;
}

}  // namespace

std::vector<std::string> training_inputs(const std::string& db_path, const std::string& config_path,
                                         const TrainingConfig& config) {
  std::vector<std::string> inputs{db_path};
  if (!config_path.empty()) inputs.push_back(config_path);
  for (const SampleFile& f : config.data) inputs.push_back(f.path);
  if (!config.start_from.empty()) inputs.push_back(config.start_from);
  return inputs;
}

chess::Result<bool> check_network_outputs(const NetworkFiles& files, const std::vector<std::string>& inputs) {
  for (const fs::path& out : {files.quantised, files.raw, files.manifest})
    CHESS_RETURN_IF_ERROR(harness::check_output_file("--out", out.string(), inputs));
  return true;
}

chess::Result<TrainedNetwork> train_network(TrainingRun& run, const TrainingConfig& config, const NetworkFiles& files,
                                            const std::vector<std::string>& inputs, TunerDatabase& db,
                                            std::int64_t run_id, const TrainingOptions& options, std::ostream& out) {
  CHESS_RETURN_IF_ERROR(check_network_outputs(files, inputs));
  NetworkTrainingRun method(run, config, files, inputs, options.batch_losses);
  auto ran =
      drive_steps(method, "nnue", config.superbatches, db, run_id, out, make_training_hooks(options, files, method, run_id));
  TrainedNetwork trained;
  if (!ran && harness::stop_requested() != harness::StopRequest::NONE) {
    (void)db.update_run(run_id, harness::RunStatus::STOPPED, "interrupted\n");
    trained.interrupted = true;
    return trained;
  }
  CHESS_RETURN_IF_ERROR(ran);
  trained.complete = ran->complete;
  if (!trained.complete) {
    trained.summary = unfinished_summary(run, config, files);
    CHESS_RETURN_IF_ERROR(db.update_run(run_id, harness::RunStatus::STOPPED, trained.summary));
    return trained;
  }
  auto summary = write_network(run, config, files, db, run_id, inputs);
  CHESS_RETURN_IF_ERROR(summary);
  trained.summary = *summary;
  auto bytes = chess::read_whole_file(files.quantised.string(), "network", 64 * chess::MIB);
  CHESS_RETURN_IF_ERROR(bytes);
  trained.quantised_sha256 = sha256_hex(*bytes);
  CHESS_RETURN_IF_ERROR(db.update_run(run_id, harness::RunStatus::FINISHED, trained.summary));
  return trained;
}

}  // namespace tuner
