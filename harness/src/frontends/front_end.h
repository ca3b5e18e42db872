// A program whose command line the harness plays: its option table, its engine keys, its
// defaults and its schedule. fastchess_options.cpp and cutechess_options.cpp each define one;
// the parser (foreign_run.cpp) and the help (foreign_help.cpp) read them and nothing else.
#pragma once

#include <vector>

#include "frontends/engine_keys.h"
#include "frontends/option_table.h"

namespace harness::frontend {

struct FrontEnd {
  const char* program;  // as the help names it: "harness fastchess"
  LineFormat lines;     // whose lines standard output carries by default
  std::vector<OptionRow> options;
  std::vector<EngineKeyRow> engine_keys;
  void (*start)(LineState&);                      // the program's defaults, before its options
  chess::Result<bool> (*schedule)(LineState&);    // -games, -rounds and -repeat made into the run's games
  const char* event;                              // the PGN Event when none is given
};

const FrontEnd& fastchess_front_end();
const FrontEnd& cutechess_front_end();
inline const FrontEnd& front_end(Dialect d) { return d == Dialect::FASTCHESS ? fastchess_front_end() : cutechess_front_end(); }

}  // namespace harness::frontend
