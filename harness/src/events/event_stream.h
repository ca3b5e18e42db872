// EventStream: a run's events for programs, one JSON object a line (docs/events.schema.json).
// Each line is written whole and flushed as it is made, by the thread that stores the games,
// so a reader sees a game's end only once the game is in the database. A slow reader slows
// the writing (nothing is dropped), within a patience: a reader that takes nothing for it, or
// for STOP_PATIENCE once a stop is requested, is given up as one that goes away is. Giving up
// ends the stream, never the run: it is reported once on standard error, and later events are
// not written (the runner keeps each game's game_end owed for a resume: run/game_recorder.cpp).
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"
#include "events/event_kinds.h"

namespace harness {

class EventStream {
 public:
  // How long the writer waits for a reader that takes nothing, before giving it up.
  static constexpr std::chrono::milliseconds PATIENCE{60'000};
  // The same once a stop is requested (Ctrl-C, SIGTERM): a stalled reader never holds a run.
  static constexpr std::chrono::milliseconds STOP_PATIENCE{1'000};

  // "-": standard output. A file is created or appended to (never emptied: it may be a log a
  // reader follows); a FIFO must have its reader already (opening it never waits for one).
  static chess::Result<std::unique_ptr<EventStream>> open(const std::string& path,
                                                          std::chrono::milliseconds patience = PATIENCE);
  ~EventStream();
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // {"v":1,"event":NAME,"time":NOW} followed by `fields`' own keys, and a newline.
  static std::string line(EventKind kind, const nlohmann::ordered_json& fields);
  // Writes line(kind, fields); false when it was not written whole (the stream is given up).
  bool write(EventKind kind, const nlohmann::ordered_json& fields) { return write_line(line(kind, fields)); }
  // Writes a line made by line(), maybe by an earlier session; false as for write.
  bool write_line(const std::string& text);
  const std::string& path() const { return path_; }

 private:
  EventStream(int fd, bool owned, std::string path, std::chrono::milliseconds patience)
      : fd_(fd), owned_(owned), path_(std::move(path)), patience_(patience) {}
  bool write_all(const std::string& text);
  // Empty once the stream can take more; else why its reader is given up.
  std::string wait_for_reader(std::chrono::steady_clock::time_point since) const;
  void give_up(const std::string& why);

  std::mutex mutex_;
  int fd_;
  bool owned_;
  bool gone_ = false;
  std::string path_;
  std::chrono::milliseconds patience_;
};

}  // namespace harness
