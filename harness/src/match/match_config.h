// MatchConfig: everything a match or tournament run needs, stored as JSON in the run's row so
// that a resumed run plays exactly what the first one would have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "game_runner.h"
#include "opening_book.h"
#include "stats/sprt.h"

namespace harness {

// PAIRS: engine 2k plays engine 2k + 1 only (a tuner's SPSA batch, theta+ against theta-).
enum class TournamentKind { MATCH, ROUND_ROBIN, GAUNTLET, PAIRS };

struct MatchConfig {
  TournamentKind kind = TournamentKind::MATCH;
  std::vector<EngineConfig> engines;
  int games = 100;  // matches: total games (tournaments play one game pair per encounter and round)
  int rounds = 1;   // tournaments
  GameSettings settings;
  std::string openings_path;
  int plies = 0;
  OpeningOrder order = OpeningOrder::SEQUENTIAL;
  // Tournaments: every encounter of a round plays that round's opening (a tuner's individuals
  // are then compared on the same positions); otherwise each game pair gets the next one.
  bool opening_per_round = false;
  std::uint64_t seed = 1;
  int concurrency = 1;
  std::optional<SprtConfig> sprt;
  std::string pgn_path;  // also append each game's PGN here, if set
  std::string event = "Workbench match";

  std::string to_json() const;
  static chess::Result<MatchConfig> from_json(const std::string& text);
};

// One game to play: who has White, which pair and opening it belongs to.
struct GameSpec {
  int game_index = 0;
  int pair_index = 0;
  int white = 0, black = 0;  // indices into MatchConfig::engines
  int opening = 0;           // which opening of the run's order
};

std::vector<GameSpec> make_schedule(const MatchConfig& config);

}  // namespace harness
