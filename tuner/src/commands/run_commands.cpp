#include "commands/run_commands.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands/network_command.h"
#include "commands/report_sections.h"
#include "driver/confirmation.h"
#include "datagen/position_export.h"
#include "driver/network_training.h"
#include "loop/loop_lineage.h"
#include "loop/network_loop.h"
#include "process/stop_request.h"
#include "views/html_page.h"
#include "search/search.h"
#include "settings/output_file.h"
#include "stats/results_block.h"
#include "text/words.h"
#include "driver/tuner_configuration.h"

namespace tuner {

using harness::fail;
using harness::value_or_fail;

int tune_command(const TuningRequest& request, const TuningMethod& method) {
  harness::install_stop_handlers();  // a signal during set-up stops the run before its first generation
  const TuningEnd end = value_or_fail(run_tuning(request, method, std::cout));
  return end == TuningEnd::INTERRUPTED ? 130 : 0;
}

int show_command(const StoredRunRequest& o) {
  auto db = value_or_fail(TunerDatabase::open_existing(o.db));
  const harness::RunRow run = harness::run_or_fail(*db, o.run);
  if (run.kind == harness::RunKind::TUNER_NNUE) {
    std::cout << "Tuner run " << run.id << " (nnue, " << run.status_text() << ", started " << run.created_at << ")\n"
              << value_or_fail(describe_network_run(*db, run));
    return 0;
  }
  if (run.kind == harness::RunKind::TUNER_LOOP) {
    std::cout << "Loop run " << run.id << " (" << run.status_text() << ", started " << run.created_at << ")\n"
              << value_or_fail(describe_loop_run(*db, run));
    return 0;
  }
  const TuningMethod* method = run.kind == harness::RunKind::TUNER_METHOD ? find_tuning_method(run.method) : nullptr;
  if (!method)
    fail("run " + std::to_string(o.run) + " in " + o.db + " is " + harness::a_run_of_kind(run.kind_text()) +
         ", not a tuner run; see 'harness show " + std::to_string(o.run) + " --db " + o.db + "'");
  std::cout << "Tuner run " << run.id << " (" << run.status_text() << ", started " << run.created_at << ")\n";
  auto config = parse_tuner_config(run.config, "run " + std::to_string(o.run));
  if (!config) fail(config.error());
  const bool games = config->fitness.type == "games";
  // Game fitness is minus the score; texel fitness an error.
  auto text = [games](double fitness) {
    char t[32];
    std::snprintf(t, sizeof t, games ? "score %.1f%%" : "error %.6f", games ? 0.0 - 100 * fitness : fitness);  // +0.0, never -0.0
    return std::string(t);
  };
  for (const GenerationRow& g : value_or_fail(db->generations(o.run)))
    std::cout << method->describe_generation(*config, g, text) << "\n";
  for (const ValidationRow& v : value_or_fail(db->validations(o.run)))
    std::cout << "validation after " << harness::plural(v.generation, "generation") << ": "
              << harness::elo_text(v.elo, v.elo_error) << " (harness run " << v.match_run << ")\n";
  for (const ConfirmationRow& c : value_or_fail(db->confirmations(o.run))) std::cout << confirmation_line(c) << "\n";
  std::cout << run.summary;
  return 0;
}

int report_command(const StoredRunRequest& o) {
  // Opened as `show` opens it: a database of an older schema is migrated first, so that the
  // report reads each step's state as the methods now store it.
  auto db = value_or_fail(TunerDatabase::open_existing(o.db));
  const harness::RunRow run = harness::run_or_fail(*db, o.run);
  auto section = [&](const nlohmann::json& s) {
    return nlohmann::json{{"database", db->path()}, {"sections", nlohmann::json::array({s})}};
  };
  const nlohmann::json report = run.kind == harness::RunKind::TUNER_NNUE
                                    ? section(value_or_fail(network_report_section(*db, run)))
                                : run.kind == harness::RunKind::TUNER_LOOP ? section(value_or_fail(loop_report_section(*db, run)))
                                                                           : value_or_fail(tuner_report(*db, o.run));
  const std::string path =
      o.out.empty() ? (std::filesystem::path(o.db).parent_path() / ("tuner-report-" + std::to_string(o.run) + ".html")).string()
                    : o.out;
  value_or_fail(harness::write_page(path, harness::html_page("Tuner report: run " + std::to_string(o.run), report), {o.db}));
  std::cout << "Report of tuner run " << o.run << " written to " << path << std::endl;
  return 0;
}

// The positions of a harness run as EPD labeled with the game's result, through harness
// positions' exporter: from the game's ninth ply on (an opening's plies counted, as --min-ply
// counts them; before, only the engines' plies were), not in check, quiet (quiescence equal to
// the static evaluation), every one (no duplicates dropped), with or without a score.
int extract_command(const StoredRunRequest& o) {
  auto db = value_or_fail(TunerDatabase::open_existing(o.db));
  harness::run_or_fail(*db, o.run);
  if (o.out.empty()) fail("extract-positions needs --out FILE");
  const auto file = value_or_fail(harness::OutputFile::open("--out", o.out, {o.db}));
  search::Searcher searcher;
  searcher.set_hash_mb(1);
  harness::PositionFilters filters;
  filters.skip_tactical = filters.skip_mates = filters.dedup = false;
  filters.min_ply = 8;
  filters.position_test = [&](const chess::Position& pos) { return searcher.quiescence_score(pos) == searcher.evaluate(pos); };
  std::unordered_set<std::uint64_t> seen;
  auto exported = harness::export_positions(*db, o.run, filters, formats::PositionFormat::EPD, file->stream(), seen);
  if (!exported) fail(file->failed(exported.error()).message);
  const harness::ExportCounts& counts = *exported;
  value_or_fail(file->commit());
  std::cout << "wrote " << counts.written << " quiet labeled positions to " << o.out << "\n";
  return 0;
}

}  // namespace tuner
