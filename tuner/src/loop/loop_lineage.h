// The lineage of a loop's networks, read back from its stored steps: per generation the
// self-play it trained on, its training run and losses, its file's checksum, its gate's result
// and its parent; and the Elo of each promoted network against the first, chained through the
// gates and, when the loop measures it, played directly.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"
#include "storage/tuner_database.h"

namespace tuner {

// tuner show of a loop run, and the summary stored when it finishes.
chess::Result<std::string> describe_loop_run(TunerDatabase& db, const harness::RunRow& run);

// tuner report's section of a loop run: a row per generation (parent, positions, training
// time and losses, the gate's result, the Elo against the first network chained and measured).
chess::Result<nlohmann::json> loop_report_section(TunerDatabase& db, const harness::RunRow& run);

}  // namespace tuner
