#include "driver/run_lookup.h"

#include <vector>

namespace tuner {

chess::Result<std::int64_t> find_or_create_run(TunerDatabase& db, const std::string& kind, const std::string& config_text,
                                               bool resume) {
  if (!resume) return db.create_run(kind, config_text);
  auto runs = db.runs();
  CHESS_RETURN_IF_ERROR(runs);
  for (auto it = runs->rbegin(); it != runs->rend(); ++it)
    if (it->kind == kind && it->status != "finished" && it->config == config_text) {
      // A resumed run is running again, not "stopped" (or "running" from before a kill -9).
      CHESS_RETURN_IF_ERROR(db.update_run(it->id, "running", ""));
      return it->id;
    }
  return chess::Error{"--resume: no unfinished " + kind + " run with this configuration in " + db.path()};
}

}  // namespace tuner
