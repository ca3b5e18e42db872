// RunEvents: what a match, tournament or self-play run tells its event stream, from the thread
// that stores its games: the run's start, each game's start and end (with its warnings as
// fields), each finished pair's pentanomial counts, the SPRT's state and the run's end. The
// runner calls it; the names and fields are those of docs/events.schema.json.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "events/event_kinds.h"
#include "events/event_stream.h"
#include "record/game_record.h"
#include "record/run_kind.h"
#include "stats/sprt.h"
#include "stats/tally.h"

namespace harness {

// The run as its first event gives it.
struct RunStartInfo {
  std::int64_t run_id = 0;
  RunKind kind = RunKind::MATCH;  // the stored run's: MATCH, TOURNAMENT or DATAGEN
  std::string database;     // the SQLite file
  std::vector<std::string> engines;
  int games = 0;            // the games this run (or shard) plays
  int done = 0;             // of them, stored before this session
  int concurrency = 1;
  std::string config_json;  // the stored configuration: every setting, as the database keeps it
};

// How the session ended, for the last event.
struct RunEndInfo {
  RunEndStatus status = RunEndStatus::FINISHED;
  int done = 0, total = 0, discarded = 0;
  int left_out = 0;         // RunEnding::left_out
  std::string stop_reason;  // "SPRT: H1 was accepted", or empty
  std::string resume;       // the command that goes on with the run, or empty
};

class RunEvents {
 public:
  RunEvents(EventStream& stream, std::int64_t run_id, bool paired) : stream_(stream), run_id_(run_id), paired_(paired) {}

  void run_started(const RunStartInfo& info);
  void game_started(int game_index, int pair_index, const std::string& white, const std::string& black, const Opening& opening);
  // The game_end line of a game about to be stored: the runner stores it with the game, owed
  // until it is written, so that a session killed in between leaves it for the next one.
  std::string game_end_line(const GameRecord& g) const;
  // After the game was stored with `end_line`: its warnings, its end, its pair's end when both
  // games are in, and the SPRT's state when the run has one. `match` (null outside a match)
  // counts the game. True when its game_end was written whole (no longer owed).
  bool game_stored(const GameRecord& g, const std::string& end_line, const Tally* match, const std::optional<SprtConfig>& sprt);
  // A game_end line an earlier session stored and did not write; false when it is not written.
  bool owed_game_end(const std::string& end_line) { return stream_.write_line(end_line); }
  void game_unplayed(int game_index, const std::string& why);
  void run_ended(const RunEndInfo& info, const Tally* match);

 private:
  void warnings(const GameRecord& g);
  // A stored game's pair_end (its pair complete) and sprt events.
  void pair_and_sprt(const GameRecord& g, const Tally* match, const std::optional<SprtConfig>& sprt);
  void warning(WarningKind kind, int game_index, nlohmann::ordered_json fields);

  EventStream& stream_;
  std::int64_t run_id_;
  bool paired_;                          // games go in pairs (a match's, a tournament's encounters)
  std::map<int, std::string> half_pairs_;  // pairs with one game stored: that game's result
};

// The game_end event's fields (without the stream's own v, event and time).
nlohmann::ordered_json game_end_fields(std::int64_t run_id, const GameRecord& g);

}  // namespace harness
