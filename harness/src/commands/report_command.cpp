// harness report RUN... [-o FILE]: one self-contained HTML report of runs.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "command_support/fail.h"
#include "commands.h"
#include "process/executable_path.h"
#include "process/stop_request.h"
#include "views/dashboard_server.h"
#include "views/html_page.h"
#include "views/run_report.h"
#include "settings/output_file.h"
#include "storage/database.h"

namespace harness {

namespace {

struct ReportOptions {
  std::vector<std::int64_t> runs;
  std::string db = default_database();
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
  value_or_fail(write_page(path, html_page("Workbench report: run " + ids, report), {o.db}));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  char took[32];
  std::snprintf(took, sizeof took, "%.2f s", seconds);
  std::cout << "Report of run" << (o.runs.size() > 1 ? "s " : " ") << ids << " written to " << path << " ("
            << std::filesystem::file_size(path) / 1024 << " KiB, " << took << ")" << std::endl;
}

struct ServeOptions {
  std::string db = default_database();
  std::string bind = "127.0.0.1";
  int port = 8080;
};

void serve(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) fail("--port must be from 0 (any free port) to 65535");
  value_or_fail(Database::open_readonly(o.db));  // a missing database is an error, never created
  install_stop_handlers();
  value_or_fail(serve_dashboard({o.db, o.bind, o.port}, [&](int port) {
    std::cout << "Serving " << o.db << " on http://" << o.bind << ":" << port << "/ (Ctrl-C stops)" << std::endl;
  }));
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* cmd =
      app.add_subcommand("report", "Write an HTML report of runs (plots, games to replay), one file that opens offline");
  cmd->add_option("RUNS", o->runs, "Run ids: matches, tournaments, perft and EPD runs (two EPD runs side by side)")->required();
  cmd->add_option("--db", o->db, DATABASE_HELP);
  cmd->add_option("-o,--out", o->out, "HTML file to write (default: report-RUNS.html beside the database)");
  cmd->callback([o] { write_report(*o); });

  auto s = std::make_shared<ServeOptions>();
  CLI::App* server = app.add_subcommand("serve", "A live dashboard over a database: the runs, and each run's report as it plays");
  server->add_option("--db", s->db, "SQLite database, opened read-only (default: results/harness.sqlite in the project)");
  server->add_option("--port", s->port, "TCP port (0: any free one)")->capture_default_str();
  server->add_option("--bind", s->bind, "Address to listen on (another than 127.0.0.1 exposes the results)")
      ->capture_default_str();
  server->callback([s] { serve(*s); });
}

}  // namespace harness
