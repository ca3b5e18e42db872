// Engines given as a commit to build (an EngineConfig whose `source` is set and whose command is
// still empty) made playable: each built, or taken from the build cache, and benched as harness
// test benches its sides. An engine that appears twice with the same source is built once.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "builds/tested_engine.h"
#include "core/result.h"
#include "engines/engine_config.h"

namespace harness {

// The build cache of a database: the folder "builds" beside it.
std::string build_cache_beside(const std::string& db_path);

// Whether a built engine's bench must equal its commit's `Bench: N` line. A network given to
// the build (EVALFILE=) that is not the commit's own changes the count: the bench is then
// recorded, not checked.
enum class BenchCheck { AGAINST_MESSAGE, RECORD_ONLY };

// Sets the command of every engine of `engines` built from git; what each built side was, for
// the run to keep. A build or a bench that fails is the error, naming the engine.
chess::Result<std::vector<TestedCommit>> build_git_engines(std::vector<EngineConfig>& engines, const EngineBuilds& builds,
                                                           BenchCheck check, std::ostream& progress);

}  // namespace harness
