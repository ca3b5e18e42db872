// The engine's UCI options, in one table: name, type, default, range, and what setting does.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine_state.h"

namespace engine {

struct UciOption {
  std::string name;
  std::string type;  // spin, check, combo, string, button
  std::string default_value;
  int min = 0, max = 0;
  std::vector<std::string> vars;
  // Applies a value; returns an error message or empty.
  std::function<std::string(EngineState&, const std::string&)> apply;
};

const std::vector<UciOption>& uci_options();
// "option name Hash type spin default 16 min 1 max 4096"
std::string describe(const UciOption& o);
// Finds by name, ignoring case as UCI allows; nullptr if none.
const UciOption* find_option(const std::string& name);

}  // namespace engine
