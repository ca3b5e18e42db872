// Plays one game between two players, refereed by the rules library, with the harness's clocks.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "adjudication.h"
#include "core/variant.h"
#include "game_record.h"
#include "players/player.h"
#include "tablebases.h"
#include "time_control.h"

namespace harness {

struct GameSettings {
  TimeControl tc = TimeControl::clock(0, 4000, 40);  // default: 100 games take about ten minutes on 2 cores
  std::int64_t time_margin_ms = 0;                   // overshoot of the clock tolerated before a forfeit
  std::int64_t search_timeout_ms = 60000;            // how long a fixed depth or nodes search may take
  AdjudicationRules adjudication;
  chess::Variant variant = chess::Variant::STANDARD;  // fischerandom: Chess960 castling notation for the engines
  bool ponder = false;                                // engines that can think on the opponent's time (clock time controls only)
  std::string tb_path;                                // tablebase adjudication (--tb): the tables' directory, empty for none
  int tb_pieces = 0;                             // positions of at most this many pieces are looked up (0: all the tables hold)
  std::shared_ptr<const Tablebases> tablebases;  // opened from tb_path when the run starts
};

// Plays the game; a player that crashes, stalls or cheats loses it. After a stall or a crash
// the player is stopped, and `alive()` tells the caller to start it again.
GameRecord play_game(Player& white, Player& black, const Opening& opening, const GameSettings& settings);

// "2026-11-22T06:30:00Z" for now.
std::string utc_timestamp();

}  // namespace harness
