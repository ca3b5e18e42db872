#include "loop/loop_lineage.h"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "json/json_input.h"
#include "loop/step_detail.h"

namespace tuner {

namespace {

using nlohmann::json;

std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0) {
  char text[256];
  std::snprintf(text, sizeof text, pattern, a, b, c, d);
  return text;
}


// A generation's self-play as training data: its run and the positions its export wrote.
struct SelfPlayData {
  int generation = 0;
  std::int64_t run = 0;
  double positions = 0;
};

// The self-play behind each exported file, by the file's path (what a training's detail names).
std::map<std::string, SelfPlayData> self_play_by_file(const std::vector<LoopStepRow>& steps) {
  std::map<int, std::int64_t> runs;
  for (const LoopStepRow& row : steps)
    if (row.step == "datagen") runs[row.generation] = row.run_id;
  std::map<std::string, SelfPlayData> by_file;
  for (const LoopStepRow& row : steps) {
    if (row.step != "export" || row.status != "done") continue;
    const json d = json_input::parse_or_discarded(row.detail);
    by_file[text_of(d, "file")] = {row.generation, runs[row.generation], number_of(d, "positions")};
  }
  return by_file;
}

// The self-play a training read, in its order.
std::vector<SelfPlayData> trained_on(const json& train, const std::map<std::string, SelfPlayData>& by_file) {
  std::vector<SelfPlayData> data;
  if (!train.contains("data") || !train["data"].is_array()) return data;
  for (const json& file : train["data"]) {
    if (!file.is_string()) continue;
    const auto it = by_file.find(file.get<std::string>());
    if (it != by_file.end()) data.push_back(it->second);
  }
  return data;
}

// "; trained on self-play run 2 (generation 1, 1491625 positions), run 6 (...)"
std::string trained_on_text(const std::vector<SelfPlayData>& data) {
  std::string text;
  for (const SelfPlayData& d : data)
    text += (text.empty() ? "; trained on self-play run " : ", run ") + std::to_string(d.run) +
            format(" (generation %.0f, %.0f positions)", d.generation, d.positions);
  return text;
}

// A promoted network's Elo against the first, through the gates: unknown once a gate's Elo is
// (a gate won every game), and for every network after it.
std::optional<double> chained_through(const std::optional<double>& parent, const json& gate) {
  if (!parent || !gate.contains("elo") || !gate["elo"].is_number()) return std::nullopt;
  return *parent + gate["elo"].get<double>();
}

std::string run_text(const LoopStepRow& row) {
  return row.run_id ? "run " + std::to_string(row.run_id) + ": " : "";
}

// An Elo that one-sided games leave unbounded is stored as null: "n/a", as the harness prints it.
std::string match_text(const json& d) {
  const bool bounded = d.contains("elo") && d["elo"].is_number() && d.contains("elo_error") && d["elo_error"].is_number();
  return (bounded ? format("Elo %+.1f +/- %.1f", number_of(d, "elo"), number_of(d, "elo_error")) : std::string("Elo n/a")) +
         format(" after %.0f games (W %.0f D %.0f L %.0f)", number_of(d, "games"), number_of(d, "wins"), number_of(d, "draws"),
                number_of(d, "losses"));
}

// How long the step took and the share of the cores it used, when it was measured.
std::string usage_text(const json& d) {
  if (!d.contains("usage") || !d["usage"].is_object()) return "";
  const json& u = d["usage"];
  return format(" [%.1f s; engines %.0f %%, loop %.0f %% of %.0f cores", number_of(u, "seconds"), 100 * number_of(u, "engines_cpu_share"),
                100 * number_of(u, "loop_cpu_share"), number_of(u, "cores")) +
         (u.value("resumed", false) ? " in the session that finished it]" : "]");
}

// One line of a stored step; a step under way says so. `chained`: a promoted network's Elo
// against the first; `by_file`: the self-play behind the exported files.
std::string step_line(const LoopStepRow& row, const std::optional<double>& chained,
                      const std::map<std::string, SelfPlayData>& by_file) {
  const json d = json_input::parse_or_discarded(row.detail);
  std::string line = "  " + row.step + std::string(8 - std::min<std::size_t>(7, row.step.size()), ' ') + run_text(row);
  if (row.status != "done") return line + "under way\n";
  if (row.step == "datagen")
    return line + format("%.0f games of generation %.0f's network", number_of(d, "games"), number_of(d, "parent_generation")) +
           (text_of(d, "network").empty() ? " (the first network)" : " (" + text_of(d, "network") + ")") + "\n";
  if (row.step == "export")
    return line + format("%.0f positions", number_of(d, "positions")) + " in " + text_of(d, "file") + " (sha256 " + text_of(d, "sha256") +
           ")\n";
  if (row.step == "train")
    return line + format("%.0f positions, %.0f superbatches, loss %.6f, validation %.6f", number_of(d, "positions"),
                         number_of(d, "superbatches"), number_of(d, "train_loss"), number_of(d, "validation_loss")) +
           format(", %.1f s; ", number_of(d, "seconds")) + text_of(d, "network") + " (sha256 " + text_of(d, "sha256") + ")" +
           trained_on_text(trained_on(d, by_file)) + "\n";
  if (row.step == "gate") {
    std::string verdict = d.value("promoted", false) ? "promoted" : "not promoted";
    if (d.contains("llr")) verdict = format("LLR %.2f (%.2f, %.2f): ", number_of(d, "llr"), number_of(d, "lower_bound"),
                                            number_of(d, "upper_bound")) + verdict;
    std::string through;
    if (d.value("promoted", false))
      through = chained ? format("; Elo against the first, chained: %+.1f", *chained)
                        : "; Elo against the first, chained: n/a (a gate on the way won every game)";
    return line + match_text(d) + format(" against generation %.0f; ", number_of(d, "best_generation")) + verdict + through + "\n";
  }
  return line + match_text(d) + " against the first network\n";
}

// A generation's row of the report: null where its step has not been done.
json generation_row(int generation, int parent, const std::map<std::string, json>& done, const json& chained,
                    const std::map<std::string, SelfPlayData>& by_file) {
  auto field = [&](const char* step, const char* key) -> json {
    const auto it = done.find(step);
    return it == done.end() || !it->second.contains(key) ? json() : it->second[key];
  };
  json data_runs = json::array();
  if (const auto train = done.find("train"); train != done.end())
    for (const SelfPlayData& d : trained_on(train->second, by_file)) data_runs.push_back(d.run);
  return {{"generation", generation},
          {"parent", parent},
          {"data_runs", data_runs},
          {"selfplay_games", field("datagen", "games")},
          {"positions", field("export", "positions")},
          {"training_positions", field("train", "positions")},
          {"training_seconds", field("train", "seconds")},
          {"validation_loss", field("train", "validation_loss")},
          {"network_sha256", field("train", "sha256")},
          {"gate_elo", field("gate", "elo")},
          {"gate_elo_error", field("gate", "elo_error")},
          {"gate_llr", field("gate", "llr")},
          {"gate_games", field("gate", "games")},
          {"promoted", field("gate", "promoted")},
          {"chained_elo", chained},
          {"measured_elo", field("measure", "elo")},
          {"measured_elo_error", field("measure", "elo_error")}};
}

}  // namespace

