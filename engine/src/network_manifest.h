// The architecture of a network file, from the manifest `tuner nnue` writes beside it: the
// file's name with ".json" in place of its extension, holding "arch" (architecture.h's grammar)
// and, with king buckets, "buckets" (the 32-entry map).
#pragma once

#include <optional>
#include <string>

#include "core/result.h"
#include "nnue/architecture.h"

namespace engine {

// The manifest's architecture; none when there is no manifest or it names none.
chess::Result<std::optional<nnue::Architecture>> manifest_architecture(const std::string& network_path);

}  // namespace engine
