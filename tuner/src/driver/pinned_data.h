// A network's provenance: the data files a training run reads are hashed as they are read
// (network_training/file_checksum.h, HashedFile) and pinned to the run when it begins. A resume whose
// data differ from the pinned data in any byte is refused before it trains, naming the file, so
// the manifest names exactly the data the network was trained on.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/result.h"
#include "network_training/file_checksum.h"
#include "network_training/training_config.h"
#include "network_training/training_run.h"
#include "storage/tuner_database.h"

namespace tuner {

// Pins `read` (the data as a training read it) to run `run_id`, or checks it against the data
// the run was pinned to: an error names the first file that differs. A run stored before data
// was pinned is pinned now (a note goes to `out` when it has trained already).
chess::Result<bool> pin_training_data(TunerDatabase& db, std::int64_t run_id, const std::vector<FileDigest>& read,
                                      std::ostream& out);

// Where a training that has read its data (`run`) is stored: `resumed` (a run of kind
// RunKind::TUNER_NNUE claimed by this process, for example by claim_resumable_run) once its data
// are the pinned ones, marked running; or, when `resumed` is 0, a new run of `config`, claimed,
// its data pinned.
chess::Result<std::int64_t> begin_training_run(TunerDatabase& db, std::int64_t resumed, const TrainingConfig& config,
                                               const TrainingRun& run, std::ostream& out);

}  // namespace tuner
