// The built-in validation: a match of the tuned values against the starting values through
// the harness, reported as Elo with its 95% interval and stored with the tuner run.
#pragma once

#include <iosfwd>

#include "fitness/tuned_engines.h"
#include "storage/tuner_database.h"

namespace tuner {

// `generation` is how many generations were stored when it was played (the row's key);
// `tuned_name` names the tuned engine by the generation its values come from ("tuned-g1").
chess::Result<ValidationRow> validate(const TunedEngines& engines, const Values& tuned, const Values& start,
                                               const ValidationSettings& settings, int generation, const std::string& tuned_name,
                                               TunerDatabase& db, std::int64_t tuner_run, std::ostream& out);

}  // namespace tuner
