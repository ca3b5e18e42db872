#include "storage/suite_store.h"

#include "storage/statement.h"

namespace harness {

chess::Result<bool> SuiteStore::save_perft_result(std::int64_t run_id, const PerftResultRow& r) {
  return guarded(c_, [&] {
    Statement s(
        c_,
        "INSERT OR REPLACE INTO perft_results (run_id, line, position_id, fen, depth, expected, got, seconds, passed, error, "
        "bug) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, r.line).bind(3, r.position_id).bind(4, r.fen).bind(5, r.depth).bind(6, std::int64_t(r.expected));
    s.bind(7, std::int64_t(r.got))
        .bind_real(8, r.seconds)
        .bind(9, std::int64_t(r.passed))
        .bind(10, r.error)
        .bind(11, r.bug)
        .step();
    return true;
  });
}

chess::Result<std::vector<PerftResultRow>> SuiteStore::perft_results(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(
        c_,
        "SELECT line, position_id, fen, depth, expected, got, seconds, passed, error, bug FROM perft_results WHERE run_id=? "
        "ORDER BY line, depth");
    s.bind(1, run_id);
    std::vector<PerftResultRow> out;
    while (s.step())
      out.push_back({int(s.integer(0)), s.text(1), s.text(2), int(s.integer(3)), std::uint64_t(s.integer(4)),
                     std::uint64_t(s.integer(5)), s.real(6), s.integer(7) != 0, s.text(8), s.text(9)});
    return out;
  });
}

chess::Result<bool> SuiteStore::save_epd_result(std::int64_t run_id, const EpdResultRow& r) {
  return guarded(c_, [&] {
    Statement s(c_,
                "INSERT OR REPLACE INTO epd_results (run_id, line, position_id, fen, move, solved, points, max_points, "
                "found_time_ms, found_depth) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, r.line).bind(3, r.position_id).bind(4, r.fen).bind(5, r.move).bind(6, std::int64_t(r.solved));
    s.bind(7, r.points).bind(8, r.max_points).bind(9, r.found_time_ms).bind(10, r.found_depth).step();
    return true;
  });
}

chess::Result<std::vector<EpdResultRow>> SuiteStore::epd_results(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_,
                "SELECT line, position_id, fen, move, solved, points, max_points, found_time_ms, found_depth FROM epd_results "
                "WHERE run_id=? ORDER BY line");
    s.bind(1, run_id);
    std::vector<EpdResultRow> out;
    while (s.step())
      out.push_back({int(s.integer(0)), s.text(1), s.text(2), s.text(3), s.integer(4) != 0, int(s.integer(5)), int(s.integer(6)),
                     s.integer(7), int(s.integer(8))});
    return out;
  });
}

}  // namespace harness
