// EventStream: a run's events for programs, one JSON object a line (docs/events.schema.json).
// Each line is written whole and flushed as it is made, by the thread that stores the games,
// so a reader sees a game's end only once the game is in the database. A slow reader slows
// the writing (nothing is dropped); a reader that goes away ends the stream, never the run:
// the first failed write is reported once on standard error and later events are not written.
#pragma once

#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"
#include "events/event_kinds.h"

namespace harness {

class EventStream {
 public:
  // "-": standard output. A file is created or appended to (never emptied: it may be a log a
  // reader follows); a FIFO must have its reader already (opening it never waits for one).
  static chess::Result<std::unique_ptr<EventStream>> open(const std::string& path);
  ~EventStream();
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // Writes {"v":1,"event":NAME,"time":...} followed by `fields`' own keys.
  void write(EventKind kind, const nlohmann::ordered_json& fields);
  const std::string& path() const { return path_; }

 private:
  EventStream(int fd, bool owned, std::string path) : fd_(fd), owned_(owned), path_(std::move(path)) {}
  bool write_all(const std::string& line);

  std::mutex mutex_;
  int fd_;
  bool owned_;
  bool gone_ = false;
  std::string path_;
};

}  // namespace harness
