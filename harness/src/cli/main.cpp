// harness: matches, tournaments and suites for chess engines, with every result in SQLite.
#include <CLI/CLI.hpp>
#include <iostream>

#include "command_line.h"
#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"harness: play and measure chess engines; every result goes to SQLite", "harness"};  // usage lines name the program, not its path
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
  const int status = harness::parse_command_line(app, argc, argv);
  return status < 0 ? 0 : status;
}
