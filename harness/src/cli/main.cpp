// harness: matches, tournaments and suites for chess engines, with every result in SQLite.
#include <CLI/CLI.hpp>
#include <iostream>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"harness: play and measure chess engines; every result goes to SQLite"};
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
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "harness: " << e.what() << "\nRun 'harness --help' or 'harness COMMAND --help'.\n";
    return 2;
  }
  return 0;
}
