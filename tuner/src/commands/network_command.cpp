#include "commands/network_command.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line/fail.h"
#include "core/bounded_read.h"
#include "driver/tuning_driver.h"
#include "json/json_input.h"
#include "methods/tuning_method.h"
#include "network/file_checksum.h"
#include "network/training_run.h"
#include "process/stop_request.h"
#include "settings/output_file.h"

namespace tuner {

namespace {

using harness::fail;
using harness::value_or_fail;
namespace fs = std::filesystem;

constexpr const char* RUN_KIND = NETWORK_RUN_KIND;

// The files of one trained network: dir/NAME.nnue, NAME.raw.bin, NAME.json and NAME.checkpoints/.
struct NetworkFiles {
  fs::path quantised, raw, manifest, checkpoints;

  explicit NetworkFiles(const fs::path& quantised_path)
      : quantised(fs::absolute(quantised_path)),
        raw(fs::path(quantised).replace_extension(".raw.bin")),
        manifest(fs::path(quantised).replace_extension(".json")),
        checkpoints(fs::path(quantised).replace_extension(".checkpoints")) {}
  fs::path checkpoint(int superbatch) const { return checkpoints / ("superbatch-" + std::to_string(superbatch) + ".bin"); }
};

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
    MethodSteps steps;
    steps.steps.push_back(std::move(step));
    return steps;
  }

  chess::Result<MethodResult> result() override { return MethodResult{{}, last_loss_, ""}; }

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
    auto bytes = chess::read_whole_file(path, "training checkpoint", 64 * chess::MIB * 3);
    CHESS_RETURN_IF_ERROR(bytes);
    if (state.value("checkpoint_sha256", "") != sha256_hex(*bytes))
      return chess::Error{path + ": the checkpoint's checksum is not the one stored with its superbatch"};
    auto checkpoint = Checkpoint::from_bytes(*bytes, path);
    CHESS_RETURN_IF_ERROR(checkpoint);
    last_loss_ = state.value("validation_loss", 0.0);
    return run_.restore(std::move(checkpoint).value());
  }

  TrainingRun& run_;
  const TrainingConfig& config_;
  const NetworkFiles& files_;
  const std::vector<std::string>& inputs_;
  std::ostream* batch_losses_;
  double last_loss_ = 0;
};

std::int64_t find_or_create_run(harness::Database& db, const TrainingConfig& config, const NetworkCommandOptions& o) {
  if (!o.resume) return value_or_fail(db.create_run(RUN_KIND, config.source_text));
  const std::vector<harness::RunRow> runs = value_or_fail(db.runs());
  for (auto it = runs.rbegin(); it != runs.rend(); ++it)
    if (it->kind == RUN_KIND && it->status != "finished" && it->config == config.source_text) return it->id;
  fail("--resume: no unfinished tuner nnue run with this configuration in " + o.db);
}

fs::path quantised_path(const TrainingConfig& config, const NetworkCommandOptions& o, std::int64_t run_id) {
  if (!o.out.empty()) return o.out;
  return fs::absolute(o.db).parent_path() / "networks" / (config.name + "-run" + std::to_string(run_id) + ".nnue");
}

nlohmann::json file_entry(const fs::path& path, const std::string& bytes) {
  return {{"path", path.string()}, {"bytes", bytes.size()}, {"sha256", sha256_hex(bytes)}};
}

nlohmann::json data_entries(const TrainingConfig& config) {
  nlohmann::json list = nlohmann::json::array();
  for (const SampleFile& f : config.data) {
    std::error_code ec;
    const auto size = fs::file_size(f.path, ec);
    list.push_back({{"path", fs::absolute(f.path).string()},
                    {"bytes", ec ? 0 : size},
                    {"sha256", value_or_fail(sha256_file(f.path))}});
  }
  return list;
}

