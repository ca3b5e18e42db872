#include "perft_runner.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <ostream>
#include <thread>

#include "parallel_items.h"
#include "perft_locator.h"

namespace harness {

namespace {

std::vector<std::pair<int, std::uint64_t>> selected_depths(const PerftCase& c, const PerftRunOptions& o) {
  std::vector<std::pair<int, std::uint64_t>> out;
  for (const auto& d : c.depths)
    if ((o.only_depth == 0 || d.first == o.only_depth) && (o.max_depth == 0 || d.first <= o.max_depth)) out.push_back(d);
  return out;
}

// Why a count differs from the suite's: where the engine's move generator goes wrong, or, when
// the reference counts what the engine counts, that the suite's own number is the wrong one.
std::string explain_wrong_count(const PerftCase& c, int depth, const PerftOutput& got, PerftSource& engine,
                                PerftSource& reference) {
  auto ref = reference.divide(c.fen, {}, depth);
  if (ref && ref->total == got.total)
    return "  the engine and the reference agree on " + std::to_string(got.total) + " at depth " + std::to_string(depth) +
           ": the suite's count (line " + std::to_string(c.line) + ") is probably wrong\n";
  auto bug = locate_bug(engine, reference, c.fen, depth);
  return bug ? bug->text() : "  could not locate: " + bug.error() + "\n";
}

// Checks one suite position depth by depth; stops at the first wrong count and locates it.
std::vector<PerftResultRow> check_case(const PerftCase& c, const PerftRunOptions& o, PerftSource& engine,
                                       PerftSource& reference) {
  std::vector<PerftResultRow> rows;
  for (const auto& [depth, expected] : selected_depths(c, o)) {
    PerftResultRow row{c.line, c.id, c.fen, depth, expected, 0, 0, false, "", ""};
    auto got = engine.divide(c.fen, {}, depth);
    if (!got) {
      row.error = got.error();
      rows.push_back(row);
      break;
    }
    row.got = got->total;
    row.seconds = got->seconds;
    row.passed = got->total == expected;
    if (!row.passed) row.bug = explain_wrong_count(c, depth, *got, engine, reference);
    rows.push_back(row);
    if (!row.passed) break;
  }
  return rows;
}

std::string perft_row_text(const PerftResultRow& r) {
  char buf[256];
  if (!r.error.empty()) {
    std::snprintf(buf, sizeof buf, "%-12s depth %2d  expected %14llu  ERROR %s\n", r.position_id.c_str(), r.depth,
                  (unsigned long long)r.expected, r.error.c_str());
    return buf;
  }
  double mnps = r.seconds > 0 ? double(r.got) / r.seconds / 1e6 : 0;
  std::snprintf(buf, sizeof buf, "%-12s depth %2d  expected %14llu  got %14llu  %8.3f s  %8.1f Mnps  %s\n", r.position_id.c_str(),
                r.depth, (unsigned long long)r.expected, (unsigned long long)r.got, r.seconds, mnps, r.passed ? "ok" : "FAIL");
  return std::string(buf) + (r.passed ? "" : "  wrong count in " + r.fen + "\n" + r.bug);
}

}  // namespace

PerftRunTotals run_perft_suite(const PerftSuite& suite, const PerftRunOptions& options, const PerftSourceFactory& make_engine,
                               const PerftSourceFactory& make_reference, Database& db, std::int64_t run_id, std::ostream& out) {
  struct Sources {
    std::unique_ptr<PerftSource> engine, reference;
  };
  PerftRunTotals totals;
  for_each_in_parallel(
      suite.cases.size(), options.concurrency,
      [&] {
        return std::make_unique<Sources>(Sources{make_engine(), make_reference()});
      },
      [&](Sources& s, std::size_t i) { return check_case(suite.cases[i], options, *s.engine, *s.reference); },
      [&](std::size_t, const std::vector<PerftResultRow>& rows) {
        for (const PerftResultRow& r : rows) {
          if (auto saved = db.save_perft_result(run_id, r); !saved && totals.storage_error.empty())
            totals.storage_error = saved.error();
          ++totals.checks;
          if (!r.error.empty())
            ++totals.errors;
          else if (r.passed)
            ++totals.passed;
          else
            ++totals.failed;
          totals.nodes += r.got;
          totals.engine_seconds += r.seconds;
          if (!options.failures_only || !r.passed || !r.error.empty()) out << perft_row_text(r) << std::flush;
        }
      });
  return totals;
}

}  // namespace harness
