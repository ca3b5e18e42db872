// The built-in validation: a match of the tuned weights against the starting weights through
// the harness, reported as Elo with its 95% interval and stored with the tuner run.
#pragma once

#include <iosfwd>

#include "storage/database.h"
#include "weights_match.h"

namespace tuner {

chess::Result<harness::ValidationRow> validate(const WeightsMatcher& matcher, const eval::EvalParams& tuned,
                                               const eval::EvalParams& start, const ValidationSettings& settings, int generation,
                                               harness::Database& db, std::int64_t tuner_run, std::ostream& out);

}  // namespace tuner
