#include "make_player.h"

#include "uci_player.h"
#include "xboard_player.h"

namespace harness {

std::unique_ptr<Player> make_player(const EngineConfig& config, const std::string& stderr_path) {
  if (config.protocol == Protocol::XBOARD) return std::make_unique<XboardPlayer>(config, stderr_path);
  return std::make_unique<UciPlayer>(config, stderr_path);
}

}  // namespace harness