// The quantised network, the float weights and the manifest, written from the run's state.
std::string write_network(const TrainingRun& run, const TrainingConfig& config, const NetworkFiles& files,
                          harness::Database& db, std::int64_t run_id, const std::vector<std::string>& inputs) {
  const std::string& db_path = inputs.front();
  std::error_code ec;
  fs::create_directories(files.quantised.parent_path(), ec);
  const std::string quantised = nnue::serialize_network(value_or_fail(run.network().quantised()));
  const std::string raw = run.network().raw_bytes();
  value_or_fail(write_file(files.quantised, quantised, inputs));
  value_or_fail(write_file(files.raw, raw, inputs));
  nlohmann::json losses = nlohmann::json::array();
  for (const harness::GenerationRow& g : value_or_fail(db.generations(run_id))) {
    nlohmann::json state = json_input::parse_or_discarded(g.state);
    if (state.is_object()) state.erase("checkpoint"), state.erase("checkpoint_sha256");
    losses.push_back(state);
  }
  const nlohmann::json manifest = {
      {"architecture", "(768->" + std::to_string(config.hidden) + ")x2->1"},
      {"layout", "bullet simple: Chess768 inputs, SCReLU, side to move first; i16 little-endian, column-major; l0w, l0b x QA, "
                 "l1w x QB, l1b x QA*QB; padded to 64 bytes"},
      {"hidden", config.hidden}, {"qa", nnue::QA}, {"qb", nnue::QB}, {"scale", nnue::SCALE},
      {"data", data_entries(config)},
      {"positions", {{"train", run.training_size()}, {"validation", run.validation_size()}}},
      {"settings", json_input::parse_or_discarded(config.source_text)},
      {"superbatches_done", run.superbatches_done()},
      {"losses", losses},
      {"quantised", file_entry(files.quantised, quantised)},
      {"raw", file_entry(files.raw, raw)},
      {"tuner_run", run_id},
      {"database", fs::absolute(db_path).string()}};
  value_or_fail(write_file(files.manifest, manifest.dump(2) + "\n", inputs));
  return "network written to " + files.quantised.string() + " (sha256 " + sha256_hex(quantised) + "), float weights to " +
         files.raw.string() + ", manifest to " + files.manifest.string() + "\n";
}

// An error unless each of the network's files may be written: none is one the run reads.
void check_outputs(const NetworkFiles& files, const std::vector<std::string>& inputs) {
  for (const fs::path& out : {files.quantised, files.raw, files.manifest})
    value_or_fail(harness::check_output_file("--out", out.string(), inputs));
}

// After each stored superbatch: the checkpoint before it is no longer needed; a stop request ends the run.
RunHooks make_hooks(const NetworkCommandOptions& o, const NetworkFiles& files) {
  RunHooks hooks;
  hooks.stop_after = o.stop_after;
  hooks.after_generation = [&files](int done, const Values&) -> chess::Result<bool> {
    std::error_code ec;
    if (done > 1) fs::remove(files.checkpoint(done - 1), ec);
    if (harness::stop_requested() != harness::StopRequest::NONE) return chess::Error{"interrupted"};
    return true;
  };
  return hooks;
}

// The stored superbatches' states, in order.
chess::Result<std::vector<nlohmann::json>> stored_states(harness::Database& db, std::int64_t run_id) {
  auto generations = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(generations);
  std::vector<nlohmann::json> states;
  for (const harness::GenerationRow& g : *generations) {
    nlohmann::json state = json_input::parse_or_discarded(g.state);
    states.push_back(state.is_object() ? state : nlohmann::json::object());
  }
  return states;
}

double number_or_zero(const nlohmann::json& state, const char* key) {
  return state.contains(key) && state[key].is_number() ? state[key].get<double>() : 0.0;
}

}  // namespace

