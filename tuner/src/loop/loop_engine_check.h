// Before a loop run is stored: the loop's engine is started once with its first network, as the
// harness's start check starts a run's engines, and the option it takes networks by is found
// among those it declares. An engine that cannot start, or a misspelt option, is refused here
// with nothing recorded, not at the first self-play or the first gate after hours of work.
#pragma once

#include <string>

#include "core/result.h"
#include "loop/loop_config.h"

namespace tuner {

// Errors name `source` and the key: "loop.json: 'network_option': the engine has no option
// 'EvalFle' (did you mean 'EvalFile'?)". An engine built from git (network_by "build") is built
// in the loop's first step and passes here unstarted.
chess::Result<bool> check_loop_engine(const LoopConfig& config, const std::string& source);

}  // namespace tuner
