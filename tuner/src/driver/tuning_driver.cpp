#include "driver/tuning_driver.h"
#include "json/json_input.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>

namespace tuner {

namespace {

// Where a run starts: after its last stored step, with the method's state restored from it.
chess::Result<int> resume(MethodRun& run, TunerDatabase& db, std::int64_t run_id, std::ostream& out) {
  auto stored = db.generations(run_id);
  CHESS_RETURN_IF_ERROR(stored);
  if (stored->empty()) {
    CHESS_RETURN_IF_ERROR(run.prepare());
    return 0;
  }
  const GenerationRow& last = stored->back();
  if (!run.restore(json_input::parse_or_discarded(last.state)))
    return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
  out << "Resuming tuner run " << run_id << " at step " << last.generation + 2 << "\n";
  return last.generation + 1;
}

// The method's line, the hooks' note about the current point, and the time estimate.
void print_progress(std::ostream& out, const MethodStep& step, const RunHooks& hooks, double elapsed, double remaining) {
  const std::string note = hooks.progress_note ? "  " + hooks.progress_note(step.current) : "";
  char time[96];
  std::snprintf(time, sizeof time, "  elapsed %.0f s  remaining %.0f s\n", elapsed, remaining);
  out << step.progress << note << time << std::flush;
}

}  // namespace

chess::Result<RunOutcome> drive(const TuningMethod& method, const MethodStart& start, TunerDatabase& db, std::int64_t run_id,
                                const RunHooks& hooks) {
  const std::unique_ptr<MethodRun> run = method.start(start);
  return drive_steps(*run, method.name(), method.planned_steps(start.config), db, run_id, start.out, hooks);
}

chess::Result<RunOutcome> drive_steps(MethodRun& method_run, const std::string& name, int planned, TunerDatabase& db,
                                      std::int64_t run_id, std::ostream& out, const RunHooks& hooks) {
  MethodRun* run = &method_run;
  auto first = resume(*run, db, run_id, out);
  CHESS_RETURN_IF_ERROR(first);
  const auto began = std::chrono::steady_clock::now();
  RunOutcome outcome;
  bool converged = false;
  int next = *first;
  while (next < planned && !converged) {
    int allowed = planned - next;
    if (hooks.stop_after >= 0) allowed = std::min(allowed, hooks.stop_after - outcome.generations_run);
    if (allowed <= 0) break;
    auto stepped = run->step(next, allowed);
    CHESS_RETURN_IF_ERROR(stepped);
    converged = stepped->converged;
    if (stepped->steps.empty() && !converged)
      return chess::Error{"run " + std::to_string(run_id) + ": " + name + " made no step " + std::to_string(next + 1) +
                          " and did not end (its stored state does not match its steps)"};
    if (!stepped->note.empty()) out << stepped->note << "\n";
    for (const MethodStep& step : stepped->steps) {
      CHESS_RETURN_IF_ERROR(
          db.save_generation(run_id, {next, step.best_fitness, step.mean_fitness, step.state.dump()}, step.candidates));
      ++next;
      ++outcome.generations_run;
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      if (!step.progress.empty())
        print_progress(out, step, hooks, elapsed, elapsed / outcome.generations_run * double(planned - next));
      if (hooks.after_generation) CHESS_RETURN_IF_ERROR(hooks.after_generation(next, step.current));
    }
  }
  outcome.complete = converged || next >= planned;
  auto result = run->result();
  CHESS_RETURN_IF_ERROR(result);
  outcome.best = std::move(result->best);
  outcome.best_fitness = result->best_fitness;
  outcome.note = std::move(result->note);
  return outcome;
}

}  // namespace tuner
