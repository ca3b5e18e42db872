#include "commands/network_command.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_support/fail.h"
#include "core/bounded_read.h"
#include "events/event_stream.h"
#include "driver/pinned_data.h"
#include "driver/run_lookup.h"
#include "json/json_input.h"
#include "methods/tuning_method.h"
#include "network_training/file_checksum.h"
#include "network_training/training_run.h"
#include "process/stop_request.h"
#include "settings/output_file.h"

namespace tuner {

namespace {

using harness::fail;
using harness::value_or_fail;
namespace fs = std::filesystem;

fs::path quantised_path(const TrainingConfig& config, const NetworkCommandOptions& o, std::int64_t run_id) {
  if (!o.out.empty()) return o.out;
  return fs::absolute(o.db).parent_path() / "networks" / (config.name + "-run" + std::to_string(run_id) + ".nnue");
}

// The stored superbatches' states, in order.
chess::Result<std::vector<nlohmann::json>> stored_states(TunerDatabase& db, std::int64_t run_id) {
  auto generations = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(generations);
  std::vector<nlohmann::json> states;
  for (const GenerationRow& g : *generations) {
    nlohmann::json state = json_input::parse_or_discarded(g.state);
    states.push_back(state.is_object() ? state : nlohmann::json::object());
  }
  return states;
}

double number_or_zero(const nlohmann::json& state, const char* key) {
  return state.contains(key) && state[key].is_number() ? state[key].get<double>() : 0.0;
}

}  // namespace

chess::Result<std::string> describe_network_run(TunerDatabase& db, const harness::RunRow& run) {
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

chess::Result<nlohmann::json> network_report_section(TunerDatabase& db, const harness::RunRow& run) {
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
  return nlohmann::json{{"id", run.id},           {"kind", "network"}, {"status", run.status_text()}, {"created", run.created_at},
                        {"summary", run.summary}, {"series", series}};
}

int network_command(const NetworkCommandOptions& o) {
  harness::install_stop_handlers();
  const TrainingConfig config = value_or_fail(load_training_config(o.config));
  const std::vector<std::string> inputs = training_inputs(o.db, o.config, config);
  if (!o.out.empty()) value_or_fail(check_network_outputs(NetworkFiles(o.out), inputs));  // before a run is recorded
  auto db = value_or_fail(TunerDatabase::open(o.db));
  std::unique_ptr<harness::OutputFile> losses;
  if (!o.batch_losses.empty()) losses = value_or_fail(harness::OutputFile::open("--batch-losses", o.batch_losses, inputs));
  const std::unique_ptr<harness::EventStream> events =
      o.events.empty() ? nullptr : value_or_fail(harness::EventStream::open(o.events));
  // A resumed run is claimed before its data is read: a second process is refused at once.
  const std::int64_t resumed =
      o.resume ? value_or_fail(claim_resumable_run(*db, harness::RunKind::TUNER_NNUE, config.source_text)) : 0;
  TrainingRun run = value_or_fail(TrainingRun::prepare(config, std::cout));
  const std::int64_t run_id = value_or_fail(begin_training_run(*db, resumed, config, run, std::cout));
  const NetworkFiles files(quantised_path(config, o, run_id));
  std::cout << "Tuner run " << run_id << " (nnue) in " << o.db << ": " << config.arch.spec() << ", "
            << config.superbatches << " superbatches of " << config.batches_per_superbatch << " batches of " << config.batch_size
            << ", " << config.threads << " threads" << std::endl;
  TrainingOptions options{o.stop_after, losses ? &losses->stream() : nullptr, events.get()};
  const TrainedNetwork trained = value_or_fail(train_network(run, config, files, inputs, *db, run_id, options, std::cout));
  if (trained.interrupted) {
    std::cout << "Interrupted: tuner run " << run_id << " stopped after its last stored superbatch; continue with --resume\n";
    return 130;
  }
  if (losses) value_or_fail(losses->commit());
  std::cout << trained.summary;
  return 0;
}

}  // namespace tuner
