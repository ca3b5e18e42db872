// tuner data count | validate | shuffle | interleave | convert: the tools engine authors run on
// training data before training, as bullet-utils offers them, for every format the tuner reads
// (data_tools/). Each tool is a row of one table, and the options a row of another that names
// the tools taking it; a file's format is --format, else its extension.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tuner {

// Runs a command as main.cpp runs every command (exit_status_of: a failure below it is status 2), its status the exit status.
using CommandRunner = std::function<void(const std::function<int()>&)>;

// Every data tool as a subcommand of `data`.
void add_data_commands(CLI::App* data, const CommandRunner& run);

}  // namespace tuner
