// harness report RUN... [-o FILE]: one self-contained HTML report of runs.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "fail.h"
#include "report/html_page.h"
#include "report/run_report.h"
#include "storage/database.h"

namespace harness {

namespace {

struct ReportOptions {
  std::vector<std::int64_t> runs;
  std::string db = "results/harness.sqlite";
  std::string out;
};

void write_report(const ReportOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  auto db = value_or_fail(Database::open_readonly(o.db));
  const nlohmann::json report = value_or_fail(run_report(*db, o.runs));
  std::string ids;
  for (std::int64_t id : o.runs) ids += (ids.empty() ? "" : "-") + std::to_string(id);
  const std::string path =
      o.out.empty() ? (std::filesystem::path(o.db).parent_path() / ("report-" + ids + ".html")).string() : o.out;
  std::ofstream file(path, std::ios::binary);
  if (!file) fail("report: cannot write " + path);
  file << html_page("Workbench report: run " + ids, report);
  file.close();
  if (!file) fail("report: writing " + path + " failed (disk full?)");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "Report of run" << (o.runs.size() > 1 ? "s " : " ") << ids << " written to " << path << " ("
            << std::filesystem::file_size(path) / 1024 << " KiB, " << seconds << " s)" << std::endl;
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* cmd =
      app.add_subcommand("report", "Write an HTML report of runs (plots, games to replay), one file that opens offline");
  cmd->add_option("RUNS", o->runs, "Run ids: matches, tournaments, perft and EPD runs (two EPD runs side by side)")->required();
  cmd->add_option("--db", o->db, "SQLite database")->capture_default_str();
  cmd->add_option("-o,--out", o->out, "HTML file to write (default: report-RUNS.html beside the database)");
  cmd->callback([o] { write_report(*o); });
}

}  // namespace harness
