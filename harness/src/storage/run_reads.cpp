// RunStore's whole-run reads: what reports, the dashboard and live counts need.
#include "storage/run_store.h"
#include "storage/statement.h"

namespace harness {

namespace {

std::vector<ReportMove> read_moves(Statement& s, bool text) {
  std::vector<ReportMove> out;
  while (s.step())
    out.push_back({s.integer(0), int(s.integer(1)), text ? s.text(2) : std::string(), text ? s.text(3) : std::string(),
                   s.integer(4), s.integer(5) != 0, int(s.integer(6)), int(s.integer(7)), int(s.integer(8)), s.integer(9)});
  return out;
}

const char* const MOVE_COLUMNS =
    "SELECT m.game_id, m.ply, m.uci, m.san, m.time_ms, m.score_cp IS NOT NULL, COALESCE(m.score_cp, 0), COALESCE(m.mate_in, 0), "
    "COALESCE(m.depth, 0), COALESCE(m.nodes, 0) FROM moves m ";

int count(Connection& c, const char* sql, std::int64_t run_id) {
  Statement s(c, sql);
  s.bind(1, run_id).step();
  return int(s.integer(0));
}

}  // namespace

chess::Result<std::vector<ReportGame>> RunStore::report_games(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(
        c_,
        "SELECT id, game_index, pair_index, white, black, result, termination, reason, opening_fen, opening_moves, plies, "
        "started_at, finished_at, COALESCE(end_kind, '') FROM games WHERE run_id=? ORDER BY game_index");
    s.bind(1, run_id);
    std::vector<ReportGame> out;
    while (s.step())
      out.push_back({s.integer(0), int(s.integer(1)), int(s.integer(2)), s.text(3), s.text(4), s.text(5),
                     stored_end(s.text(13), s.text(6), s.text(7)), s.text(7), s.text(8), s.text(9), int(s.integer(10)),
                     s.text(11), s.text(12)});
    return out;
  });
}

chess::Result<std::vector<ReportMove>> RunStore::report_moves(std::int64_t run_id, bool text) {
  return guarded(c_, [&] {
    Statement s(c_, std::string(MOVE_COLUMNS) + "JOIN games g ON g.id=m.game_id WHERE g.run_id=? ORDER BY g.game_index, m.ply");
    s.bind(1, run_id);
    return read_moves(s, text);
  });
}

chess::Result<std::vector<ReportMove>> RunStore::report_moves_of_game(std::int64_t game_id) {
  return guarded(c_, [&] {
    Statement s(c_, std::string(MOVE_COLUMNS) + "WHERE m.game_id=? ORDER BY m.ply");
    s.bind(1, game_id);
    return read_moves(s, true);
  });
}

chess::Result<int> RunStore::game_count(std::int64_t run_id) {
  return guarded(c_, [&] { return count(c_, "SELECT count(*) FROM games WHERE run_id=?", run_id); });
}

chess::Result<int> RunStore::stored_rows(std::int64_t run_id) {
  return guarded(c_, [&] {
    return count(c_,
                 "SELECT (SELECT count(*) FROM games WHERE run_id=?1) + (SELECT count(*) FROM perft_results WHERE run_id=?1) + "
                 "(SELECT count(*) FROM epd_results WHERE run_id=?1)",
                 run_id);
  });
}

chess::Result<std::vector<MoveNote>> RunStore::move_notes(std::int64_t game_id) {
  return guarded(c_, [&] {
    Statement s(c_, "SELECT ply, kind, text FROM move_notes WHERE game_id=? ORDER BY rowid");
    s.bind(1, game_id);
    std::vector<MoveNote> out;
    while (s.step()) out.push_back({int(s.integer(0)), s.text(1), s.text(2)});
    return out;
  });
}

chess::Result<std::vector<std::pair<int, std::string>>> RunStore::game_results(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_, "SELECT game_index, result FROM games WHERE run_id=? ORDER BY game_index");
    s.bind(1, run_id);
    std::vector<std::pair<int, std::string>> out;
    while (s.step()) out.emplace_back(int(s.integer(0)), s.text(1));
    return out;
  });
}

chess::Result<std::vector<std::pair<std::string, std::string>>> RunStore::run_engines(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(
        c_,
        "SELECT DISTINCT e.name, e.checksum FROM games g JOIN engines e ON e.id IN (g.white_engine_id, g.black_engine_id) "
        "WHERE g.run_id=? ORDER BY e.name, e.checksum");
    s.bind(1, run_id);
    std::vector<std::pair<std::string, std::string>> out;
    while (s.step()) out.emplace_back(s.text(0), s.text(1));
    return out;
  });
}

}  // namespace harness
