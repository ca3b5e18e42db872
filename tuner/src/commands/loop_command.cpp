#include "commands/loop_command.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <utility>

#include "cluster/slurm.h"
#include "command_support/fail.h"
#include "driver/run_lookup.h"
#include "events/event_stream.h"
#include "loop/loop_config.h"
#include "loop/loop_engine_check.h"
#include "loop/loop_folder.h"
#include "loop/network_loop.h"
#include "process/executable_path.h"
#include "process/stop_request.h"

namespace tuner {

namespace {

namespace fs = std::filesystem;
using harness::value_or_fail;

// A file the configuration names is there: checked before anything runs, not after a
// generation's self-play and training.
chess::Result<bool> require_file(const std::string& path, const std::string& source, const std::string& key) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return true;
  return chess::Error{source + ": " + key + ": " + path + (fs::exists(path, ec) ? ": not a file" : ": no such file")};
}

// Paths of the configuration read from the current directory, and the project's book by default.
chess::Result<bool> resolve_paths(LoopConfig& config, const std::string& source) {
  if (!config.first_network.empty()) {
    config.first_network = fs::absolute(config.first_network).string();
    CHESS_RETURN_IF_ERROR(require_file(config.first_network, source, "'first_network'"));
  }
  const std::pair<LoopMatch*, const char*> matches[] = {{&config.gate, "gate"},
                                                         {config.measure ? &*config.measure : nullptr, "measure"}};
  for (const auto& [m, name] : matches) {
    if (!m) continue;
    m->openings = m->openings.empty() ? harness::project_file("suites/openings.epd") : fs::absolute(m->openings).string();
    CHESS_RETURN_IF_ERROR(require_file(m->openings, source, std::string(name) + ": 'openings'"));
  }
  return true;
}

// The loop's run, new or resumed, in its database. A new loop's --dir is reserved first, so that
// of two loops racing for one folder only one stores a run; the other is refused with nothing
// recorded, and a reservation whose run could not be stored is given back.
chess::Result<std::pair<std::unique_ptr<TunerDatabase>, std::int64_t>> store_loop_run(const LoopCommandOptions& o,
                                                                                      const LoopConfig& config) {
  const bool reserve = !o.resume && !o.dir.empty();
  bool made = false;
  if (reserve) {
    auto reserved = reserve_loop_folder(fs::absolute(o.dir), o.db);
    CHESS_RETURN_IF_ERROR(reserved);
    made = *reserved;
  }
  auto db = TunerDatabase::open(o.db);
  auto run_id = db ? find_or_create_run(**db, harness::RunKind::TUNER_LOOP, config.source_text, o.resume)
                   : chess::Result<std::int64_t>(chess::Error{db.error()});
  if (!run_id) {
    if (reserve) release_loop_folder(fs::absolute(o.dir), made);
    return chess::Error{run_id.error()};
  }
  return std::make_pair(std::move(db).value(), *run_id);
}

}  // namespace

int loop_command(const LoopCommandOptions& o) {
  harness::install_stop_handlers();
  LoopConfig config = value_or_fail(load_loop_config(o.config, harness::project_file("configs/engines.json")));
  value_or_fail(resolve_paths(config, o.config));
  if (o.cluster == 0) value_or_fail(check_loop_engine(config, o.config));  // on a cluster the nodes start it
  const std::unique_ptr<harness::EventStream> events =
      o.events.empty() ? nullptr : value_or_fail(harness::EventStream::open(o.events));
  if (o.cluster > 0 && config.datagen.positions > 0)
    harness::fail(o.config +
                  ": datagen: 'positions' keeps the first games of one run in order, which shards cannot: on "
                  "a cluster size the self-play by 'games'");
  if (o.cluster > 0) value_or_fail(harness::slurm_reachable());  // before a run is marked running
  auto [db, run_id] = value_or_fail(store_loop_run(o, config));
  const fs::path dir = o.dir.empty() ? fs::absolute(o.db).parent_path() / "loops" / (config.name + "-run" + std::to_string(run_id))
                                     : fs::absolute(o.dir);
  const bool resumed = !value_or_fail(db->loop_steps(run_id)).empty();
  if (auto claimed = claim_loop_folder(dir, o.db, run_id, resumed); !claimed) {
    (void)db->update_run(run_id, harness::RunStatus::STOPPED, claimed.error() + "\n");  // not left "running"
    harness::fail(claimed.error());
  }
  std::cout << "Loop run " << run_id << " in " << o.db << ": " << config.generations << " generations of " << config.engine.name
            << ", files in " << dir.string() << std::endl;
  NetworkLoop loop(config, *db, run_id, dir, std::cout);
  loop.stop_after_steps(o.stop_after_steps);
  loop.events_to(events.get());
  if (o.cluster > 0) loop.on_cluster({o.cluster, o.partition, o.cluster_dir});
  auto ran = loop.run();
  if (!ran) {  // the run says so, not "running" for ever; --resume goes on from its last stored step
    (void)db->update_run(run_id, harness::RunStatus::FAILED, ran.error() + "\n");
    harness::fail(ran.error());
  }
  const LoopOutcome outcome = std::move(ran).value();
  if (outcome.interrupted) {
    std::cout << "Stopped: loop run " << run_id << " goes on from its last stored step with --resume\n";
    return 130;
  }
  std::cout << outcome.summary;
  return 0;
}

}  // namespace tuner
