// The checks a parameters file's values pass at every read (engines/params_file.h): each value
// against the options its engines declared when the run probed them. A name an engine does not
// declare, a value of the wrong type or outside the option's range is a bad read, as a
// malformed line is: the engine would refuse it and keep its previous value, while the game
// recorded the refused one.
#pragma once

#include <string>
#include <vector>

#include "engines/params_file.h"
#include "players/uci_option.h"

namespace harness {

// What one engine of a run declared when it was probed.
struct DeclaredOptions {
  std::string engine;              // its name in the run
  bool declares = false;           // false: its protocol declares no options (xboard): only a value's text is checked
  std::vector<UciOption> options;  // its answer to "uci"
};

// The check for read_params_file: a value goes to its section's engine, or to every engine for
// the lines before any section, and each of them must declare the option and accept the value.
ParamsCheck params_check(std::vector<DeclaredOptions> declared);

}  // namespace harness
