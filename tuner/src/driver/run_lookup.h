// The run a tuner command works on: a new one, or with --resume the newest unfinished run of
// the same kind stored with the same configuration text, marked running again. Either is
// claimed by this process first, as a harness run is by the process that plays it: two
// processes training one run would store its steps twice, so a run that a live process holds
// is refused, naming that process; the claim of a process that is gone is taken over.
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "record/run_kind.h"
#include "storage/tuner_database.h"

namespace tuner {

// `kind`: TUNER_METHOD with its method's name, TUNER_NNUE or TUNER_LOOP.
chess::Result<std::int64_t> find_or_create_run(TunerDatabase& db, const harness::KindAndMethod& kind,
                                               const std::string& config_text, bool resume);

// The parts of find_or_create_run, for a command that reads its inputs between them (tuner
// nnue checks its data against the run's before the run is marked running).
// The run --resume continues, claimed, its status left as it is.
chess::Result<std::int64_t> claim_resumable_run(TunerDatabase& db, const harness::KindAndMethod& kind,
                                                const std::string& config_text);
// A new run, claimed.
chess::Result<std::int64_t> create_claimed_run(TunerDatabase& db, const harness::KindAndMethod& kind,
                                               const std::string& config_text);
// Claims stored run `run_id` for this process: "run N is being trained by process P on HOST
// (since T) ..." when a live process holds it.
chess::Result<bool> claim_tuner_run(TunerDatabase& db, std::int64_t run_id);

}  // namespace tuner
