// Training a network as a run of the driver's loop: a superbatch per stored step, its state a
// checkpoint, and at the end the quantised file, the float weights and the manifest. tuner nnue
// and tuner loop both train through this.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/result.h"
#include "events/event_stream.h"
#include "network_training/training_run.h"
#include "storage/tuner_database.h"

namespace tuner {

// The files of one trained network: dir/NAME.nnue, NAME.raw.bin, NAME.json and NAME.checkpoints/.
struct NetworkFiles {
  std::filesystem::path quantised, raw, manifest, checkpoints;

  explicit NetworkFiles(const std::filesystem::path& quantised_path);
  std::filesystem::path checkpoint(int superbatch) const;
};

struct TrainingOptions {
  int stop_after = -1;                  // stop after this many stored superbatches (-1: all of them)
  std::ostream* batch_losses = nullptr;  // each batch's loss as CSV (superbatch,batch,loss), to compare trainers
  harness::EventStream* events = nullptr;  // a tuner_step event after each stored superbatch
};

struct TrainedNetwork {
  bool interrupted = false;  // a stop was requested: the run is "stopped" after its last stored superbatch
  bool complete = false;     // every planned superbatch is stored (else --stop-after ended it: no file is written)
  std::string summary;       // the files written, with the quantised file's checksum; or where it stopped
  std::string quantised_sha256;
};

// What a training run reads (the database first, then the configuration and the data): no
// file it writes may be one of them.
std::vector<std::string> training_inputs(const std::string& db_path, const std::string& config_path,
                                         const TrainingConfig& config);
// An error unless each of the network's files may be written: none is one the run reads.
chess::Result<bool> check_network_outputs(const NetworkFiles& files, const std::vector<std::string>& inputs);

// Trains stored run `run_id` (kind harness::RunKind::TUNER_NNUE, new or stopped) from its last stored
// superbatch to the end, then writes the network's files and finishes the run. A run that
// options.stop_after ends before its last superbatch is "stopped" and writes no network file:
// its checkpoint is what it leaves.
chess::Result<TrainedNetwork> train_network(TrainingRun& run, const TrainingConfig& config, const NetworkFiles& files,
                                            const std::vector<std::string>& inputs, TunerDatabase& db,
                                            std::int64_t run_id, const TrainingOptions& options, std::ostream& out);

}  // namespace tuner
