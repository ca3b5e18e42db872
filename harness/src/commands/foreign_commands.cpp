// harness fastchess ARGS... and harness cutechess ARGS...: those programs' command lines, played
// by this harness into its database, with their lines on standard output.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "command_support/fail.h"
#include "commands.h"
#include "events/event_stream.h"
#include "frontends/foreign_live_output.h"
#include "players/uci_compliance.h"
#include "launch/run_door.h"
#include "settings/output_file.h"
#include "storage/database.h"

namespace harness {

namespace {

// fastchess's --compliance ENGINE [ARGS]: harness check's checks, with its exit status.
int check_compliance(const std::vector<std::string>& words) {
  EngineConfig e = EngineConfig::named(std::filesystem::path(words[0]).filename().string(), words[0]);
  e.args.assign(words.begin() + 1, words.end());
  return print_uci_compliance(e, ComplianceDeadlines{}, std::cout);
}

int run_foreign(Dialect dialect, const std::vector<std::string>& args) {
  install_stop_handlers();
  stop_at_once_on_first_signal();  // as fastchess: an interrupt drops the games in progress at once
  ForeignRun run = value_or_fail(parse_foreign_command_line(dialect, args));
  if (run.help) {
    std::cout << foreign_help(dialect);
    return 0;
  }
  if (!run.compliance.empty()) return check_compliance(run.compliance);
  if (run.version) {
    std::cout << (dialect == Dialect::FASTCHESS ? "fastchess" : "cutechess-cli") << " 1.0.0 (harness " << dialect_name(dialect)
              << " front end)\n";
    return 0;
  }
  PrepareOptions options;
  options.variant_from_book = false;
  options.drop_bad_options = true;  // as fastchess: a warning, and the option is not sent
  options.db_path = run.db;
  if (!run.output.log_append && run.config.log_path != "-") std::ofstream(run.config.log_path, std::ios::trunc);
  for (const auto& [option, file] : {std::pair{"-pgnout", run.output.pgn_file}, std::pair{"-epdout", run.output.epd_file}})
    if (!file.empty()) value_or_fail(check_output_file(option, file, {run.config.openings_path, run.db}));
  RunInputs inputs = value_or_fail(prepare_run(run.config, options));
  const std::unique_ptr<EventStream> events = run.events.empty() ? nullptr : value_or_fail(EventStream::open(run.events));
  std::ostream& out = events && events->path() == "-" ? std::cerr : std::cout;  // standard output: the events only
  for (const std::string& warning : run.output.start_warnings) out << warning << "\n";
  for (const std::string& warning : inputs.option_warnings) out << warning << "\n";
  if (!inputs.option_warnings.empty() && run.output.strict) return 1;  // fastchess's -strict: no game is played
  auto db = value_or_fail(Database::open(run.db));
  const std::int64_t run_id = value_or_fail(create_run(*db, run.config));
  std::cerr << "harness: run " << run_id << " in " << db->path() << "\n";
  ForeignLiveOutput output(run);
  RunPlay how;
  how.output = &output;
  how.events = events.get();
  const PlayedRun played = play_run(run.config, std::move(inputs), *db, run_id, how, out);
  if (played.status.kind == MatchStatus::HELD || played.status.kind == MatchStatus::FAILED) fail(played.status.error);
  if (!output.file_error().empty()) fail(output.file_error());
  if (output.stopped_by_warning()) return 1;  // fastchess's -strict
  return exit_status(played.status);
}

}  // namespace

void add_foreign_commands(CLI::App& app) {
  for (Dialect d : {Dialect::FASTCHESS, Dialect::CUTECHESS}) {
    const std::string name = d == Dialect::FASTCHESS ? "fastchess" : "cutechess";
    CLI::App* cmd = app.add_subcommand(
        name, "Play " + std::string(dialect_name(d)) + "'s command line (its options, its output lines) into the database");
    cmd->prefix_command();
    cmd->set_help_flag();  // -help and --help are the dialect's own
    cmd->callback([cmd, d] { std::exit(run_foreign(d, cmd->remaining())); });
  }
}

const char* foreign_command_for_program(const std::string& program_name) {
  if (program_name == "fastchess" || program_name == "fastchess-ob") return "fastchess";
  if (program_name == "cutechess-cli" || program_name == "cutechess-ob") return "cutechess";
  return nullptr;
}

}  // namespace harness
