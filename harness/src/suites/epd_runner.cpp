#include "epd_runner.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <ostream>
#include <thread>

#include "players/uci_player.h"

namespace harness {

namespace {

std::string row_text(const EpdResultRow& r, const EpdCase& c) {
  char buf[256];
  std::string found =
      r.found_time_ms >= 0 ? std::to_string(r.found_time_ms) + " ms, depth " + std::to_string(r.found_depth) : "-";
  std::snprintf(buf, sizeof buf, "%-20s %-7s %-8s found %-22s", r.position_id.c_str(), r.move.c_str(),
                r.solved ? "solved" : "missed", found.c_str());
  std::string out = buf;
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
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::pair<std::size_t, EpdResultRow>> finished;
  std::atomic<std::size_t> next{0};
  int done_workers = 0;
  const int count = std::max(1, std::min<int>(options.concurrency, int(suite.size())));
  std::chrono::milliseconds timeout = options.timeout + std::chrono::milliseconds(options.limit.movetime_ms);
  std::vector<std::thread> workers;
  for (int w = 0; w < count; ++w)
    workers.emplace_back([&] {
      UciPlayer player(engine, "");
      std::string start_error = player.start();
      for (std::size_t i = next++; i < suite.size(); i = next++) {
        const EpdCase& c = suite[i];
        EpdResultRow row{c.line, c.id, c.fen, "", false, 0, c.max_points(), -1, 0};
        if (!player.alive() && start_error.empty()) start_error = player.start();
        auto analysis = start_error.empty() ? player.analyse(c.fen, options.limit, timeout)
                                            : chess::Result<Analysis>(chess::Error{start_error});
        if (analysis) {
          std::vector<std::pair<std::int64_t, std::pair<int, std::string>>> history;
          int mate = 0;
          for (const AnalysisLine& l : analysis->lines) {
            history.push_back({l.time_ms, {l.report.depth, l.report.pv_move}});
            mate = l.report.mate_in;
          }
          row = score_analysis(c, analysis->best, history, mate);
        } else {
          row.move = "error: " + analysis.error();
        }
        std::lock_guard<std::mutex> lock(mutex);
        finished.emplace_back(i, row);
        changed.notify_all();
      }
      player.stop();
      std::lock_guard<std::mutex> lock(mutex);
      ++done_workers;
      changed.notify_all();
    });

  EpdTotals totals;
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    changed.wait(lock, [&] { return !finished.empty() || done_workers == count; });
    while (!finished.empty()) {
      auto [index, row] = finished.front();
      finished.pop_front();
      lock.unlock();
      db.save_epd_result(run_id, row);
      ++totals.positions;
      if (row.move.rfind("error: ", 0) == 0) ++totals.errors;
      if (row.solved) {
        ++totals.solved;
        totals.solve_time_ms += row.found_time_ms;
      }
      totals.points += row.points;
      totals.max_points += row.max_points;
      out << row_text(row, suite[index]) << std::flush;
      lock.lock();
    }
    if (done_workers == count && finished.empty()) break;
  }
  lock.unlock();
  for (std::thread& t : workers) t.join();
  return totals;
}

}  // namespace harness
