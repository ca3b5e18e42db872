// Creates the Player for an engine's protocol.
#pragma once

#include <memory>

#include "player.h"

namespace harness {

std::unique_ptr<Player> make_player(const EngineConfig& config, const std::string& stderr_path);

}  // namespace harness
