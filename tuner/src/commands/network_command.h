// tuner nnue: trains a network of the configuration's architecture on positions the harness wrote, a superbatch per
// stored step of the tuner's one driver loop, resumable exactly from its last checkpoint.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"
#include "driver/network_training.h"
#include "storage/tuner_database.h"

namespace tuner {

struct NetworkCommandOptions {
  std::string config, out, db;
  std::string batch_losses;  // a CSV of every batch's loss (superbatch,batch,loss), to compare trainers
  std::string events;        // --events: a tuner_step event per stored superbatch
  bool resume = false;
  int stop_after = -1;
};

// The command's exit status (0, or 130 when interrupted); failures end through harness::fail.
int network_command(const NetworkCommandOptions& o);

// tuner show of a network run: a line per stored superbatch, then the run's summary.
chess::Result<std::string> describe_network_run(TunerDatabase& db, const harness::RunRow& run);
// tuner report's section of a network run: the losses, learning rate and speed per superbatch.
chess::Result<nlohmann::json> network_report_section(TunerDatabase& db, const harness::RunRow& run);

}  // namespace tuner
