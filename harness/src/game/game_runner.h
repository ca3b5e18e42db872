// Plays one game between two players, refereed by the rules library, with the harness's clocks.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/variant.h"
#include "game/game_settings.h"
#include "players/player.h"
#include "record/game_record.h"

namespace harness {

// Plays the game; a player that crashes, stalls or cheats loses it. After a stall or a crash
// the player is stopped, and `alive()` tells the caller to start it again. A player that does
// not get ready for the game (no answer to its new-game handshake) is stopped and the game was
// never started: that is the error, not a result. So is a game the runner failed (a move it
// timed out before the move's time had passed): never a loss for the engine.
chess::Result<GameRecord> play_game(Player& white, Player& black, const Opening& opening, const GameSettings& settings);

}  // namespace harness
