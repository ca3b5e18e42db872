// Parsing a program's command line the same way in the harness and the tuner: alone, the
// program lists its commands; a misspelt option gets the nearest name; every error is one
// message and exit status 2.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace harness {

// Parses (running the chosen command's callback); the exit status when the program should end
// here (help, or an error), or -1 when the command ran and returned.
int parse_command_line(CLI::App& app, int argc, char** argv);
// --events FILE, of the commands that play games and of the tuner's.
void add_events_option(CLI::App* cmd, std::string& path);

}  // namespace harness
