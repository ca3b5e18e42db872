#include "storage/loop_store.h"

#include "storage/statement.h"

namespace tuner {

using harness::Connection;
using harness::guarded;
using harness::Statement;

chess::Result<bool> LoopStore::save_loop_step(std::int64_t loop_run, const LoopStepRow& step) {
  return guarded(c_, [&] {
    Statement s(c_,
                "INSERT INTO loop_steps (loop_run, generation, step, run_id, status, detail) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (loop_run, generation, step) DO UPDATE SET run_id=excluded.run_id, status=excluded.status, "
                "detail=excluded.detail");
    s.bind(1, loop_run).bind(2, step.generation).bind(3, step.step);
    step.run_id ? s.bind(4, step.run_id) : s.bind_null(4);
    s.bind(5, step.status).bind(6, step.detail);
    s.step();
    return true;
  });
}

chess::Result<std::vector<LoopStepRow>> LoopStore::loop_steps(std::int64_t loop_run) {
  return guarded(c_, [&] {
    Statement s(c_,
                "SELECT generation, step, COALESCE(run_id, 0), status, detail FROM loop_steps WHERE loop_run=? "
                "ORDER BY generation, rowid");
    s.bind(1, loop_run);
    std::vector<LoopStepRow> rows;
    while (s.step()) rows.push_back({int(s.integer(0)), s.text(1), s.integer(2), s.text(3), s.text(4)});
    return rows;
  });
}

}  // namespace tuner
