// The UCI compliance check (harness check ENGINE), as fastchess's --compliance does it: the
// handshake, the declared options, isready (also while searching), each form of position and
// go, stop, ucinewgame, bad input and quit, each with what the engine did wrong.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "players/engine_deadlines.h"

namespace harness {

// How long the checks wait: the handshake and ucinewgame as a match does, and a search to a
// depth or a node count (harness check --search-ms). A time-limited search waits on its clock.
struct ComplianceDeadlines {
  EngineDeadlines engine;
  std::int64_t search_ms = 30000;
  std::chrono::milliseconds search() const { return std::chrono::milliseconds(search_ms); }
};

struct ComplianceCheck {
  std::string name;
  bool passed = false;
  std::string detail;  // what the engine said or failed to say
};

// Runs every check it can (a failed handshake ends the list); each result is also printed to
// `out` as it comes. The handshake is held to the start-up deadline, ucinewgame to its own.
std::vector<ComplianceCheck> check_uci_compliance(const EngineConfig& engine, const ComplianceDeadlines& deadlines,
                                                  std::ostream& out);

// The checks printed with a title and a count, as harness check and fastchess's --compliance
// print them: 0 when all passed, else 1 (the exit status).
int print_uci_compliance(const EngineConfig& engine, const ComplianceDeadlines& deadlines, std::ostream& out);

}  // namespace harness
