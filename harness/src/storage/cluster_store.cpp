#include "storage/cluster_store.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "json/json_input.h"
#include "storage/statement.h"

namespace harness {

chess::Result<bool> ClusterStore::save_cluster_job(const ClusterJobRow& job) {
  return guarded(c_, [&] {
    std::string ids;
    for (const std::string& id : job.job_ids) ids += (ids.empty() ? "" : " ") + id;
    Statement s(c_, "INSERT OR REPLACE INTO cluster_jobs (run_id, dir, shards, job_ids, counted) VALUES (?, ?, ?, ?, ?)");
    s.bind(1, job.run_id).bind(2, job.dir).bind(3, job.shards).bind(4, ids);
    job.decided ? s.bind(5, nlohmann::json(job.counted).dump()) : s.bind_null(5);
    s.step();
    return true;
  });
}

chess::Result<std::optional<ClusterJobRow>> ClusterStore::cluster_job(std::int64_t run_id) {
  return guarded(c_, [&]() -> std::optional<ClusterJobRow> {
    Statement s(c_, "SELECT dir, shards, job_ids, counted FROM cluster_jobs WHERE run_id=?");
    s.bind(1, run_id);
    if (!s.step()) return std::nullopt;
    ClusterJobRow row{run_id, s.text(0), int(s.integer(1)), {}, !s.is_null(3), {}};
    std::istringstream ids(s.text(2));
    for (std::string id; ids >> id;) row.job_ids.push_back(id);
    if (row.decided) {
      auto counted = json_input::parse(s.text(3), "cluster job's counted shards");
      if (!counted) throw StorageError(counted.error());
      row.counted = counted->get<std::vector<int>>();
    }
    return row;
  });
}

}  // namespace harness
