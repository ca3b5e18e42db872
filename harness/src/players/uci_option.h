// UciOption: one "option name ... type ..." line of an engine's answer to "uci", and the
// checks a value must pass before "setoption" sends it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct UciOption {
  std::string name;
  std::string type;  // spin, check, combo, button, string
  std::string default_value;
  long long min = 0, max = 0;     // spin
  std::vector<std::string> vars;  // combo
};

// Reads "option name Hash type spin default 16 min 1 max 33554432"; nullopt if it is not one.
// Names may hold spaces: the name runs up to the word "type".
std::optional<UciOption> parse_uci_option(const std::string& line);

// The option named `name` (UCI option names are case-insensitive), or nullptr.
const UciOption* find_uci_option(const std::vector<UciOption>& options, const std::string& name);
// The same, or "WHERE: the engine has no option 'Hsh' (did you mean 'Hash'?)".
chess::Result<const UciOption*> find_declared_option(const std::vector<UciOption>& options, const std::string& name,
                                                     const std::string& where);

// The line that sets the option: "setoption name Clear Hash" for a button (declared so, or given
// no value: "option.Clear Hash"), which UCI presses without a value; else "... value VALUE".
std::string setoption_command(const std::vector<UciOption>& declared, const std::string& name, const std::string& value);

// Whether `value` is a value the option accepts; the error names the option and its range.
chess::Result<bool> check_uci_value(const UciOption& option, const std::string& value);

}  // namespace harness
