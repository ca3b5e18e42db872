// A training run's checkpoint: the superbatches done, where the data stream stands, the weights
// and the optimiser's moments, as bytes and back. A run in memory saves WBNNCK01; a streaming
// run WBNNCK02 (sample_stream.h: where its window starts). Both are read; every field is checked,
// naming the file and the field, against what the run can reach.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "network_training/float_network.h"
#include "network_training/network_trainer.h"
#include "network_training/sample_stream.h"
#include "network_training/training_config.h"

namespace tuner {

// Where the data stream stands after a superbatch: in memory.
struct StreamPosition {
  std::uint64_t epoch = 0;
  std::uint64_t offset = 0;  // samples of the epoch already used
};

// Streaming: the window being trained on, where it began, and its samples already used.
struct WindowPosition {
  WindowStart start;
  std::uint64_t offset = 0;
};

// A run in memory saves WBNNCK01 (superbatch, epoch, offset); a streaming run WBNNCK02
// (superbatch, the window's pass, number, partly taken record and run under way, the offset in
// it, and each file's point). Both are read.
struct Checkpoint {
  int superbatch = 0;  // the superbatches done
  StreamPosition stream;
  std::optional<WindowPosition> window;  // streaming runs only
  FloatNetwork network{nnue::MIN_HIDDEN};
  AdamWState optimiser;

  std::string bytes() const;
  // The checkpoint in `bytes`, whose network must be of `arch`; errors name `name` (the file) and
  // the field. The stream's fields are checked against the run in TrainingRun::restore.
  static chess::Result<Checkpoint> from_bytes(std::string_view bytes, const std::string& name, const nnue::Architecture& arch);
};

// A checkpoint's bytes for a network of `arch`: the weights and both moments, 4 bytes each a
// parameter, after the header.
std::uint64_t checkpoint_memory_bytes(const nnue::Architecture& arch);

// A checkpoint's superbatch and stream position, refused unless the run of `config` on `positions`
// training positions reaches them: each batch starts at most one epoch, and uses positions of it.
chess::Result<bool> check_checkpoint_stream(const Checkpoint& c, const TrainingConfig& config, std::size_t positions,
                                            const std::string& name);
// A streaming checkpoint's window, refused unless the run of `config` with windows of `capacity`
// samples reaches it: each window gives at least one batch, and each pass at least one sample.
// (Its start is checked against the data files by SampleStream::check_start.)
chess::Result<bool> check_checkpoint_window(const Checkpoint& c, const TrainingConfig& config, std::size_t capacity,
                                            const std::string& name);

}  // namespace tuner
