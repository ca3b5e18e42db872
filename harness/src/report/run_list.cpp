#include "run_list.h"

#include "match/match_config.h"

namespace harness {

namespace {

// The "Elo: ..." or first ranking line of a stored summary.
std::string headline(const std::string& summary) {
  std::size_t at = summary.find("Elo: ");
  if (at == std::string::npos) return summary.empty() ? "-" : summary.substr(0, summary.find('\n'));
  return summary.substr(at, summary.find('\n', at) - at);
}

}  // namespace

std::vector<RunListRow> run_list(Database& db) {
  std::vector<RunListRow> rows;
  for (const RunRow& r : db.runs()) {
    RunListRow row;
    row.id = r.id;
    row.kind = r.kind;
    row.status = r.status;
    row.created = r.created_at;
    row.result = headline(r.summary);
    row.reportable = r.kind == "match" || r.kind == "tournament" || r.kind == "perft" || r.kind == "epd";
    if (r.kind == "match" || r.kind == "tournament") {
      if (auto config = MatchConfig::from_json(r.config)) {
        row.engines.clear();
        for (const EngineConfig& e : config->engines) row.engines += (row.engines.empty() ? "" : ", ") + e.name;
        if (row.engines.size() > 40) row.engines = row.engines.substr(0, 37) + "...";
        row.tc = config->settings.tc.describe();
        for (const EngineConfig& e : config->engines)
          if (e.limit || e.time_margin_ms) row.tc += " (odds)";  // an engine has limits of its own
        if (row.tc.size() > 14) row.tc = row.tc.substr(0, row.tc.find(" (odds)")) + " (odds)";
        const std::size_t planned = shard_games(make_schedule(*config), config->shard).size();
        row.games = std::to_string(db.game_count(r.id)) + "/" + std::to_string(planned);
      }
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace harness