chess::Result<std::string> describe_network_run(harness::Database& db, const harness::RunRow& run) {
  auto states = stored_states(db, run.id);
  CHESS_RETURN_IF_ERROR(states);
  std::string text;
  for (const nlohmann::json& s : *states) {
    char line[200];
    std::snprintf(line, sizeof line, "superbatch %.0f: loss %.6f  validation %.6f  lr %.3g  %.0f positions/s\n",
                  number_or_zero(s, "superbatch"), number_or_zero(s, "train_loss"), number_or_zero(s, "validation_loss"),
                  number_or_zero(s, "lr"), number_or_zero(s, "positions") / std::max(number_or_zero(s, "seconds"), 1e-9));
    text += line;
  }
  return text + run.summary;
}

chess::Result<nlohmann::json> network_report_section(harness::Database& db, const harness::RunRow& run) {
  auto states = stored_states(db, run.id);
  CHESS_RETURN_IF_ERROR(states);
  if (states->empty()) return chess::Error{"run " + std::to_string(run.id) + " has no stored superbatch yet: nothing to report"};
  nlohmann::json series = {{"superbatch", nlohmann::json::array()}, {"train_loss", nlohmann::json::array()},
                           {"validation_loss", nlohmann::json::array()}, {"lr", nlohmann::json::array()},
                           {"positions_per_second", nlohmann::json::array()}};
  for (const nlohmann::json& s : *states) {
    series["superbatch"].push_back(number_or_zero(s, "superbatch"));
    series["train_loss"].push_back(number_or_zero(s, "train_loss"));
    series["validation_loss"].push_back(number_or_zero(s, "validation_loss"));
    series["lr"].push_back(number_or_zero(s, "lr"));
    series["positions_per_second"].push_back(number_or_zero(s, "positions") / std::max(number_or_zero(s, "seconds"), 1e-9));
  }
  return nlohmann::json{{"id", run.id}, {"kind", "network"},        {"status", run.status},
                        {"created", run.created_at}, {"summary", run.summary}, {"series", series}};
}

int network_command(const NetworkCommandOptions& o) {
  harness::install_stop_handlers();
  const TrainingConfig config = value_or_fail(load_training_config(o.config));
  // What the run reads, the database first: no file it writes may be one of them.
  std::vector<std::string> inputs{o.db, o.config};
  for (const SampleFile& f : config.data) inputs.push_back(f.path);
  if (!config.start_from.empty()) inputs.push_back(config.start_from);
  if (!o.out.empty()) check_outputs(NetworkFiles(o.out), inputs);  // before a run is recorded
  auto db = value_or_fail(harness::Database::open(o.db));
  std::unique_ptr<harness::OutputFile> losses;
  if (!o.batch_losses.empty()) losses = value_or_fail(harness::OutputFile::open("--batch-losses", o.batch_losses, inputs));
  TrainingRun run = value_or_fail(TrainingRun::prepare(config, std::cout));
  const std::int64_t run_id = find_or_create_run(*db, config, o);
  const NetworkFiles files(quantised_path(config, o, run_id));
  check_outputs(files, inputs);
  std::cout << "Tuner run " << run_id << " (nnue) in " << o.db << ": (768->" << config.hidden << ")x2->1, "
            << config.superbatches << " superbatches of " << config.batches_per_superbatch << " batches of " << config.batch_size
            << ", " << config.threads << " threads" << std::endl;
  NetworkTrainingRun method(run, config, files, inputs, losses ? &losses->stream() : nullptr);
  auto ran = drive_steps(method, "nnue", config.superbatches, *db, run_id, std::cout, make_hooks(o, files));
  if (!ran && harness::stop_requested() != harness::StopRequest::NONE) {
    (void)db->update_run(run_id, "stopped", "interrupted\n");
    std::cout << "Interrupted: tuner run " << run_id << " stopped after its last stored superbatch; continue with --resume\n";
    return 130;
  }
  const RunOutcome outcome = value_or_fail(std::move(ran));
  if (losses) value_or_fail(losses->commit());
  std::string summary = write_network(run, config, files, *db, run_id, inputs);
  value_or_fail(db->update_run(run_id, outcome.complete ? "finished" : "stopped", summary));
  std::cout << summary;
  return 0;
}

}  // namespace tuner
