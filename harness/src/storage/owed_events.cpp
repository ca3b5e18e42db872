// RunStore's owed events (the owed_events table, storage/migrations.cpp): the game_end lines
// of stored games that their session's event stream did not take yet, kept until written, so
// that none is lost.
#include <vector>

#include "storage/run_store.h"
#include "storage/statement.h"

namespace harness {

namespace {

struct OwedEventRow {
  std::int64_t game_id = 0;
  int game_index = 0;
  std::string line;
};

// Read a batch at a time, and the statement finished before any is deleted: a run given up
// early in a long datagen may owe millions, and SQLite leaves a read undefined that the same
// connection changes under it.
constexpr int OWED_EVENTS_BATCH = 256;

std::vector<OwedEventRow> owed_event_rows(Connection& c, std::int64_t run_id, int after_game) {
  Statement s(c, "SELECT game_id, game_index, line FROM owed_events WHERE run_id=? AND game_index>? ORDER BY game_index LIMIT ?");
  s.bind(1, run_id).bind(2, after_game).bind(3, OWED_EVENTS_BATCH);
  std::vector<OwedEventRow> rows;
  while (s.step()) rows.push_back({s.integer(0), int(s.integer(1)), s.text(2)});
  return rows;
}

}  // namespace

void RunStore::insert_owed_event(std::int64_t game_id, std::int64_t run_id, int game_index, const std::string& line) {
  Statement s(c_, "INSERT INTO owed_events (game_id, run_id, game_index, line) VALUES (?, ?, ?, ?)");
  s.bind(1, game_id).bind(2, run_id).bind(3, game_index).bind(4, line).step();
}

chess::Result<bool> RunStore::event_written(std::int64_t game_id) {
  return guarded(c_, [&] {
    Statement s(c_, "DELETE FROM owed_events WHERE game_id=?");
    s.bind(1, game_id).step();
    return true;
  });
}

chess::Result<int> RunStore::write_owed_events(std::int64_t run_id, const std::function<bool(const std::string&)>& write) {
  int written = 0;
  for (int after = -1;;) {
    auto batch = guarded(c_, [&] { return owed_event_rows(c_, run_id, after); });
    CHESS_RETURN_IF_ERROR(batch);
    if (batch->empty()) return written;
    for (const OwedEventRow& row : *batch) {
      if (!write(row.line)) return written;
      CHESS_RETURN_IF_ERROR(event_written(row.game_id));
      ++written;
      after = row.game_index;
    }
  }
}

}  // namespace harness
