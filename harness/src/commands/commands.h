// The harness's subcommands, each adding itself to the CLI11 application.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace harness {

void add_match_commands(CLI::App& app);    // match, tournament, resume
void add_run_commands(CLI::App& app);      // runs, show, pgn
void add_perft_command(CLI::App& app);     // perft
void add_epd_commands(CLI::App& app);      // epd, epd-compare
void add_rate_command(CLI::App& app);      // rate
void add_report_command(CLI::App& app);    // report, serve
void add_check_command(CLI::App& app);     // check
void add_openings_command(CLI::App& app);  // openings
void add_cluster_commands(CLI::App& app);  // merge, cluster match | tournament | resume | task
void add_foreign_commands(CLI::App& app);  // fastchess, cutechess
void add_import_command(CLI::App& app);    // import
void add_bench_command(CLI::App& app);     // bench
void add_test_command(CLI::App& app);      // test
void add_bisect_command(CLI::App& app);    // bisect
void add_datagen_commands(CLI::App& app);  // datagen, positions
// The subcommand a program called through a link of that name runs ("fastchess" for
// fastchess or fastchess-ob, "cutechess" for cutechess-cli), or nullptr.
const char* foreign_command_for_program(const std::string& program_name);

}  // namespace harness
