// GameSettings: the rules every game of a run is played under (limits, margins, adjudication,
// variant, pondering, tablebases), with their checks and their stored form.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "adjudication/adjudication.h"
#include "adjudication/tablebases.h"
#include "core/variant.h"
#include "players/engine_deadlines.h"
#include "settings/setting_problems.h"
#include "time_control/time_control.h"

namespace harness {

struct GameSettings {
  TimeControl tc = TimeControl::clock(0, 4000, 40);                     // default: 100 games take about ten minutes on 2 cores
  std::int64_t time_margin_ms = 0;                                      // overshoot of the clock tolerated before a forfeit
  static constexpr std::int64_t MAX_SEARCH_TIMEOUT_MS = 3'600'000'000;  // 1000 hours
  std::int64_t search_timeout_ms = 60000;                               // how long a fixed depth or nodes search may take
  EngineDeadlines deadlines;                                            // how long engines may take to start and to get ready
  AdjudicationRules adjudication;
  chess::Variant variant = chess::Variant::STANDARD;  // fischerandom: Chess960 castling notation for the engines
  bool check_mate_pvs = false;                   // fastchess's -check-mate-pvs: a mate score's PV must be the mate, move for move
  bool ponder = false;                           // engines that can think on the opponent's time (clock time controls only)
  std::string tb_path;                           // tablebase adjudication (--tb): the tables' directory, empty for none
  int tb_pieces = 0;                             // positions of at most this many pieces are looked up (0: all the tables hold)
  std::shared_ptr<const Tablebases> tablebases;  // opened from tb_path when the run starts
  // fastchess's match_line: engine lines kept with each move, one pattern (ECMAScript) each.
  std::vector<std::string> match_lines;
};

// "standard" or "fischerandom"; the error says what else was given, for the caller to prefix.
chess::Result<chess::Variant> parse_variant_setting(const std::string& name);

// Adds what is wrong with the settings, each by its setting.
void check_game_settings(const GameSettings& settings, SettingProblems& problems);

// Stored flat in a run's configuration: tc, time_margin_ms, search_timeout_ms, adjudication,
// and variant, ponder, check_mate_pvs, tb and the engine deadlines (startup_ms, ucinewgame_ms, ping_ms) only
// when set (older runs have none of them).
void to_json(nlohmann::json& j, const GameSettings& settings);
void from_json(const nlohmann::json& j, GameSettings& settings);

}  // namespace harness
