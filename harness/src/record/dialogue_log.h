// DialogueLog: every line between the harness and its engines, in one file for a run, so that a
// time loss or a stall can be explained afterwards. One line a message:
//   2026-11-25T22:33:19.123456Z<TAB>GAME<TAB>ENGINE<TAB>DIR<TAB>TEXT
// DIR is ">" to the engine, "<" from it, "#" the harness's own note (ENGINE "harness": how the
// game ended); GAME the game's number from 1 ("-" outside a game).
// The games being played at once interleave their lines; each line is whole. The file is
// flushed at each line sent to an engine, so what an engine said before the harness's last
// command is on disk whatever happens next.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/result.h"
#include "text/timestamp.h"

namespace harness {

class DialogueLog {
 public:
  // The file ("-": standard error), emptied first unless `append`. Without `engine_lines` only
  // the harness's notes are written (fastchess's -log without engine=true).
  static chess::Result<std::shared_ptr<DialogueLog>> open(const std::string& path, bool append, bool engine_lines = true);
  ~DialogueLog();
  DialogueLog(const DialogueLog&) = delete;
  DialogueLog& operator=(const DialogueLog&) = delete;

  void line(int game, const std::string& engine, bool to_engine, const std::string& text);
  // The harness's note on a game (how it ended), flushed at once.
  void note(int game, const std::string& text);

 private:
  DialogueLog(std::FILE* file, bool owned, bool engine_lines);
  std::mutex mutex_;
  std::FILE* file_;
  bool owned_;
  bool engine_lines_;
};

// One line of a log in the HARNESS format, read back.
struct DialogueLine {
  std::int64_t micros = 0;  // since the epoch, UTC
  int game = 0;             // 0: outside a game
  std::string engine;
  bool to_engine = false;
  bool note = false;  // the harness's own line (DIR "#")
  std::string text;
};
// The line's fields, or nullopt when it is not a line of that format.
std::optional<DialogueLine> parse_dialogue_line(const std::string& line);

}  // namespace harness
