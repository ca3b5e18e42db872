// What `tuner nnue --config FILE` reads: the network, the data, the schedule and the optimiser,
// checked as a whole before anything runs; every error names the file and the key.
//
//   {"name": "simple", "hidden": 128,            (or "arch": "(768x10hm->1024)x2->1x8", "buckets": [32 numbers])
//    "data": [{"path": "results/data.txt", "format": "text"}],
//    "filters": {"min_ply": 0, "max_score": 3000, "skip_in_check": true},
//    "validation_fraction": 0.01, "batch_size": 16384, "batches_per_superbatch": 100,
//    "superbatches": 40, "wdl": 0.75,
//    "lr": {"schedule": "step", "start": 0.001, "gamma": 0.1, "step": 18},
//    "adamw": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "decay": 0.01, "clip": 1.98},
//    "threads": 2, "seed": 1, "start_from": "", "shuffle": true, "buffer_mib": 256}
//
// "buffer_mib" is the shuffle buffer, the memory the positions take: data whose kept positions
// fit in it are read into memory and shuffled whole each epoch; larger data are streamed from
// disk a window (half the buffer) at a time, the next window read on a thread of its own while
// the trainer trains on this one, so the two windows together are the buffer (sample_stream.h,
// docs/08-networks.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "nnue/architecture.h"
#include "network_training/network_trainer.h"
#include "network_training/training_samples.h"

namespace tuner {

// The learning rate by superbatch (numbered from 1), as bullet's schedules give it.
struct LearningRate {
  enum class Schedule { CONSTANT, STEP, COSINE };
  Schedule schedule = Schedule::STEP;
  double start = 0.001;
  double gamma = 0.1;  // step: the factor every `step` superbatches
  int step = 18;
  double final = 0.00001;    // cosine: the rate at the last superbatch
  int final_superbatch = 0;  // cosine: the superbatch it reaches `final` (0: the last one)

  double at(int superbatch, int superbatches) const;
};

struct TrainingConfig {
  std::string name = "network";
  nnue::Architecture arch = nnue::simple_architecture(128);  // "arch", or the simple network of "hidden" neurons
  std::vector<SampleFile> data;
  SampleFilter filter;
  double validation_fraction = 0.01;
  int batch_size = 16384;
  int batches_per_superbatch = 100;
  int superbatches = 40;
  double wdl = 0.75;  // weight of the game result in the target; the rest is the score's
  LearningRate lr;
  AdamWSettings adamw;
  int threads = 2;
  std::uint64_t seed = 1;
  std::string start_from;  // an unquantised network (raw.bin) to start from; empty: bullet's initialisation
  bool shuffle = true;     // false: the data in file order, batch after batch (to compare with another trainer)
  int buffer_mib = 256;    // the shuffle buffer, in MiB of samples (76 bytes each); streaming, two windows
  std::size_t buffer_samples = 0;  // not a key: the buffer in samples, for tests (0: buffer_mib's worth)
  std::string source_text;  // the file as read, stored with the run
};

// The shuffle buffer in samples: buffer_samples, else as many as buffer_mib holds.
std::size_t buffer_capacity(const TrainingConfig& config);

chess::Result<TrainingConfig> parse_training_config(const std::string& json_text, const std::string& source);
chess::Result<TrainingConfig> load_training_config(const std::string& path);

}  // namespace tuner
