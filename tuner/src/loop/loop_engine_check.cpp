#include "loop/loop_engine_check.h"

#include <vector>

#include "players/uci_option.h"
#include "players/uci_player.h"

namespace tuner {

namespace {

// A network is a file's path, which only a string option takes.
chess::Result<bool> check_network_option(const std::vector<harness::UciOption>& declared, const std::string& name,
                                         const std::string& where) {
  auto found = harness::find_declared_option(declared, name, where);
  CHESS_RETURN_IF_ERROR(found);
  const harness::UciOption& option = **found;
  if (option.type == "string") return true;
  return chess::Error{where + ": option '" + option.name + "' is a " + option.type +
                      " option; a network is given by a string option, which takes a file's path"};
}

}  // namespace

chess::Result<bool> check_loop_engine(const LoopConfig& config, const std::string& source) {
  if (config.network_by == NetworkBy::BUILD) return true;
  harness::UciPlayer player(config.engine_with(config.first_network, config.engine.name), "");
  if (auto started = player.start(); !started) return chess::Error{source + ": 'engine': " + started.error()};
  const std::vector<harness::UciOption> declared = player.declared_options();
  player.stop();
  return check_network_option(declared, config.network_option, source + ": 'network_option'");
}

}  // namespace tuner
