// The run a tuner command works on: a new one, or with --resume the newest unfinished run of
// the same kind stored with the same configuration text, marked running again.
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "store/tuner_database.h"

namespace tuner {

chess::Result<std::int64_t> find_or_create_run(TunerDatabase& db, const std::string& kind, const std::string& config_text,
                                               bool resume);

}  // namespace tuner
