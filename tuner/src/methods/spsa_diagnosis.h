// The known SPSA pitfalls of a configuration, found before any game: an integer parameter whose
// perturbation rounds to nothing (theta+ and theta- take the same value, and the pair carries
// no signal), a range too narrow for the first perturbations, a start outside the range.
#pragma once

#include <string>
#include <vector>

#include "methods/spsa.h"
#include "space/tuner_config.h"

namespace tuner {

// One line per problem, naming the parameter, in the parameter's own units.
std::vector<std::string> spsa_diagnosis(const TunerConfig& config, const SpsaSettings& settings);

}  // namespace tuner
