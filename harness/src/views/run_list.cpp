#include "run_list.h"

#include <nlohmann/json.hpp>

#include "json/json_input.h"
#include "run/schedule.h"

namespace harness {

namespace {

// The "Elo: ..." or first ranking line of a stored summary.
std::string headline(const std::string& summary) {
  std::size_t at = summary.find("Elo: ");
  if (at == std::string::npos) return summary.empty() ? "-" : summary.substr(0, summary.find('\n'));
  return summary.substr(at, summary.find('\n', at) - at);
}

}  // namespace

namespace {

chess::Result<bool> describe_match(Database& db, const RunRow& r, RunListRow& row) {
  auto config = MatchConfig::from_json(r.config);
  if (!config) return true;  // an unreadable configuration: the row keeps its dashes
  row.engines.clear();
  for (const EngineConfig& e : config->engines) row.engines += (row.engines.empty() ? "" : ", ") + e.name;
  if (row.engines.size() > 40) {
    std::size_t cut = 37;  // not inside a character of more than one byte
    while (cut > 0 && (static_cast<unsigned char>(row.engines[cut]) & 0xC0) == 0x80) --cut;
    row.engines = row.engines.substr(0, cut) + "...";
  }
  row.tc = config->time_control_text();
  for (const EngineConfig& e : config->engines)
    if (e.limit || e.time_margin_ms) row.tc += " (odds)";  // an engine has limits of its own
  if (row.tc.size() > 14) row.tc = row.tc.substr(0, row.tc.find(" (odds)")) + " (odds)";
  const int planned = planned_games(*config);
  auto stored = db.game_count(r.id);
  CHESS_RETURN_IF_ERROR(stored);
  row.games = std::to_string(*stored) + "/" + std::to_string(planned);
  return true;
}

// A perft or EPD run: its engine (perft: "engine vs reference"), limit, and the lines checked.
chess::Result<bool> describe_suite(Database& db, const RunRow& r, RunListRow& row) {
  if (const std::string engines = suite_run_engines(r); !engines.empty()) row.engines = engines;
  const nlohmann::json config = json_input::parse_or_discarded(r.config);
  if (config.is_object() && config.contains("limit") && config["limit"].is_string()) row.tc = config["limit"].get<std::string>();
  auto stored = db.stored_rows(r.id);
  CHESS_RETURN_IF_ERROR(stored);
  row.games = std::to_string(*stored);
  return true;
}

}  // namespace

std::string suite_run_engines(const RunRow& r) {
  const nlohmann::json config = json_input::parse_or_discarded(r.config);
  if (!config.is_object() || !config.contains("engine") || !config["engine"].is_string()) return "";
  std::string engines = config["engine"].get<std::string>();
  if (config.contains("reference") && config["reference"].is_string()) engines += " vs " + config["reference"].get<std::string>();
  return engines;
}

chess::Result<std::vector<RunListRow>> run_list(Database& db) {
  auto runs = db.runs();
  CHESS_RETURN_IF_ERROR(runs);
  std::vector<RunListRow> rows;
  for (const RunRow& r : *runs) {
    RunListRow row;
    row.id = r.id;
    row.kind = r.kind_text();
    row.status = r.status_text();
    row.created = r.created_at;
    row.result = headline(r.summary);
    row.reportable = is_match_or_tournament(r.kind) || is_suite(r.kind);
    chess::Result<bool> described = true;
    if (plays_games(r.kind)) described = describe_match(db, r, row);
    if (is_suite(r.kind)) described = describe_suite(db, r, row);
    CHESS_RETURN_IF_ERROR(described);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace harness
