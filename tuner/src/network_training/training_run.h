// A training run: the samples (split into training and validation), the trainer, and where the
// data stream stands. A superbatch is `batches_per_superbatch` steps. Data whose kept positions
// fit in the shuffle buffer ('buffer_mib') are held in memory: the training samples are shuffled
// in place at the start of each pass over them (an epoch), by a generator seeded from the run's
// seed and the epoch's number, and a batch that would cross the end of an epoch starts the next
// one. Larger data are streamed (sample_stream.h): two windows of half the buffer each, the next
// read on a thread of its own while the one before is trained on, batches taken from a window in
// order and never across two. Either way the run is a function of its configuration: a checkpoint needs
// only the weights, the optimiser's moments and the stream's position.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "network_training/file_checksum.h"
#include "network_training/network_trainer.h"
#include "network_training/sample_stream.h"
#include "network_training/training_checkpoint.h"
#include "network_training/training_config.h"
#include "network_training/window_reader.h"

namespace tuner {

struct SuperbatchResult {
  int superbatch = 0;  // from 1
  double train_loss = 0, validation_loss = 0, lr = 0;
  double seconds = 0;
  std::size_t positions = 0;
  // Streaming: the data's reading failed (the error names the file, the record and its byte);
  // the superbatch is not done and the run cannot go on.
  std::string error;
};

// Streaming, the validation positions are the first held-out ones (sample_stream.h), read once:
// at most this many, and at most validation_fraction of a window.
inline constexpr std::size_t STREAMED_VALIDATION_POSITIONS = 100'000;

// The most memory a run of `arch` on `threads` threads holds besides its positions: the trainer
// (NetworkTrainer::memory_bytes) and a checkpoint being saved or read (its bytes, and a copy of
// the weights and both moments: 6 floats a parameter).
std::uint64_t training_memory_bytes(const nnue::Architecture& arch, int threads);
// Refuses, naming the architecture, the threads and the bytes, a run that needs more than `budget`.
chess::Result<bool> check_training_memory(const nnue::Architecture& arch, int threads, std::uint64_t budget);

class TrainingRun {
 public:
  // Reads the data (or, when they do not fit in the shuffle buffer, opens them to stream and reads
  // the validation positions) and draws (or loads) the first weights, once the trainer (and the
  // stream's two windows and its files' records: check_stream_memory) are known to fit in the
  // memory available (within default_memory_budget()); a line about the data goes to `out`.
  static chess::Result<TrainingRun> prepare(const TrainingConfig& config, std::ostream& out);
  // Moved, never assigned: an assignment would put the new stream in place (source_) before the
  // old reader, whose thread reads the old stream, is stopped (reader_). Members are destroyed in
  // the other order, the reader first.
  TrainingRun(TrainingRun&&) = default;
  TrainingRun& operator=(TrainingRun&&) = delete;

  // Continues after a checkpoint (its network of this configuration's size) read from `name`,
  // whose superbatch and stream position must be ones this run can reach: an error names the
  // file and the field.
  chess::Result<bool> restore(Checkpoint checkpoint, const std::string& name);
  SuperbatchResult run_superbatch(const std::function<void(int batch, double loss)>& on_batch = {});
  int superbatches_done() const { return done_; }
  Checkpoint checkpoint() const;
  const FloatNetwork& network() const { return trainer_.network(); }
  // In memory: the training positions; streaming: the positions of a window (the data's are not
  // counted).
  std::size_t training_size() const { return streaming() ? window_capacity_ : train_.size(); }
  std::size_t validation_size() const { return validation_.size(); }
  bool streaming() const { return source_ != nullptr; }
  // Streaming: the samples the two window buffers can hold (0 before the first batch).
  std::size_t window_samples_held() const { return reader_ ? reader_->held_capacity() : 0; }
  // The data files as they were read, each hashed as it was read, in the configuration's order.
  const std::vector<FileDigest>& data_read() const { return data_read_; }

 private:
  TrainingRun(const TrainingConfig& config, FloatNetwork start);
  chess::Result<bool> read_into_memory(std::ostream& out);
  chess::Result<bool> open_stream(std::size_t buffer, std::ostream& out);
  chess::Result<bool> check_stream_memory(std::size_t validation_most) const;
  void shuffle_epoch(std::uint64_t epoch);
  chess::Result<bool> restore_window(const Checkpoint& checkpoint, const std::string& name);
  // The next batch's first sample and size, moving to a new epoch (in memory) or window
  // (streaming) when this one cannot fill it; streaming, an error of the data's reading.
  chess::Result<const TrainingSample*> next_batch(std::size_t& count);
  chess::Result<const TrainingSample*> next_streamed_batch(std::size_t& count);

  TrainingConfig config_;
  std::vector<TrainingSample> train_, validation_;
  std::vector<FileDigest> data_read_;
  NetworkTrainer trainer_;
  StreamPosition stream_;
  int done_ = 0;
  // Streaming: the data on disk, the reader of its windows (made at the first batch, from
  // window_.start), the window's size (a whole number of batches) and where it stands.
  std::unique_ptr<SampleStream> source_;
  std::unique_ptr<WindowReader> reader_;
  std::size_t window_capacity_ = 0;
  WindowPosition window_;
};

}  // namespace tuner
