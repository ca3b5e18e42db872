// A training run in memory: the samples (split into training and validation), the trainer, and
// where the data stream stands. A superbatch is `batches_per_superbatch` steps; the training
// samples are shuffled in place at the start of each pass over them (an epoch), by a generator
// seeded from the run's seed and the epoch's number, and a batch that would cross the end of an
// epoch starts the next one. So the run is a function of its configuration: a checkpoint needs
// only the weights, the optimiser's moments and the stream's position.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/result.h"
#include "network/file_checksum.h"
#include "network/network_trainer.h"
#include "network/training_config.h"

namespace tuner {

struct SuperbatchResult {
  int superbatch = 0;  // from 1
  double train_loss = 0, validation_loss = 0, lr = 0;
  double seconds = 0;
  std::size_t positions = 0;
};

// Where the data stream stands after a superbatch.
struct StreamPosition {
  std::uint64_t epoch = 0;
  std::uint64_t offset = 0;  // samples of the epoch already used
};

struct Checkpoint {
  int superbatch = 0;  // the superbatches done
  StreamPosition stream;
  FloatNetwork network{nnue::MIN_HIDDEN};
  AdamWState optimiser;

  std::string bytes() const;
  // The checkpoint in `bytes`, whose network must be of `arch`; errors name `name` (the file) and
  // the field. The stream's fields are checked against the run in TrainingRun::restore.
  static chess::Result<Checkpoint> from_bytes(std::string_view bytes, const std::string& name, const nnue::Architecture& arch);
};

// The most memory a run of `arch` on `threads` threads holds besides its positions: the trainer
// (NetworkTrainer::memory_bytes) and a checkpoint being saved or read (its bytes, and a copy of
// the weights and both moments: 6 floats a parameter).
std::uint64_t training_memory_bytes(const nnue::Architecture& arch, int threads);
// Refuses, naming the architecture, the threads and the bytes, a run that needs more than `budget`.
chess::Result<bool> check_training_memory(const nnue::Architecture& arch, int threads, std::uint64_t budget);

class TrainingRun {
 public:
  // Reads the data and draws (or loads) the first weights, once the trainer is known to fit in the
  // memory available (training_memory_bytes within default_memory_budget()); a line about the
  // data goes to `out`.
  static chess::Result<TrainingRun> prepare(const TrainingConfig& config, std::ostream& out);

  // Continues after a checkpoint (its network of this configuration's size) read from `name`,
  // whose superbatch and stream position must be ones this run can reach: an error names the
  // file and the field.
  chess::Result<bool> restore(Checkpoint checkpoint, const std::string& name);
  SuperbatchResult run_superbatch(const std::function<void(int batch, double loss)>& on_batch = {});
  int superbatches_done() const { return done_; }
  Checkpoint checkpoint() const;
  const FloatNetwork& network() const { return trainer_.network(); }
  std::size_t training_size() const { return train_.size(); }
  std::size_t validation_size() const { return validation_.size(); }
  // The data files as they were read, each hashed as it was read, in the configuration's order.
  const std::vector<FileDigest>& data_read() const { return data_read_; }

 private:
  TrainingRun(const TrainingConfig& config, FloatNetwork start);
  void shuffle_epoch(std::uint64_t epoch);
  // The next batch's first sample and size, moving to a new epoch when this one cannot fill it.
  const TrainingSample* next_batch(std::size_t& count);

  TrainingConfig config_;
  std::vector<TrainingSample> train_, validation_;
  std::vector<FileDigest> data_read_;
  NetworkTrainer trainer_;
  StreamPosition stream_;
  int done_ = 0;
};

}  // namespace tuner
