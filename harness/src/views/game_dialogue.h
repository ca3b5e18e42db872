// A game's engine dialogue read back from its run's log (record/dialogue_log.h): every line with
// the time since the game's first line, and for a game that ended on an engine's time, stall or
// crash, which side was waited on, for how long, and what it said last.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "record/dialogue_log.h"
#include "record/termination.h"

namespace harness {

struct DialogueGame {
  int number = 0;  // from 1
  std::string white, black, result, reason;
  GameEnd end = GameEnd::UNKNOWN;
};

// The game's lines of the log at `path`; an error names the file when it cannot be read or has
// no line of that game.
chess::Result<std::vector<DialogueLine>> game_dialogue_lines(const std::string& path, int game_number);

// The lines as "+1.234567 > NAME: TEXT", then the explanation of a game an engine lost by
// its time, a stall or a crash.
std::string describe_dialogue(const DialogueGame& game, const std::vector<DialogueLine>& lines);

}  // namespace harness
