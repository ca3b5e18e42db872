// The UCI compliance check (harness check ENGINE), as fastchess's --compliance does it: the
// handshake, the declared options, isready (also while searching), each form of position and
// go, stop, ucinewgame, bad input and quit, each with what the engine did wrong.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "players/engine_deadlines.h"

namespace harness {

struct ComplianceCheck {
  std::string name;
  bool passed = false;
  std::string detail;  // what the engine said or failed to say
};

// Runs every check it can (a failed handshake ends the list); each result is also printed to
// `out` as it comes. The handshake is held to the start-up deadline, ucinewgame to its own.
std::vector<ComplianceCheck> check_uci_compliance(const EngineConfig& engine, const EngineDeadlines& deadlines,
                                                  std::ostream& out);

// The checks printed with a title and a count, as harness check and fastchess's --compliance
// print them: 0 when all passed, else 1 (the exit status).
int print_uci_compliance(const EngineConfig& engine, const EngineDeadlines& deadlines, std::ostream& out);

}  // namespace harness
