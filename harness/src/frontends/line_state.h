// What a front end's options build while its command line is read: the run itself, the -engine
// and -each options as given (made into engines at the end, every -each after every -engine's
// own keys, as fastchess applies them), and the schedule's numbers as given.
#pragma once

#include <string>
#include <vector>

#include "frontends/foreign_run.h"
#include "frontends/option_words.h"

namespace harness::frontend {

struct LineState {
  explicit LineState(ForeignRun& r) : run(r) {}
  ForeignRun& run;
  std::vector<Flag> engines, each;
  int games = 2, rounds = 2, repeat = 0;
  bool gauntlet = false;
  std::string config_file;  // fastchess's -config file=F, which is not read
};

}  // namespace harness::frontend
