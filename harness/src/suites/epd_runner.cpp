#include "epd_runner.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <ostream>
#include <thread>

#include "core/san.h"
#include "core/uci_move.h"
#include "parallel_items.h"
#include "players/uci_player.h"

namespace harness {

namespace {

// A move as the suite writes its bm and am: in SAN when it is a legal move of the position.
std::string san_of(const std::string& fen, const std::string& uci) {
  auto pos = chess::Position::from_fen(fen);
  if (!pos) return uci;
  const chess::Move m = chess::parse_uci(*pos, uci, pos->is_chess960() ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD);
  return m.is_none() ? uci : chess::to_san(*pos, m);
}

std::string moves_san(const std::string& fen, const std::set<std::string>& moves) {
  std::string out;
  for (const std::string& m : moves) out += (out.empty() ? "" : " ") + san_of(fen, m);
  return out;
}

std::string epd_row_text(const EpdResultRow& r, const EpdCase& c) {
  char buf[320];
  std::string found =
      r.found_time_ms >= 0 ? std::to_string(r.found_time_ms) + " ms, depth " + std::to_string(r.found_depth) : "-";
  std::snprintf(buf, sizeof buf, "%-20s %-7s %-8s found %-22s", r.position_id.c_str(), san_of(c.fen, r.move).c_str(),
                r.solved ? "solved" : "missed", found.c_str());
  std::string out = buf;
  if (!r.solved && !c.best.empty()) out += " bm " + moves_san(c.fen, c.best);
  if (!r.solved && !c.avoid.empty()) out += " am " + moves_san(c.fen, c.avoid);
  if (!c.points.empty()) out += " points " + std::to_string(r.points) + "/" + std::to_string(r.max_points);
  return out + "\n";
}

}  // namespace

EpdResultRow score_analysis(const EpdCase& c, const std::string& best,
                            const std::vector<std::pair<std::int64_t, std::pair<int, std::string>>>& pv_history,
                            int final_mate_in) {
  EpdResultRow row{c.line, c.id, c.fen, best, false, c.points_for(best), c.max_points(), -1, 0};
  bool mate_ok = c.mate_in == 0 || (final_mate_in > 0 && final_mate_in <= c.mate_in);
  bool move_ok = (c.best.empty() && c.avoid.empty() && c.points.empty()) || c.solves(best);
  row.solved = mate_ok && move_ok;
  if (!row.solved) return row;
  // The solving line started at the last report whose move stopped being a non-solution.
  for (const auto& [time, depth_move] : pv_history) {
    bool solving = (c.best.empty() && c.avoid.empty() && c.points.empty()) || c.solves(depth_move.second);
    if (!solving)
      row.found_time_ms = -1;
    else if (row.found_time_ms < 0) {
      row.found_time_ms = time;
      row.found_depth = depth_move.first;
    }
  }
  if (row.found_time_ms < 0) row.found_time_ms = pv_history.empty() ? 0 : pv_history.back().first;
  return row;
}

EpdTotals run_epd_suite(const std::vector<EpdCase>& suite, const EngineConfig& engine, const EpdRunOptions& options, Database& db,
                        std::int64_t run_id, std::ostream& out) {
  struct Worker {
    explicit Worker(const EngineConfig& e) : player(e, ""), started(player.start()) {}
    UciPlayer player;
    chess::Result<bool> started;  // an engine that cannot start is not tried again
  };
  const std::chrono::milliseconds timeout = options.timeout + std::chrono::milliseconds(options.limit.movetime_ms);
  EpdTotals totals;
  for_each_in_parallel(
      suite.size(), options.concurrency, [&] { return std::make_unique<Worker>(engine); },
      [&](Worker& w, std::size_t i) {
        const EpdCase& c = suite[i];
        EpdResultRow row{c.line, c.id, c.fen, "", false, 0, c.max_points(), -1, 0};
        if (!w.player.alive() && w.started) w.started = w.player.start();
        auto analysis = w.started ? w.player.analyse(c.fen, options.limit, timeout)
                                  : chess::Result<Analysis>(chess::Error{w.started.error()});
        if (!analysis) {
          row.move = "error: " + analysis.error();
          return row;
        }
        std::vector<std::pair<std::int64_t, std::pair<int, std::string>>> history;
        int mate = 0;
        for (const AnalysisLine& l : analysis->lines) {
          history.push_back({l.time_ms, {l.report.depth, l.report.pv_move}});
          mate = l.report.mate_in;
        }
        return score_analysis(c, analysis->best, history, mate);
      },
      [&](std::size_t index, const EpdResultRow& row) {
        if (auto saved = db.save_epd_result(run_id, row); !saved && totals.storage_error.empty())
          totals.storage_error = saved.error();
        ++totals.positions;
        if (row.move.rfind("error: ", 0) == 0) ++totals.errors;
        if (row.solved) {
          ++totals.solved;
          totals.solve_time_ms += row.found_time_ms;
        }
        totals.points += row.points;
        totals.max_points += row.max_points;
        out << epd_row_text(row, suite[index]) << std::flush;
      });
  return totals;
}

}  // namespace harness
