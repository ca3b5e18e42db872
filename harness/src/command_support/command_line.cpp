#include "command_line.h"

#include <iostream>
#include <vector>

#include "core/nearest_names.h"
#include "fail.h"

namespace harness {

namespace {

// " (did you mean '--games'?)" for an unexpected "--game", from the options of the command it was given to.
std::string suggestion(CLI::App& app) {
  CLI::App* command = &app;
  for (CLI::App* sub : app.get_subcommands()) command = sub;
  std::vector<std::string> extras = command->remaining();
  for (const std::string& extra : app.remaining()) extras.push_back(extra);
  std::vector<std::string> names;
  for (const CLI::Option* option : command->get_options())
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  for (const std::string& extra : extras)
    if (extra.rfind("--", 0) == 0) return chess::did_you_mean(extra.substr(0, extra.find('=')), names);
  return "";
}

}  // namespace

int parse_command_line(CLI::App& app, int argc, char** argv) {
  if (argc <= 1) {
    std::cerr << app.help() << "\n"
              << program_name() << ": give a command; '" << program_name() << " COMMAND --help' tells more\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ExtrasError& e) {
    std::cerr << program_name() << ": " << e.what() << suggestion(app) << "\n";
    return 2;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << program_name() << ": " << e.what() << "\nRun '" << program_name() << " --help' or '" << program_name()
              << " COMMAND --help'.\n";
    return 2;
  }
  return -1;
}

void add_events_option(CLI::App* cmd, std::string& path) {
  cmd->add_option("--events", path,
                  "Also write the run's events as JSON lines to FILE (appended; \"-\": standard output, the run's own lines "
                  "then go to standard error). See docs/events.schema.json");
}

}  // namespace harness
