#include "storage/bisect_store.h"

#include "storage/statement.h"

namespace harness {

chess::Result<bool> BisectStore::save_bisect_step(std::int64_t bisect_run, const BisectStepRow& step) {
  return guarded(c_, [&] {
    Statement s(c_,
                "INSERT OR REPLACE INTO bisect_steps (bisect_run, step, commit_sha, verdict, run_id, detail) "
                "VALUES (?, ?, ?, ?, ?, ?)");
    s.bind(1, bisect_run).bind(2, step.step).bind(3, step.commit).bind(4, step.verdict);
    step.run_id ? s.bind(5, step.run_id) : s.bind_null(5);
    s.bind(6, step.detail);
    s.step();
    return true;
  });
}

chess::Result<std::vector<BisectStepRow>> BisectStore::bisect_steps(std::int64_t bisect_run) {
  return guarded(c_, [&] {
    Statement s(c_,
                "SELECT step, commit_sha, verdict, COALESCE(run_id, 0), detail FROM bisect_steps WHERE bisect_run=? ORDER BY "
                "step");
    s.bind(1, bisect_run);
    std::vector<BisectStepRow> rows;
    while (s.step()) rows.push_back({int(s.integer(0)), s.text(1), s.text(2), s.integer(3), s.text(4)});
    return rows;
  });
}

}  // namespace harness
