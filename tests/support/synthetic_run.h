// A finished match of many short games stored straight through the Database (no engines): what
// tests of reading a large run need (reports abandoned half-way, reads interrupted).
#pragma once

#include <string>

#include "run/match_config.h"
#include "storage/database.h"

namespace {

// Stores `games` games of four plies between "a" and "b" as one finished match; its run id.
inline std::int64_t store_synthetic_match(harness::Database& db, int games) {
  harness::MatchConfig c;
  c.engines = {harness::EngineConfig::named("a", "/bin/true"), harness::EngineConfig::named("b", "/bin/true")};
  c.games = games;
  c.openings_path = "openings.epd";
  const std::int64_t run = db.create_run(harness::RunKind::MATCH, c.to_json()).value();
  const std::int64_t a = db.engine_id(c.engines[0]).value(), b = db.engine_id(c.engines[1]).value();
  static const char* const uci[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  static const char* const san[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int i = 0; i < games; ++i) {
    harness::GameRecord g;
    g.game_index = i;
    g.pair_index = i / 2;
    g.white = i % 2 ? "b" : "a";
    g.black = i % 2 ? "a" : "b";
    g.opening.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (int p = 0; p < 4; ++p) g.moves.push_back({uci[p], san[p], 40, true, 10, 0, 8, 90000, false});
    g.result = i % 3 == 0 ? chess::GameResult::WHITE_WINS : chess::GameResult::DRAW;
    g.end = i % 3 == 0 ? harness::GameEnd::MATE : harness::GameEnd::REPETITION;
    g.reason = i % 3 == 0 ? "White mates" : "threefold repetition";
    g.time_control = "10+0.1";
    g.started_at = g.finished_at = "2026-01-01T00:00:00Z";
    (void)db.save_game(run, g, i % 2 ? b : a, i % 2 ? a : b).value();
  }
  (void)db.update_run(run, harness::RunStatus::FINISHED, "").value();
  return run;
}

}  // namespace