chess::Result<nlohmann::json> loop_report_section(TunerDatabase& db, const harness::RunRow& run) {
  auto steps = db.loop_steps(run.id);
  CHESS_RETURN_IF_ERROR(steps);
  json rows = json::array();
  std::map<int, std::map<std::string, json>> done;  // by generation: its finished steps' details
  for (const LoopStepRow& row : *steps)
    if (row.status == "done") done[row.generation][row.step] = json_input::parse_or_discarded(row.detail);
  const std::map<std::string, SelfPlayData> by_file = self_play_by_file(*steps);
  std::map<int, std::optional<double>> chained{{0, 0.0}};
  int best = 0;
  for (const auto& [generation, details] : done) {
    json through;
    const auto gate = details.find("gate");
    const bool promoted = gate != details.end() && gate->second.value("promoted", false);
    if (promoted) {
      chained[generation] = chained_through(chained[best], gate->second);
      if (chained[generation]) through = *chained[generation];
    }
    rows.push_back(generation_row(generation, best, details, through, by_file));
    if (promoted) best = generation;
  }
  if (rows.empty()) return chess::Error{"loop run " + std::to_string(run.id) + " has no finished step yet: nothing to report"};
  return json{{"id", run.id},          {"kind", "loop"},       {"status", run.status}, {"created", run.created_at},
              {"summary", run.summary}, {"generations", rows}, {"best", best}};
}

chess::Result<std::string> describe_loop_run(TunerDatabase& db, const harness::RunRow& run) {
  auto steps = db.loop_steps(run.id);
  CHESS_RETURN_IF_ERROR(steps);
  std::string out;
  const std::map<std::string, SelfPlayData> by_file = self_play_by_file(*steps);
  std::map<int, std::optional<double>> chained{{0, 0.0}};  // Elo against the first network, through the gates
  int best = 0, last = 0;
  for (const LoopStepRow& row : *steps) {
    if (row.generation != last) {
      last = row.generation;
      out += "generation " + std::to_string(row.generation) + " (parent: generation " + std::to_string(best) + ")\n";
    }
    const json d = json_input::parse_or_discarded(row.detail);
    std::optional<double> through;
    if (row.step == "gate" && row.status == "done" && d.value("promoted", false)) {
      through = chained[row.generation] = chained_through(chained[best], d);
      best = row.generation;
    }
    std::string line = step_line(row, through, by_file);
    if (row.status == "done") line.insert(line.size() - 1, usage_text(d));
    out += line;
  }
  return out + "best network: generation " + std::to_string(best) + "\n";
}

}  // namespace tuner
