// harness: matches, tournaments and suites for chess engines, with every result in SQLite.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <vector>

#include "command_support/command_line.h"
#include "commands.h"
#include "process/stop_request.h"

int main(int argc, char** argv) {
  harness::ignore_output_signals();  // every writer reports a full file or a closed output itself
  CLI::App app{"harness: play and measure chess engines; every result goes to SQLite",
               "harness"};  // usage lines name the program, not its path
  app.require_subcommand(1);
  harness::add_match_commands(app);
  harness::add_run_commands(app);
  harness::add_perft_command(app);
  harness::add_epd_commands(app);
  harness::add_rate_command(app);
  harness::add_report_command(app);
  harness::add_check_command(app);
  harness::add_openings_command(app);
  harness::add_cluster_commands(app);
  harness::add_foreign_commands(app);
  harness::add_import_command(app);
  harness::add_bench_command(app);
  harness::add_test_command(app);
  harness::add_bisect_command(app);
  harness::add_datagen_commands(app);
  // Called as fastchess, fastchess-ob or cutechess-cli (a link to this binary): that program's
  // command line, as OpenBench's client and Stockfish's worker run it.
  std::vector<char*> args(argv, argv + argc);
  char foreign[16] = {};
  if (const char* command = harness::foreign_command_for_program(std::filesystem::path(argv[0]).filename().string())) {
    std::snprintf(foreign, sizeof foreign, "%s", command);
    args.insert(args.begin() + 1, foreign);
  }
  const int status = harness::parse_command_line(app, int(args.size()), args.data());
  return status < 0 ? 0 : status;
}
