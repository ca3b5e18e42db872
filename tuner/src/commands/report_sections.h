// A tuner run as a report page shows it (tuner report): best and mean fitness and entropy per
// generation (or iteration), each tuned parameter's path inside its range, the validation
// matches with their intervals, and the final values against the start.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/result.h"
#include "storage/tuner_database.h"

namespace tuner {

chess::Result<nlohmann::json> tuner_report(TunerDatabase& db, std::int64_t run_id);

}  // namespace tuner
