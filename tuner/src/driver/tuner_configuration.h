// The whole tuner configuration: the common part (space/tuner_config.h), and every method's
// section read and checked by its method (methods/tuning_method.h), whether or not it runs.
#pragma once

#include <string>

#include "core/result.h"
#include "space/tuner_config.h"

namespace tuner {

chess::Result<TunerConfig> parse_tuner_config(const std::string& json_text, const std::string& source);
chess::Result<TunerConfig> load_tuner_config(const std::string& path);

}  // namespace tuner
