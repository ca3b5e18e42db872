#include "loop/loop_lineage.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "loop/loop_step.h"
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
chess::Result<std::map<std::string, SelfPlayData>> self_play_by_file(const std::vector<StoredStep>& steps) {
  std::map<int, std::int64_t> runs;
  for (const StoredStep& row : steps)
    if (row.step == LoopStep::DATAGEN) runs[row.generation] = row.run_id;
  std::map<std::string, SelfPlayData> by_file;
  for (const StoredStep& row : steps) {
    if (row.step != LoopStep::EXPORT || row.state != StepState::DONE) continue;
    auto exported = read_detail<ExportDetail>(row);
    CHESS_RETURN_IF_ERROR(exported);
    by_file[exported->file] = {row.generation, runs[row.generation], double(exported->positions)};
  }
  return by_file;
}

// The self-play a training read, in its order.
std::vector<SelfPlayData> trained_on(const TrainDetail& train, const std::map<std::string, SelfPlayData>& by_file) {
  std::vector<SelfPlayData> data;
  for (const std::string& file : train.data) {
    const auto it = by_file.find(file);
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
std::optional<double> chained_through(const std::optional<double>& parent, const GateDetail& gate) {
  if (!parent || !gate.games.elo) return std::nullopt;
  return *parent + *gate.games.elo;
}

std::string run_text(const StoredStep& row) { return row.run_id ? "run " + std::to_string(row.run_id) + ": " : ""; }

// An Elo that one-sided games leave unbounded is stored as null: "n/a", as the harness prints it.
std::string match_text(const MatchFigures& m) {
  return (m.elo && m.elo_error ? format("Elo %+.1f +/- %.1f", *m.elo, *m.elo_error) : std::string("Elo n/a")) +
         format(" after %.0f games (W %.0f D %.0f L %.0f)", m.games, m.wins, m.draws, m.losses);
}

// How long the step took and the share of the cores it used, when it was measured.
std::string usage_text(const std::optional<StepUsage>& u) {
  if (!u) return "";
  return format(" [%.1f s; engines %.0f %%, loop %.0f %% of %.0f cores", u->seconds, 100 * u->engines_cpu_share,
                100 * u->loop_cpu_share, u->cores) +
         (u->resumed ? " in the session that finished it]" : "]");
}

std::string datagen_text(const DatagenDetail& d) {
  return format("%.0f games of generation %.0f's network", d.games.games, d.parent_generation) +
         (d.network.empty() ? " (the first network)" : " (" + d.network + ")");
}

std::string export_text(const ExportDetail& d) {
  return format("%.0f positions", double(d.positions)) + " in " + d.file + " (sha256 " + d.sha256 + ")";
}

std::string train_text(const TrainDetail& d, const std::map<std::string, SelfPlayData>& by_file) {
  return format("%.0f positions, %.0f superbatches, loss %.6f, validation %.6f", double(d.positions), double(d.superbatches),
                d.train_loss.value_or(0.0), d.validation_loss.value_or(0.0)) +
         format(", %.1f s; ", d.seconds) + d.network + " (sha256 " + d.sha256 + ")" + trained_on_text(trained_on(d, by_file));
}

// `chained`: the promoted network's Elo against the first.
std::string gate_text(const GateDetail& d, const std::optional<double>& chained) {
  std::string verdict = d.promoted ? "promoted" : "not promoted";
  if (d.sprt) verdict = format("LLR %.2f (%.2f, %.2f): ", d.sprt->llr, d.sprt->lower_bound, d.sprt->upper_bound) + verdict;
  std::string through;
  if (d.promoted)
    through = chained ? format("; Elo against the first, chained: %+.1f", *chained)
                      : "; Elo against the first, chained: n/a (a gate on the way won every game)";
  return match_text(d.games) + format(" against generation %.0f; ", d.best_generation) + verdict + through;
}

// What a done step found, its detail read as its step stored it.
chess::Result<std::string> detail_text(const StoredStep& row, const std::optional<double>& chained,
                                       const std::map<std::string, SelfPlayData>& by_file) {
  switch (row.step) {
    case LoopStep::DATAGEN: {
      auto d = read_detail<DatagenDetail>(row);
      CHESS_RETURN_IF_ERROR(d);
      return datagen_text(*d);
    }
    case LoopStep::EXPORT: {
      auto d = read_detail<ExportDetail>(row);
      CHESS_RETURN_IF_ERROR(d);
      return export_text(*d);
    }
    case LoopStep::TRAIN: {
      auto d = read_detail<TrainDetail>(row);
      CHESS_RETURN_IF_ERROR(d);
      return train_text(*d, by_file);
    }
    case LoopStep::GATE: {
      auto d = read_detail<GateDetail>(row);
      CHESS_RETURN_IF_ERROR(d);
      return gate_text(*d, chained);
    }
    case LoopStep::MEASURE: {
      auto d = read_detail<MeasureDetail>(row);
      CHESS_RETURN_IF_ERROR(d);
      return match_text(d->games) + " against the first network";
    }
  }
  return chess::Error{step_place(row.generation, row.step) + ": no such step"};
}

// One line of a stored step, with its usage; a step under way says so.
chess::Result<std::string> step_line(const StoredStep& row, const std::optional<double>& chained,
                                     const std::map<std::string, SelfPlayData>& by_file) {
  const std::string name = loop_step_name(row.step);
  const std::string line = "  " + name + std::string(8 - std::min<std::size_t>(7, name.size()), ' ') + run_text(row);
  if (row.state != StepState::DONE) return line + "under way\n";
  auto text = detail_text(row, chained, by_file);
  CHESS_RETURN_IF_ERROR(text);
  auto usage = read_usage(row);
  CHESS_RETURN_IF_ERROR(usage);
  return line + *text + usage_text(*usage) + "\n";
}

// A generation's finished steps, read.
struct GenerationDone {
  std::optional<DatagenDetail> datagen;
  std::optional<ExportDetail> exported;
  std::optional<TrainDetail> train;
  std::optional<GateDetail> gate;
  std::optional<MeasureDetail> measure;
};

template <class Detail>
chess::Result<bool> read_into(const StoredStep& row, std::optional<Detail>& into) {
  auto detail = read_detail<Detail>(row);
  CHESS_RETURN_IF_ERROR(detail);
  into = std::move(detail).value();
  return true;
}

chess::Result<bool> read_done(const StoredStep& row, GenerationDone& done) {
  switch (row.step) {
    case LoopStep::DATAGEN: return read_into(row, done.datagen);
    case LoopStep::EXPORT: return read_into(row, done.exported);
    case LoopStep::TRAIN: return read_into(row, done.train);
    case LoopStep::GATE: return read_into(row, done.gate);
    case LoopStep::MEASURE: return read_into(row, done.measure);
  }
  return true;
}

json number_or_null(const std::optional<double>& v) { return v ? json(*v) : json(); }

// A generation's row of the report: null where its step has not been done.
json generation_report_row(int generation, int parent, const GenerationDone& done, const json& chained,
                           const std::map<std::string, SelfPlayData>& by_file) {
  json data_runs = json::array();
  if (done.train)
    for (const SelfPlayData& d : trained_on(*done.train, by_file)) data_runs.push_back(d.run);
  const GateDetail* gate = done.gate ? &*done.gate : nullptr;
  const TrainDetail* train = done.train ? &*done.train : nullptr;
  return {{"generation", generation},
          {"parent", parent},
          {"data_runs", data_runs},
          {"selfplay_games", done.datagen ? json(done.datagen->games.games) : json()},
          {"positions", done.exported ? json(done.exported->positions) : json()},
          {"training_positions", train ? json(train->positions) : json()},
          {"training_seconds", train ? json(train->seconds) : json()},
          {"validation_loss", train ? number_or_null(train->validation_loss) : json()},
          {"network_sha256", train ? json(train->sha256) : json()},
          {"gate_elo", gate ? number_or_null(gate->games.elo) : json()},
          {"gate_elo_error", gate ? number_or_null(gate->games.elo_error) : json()},
          {"gate_llr", gate && gate->sprt ? json(gate->sprt->llr) : json()},
          {"gate_games", gate ? json(gate->games.games) : json()},
          {"promoted", gate ? json(gate->promoted) : json()},
          {"chained_elo", chained},
          {"measured_elo", done.measure ? number_or_null(done.measure->games.elo) : json()},
          {"measured_elo_error", done.measure ? number_or_null(done.measure->games.elo_error) : json()}};
}

chess::Result<std::vector<StoredStep>> stored_steps(TunerDatabase& db, std::int64_t loop_run) {
  auto rows = db.loop_steps(loop_run);
  CHESS_RETURN_IF_ERROR(rows);
  return read_stored_steps(*rows);
}

}  // namespace

chess::Result<nlohmann::json> loop_report_section(TunerDatabase& db, const harness::RunRow& run) {
  auto steps = stored_steps(db, run.id);
  CHESS_RETURN_IF_ERROR(steps);
  std::map<int, GenerationDone> done;  // by generation: its finished steps' details
  for (const StoredStep& row : *steps)
    if (row.state == StepState::DONE) CHESS_RETURN_IF_ERROR(read_done(row, done[row.generation]));
  auto by_file = self_play_by_file(*steps);
  CHESS_RETURN_IF_ERROR(by_file);
  json rows = json::array();
  std::map<int, std::optional<double>> chained{{0, 0.0}};
  int best = 0;
  for (const auto& [generation, details] : done) {
    json through;
    const bool promoted = details.gate && details.gate->promoted;
    if (promoted) {
      chained[generation] = chained_through(chained[best], *details.gate);
      if (chained[generation]) through = *chained[generation];
    }
    rows.push_back(generation_report_row(generation, best, details, through, *by_file));
    if (promoted) best = generation;
  }
  if (rows.empty()) return chess::Error{"loop run " + std::to_string(run.id) + " has no finished step yet: nothing to report"};
  return json{{"id", run.id},
              {"kind", "loop"},
              {"status", run.status_text()},
              {"created", run.created_at},
              {"summary", run.summary},
              {"generations", rows},
              {"best", best}};
}

chess::Result<std::string> describe_loop_run(TunerDatabase& db, const harness::RunRow& run) {
  auto steps = stored_steps(db, run.id);
  CHESS_RETURN_IF_ERROR(steps);
  auto by_file = self_play_by_file(*steps);
  CHESS_RETURN_IF_ERROR(by_file);
  std::string out;
  std::map<int, std::optional<double>> chained{{0, 0.0}};  // Elo against the first network, through the gates
  int best = 0, last = 0;
  for (const StoredStep& row : *steps) {
    if (row.generation != last) {
      last = row.generation;
      out += "generation " + std::to_string(row.generation) + " (parent: generation " + std::to_string(best) + ")\n";
    }
    std::optional<double> through;
    if (row.step == LoopStep::GATE && row.state == StepState::DONE) {
      auto gate = read_detail<GateDetail>(row);
      CHESS_RETURN_IF_ERROR(gate);
      if (gate->promoted) {
        through = chained[row.generation] = chained_through(chained[best], *gate);
        best = row.generation;
      }
    }
    auto line = step_line(row, through, *by_file);
    CHESS_RETURN_IF_ERROR(line);
    out += *line;
  }
  return out + "best network: generation " + std::to_string(best) + "\n";
}

}  // namespace tuner
