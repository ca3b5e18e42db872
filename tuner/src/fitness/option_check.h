// Before a tuning run is recorded: starts the tuned engine once, reads the options it declares
// in its answer to "uci", and checks every tuned option's name, type and range against them
// (an unknown name gets the nearest one). Options without a "start" take the engine's default.
#pragma once

#include "engines/engine_config.h"
#include "space/tuner_config.h"

namespace tuner {

chess::Result<bool> check_tuned_options(TunerConfig& config, const harness::EngineConfig& engine, const std::string& source);

}  // namespace tuner
